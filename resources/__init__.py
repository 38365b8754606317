"""Fonts, icons and translations, loaded through importlib.resources."""
