"""``python -m adjudicate``: the same entry point as the ``adjudicate`` command."""

from adjudicate.entry import main

main()
