"""The chain of offices (issue 18): the organiser's betting offices, their terminals and staff,
and each office's own settings over the organiser's (DESIGN.md, "A chain of offices")."""
