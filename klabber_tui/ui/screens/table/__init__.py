"""The table screen: ``screen`` (its layout, bindings and the calls into the controller) and
``workers`` (its worker threads: the bot's move, the coach's evaluation, the statistics' writer)."""
