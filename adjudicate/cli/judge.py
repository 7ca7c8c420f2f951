"""`adjudicate judge` (not built yet)."""
