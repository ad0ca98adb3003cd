"""Puzzles: puzzle files, filters and difficulty, and statistics over generated boards."""
