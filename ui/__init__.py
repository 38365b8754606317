"""The PySide6 window: thin pages over the pos service API."""
