"""Reads and searches of the notes app."""
