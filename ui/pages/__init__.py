"""The pages of the main window, one widget per module."""
