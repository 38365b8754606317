"""Qt item models over pos data."""
