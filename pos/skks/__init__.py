"""СККС: every operation reported to the state's controller (DESIGN.md, issue 35)."""
