"""The coach in words: its verdicts (``verdicts``), its numbers (``numbers``), and its reasons, worded
by the fact's key (``facts``) or, where a reason is a sentence built from several parts (a trade-off, the
trumps seen), by its own function (``reasons``)."""
