"""Everything about files in the data folder: safe reading, schemas and versions, locks and atomic
writes, the saved match, settings, statistics, the mistake deck, exports, the crash log; and the
process's own standard streams.

It may import the engine and the standard library (filelock, platformdirs); never the bot, numpy,
the words or Textual. Its refusals and notes are codes with values, worded in ``words``.
"""
