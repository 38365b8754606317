"""«Спрэдбетэкс»: bets between players with the bookmaker in the middle (p.37–p.53)."""
