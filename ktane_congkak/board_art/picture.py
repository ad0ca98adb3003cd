"""The module's still picture under the board: padded housing, paisley face, the light's housing.

Made once by our code (`make_picture`: some twenty seconds of Pillow) and shipped as
module_face.png beside this file (`scripts/make-face` writes it again), so a window only
loads and scales it: the face, its corner cut around the raised round housing of the
status light, and the padded maroon blocks around it, all printed with paisley (paisley.py).
The board, the screen and the light itself are drawn over it by the windows (meshes),
sharp at any size. The picture's unit square is the module's (paper/layout.py).
"""

from __future__ import annotations

import math
from functools import lru_cache
from pathlib import Path

from ..paper import layout
from .paisley import FACE_PRINT, HOUSING_PRINT, draw_paisley

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (`solve`'s start)
if TYPE_CHECKING:
    from PIL import Image

PICTURE_FILE = Path(__file__).with_name("module_face.png")
PICTURE_SIZE = 1024  # pixels: sharp up to a module about this big on screen
FACE_SEED, HOUSING_SEED = 7, 11
HOUSING_BAND = 0.068  # the padded housing's width around the face (the module's, on its preview)
LIGHT_HOUSING = 0.105  # the radius of the status light's round housing, around layout.LIGHT
CUT_MARGIN = 0.022  # the face's corner is cut this far clear of the light's housing
GAP = (26, 2, 10)  # between the padded blocks: the bomb's dark casing
# The padded blocks (x0, y0, x1, y1) around the face, as on the module: three to a side and
# one at each corner, a narrow gap between them, the light's housing taking the top-right corner.
BLOCKS = (
    (0.0, 0.0, 0.095, 0.095), (0.105, 0.0, 0.36, 0.095), (0.37, 0.0, 0.63, 0.095), (0.64, 0.0, 0.78, 0.095),
    (0.0, 0.105, 0.095, 0.36), (0.0, 0.37, 0.095, 0.63), (0.0, 0.64, 0.095, 0.895),
    (0.0, 0.905, 0.095, 1.0), (0.105, 0.905, 0.36, 1.0), (0.37, 0.905, 0.63, 1.0), (0.64, 0.905, 0.895, 1.0),
    (0.905, 0.905, 1.0, 1.0), (0.905, 0.23, 1.0, 0.36), (0.905, 0.37, 1.0, 0.63), (0.905, 0.64, 1.0, 0.895),
)


def face_box() -> tuple[float, float, float, float]:
    """The paisley face's box on the module's square (x0, y0, x1, y1), before its corner is cut."""
    return HOUSING_BAND, HOUSING_BAND, 1 - HOUSING_BAND, 1 - HOUSING_BAND


def on_face(x: float, y: float) -> bool:
    """Whether the unit square's point (x, y) is on the paisley face (not its housing)."""
    x0, y0, x1, y1 = face_box()
    lx, ly, _ = layout.LIGHT
    return x0 <= x <= x1 and y0 <= y <= y1 and math.hypot(x - lx, y - ly) > LIGHT_HOUSING + CUT_MARGIN


def fingerprint() -> str:
    """What the picture is made from: a shipped picture made from anything else is stale."""
    return repr((PICTURE_SIZE, FACE_SEED, HOUSING_SEED, HOUSING_BAND, LIGHT_HOUSING, CUT_MARGIN, BLOCKS, layout.LIGHT,
                 FACE_PRINT, HOUSING_PRINT, GAP))


def make_picture(size: int = PICTURE_SIZE) -> Image.Image:
    """The still picture as a PIL image, `size` pixels square."""
    from PIL import Image, ImageChops, ImageDraw, ImageFilter

    def box(x0, y0, x1, y1):
        return x0 * size, y0 * size, x1 * size, y1 * size

    picture = Image.new("RGB", (size, size), GAP)
    # The housing: a dark print on padded blocks, lighter in each block's middle.
    padding = Image.new("L", (size, size), 0)
    pad = ImageDraw.Draw(padding)
    for x0, y0, x1, y1 in BLOCKS:
        pad.rounded_rectangle(box(x0 + 0.01, y0 + 0.01, x1 - 0.01, y1 - 0.01), radius=size * 0.025, fill=255)
    padding = padding.filter(ImageFilter.GaussianBlur(size * 0.01)).point(lambda v: 50 + v * 205 // 255)
    housing = draw_paisley(size, HOUSING_SEED, HOUSING_PRINT)
    picture.paste(ImageChops.multiply(housing, Image.merge("RGB", [padding] * 3)), (0, 0), _solid(size, BLOCKS, box))
    # The light's raised round housing: a dome, lit from the top-left.
    lx, ly, _ = layout.LIGHT
    r = LIGHT_HOUSING
    dome = Image.new("L", (size, size), 0)
    dd = ImageDraw.Draw(dome)
    dd.ellipse(box(lx - r, ly - r, lx + r, ly + r), fill=140)
    dd.ellipse(box(lx - r * 0.85, ly - r * 0.9, lx + r * 0.6, ly + r * 0.55), fill=255)
    dome = dome.filter(ImageFilter.GaussianBlur(size * r * 0.25))
    disc = Image.new("L", (size, size), 0)
    ImageDraw.Draw(disc).ellipse(box(lx - r, ly - r, lx + r, ly + r), fill=255)
    shadow = disc.filter(ImageFilter.GaussianBlur(size * 0.012))
    picture.paste(Image.new("RGB", (size, size), GAP), (0, 0), shadow)
    picture.paste(ImageChops.multiply(housing, Image.merge("RGB", [dome] * 3)), (0, 0), disc)
    # The face, its corner cut round the light's housing, in the housing's soft shadow at its edges.
    face_mask = Image.new("L", (size, size), 0)
    fm = ImageDraw.Draw(face_mask)
    fm.rectangle(box(*face_box()), fill=255)
    cut = r + CUT_MARGIN
    fm.ellipse(box(lx - cut, ly - cut, lx + cut, ly + cut), fill=0)
    shade = face_mask.filter(ImageFilter.GaussianBlur(size * 0.006)).point(lambda v: 150 + v * 105 // 255)
    face = ImageChops.multiply(draw_paisley(size, FACE_SEED, FACE_PRINT), Image.merge("RGB", [shade] * 3))
    picture.paste(face, (0, 0), face_mask)
    return picture


def _solid(size: int, blocks, box):
    """A mask of the blocks' own shapes (their edges sharp: the gaps between them show)."""
    from PIL import Image, ImageDraw

    mask = Image.new("L", (size, size), 0)
    draw = ImageDraw.Draw(mask)
    for x0, y0, x1, y1 in blocks:
        draw.rounded_rectangle(box(x0, y0, x1, y1), radius=size * 0.025, fill=255)
    return mask


def save_picture(path: Path = PICTURE_FILE, size: int = PICTURE_SIZE) -> Path:
    """Make the picture and write it as a 64-colour PNG, its fingerprint in a text chunk."""
    from PIL import Image, PngImagePlugin

    info = PngImagePlugin.PngInfo()
    info.add_text("ktane-congkak", fingerprint())
    make_picture(size).quantize(64, dither=Image.Dither.NONE).save(path, pnginfo=info, optimize=True)
    return path


_LOADING: list = []  # the thread loading the picture, while a window opens


def prepare_picture() -> None:
    """Start loading the picture in a thread (a window opening mostly waits on the
    display); `load_picture` waits for it."""
    import threading

    if not _LOADING and load_picture.cache_info().currsize == 0:
        _LOADING.append(threading.Thread(target=load_picture, daemon=True))
        _LOADING[0].start()


@lru_cache(maxsize=1)
def load_picture() -> Image.Image:
    """The shipped picture as an RGB PIL image (loaded once)."""
    from PIL import Image

    with Image.open(PICTURE_FILE) as image:
        return image.convert("RGB")


@lru_cache(maxsize=4)
def picture_bytes(side: int) -> bytes:
    """The picture scaled to `side` pixels square, as RGB rows bottom row first (for a
    GL texture): a good filter on the way down, so the fine print stays crisp."""
    from PIL import Image

    scaled = load_picture().resize((side, side), Image.Resampling.LANCZOS)
    return scaled.transpose(Image.Transpose.FLIP_TOP_BOTTOM).tobytes()
