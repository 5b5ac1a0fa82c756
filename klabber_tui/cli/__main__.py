"""``python -m klabber_tui.cli``: the same as the ``klabber`` command."""

from klabber_tui.cli.main import main

main()
