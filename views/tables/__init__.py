"""The Tables page: people play each other at one table, computers in the empty seats (issue 54)."""
