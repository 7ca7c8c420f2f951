"""`adjudicate challenge` (not built yet)."""
