"""The game and the trainer without Textual: the session and the table's flow, coaching, the drill,
review, what-if, any hand, the progress and statistics by situation computed from the statistics'
rows, the mistake deck's entries as drill positions.

It returns codes and values, never words (the ``words`` room words them). It may import data, the
bot and the engine; never Textual, never the words.
"""
