"""The congkak board drawn the way the module looks on the bomb, for both windows.

The real module (KtaneModules' Congkak) is a bright orange carved bar with round bowls and
an oval store at each end, on an orange-and-black paisley face in a dark maroon housing;
its seeds are small glossy balls. This package draws that look procedurally (no image is
loaded) for the defuser's practice window (practice/) and the player's game window
(games/), which both build their pictures from it: the colours and the light
(colours.py), meshes, layers and still backdrops (mesh.py), the backdrop's paisley face,
housing, screen and light (face.py), the bar and its bowls (board.py), the seeds and the
seeds in hand (seeds.py). Its names are imported from the package, as listed below.

Everything is drawn in window pixels (y up), given centres and radii: the caller owns
the geometry (paper/layout.py for the module's face). Shapes with shading are built as
`Mesh`es, triangles with a colour per corner, so one vertex list draws a gradient; each
mesh becomes one vertex list in a `Layer` of a pyglet batch, and a batch draws all the
meshes of a layer in one call. Edges are smoothed by a one-pixel fringe that fades to
clear (`fringe=`), which also looks right when the GL config has multisampling.

The public API:

- colours: `WOOD`, `WOOD_SHADE`, `WOOD_SIDE`, `BOWL_RIM`, `BOWL_LIT`, `BOWL_GLOW`, `BOWL_DEEP`,
  `FACE`, `INK`, `INK_MID`, `HOUSING`, `HOUSING_DARK`, `HOUSING_LIGHT`, `SCREEN`,
  `SCREEN_DIGITS`, `BADGE`, `BADGE_TEXT`, `SEED_COLOURS`;
- `Mesh` (`triangle`, `fan`, `ring`, `quad`, `polygon`, `ellipse`, `place`, `build`),
  `move(vertex_list, x, y)`, `Layer(batch, order)`, and `Backdrop`: still meshes drawn once
  into a texture and shown each frame (as a quad, or copied with `copy=True`);
- `add_bowl(mesh, x, y, rx, ry, angle, tint=None)`: a carved hole or store;
- `add_seed(mesh, x, y, r, colour)`: a glossy ball;
- `add_bar(mesh, x0, y0, x1, y1, half_width, depth)`: the board, a rounded bar between two points;
- `add_paisley(mesh, box, seed)` (`prepare_paisley(seed)` makes it aside) and
  `add_housing(mesh, outer, inner, seed)`: the face's ornament and the housing's pattern;
- `add_screen`, `add_light`, `add_light_housing`, `add_shadow`, `add_tag`: the module's
  screen, status light and its housing, a soft shadow, a position number's tag;
- `add_badge(mesh, x, y, r)` and `badge_label_size(r)`: the seeds-in-hand count's disc;
- the module's diagonal board, in its face's unit square: `bar_ends()`, `along_bar`,
  `face_point`, and the way around the bar the seeds in hand take (`way_around`,
  `around_bar`, `glide`, `badge_place`, `hand_radius`); `hand_place(...)` places a heap
  clear of given circles on any board;
- `segments(radius)`: how many sides a circle of that many pixels needs.
"""

from __future__ import annotations

from .colours import (BADGE, BADGE_RING, BADGE_TEXT, BOWL_DEEP, BOWL_GLOW, BOWL_LIT, BOWL_RIM, FACE, GROUND_SHADE,
                      HOUSING, HOUSING_DARK, HOUSING_LIGHT, INK, INK_MID, LIGHT_FROM, SCREEN, SCREEN_DIGITS, SHADOW,
                      WOOD, WOOD_SHADE, WOOD_SIDE, Colour)
from .mesh import Backdrop, clear, ellipse_points, grow, Layer, Mesh, mix, move, segments
from .face import (HOUSING_BAND, PAISLEY_SIZE, SCREEN_SQUARE, add_housing, add_light, add_light_housing, add_paisley,
                   add_screen, add_shadow, prepare_paisley)
from .board import (BAR_DEPTH, BAR_HALF_WIDTH, LABEL_LANE, add_bar, add_bowl, add_tag, along_bar, bar_ends,
                    bar_outline, bowl_colours, face_point)
from .seeds import (BADGE_RADIUS, HAND_GAP, HAND_RADII, SEED_COLOURS, SeedTracker, add_badge, add_seed, around_bar,
                    badge_label_size, badge_place, glide, hand_place, hand_radius, seed_colour, way_around)

__all__ = ["SeedTracker", "BADGE", "BADGE_RING", "BADGE_TEXT", "BOWL_DEEP", "BOWL_GLOW", "BOWL_LIT", "BOWL_RIM", "FACE",
           "GROUND_SHADE", "HOUSING", "HOUSING_DARK", "HOUSING_LIGHT", "INK", "INK_MID", "LIGHT_FROM", "SCREEN",
           "SCREEN_DIGITS", "SHADOW", "WOOD", "WOOD_SHADE", "WOOD_SIDE", "Colour", "Backdrop", "clear",
           "ellipse_points", "grow", "Layer", "Mesh", "mix", "move", "segments", "HOUSING_BAND", "PAISLEY_SIZE",
           "SCREEN_SQUARE", "add_housing", "add_light", "add_light_housing", "add_paisley", "add_screen", "add_shadow",
           "prepare_paisley", "BAR_DEPTH", "BAR_HALF_WIDTH", "LABEL_LANE", "add_bar", "add_bowl", "add_tag",
           "along_bar", "bar_ends", "bar_outline", "bowl_colours", "face_point", "BADGE_RADIUS", "HAND_GAP",
           "HAND_RADII", "SEED_COLOURS", "add_badge", "add_seed", "around_bar", "badge_label_size", "badge_place",
           "glide", "hand_place", "hand_radius", "seed_colour", "way_around"]
