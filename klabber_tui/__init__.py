"""klabber's game and trainer, in rooms by role (docs/contributing.md has the map).

Imports point down only, kept by import-linter's contracts in ``pyproject.toml``::

    cli ──▶ web ──▶ ui ──▶ words ──▶ practice ──▶ data ──▶ ai ──▶ engine

``cli`` the ``klabber`` command; ``web`` ``klabber serve``'s server and pages (the extra ``[web]``);
``ui`` the Textual app (``ui.start``: the one start path of every full-screen command); ``words`` every sentence a player reads;
``practice`` the game and the trainer without Textual; ``data`` the files of the data folder.
"""
