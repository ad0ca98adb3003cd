"""puzzles"""
