"""Every sentence a player reads, by subject, through the catalogue in ``i18n/``.

Lower rooms return codes and values; the modules here turn them into words in the player's
language. It may import practice, data, the bot's result types and the engine; never Textual.
"""
