"""One module per schema revision; `db.migrate.HEAD` names the newest."""
