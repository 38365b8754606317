"""The manager's reports: built from facts, saved as PDF or CSV."""
