"""Generators of the learning corpus (labelled commands, real error outputs) and its split."""
