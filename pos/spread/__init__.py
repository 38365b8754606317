"""«Спрэдбет»: spread bets on financial assets, up or down per point (p.25–p.36)."""
