"""`adjudicate endgame` (not built yet)."""
