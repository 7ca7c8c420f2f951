"""`adjudicate lexicon` (not built yet)."""
