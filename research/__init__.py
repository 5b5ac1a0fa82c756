"""Research on the bot, outside the package (not in the wheel): the bots that split the gap to the
oracle (``probes``), the scripts that fit and check the bot's models, and their data. See README.md."""
