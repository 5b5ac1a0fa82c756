"""argparse's own messages, marked for the catalogue (issue 23).

argparse words its usage and errors through ``gettext`` (routed to our catalogue by
``i18n._install_argparse``); ``pybabel extract`` reads only klabber's files, so the messages klabber's
command line can show are listed here, exactly as the standard library spells them
(tests/words/test_catalogue.py checks each is still in argparse's source). Nothing imports this module.
"""

from klabber_tui.words.i18n import N_, ngettext

N_("usage: ")
N_("positional arguments")
N_("options")
N_("show this help message and exit")
N_("%(prog)s: error: %(message)s\n")
N_("invalid choice: %(value)r (choose from %(choices)s)")
N_("the following arguments are required: %s")
N_("unrecognized arguments: %s")
N_("argument %(argument_name)s: %(message)s")
N_("invalid %(type)s value: %(value)r")
N_("ambiguous option: %(option)s could match %(matches)s")
N_("expected one argument")
N_("expected at most one argument")
N_("expected at least one argument")
N_("not allowed with argument %s")
N_("one of the arguments %s is required")
N_("ignored explicit argument %r")
N_("unknown parser %(parser_name)r (choices: %(choices)s)")
ngettext("expected %s argument", "expected %s arguments", 0)
