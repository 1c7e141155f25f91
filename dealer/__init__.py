"""The 2-7 Triple Draw rules engine: plain Python, no web framework."""
