"""The rules core: cards, ranking, rules and their variants, actions, the hand's state machine,
scoring, the game, what a seat sees, a position as text, and the one 95% interval every figure
uses (``stats``). Pure Python; imports nothing else of the project."""
