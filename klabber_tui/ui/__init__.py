"""The Textual app: the apps, one screen a file in ``screens/``, one widget a file in ``widgets/``.

The only room that imports Textual. It may import words, practice, data, the bot and the engine;
the stylesheet is ``assets/klabber.tcss``.
"""
