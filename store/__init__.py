"""The app's local SQLite database (records of games and lesson progress)."""
