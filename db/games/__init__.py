"""The games' own tables and repositories (issue 36): one module per game that needs one, each
listing its stores for `main.game_stores()` (db.uow builds them by `pos.games.stores` key)."""
