"""The engine's command-line front ends, one module a command (``python -m engine <command>``).

They parse arguments and files, call the engine and print; none holds a rule of its own.
"""
