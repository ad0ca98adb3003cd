"""Puzzles: puzzle files, filters and difficulty, and statistics over generated boards.

For the defuser and the expert who practise on chosen boards (practice --puzzles, the
drill's sets), the printer who prints them (sheets) and anyone measuring the generator
(`stats`): curated sets come with the program (`curated/`).
"""
