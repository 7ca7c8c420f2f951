"""`adjudicate rescore` (not built yet)."""
