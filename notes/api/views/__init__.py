"""Views of the notes API: notes, trajectories, and key-value knowledge with skills and refs."""
