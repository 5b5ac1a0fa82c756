"""``python -m klabber_tui.cli``: the same as the ``klabber`` command, its exit status included."""

import sys

from klabber_tui.cli.main import main

sys.exit(main())
