"""Writes of the notes app, one module per concept:

- `lifecycle`: note creation, transitions, promotion, merges, merge suggestions;
- `quality`: retrieval records, session feedback, low-quality flags, auto-proposal;
- `trajectories`: event ingest, session end, trajectory hash;
- `knowledge`: key-value entries and the per-session save limit;
- `skills`: skills and external references.

Distillation lives in `notes.distillation.service`.
"""
