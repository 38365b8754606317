"""The line: events, markets (one Market value object), odds versions, line files."""
