"""Hindsight reads: signatures and their matching, suggestions, learnings, the dashboard."""
