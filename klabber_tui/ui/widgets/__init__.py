"""The table's widgets, one a file."""
