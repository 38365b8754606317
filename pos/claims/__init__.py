"""The register of players' claims and the bookmaker's decisions (issue 37, p.14–p.16)."""
