"""What every room uses: money, the clock, the inputs' checks, the error roots, the wording
helpers, the settings, the audit records, the ports and the context a use case gets."""
