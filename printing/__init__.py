"""Printing adapters: slips, fiscal receipts and the PDF journal (issue #4 fills this in)."""
