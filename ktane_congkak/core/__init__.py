"""The core: rules, boards, sowing, the evaluator, the generator and the module; no front end.

For everyone, through the rooms above it: the defuser's practice, the expert's drill and
manual, the printer's sheets and the player's games all ask the core and draw what it
says; it imports no pyglet and no reportlab, and nothing above it (tests/test_layers.py).
`solve` and the public API (ktane_congkak/__init__.py) use it alone.
"""
