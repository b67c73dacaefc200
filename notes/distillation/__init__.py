"""Distillation of trajectories into notes: the LLM prompt, the extractive fallback, the service."""
