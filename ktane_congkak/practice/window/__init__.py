"""The practice window (pyglet), one file a part: the window, its panel, seeds, end screen and keys.

window.py lays the parts out and drives the session; panel.py is the panel's texts and the
bomb's clock, seeds.py the seeds in the bowls and in hand, end.py the end screen, keys.py
the command each key types. pyglet is imported inside their functions only.
"""

from .window import DEFAULT_SIZE, MIN_SIZE, PracticeWindow, run_practice

__all__ = ["DEFAULT_SIZE", "MIN_SIZE", "PracticeWindow", "run_practice"]
