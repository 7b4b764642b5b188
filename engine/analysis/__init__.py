"""Hand analysis: what each bidding choice is worth (sampling, play-outs, win chances, explanations)."""
