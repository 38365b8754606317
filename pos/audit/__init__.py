"""Checking the audit trail's hash chain and the journal's numbering (`verify`)."""
