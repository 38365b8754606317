"""The PySide6 window: thin pages over the pos service API.

Importing the package loads no Qt: `ui.desktop` checks the system's libraries before `ui.start`
(which loads PySide6) is imported, so a missing library is a sentence, not a Qt abort.
"""
