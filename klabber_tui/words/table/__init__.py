"""The table's words (``klabber play``): ``phrases`` holds the sentences and labels (who sits where,
prompts, buttons, refusals, the info lines, the deal log, the draw, the summary and the score sheet);
``shown`` turns the table controller's state into what each area shows, using those phrases."""
