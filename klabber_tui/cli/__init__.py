"""The ``klabber`` command: argparse, one module per command family, thin.

It may import every room below it, but imports Textual and the bot only inside the commands that
need them, so ``klabber --help``, ``replay`` and ``stats --json`` start without either (issue 30).
"""
