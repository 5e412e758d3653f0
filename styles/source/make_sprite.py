#!/usr/bin/python3
"""Draws styles/sprite/mapsnap{,@2x}.{png,json}: the icons our styles use, at pixel ratio 1 and 2.

Needs pycairo (Debian: python3-cairo). Run `/usr/bin/python3 styles/source/make_sprite.py` and
commit the four files with this script.
"""
import json
import math
import os

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "sprite")


def hex_rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))


def dot(fill, ring):
    """A point-of-interest dot: a filled disc with a contrasting ring, 9 points across."""
    def draw(ctx, size):
        c = size / 2
        ctx.arc(c, c, 3.4, 0, 2 * math.pi)
        ctx.set_source_rgb(*hex_rgb(ring))
        ctx.fill()
        ctx.arc(c, c, 2.5, 0, 2 * math.pi)
        ctx.set_source_rgb(*hex_rgb(fill))
        ctx.fill()
    return draw


def station(fill, ring):
    def draw(ctx, size):
        ctx.rectangle(1, 1, size - 2, size - 2)
        ctx.set_source_rgb(*hex_rgb(ring))
        ctx.fill()
        ctx.rectangle(2, 2, size - 4, size - 4)
        ctx.set_source_rgb(*hex_rgb(fill))
        ctx.fill()
    return draw


ICONS = [
    ("poi-dot-light", 9, dot("#86603e", "#ffffff")),
    ("poi-dot-dark", 9, dot("#c9a27e", "#1b1d20")),
    ("station-light", 11, station("#5b6b8c", "#ffffff")),
    ("station-dark", 11, station("#8ea3cc", "#1b1d20")),
]


def build(ratio):
    gap = 2
    width = sum(size * ratio + gap for _, size, _ in ICONS)
    height = max(size for _, size, _ in ICONS) * ratio
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, width, height)
    index = {}
    x = 0
    for name, size, draw in ICONS:
        ctx = cairo.Context(surface)
        ctx.translate(x, 0)
        ctx.scale(ratio, ratio)
        draw(ctx, size)
        index[name] = {"x": x, "y": 0, "width": size * ratio, "height": size * ratio, "pixelRatio": ratio}
        x += size * ratio + gap
    suffix = "" if ratio == 1 else f"@{ratio}x"
    surface.write_to_png(os.path.join(OUT, f"mapsnap{suffix}.png"))
    with open(os.path.join(OUT, f"mapsnap{suffix}.json"), "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
        f.write("\n")


os.makedirs(OUT, exist_ok=True)
for r in (1, 2):
    build(r)
print("wrote styles/sprite/mapsnap{,@2x}.{png,json}")
