"""The congkak board drawn the way the module looks on the bomb, for both windows.

The real module (KtaneModules' Congkak) is a bright orange carved bar, corner to corner,
with round bowls and an oval store at each end, on a dense black-and-brown paisley face
printed on ochre, in padded maroon blocks, the status light a grey cone in a raised round
housing; its seeds are small glossy balls of ten colours. This package draws that look,
all of it made by our code, for the defuser's practice window (practice/) and the
player's game window (games/): the colours and the light (colours.py), meshes, layers and
still backdrops (mesh.py), the paisley print (paisley.py) and the still picture of face
and housing made from it once and shipped (picture.py, module_face.png), the screen, its
digits and the light (face.py), the bar and its bowls (board.py), the seeds, where they
lie and the seeds in hand (seeds.py). Its names are imported from the package, as listed below.

Everything is drawn in window pixels (y up), given centres and radii: the caller owns
the geometry (paper/layout.py for the module's face). Shapes with shading are built as
`Mesh`es, triangles with a colour per corner, so one vertex list draws a gradient; each
mesh becomes one vertex list in a `Layer` of a pyglet batch, and a batch draws all the
meshes of a layer in one call. Edges are smoothed by a one-pixel fringe that fades to
clear (`fringe=`), which also looks right when the GL config has multisampling.

The public API:

- colours: `WOOD`, `WOOD_SHADE`, `WOOD_SIDE`, `BOWL_RIM`, `BOWL_LIT`, `BOWL_GLOW`, `BOWL_DEEP`,
  `HOUSING`, `HOUSING_DARK`, `HOUSING_LIGHT`, `SCREEN`,
  `SCREEN_DIGITS`, `BADGE`, `BADGE_TEXT`, `SEED_COLOURS`;
- `Mesh` (`triangle`, `fan`, `ring`, `quad`, `polygon`, `ellipse`, `place`, `build`),
  `move(vertex_list, x, y)`, `Layer(batch, order)`, and `Backdrop`: still meshes drawn once
  into a texture and shown each frame (as a quad, or copied with `copy=True`), over a
  still picture if given;
- the still picture: `picture_bytes(side)` (the shipped module_face.png scaled, for a
  Backdrop), `prepare_picture()` (loads it aside), `make_picture`/`save_picture` (made
  again by scripts/make-face), `face_box()`, `on_face(x, y)`, `HOUSING_BAND`,
  `LIGHT_HOUSING`; `draw_paisley(size, seed, palette)` and its palettes `FACE_PRINT`, `HOUSING_PRINT`;
- `add_bowl(mesh, x, y, rx, ry, angle, tint=None)`: a carved hole or store;
- `add_seed(mesh, x, y, r, colour)`: a glossy ball; `SEED_COLOURS` and `seed_colours(n, rng)`,
  the module's ten colours picked at random; `seed_radius()`; `SeedPlaces(spots, stores)`,
  where each slot's seeds lie as the module lays them (`scatter` afresh after every press,
  `follow` while sowing), `scatter_in` for one spot; `board_random(board)`, the random
  numbers of a board's picture (the same board, the same picture);
- `add_bar(mesh, x0, y0, x1, y1, half_width, depth)`: the board, a rounded bar between two points;
- `add_screen`, `add_digits(mesh, text, x, y, side)` (`GLYPHS`; `ScreenText`, used like a label), `add_light`, `add_shadow`,
  `add_tag`: the module's screen and its stamped digits, the status light's cone, a soft
  shadow, a position number's tag;
- `add_badge(mesh, x, y, r)` and `badge_label_size(r)`: the seeds-in-hand count's disc;
- the module's diagonal board, in its face's unit square: `bar_ends()`, `along_bar`,
  `face_point`, and the way around the bar the seeds in hand take (`way_around`,
  `around_bar`, `glide`, `badge_place`, `hand_radius`); `hand_place(...)` places a heap
  clear of given circles on any board;
- `segments(radius)`: how many sides a circle of that many pixels needs.
"""

from __future__ import annotations

from .colours import (BADGE, BADGE_RING, BADGE_TEXT, BOWL_DEEP, BOWL_GLOW, BOWL_LIT, BOWL_RIM, HOUSING, HOUSING_DARK,
                      HOUSING_LIGHT, LIGHT_FROM, SCREEN, SCREEN_DIGITS, SHADOW, WOOD, WOOD_SHADE, WOOD_SIDE, Colour)
from .mesh import Backdrop, clear, ellipse_points, grow, Layer, Mesh, mix, move, segments
from .face import GLYPHS, SCREEN_SQUARE, ScreenText, add_digits, add_light, add_screen, add_shadow
from .picture import (HOUSING_BAND, LIGHT_HOUSING, PICTURE_FILE, face_box, load_picture, make_picture, on_face,
                      picture_bytes, prepare_picture, save_picture)
from .paisley import FACE_PRINT, HOUSING_PRINT, Palette, draw_paisley
from .board import (BAR_DEPTH, BAR_HALF_WIDTH, LABEL_LANE, add_bar, add_bowl, add_tag, along_bar, bar_ends,
                    bar_outline, bowl_colours, face_point)
from .seeds import (BADGE_RADIUS, HAND_GAP, HAND_RADII, HOLE_SEEDS_SHOWN, SEED_COLOURS, SeedPlaces, SeedTracker, add_badge, add_seed,
                    around_bar, badge_label_size, badge_place, board_random, glide, hand_place, hand_radius,
                    scatter_in, seed_colours, seed_radius, way_around)

__all__ = ["BADGE", "BADGE_RING", "BADGE_TEXT", "BOWL_DEEP", "BOWL_GLOW", "BOWL_LIT", "BOWL_RIM", "HOUSING",
           "HOUSING_DARK", "HOUSING_LIGHT", "LIGHT_FROM", "SCREEN", "SCREEN_DIGITS", "SHADOW", "WOOD", "WOOD_SHADE",
           "WOOD_SIDE", "Colour", "Backdrop", "clear", "ellipse_points", "grow", "Layer", "Mesh", "mix", "move",
           "segments", "GLYPHS", "SCREEN_SQUARE", "ScreenText", "add_digits", "add_light", "add_screen", "add_shadow", "HOUSING_BAND",
           "LIGHT_HOUSING", "PICTURE_FILE", "face_box", "load_picture", "make_picture", "on_face", "picture_bytes",
           "prepare_picture", "save_picture", "FACE_PRINT", "HOUSING_PRINT", "Palette", "draw_paisley", "BAR_DEPTH",
           "BAR_HALF_WIDTH", "LABEL_LANE", "add_bar", "add_bowl", "add_tag", "along_bar", "bar_ends", "bar_outline",
           "bowl_colours", "face_point", "BADGE_RADIUS", "HAND_GAP", "HAND_RADII", "HOLE_SEEDS_SHOWN", "SEED_COLOURS", "SeedPlaces",
           "SeedTracker", "add_badge", "add_seed", "around_bar", "badge_label_size", "badge_place", "board_random",
           "glide", "hand_place", "hand_radius", "scatter_in", "seed_colours", "seed_radius", "way_around"]
