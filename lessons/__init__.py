"""Lesson content as data, and pure checkers that ask the engine."""
