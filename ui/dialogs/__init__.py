"""Dialogs of the pages, one dialog per module."""
