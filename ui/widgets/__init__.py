"""Parts of pages: small focused widgets, one per module."""
