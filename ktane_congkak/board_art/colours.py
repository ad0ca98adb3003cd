"""The module's colours, measured on its preview pictures: wood, bowls, face, ink, housing, screen, badge."""

from __future__ import annotations

import math

Colour = tuple  # (r, g, b) or (r, g, b, a), 0-255

# The real module's colours, measured on its preview pictures (about; no image is used).
WOOD = (227, 109, 1)  # the bar's lit top
WOOD_SHADE = (200, 97, 6)  # the bar's top away from the light
WOOD_SIDE = (150, 66, 4)  # the bar's edge, seen where it drops to the face
BOWL_RIM = (154, 68, 2)  # a bowl's rim on the side toward the light, in its own shadow
BOWL_LIT = (205, 98, 2)  # the bowl's floor
BOWL_GLOW = (228, 116, 14)  # the far wall, lit (no lighter than the bar's top, as on the module)
BOWL_DEEP = (120, 52, 2)  # the shadow a bowl's lip casts into it
HOUSING = (58, 4, 18)  # the module's maroon housing
HOUSING_DARK = (24, 0, 5)
HOUSING_LIGHT = (104, 14, 36)
SCREEN = (255, 133, 73)  # the highlight display: plain salmon
SCREEN_DIGITS = (20, 8, 4)
SHADOW = (40, 10, 0, 80)  # soft shadows, blended
BADGE = (250, 246, 236)  # the in-hand count: a light disc with a dark number
BADGE_RING = (60, 24, 6)
BADGE_TEXT = (30, 12, 4)
LIGHT_FROM = (-math.sqrt(0.5), math.sqrt(0.5))  # light comes from the top-left (pixels, y up)


def lit_share(dx: float, dy: float) -> float:
    """0 for a direction toward the light, 1 for one away from it."""
    d = math.hypot(dx, dy) or 1.0
    return min(1.0, max(0.0, (1 - (dx * LIGHT_FROM[0] + dy * LIGHT_FROM[1]) / d) / 2))
