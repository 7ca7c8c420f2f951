"""adjudicate: the Scrabble tournament adjudication tool (NASPA, WESPA, FISE, Catalan).

The package is a library that never prints; ``adjudicate.cli`` is the thin command-line layer.
Kept import-free on purpose: ``adjudicate challenge`` must start as fast as a bare interpreter.
"""

__version__ = "0.1.0"
