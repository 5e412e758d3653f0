#!/usr/bin/python3
"""Draws styles/sprite/bright{,@2x}.{png,json}: the point-of-interest icons of the bright style.

Every icon is our own drawing: a white pictogram on a disc in its category's colour, with a white
ring so that it stands out on any map colour (parking is a rounded square, as road signs have it).
Icons are designed on a 17-point grid (the pictogram inside a 10-point box, 3.5 to 13.5) so that
edges fall on pixel boundaries at 1x and 2x. Icon names and category colours come from
`make_styles.py` (BRIGHT_ICONS), which maps the OpenMapTiles POI classes to them.

Needs pycairo (Debian: python3-cairo). Run `/usr/bin/python3 styles/source/make_bright_sprite.py`
and commit the four files with this script.
"""
import json
import math
import os
import sys

import cairo

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "sprite")
sys.path.insert(0, HERE)
from make_styles import BRIGHT_ICONS, BRIGHT_CATEGORIES  # noqa: E402

SIZE = 17          # icon size in points
C = SIZE / 2       # centre
WHITE = (1, 1, 1)


def hex_rgb(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255 for i in (0, 2, 4))


# --- small drawing helpers (all in points on the 17-point grid) ---------------------------------

def rounded_rect(ctx, x0, y0, x1, y1, r):
    r = min(r, (x1 - x0) / 2, (y1 - y0) / 2)
    ctx.new_sub_path()
    ctx.arc(x1 - r, y0 + r, r, -math.pi / 2, 0)
    ctx.arc(x1 - r, y1 - r, r, 0, math.pi / 2)
    ctx.arc(x0 + r, y1 - r, r, math.pi / 2, math.pi)
    ctx.arc(x0 + r, y0 + r, r, math.pi, 3 * math.pi / 2)
    ctx.close_path()


def poly(ctx, *pts):
    ctx.move_to(*pts[0])
    for p in pts[1:]:
        ctx.line_to(*p)
    ctx.close_path()


def fill(ctx, colour=WHITE):
    ctx.set_source_rgb(*colour)
    ctx.fill()


def stroke(ctx, width, colour=WHITE, cap=cairo.LINE_CAP_BUTT, join=cairo.LINE_JOIN_MITER):
    ctx.set_source_rgb(*colour)
    ctx.set_line_width(width)
    ctx.set_line_cap(cap)
    ctx.set_line_join(join)
    ctx.stroke()


def disc(ctx, x, y, r):
    ctx.new_sub_path()
    ctx.arc(x, y, r, 0, 2 * math.pi)


def star_path(ctx, cx, cy, r_out, r_in, points=5):
    for i in range(points * 2):
        r = r_out if i % 2 == 0 else r_in
        a = -math.pi / 2 + i * math.pi / points
        (ctx.move_to if i == 0 else ctx.line_to)(cx + r * math.cos(a), cy + r * math.sin(a))
    ctx.close_path()


# --- pictograms: draw(ctx, bg) where bg is the disc colour, for cut-outs ------------------------

def restaurant(ctx, bg):
    # Fork: three tines joined above a handle.
    for x in (4.5, 6.0, 7.5):
        ctx.rectangle(x - 0.45, 3.5, 0.9, 3.5)
    fill(ctx)
    ctx.move_to(4.05, 6.5)
    ctx.line_to(7.95, 6.5)
    ctx.curve_to(7.95, 8.3, 6.9, 8.6, 6.6, 8.6)
    ctx.line_to(5.4, 8.6)
    ctx.curve_to(5.1, 8.6, 4.05, 8.3, 4.05, 6.5)
    ctx.close_path()
    fill(ctx)
    rounded_rect(ctx, 5.4, 8, 6.6, 13.5, 0.5)
    fill(ctx)
    # Knife: a blade rounded on its cutting side, then a handle.
    ctx.move_to(10, 3.5)
    ctx.curve_to(11.9, 4.2, 12.6, 6.4, 12.5, 9)
    ctx.line_to(10, 9)
    ctx.close_path()
    fill(ctx)
    rounded_rect(ctx, 10, 8.5, 11.5, 13.5, 0.6)
    fill(ctx)


def cafe(ctx, bg):
    # Cup with a handle on a saucer; steam above.
    ctx.move_to(4, 7)
    ctx.line_to(11, 7)
    ctx.line_to(11, 9)
    ctx.curve_to(11, 10.9, 9.6, 12, 7.5, 12)
    ctx.curve_to(5.4, 12, 4, 10.9, 4, 9)
    ctx.close_path()
    fill(ctx)
    ctx.arc(11.3, 8.8, 1.35, -math.pi / 2, math.pi / 2)
    stroke(ctx, 1.1)
    ctx.rectangle(3.5, 12.5, 9, 1)
    fill(ctx)
    for x in (6.2, 8.8):
        ctx.move_to(x, 3.5)
        ctx.curve_to(x - 0.9, 4.3, x + 0.9, 5.2, x, 6)
        stroke(ctx, 0.9, cap=cairo.LINE_CAP_ROUND)


def bar(ctx, bg):
    # Cocktail glass with an olive pick.
    poly(ctx, (3.5, 4), (13.5, 4), (8.5, 9.5))
    fill(ctx)
    ctx.rectangle(8, 9, 1, 3.5)
    fill(ctx)
    rounded_rect(ctx, 5.5, 12.5, 11.5, 13.5, 0.4)
    fill(ctx)
    poly(ctx, (5.2, 5), (11.8, 5), (8.5, 8.6))
    fill(ctx, bg)
    poly(ctx, (6.3, 6.2), (10.7, 6.2), (8.5, 8.6))
    fill(ctx)


def beer(ctx, bg):
    # A mug with a head of foam.
    rounded_rect(ctx, 4, 6, 10.5, 13.5, 0.8)
    fill(ctx)
    for x, r in ((4.9, 1.4), (7.2, 1.7), (9.6, 1.4)):
        disc(ctx, x, 5.3, r)
    fill(ctx)
    ctx.move_to(10.5, 7.6)
    ctx.line_to(11.6, 7.6)
    ctx.curve_to(12.6, 7.6, 13, 8, 13, 9)
    ctx.line_to(13, 10.3)
    ctx.curve_to(13, 11.3, 12.6, 11.7, 11.6, 11.7)
    ctx.line_to(10.5, 11.7)
    stroke(ctx, 1.1)
    for x in (6, 8.5):
        ctx.rectangle(x - 0.4, 8, 0.8, 4)
    fill(ctx, bg)


def fast_food(ctx, bg):
    # Burger: bun, filling, bun.
    ctx.move_to(3.5, 7.5)
    ctx.curve_to(3.5, 3.2, 13.5, 3.2, 13.5, 7.5)
    ctx.close_path()
    fill(ctx)
    rounded_rect(ctx, 3, 8.5, 14, 10, 0.75)
    fill(ctx)
    rounded_rect(ctx, 3.5, 11, 13.5, 13.5, 1.1)
    fill(ctx)


def shop(ctx, bg):
    # Shopping bag with a handle.
    poly(ctx, (4, 6.5), (13, 6.5), (13.5, 13.5), (3.5, 13.5))
    fill(ctx)
    ctx.move_to(6.5, 8)
    ctx.line_to(6.5, 5.8)
    ctx.curve_to(6.5, 3.2, 10.5, 3.2, 10.5, 5.8)
    ctx.line_to(10.5, 8)
    stroke(ctx, 1.2)


def grocery(ctx, bg):
    # Shopping trolley.
    ctx.move_to(3, 4.5)
    ctx.line_to(4.8, 4.5)
    ctx.line_to(6.3, 10.6)
    ctx.line_to(12.3, 10.6)
    stroke(ctx, 1.1, join=cairo.LINE_JOIN_ROUND)
    poly(ctx, (5.2, 6), (13.7, 6), (12.7, 9.6), (6.1, 9.6))
    fill(ctx)
    for x in (7, 11.5):
        disc(ctx, x, 12.6, 1.05)
    fill(ctx)


def bank(ctx, bg):
    # A banknote: a white bill with a round cut-out.
    rounded_rect(ctx, 3, 5, 14, 12, 0.8)
    fill(ctx)
    disc(ctx, 8.5, 8.5, 2.1)
    ctx.set_line_width(1)
    fill(ctx, bg)
    for x in (4.6, 12.4):
        disc(ctx, x, 8.5, 0.7)
    fill(ctx, bg)


def hospital(ctx, bg):
    ctx.rectangle(7, 3.5, 3, 10)
    ctx.rectangle(3.5, 7, 10, 3)
    fill(ctx)


def pharmacy(ctx, bg):
    # A capsule, tilted: one half solid, one half outlined.
    ctx.save()
    ctx.translate(C, C)
    ctx.rotate(-math.pi / 4)
    rounded_rect(ctx, -5.4, -2.3, 5.4, 2.3, 2.3)
    fill(ctx)
    rounded_rect(ctx, 0.45, -1.4, 4.5, 1.4, 1.4)
    ctx.rectangle(0.45, -1.4, 1.4, 2.8)
    fill(ctx, bg)
    ctx.restore()


def school(ctx, bg):
    # Schoolhouse with a bell tower and a door.
    poly(ctx, (3.5, 8.5), (8.5, 5), (13.5, 8.5), (13.5, 13.5), (3.5, 13.5))
    fill(ctx)
    ctx.rectangle(7.5, 3, 2, 3)
    fill(ctx)
    ctx.rectangle(7.5, 10.5, 2, 3)
    fill(ctx, bg)
    disc(ctx, 8.5, 8.3, 0.9)
    fill(ctx, bg)


def college(ctx, bg):
    # Mortarboard with a tassel.
    poly(ctx, (2.8, 7), (8.5, 4.2), (14.2, 7), (8.5, 9.8))
    fill(ctx)
    ctx.move_to(5.3, 8.5)
    ctx.line_to(5.3, 11.2)
    ctx.curve_to(6.5, 12.6, 10.5, 12.6, 11.7, 11.2)
    ctx.line_to(11.7, 8.5)
    ctx.line_to(8.5, 10.1)
    ctx.close_path()
    fill(ctx)
    ctx.move_to(13.2, 7.3)
    ctx.line_to(13.2, 11)
    stroke(ctx, 0.8)
    disc(ctx, 13.2, 11.6, 0.8)
    fill(ctx)


def library(ctx, bg):
    # An open book.
    ctx.move_to(8.5, 5.5)
    ctx.curve_to(7, 4.3, 5, 4, 3, 4.3)
    ctx.line_to(3, 12)
    ctx.curve_to(5, 11.7, 7, 12, 8.5, 13.2)
    ctx.curve_to(10, 12, 12, 11.7, 14, 12)
    ctx.line_to(14, 4.3)
    ctx.curve_to(12, 4, 10, 4.3, 8.5, 5.5)
    ctx.close_path()
    fill(ctx)
    ctx.move_to(8.5, 5.9)
    ctx.line_to(8.5, 12.5)
    stroke(ctx, 0.8, bg)


def museum(ctx, bg):
    # A temple front: pediment, columns, steps.
    poly(ctx, (3, 6.5), (8.5, 3.3), (14, 6.5))
    fill(ctx)
    ctx.rectangle(3.5, 7, 10, 1)
    fill(ctx)
    for x in (4.5, 7.5, 10.5):
        ctx.rectangle(x, 8.5, 2, 3.5)
    fill(ctx)
    ctx.rectangle(3, 12.5, 11, 1.2)
    fill(ctx)


def art(ctx, bg):
    # A painter's palette with paint spots.
    ctx.move_to(8.5, 3.5)
    ctx.curve_to(12, 3.5, 14, 5.8, 14, 8.4)
    ctx.curve_to(14, 10.6, 12.6, 11.2, 11.2, 10.8)
    ctx.curve_to(10, 10.5, 9.5, 11.4, 10.1, 12.2)
    ctx.curve_to(10.6, 13, 10, 13.6, 8.6, 13.6)
    ctx.curve_to(5.2, 13.6, 3, 11.4, 3, 8.5)
    ctx.curve_to(3, 5.6, 5.3, 3.5, 8.5, 3.5)
    ctx.close_path()
    fill(ctx)
    for x, y in ((6, 6.7), (8.9, 5.9), (11.6, 7.4), (5.5, 9.9)):
        disc(ctx, x, y, 1.05)
    fill(ctx, bg)


def theatre(ctx, bg):
    # A comedy mask: eyes and a smile cut out.
    ctx.move_to(3.5, 4)
    ctx.curve_to(6.8, 5, 10.2, 5, 13.5, 4)
    ctx.curve_to(13.8, 9.5, 11.6, 13.6, 8.5, 13.6)
    ctx.curve_to(5.4, 13.6, 3.2, 9.5, 3.5, 4)
    ctx.close_path()
    fill(ctx)
    for x in (6.2, 10.8):
        ctx.save()
        ctx.translate(x, 7.4)
        ctx.scale(1.3, 0.8)
        disc(ctx, 0, 0, 1)
        ctx.restore()
        fill(ctx, bg)
    ctx.move_to(5.8, 9.9)
    ctx.curve_to(7, 12, 10, 12, 11.2, 9.9)
    ctx.close_path()
    fill(ctx, bg)


def cinema(ctx, bg):
    # A clapperboard.
    rounded_rect(ctx, 3.5, 8, 13.5, 13.5, 0.7)
    fill(ctx)
    ctx.save()
    ctx.translate(3.5, 7.2)
    ctx.rotate(-0.32)
    ctx.rectangle(0, -2.2, 10.2, 2.2)
    fill(ctx)
    for x in (2, 5, 8):
        poly(ctx, (x, -2.2), (x + 1.4, -2.2), (x + 0.4, 0), (x - 1, 0))
    fill(ctx, bg)
    ctx.restore()
    for x in (6, 9):
        poly(ctx, (x, 8), (x + 1.5, 8), (x + 0.5, 9.6), (x - 1, 9.6))
    fill(ctx, bg)


def lodging(ctx, bg):
    # A bed: headboard, pillow, mattress, legs.
    ctx.rectangle(3, 4.5, 1.5, 9)
    fill(ctx)
    rounded_rect(ctx, 5.2, 7, 8.2, 8.8, 0.8)
    fill(ctx)
    ctx.rectangle(4.5, 9.5, 9.5, 2)
    fill(ctx)
    ctx.rectangle(12.5, 11.5, 1.5, 2)
    fill(ctx)


def parking(ctx, bg):
    # The letter P, drawn: a stem and a bowl.
    ctx.rectangle(5.5, 3.5, 2, 10)
    fill(ctx)
    ctx.move_to(6.5, 4.5)
    ctx.line_to(9, 4.5)
    ctx.arc(9, 7, 2.5, -math.pi / 2, math.pi / 2)
    ctx.line_to(6.5, 9.5)
    stroke(ctx, 2)


def bus(ctx, bg):
    # A bus from the front.
    rounded_rect(ctx, 4, 3, 13, 12, 1.5)
    fill(ctx)
    ctx.rectangle(5, 5, 7, 3.5)
    fill(ctx, bg)
    ctx.rectangle(6, 3.8, 5, 0.6)
    fill(ctx, bg)
    for x in (6, 11):
        disc(ctx, x, 10.3, 0.75)
    fill(ctx, bg)
    for x in (4.5, 10.5):
        ctx.rectangle(x, 12, 2, 1.8)
    fill(ctx)


def railway(ctx, bg):
    # A train from the front, on its rails.
    ctx.move_to(4.5, 11)
    ctx.line_to(4.5, 6)
    ctx.curve_to(4.5, 3.4, 12.5, 3.4, 12.5, 6)
    ctx.line_to(12.5, 11)
    ctx.curve_to(12.5, 11.6, 12.1, 12, 11.5, 12)
    ctx.line_to(5.5, 12)
    ctx.curve_to(4.9, 12, 4.5, 11.6, 4.5, 11)
    ctx.close_path()
    fill(ctx)
    rounded_rect(ctx, 5.7, 5.5, 11.3, 8.2, 0.6)
    fill(ctx, bg)
    for x in (6.5, 10.5):
        disc(ctx, x, 10, 0.8)
    fill(ctx, bg)
    ctx.move_to(6, 12)
    ctx.line_to(4.4, 14.2)
    ctx.move_to(11, 12)
    ctx.line_to(12.6, 14.2)
    stroke(ctx, 1.1)


def tram(ctx, bg):
    # A tram from the front under its pantograph.
    ctx.move_to(6, 3.2)
    ctx.line_to(11, 3.2)
    ctx.move_to(8.5, 3.2)
    ctx.line_to(8.5, 5)
    stroke(ctx, 0.9)
    rounded_rect(ctx, 4.5, 5, 12.5, 12.3, 1.2)
    fill(ctx)
    ctx.rectangle(5.6, 6.3, 5.8, 3)
    fill(ctx, bg)
    for x in (6.5, 10.5):
        disc(ctx, x, 10.8, 0.7)
    fill(ctx, bg)
    ctx.rectangle(3.5, 12.9, 10, 0.9)
    fill(ctx)


def place_of_worship(ctx, bg):
    # A tall lancet arch, the outline of many houses of prayer, with a pointed doorway.
    ctx.move_to(4.5, 13.5)
    ctx.line_to(4.5, 8.5)
    ctx.curve_to(4.5, 5.6, 6.6, 3.8, 8.5, 2.4)
    ctx.curve_to(10.4, 3.8, 12.5, 5.6, 12.5, 8.5)
    ctx.line_to(12.5, 13.5)
    ctx.close_path()
    fill(ctx)
    ctx.move_to(7, 13.5)
    ctx.line_to(7, 10.4)
    ctx.curve_to(7, 9.3, 7.8, 8.6, 8.5, 7.8)
    ctx.curve_to(9.2, 8.6, 10, 9.3, 10, 10.4)
    ctx.line_to(10, 13.5)
    ctx.close_path()
    fill(ctx, bg)


def park(ctx, bg):
    # A round-crowned tree.
    ctx.rectangle(7.75, 9, 1.5, 4.5)
    fill(ctx)
    disc(ctx, 8.5, 6.5, 3.6)
    disc(ctx, 6.2, 8.4, 2.3)
    disc(ctx, 10.8, 8.4, 2.3)
    fill(ctx)


def attraction(ctx, bg):
    star_path(ctx, C, 9.0, 5.6, 2.3)
    fill(ctx)


def castle(ctx, bg):
    # A keep with battlements and a gate.
    ctx.move_to(3.5, 13.5)
    ctx.line_to(3.5, 4)
    for x0 in (3.5, 6.5, 9.5):
        ctx.line_to(x0 + 1.5, 4)
        ctx.line_to(x0 + 1.5, 5.5)
        ctx.line_to(x0 + 3, 5.5)
        ctx.line_to(x0 + 3, 4)
    ctx.line_to(13.5, 4)
    ctx.line_to(13.5, 13.5)
    ctx.close_path()
    fill(ctx)
    ctx.move_to(7, 13.5)
    ctx.line_to(7, 10.5)
    ctx.arc(8.5, 10.5, 1.5, math.pi, 2 * math.pi)
    ctx.line_to(10, 13.5)
    ctx.close_path()
    fill(ctx, bg)


def harbor(ctx, bg):
    # An anchor.
    disc(ctx, 8.5, 4.6, 1.3)
    stroke(ctx, 1)
    ctx.rectangle(7.9, 5.8, 1.2, 7.6)
    ctx.rectangle(5.8, 7, 5.4, 1.1)
    fill(ctx)
    ctx.move_to(3.8, 9.6)
    ctx.curve_to(4.2, 12.2, 6.2, 13.3, 8.5, 13.3)
    ctx.curve_to(10.8, 13.3, 12.8, 12.2, 13.2, 9.6)
    stroke(ctx, 1.2)
    poly(ctx, (3, 10.6), (3.8, 8.8), (5.2, 10.3))
    poly(ctx, (14, 10.6), (13.2, 8.8), (11.8, 10.3))
    fill(ctx)


def post(ctx, bg):
    # An envelope.
    ctx.rectangle(3, 5, 11, 7.5)
    fill(ctx)
    ctx.move_to(3.4, 5.4)
    ctx.line_to(8.5, 9.3)
    ctx.line_to(13.6, 5.4)
    stroke(ctx, 0.9, bg)


def police(ctx, bg):
    # A shield with a star.
    ctx.move_to(8.5, 3)
    ctx.curve_to(10.2, 4, 11.8, 4.3, 13.5, 4.3)
    ctx.curve_to(13.5, 9.5, 11.5, 12.5, 8.5, 14)
    ctx.curve_to(5.5, 12.5, 3.5, 9.5, 3.5, 4.3)
    ctx.curve_to(5.2, 4.3, 6.8, 4, 8.5, 3)
    ctx.close_path()
    fill(ctx)
    star_path(ctx, 8.5, 8.6, 2.9, 1.2)
    fill(ctx, bg)


def town_hall(ctx, bg):
    # A civic building with a flag on its roof.
    ctx.rectangle(3.5, 8, 10, 5.5)
    fill(ctx)
    poly(ctx, (3, 8.3), (8.5, 5.8), (14, 8.3))
    fill(ctx)
    ctx.rectangle(8.1, 2.6, 0.8, 3.6)
    fill(ctx)
    poly(ctx, (8.9, 2.6), (12, 3.5), (8.9, 4.4))
    fill(ctx)
    for x in (5, 7.75, 10.5):
        ctx.rectangle(x, 9.3, 1.5, 3)
    fill(ctx, bg)


def sport(ctx, bg):
    # A ball with seams.
    disc(ctx, C, C, 5)
    fill(ctx)
    ctx.move_to(5, 5)
    ctx.curve_to(7.5, 7.5, 7.5, 9.5, 5, 12)
    ctx.move_to(12, 5)
    ctx.curve_to(9.5, 7.5, 9.5, 9.5, 12, 12)
    stroke(ctx, 0.9, bg)


def fuel(ctx, bg):
    # A fuel pump with its hose.
    rounded_rect(ctx, 3.5, 3.5, 9.5, 13.5, 0.8)
    fill(ctx)
    ctx.rectangle(4.7, 5, 3.6, 2.8)
    fill(ctx, bg)
    ctx.move_to(9.5, 6)
    ctx.line_to(11, 6)
    ctx.curve_to(12, 6, 12.6, 6.6, 12.6, 7.6)
    ctx.line_to(12.6, 11.4)
    ctx.curve_to(12.6, 12.8, 10.8, 12.8, 10.8, 11.4)
    ctx.line_to(10.8, 9.5)
    ctx.line_to(9.5, 9.5)
    stroke(ctx, 1, join=cairo.LINE_JOIN_ROUND)


def information(ctx, bg):
    disc(ctx, 8.5, 4.7, 1.45)
    fill(ctx)
    ctx.move_to(6.2, 7)
    ctx.line_to(9.5, 7)
    ctx.line_to(9.5, 12.2)
    ctx.line_to(10.8, 12.2)
    ctx.line_to(10.8, 13.5)
    ctx.line_to(6.2, 13.5)
    ctx.line_to(6.2, 12.2)
    ctx.line_to(7.5, 12.2)
    ctx.line_to(7.5, 8.3)
    ctx.line_to(6.2, 8.3)
    ctx.close_path()
    fill(ctx)


def cemetery(ctx, bg):
    # A headstone with a cross cut into it.
    ctx.move_to(4.5, 13.5)
    ctx.line_to(4.5, 7.5)
    ctx.arc(8.5, 7.5, 4, math.pi, 2 * math.pi)
    ctx.line_to(12.5, 13.5)
    ctx.close_path()
    fill(ctx)
    ctx.rectangle(8, 5.5, 1, 5.5)
    ctx.rectangle(6.5, 7, 4, 1)
    fill(ctx, bg)


def skiing(ctx, bg):
    # A snowflake: winter sports.
    for k in range(3):
        a = k * math.pi / 3
        dx, dy = math.cos(a), math.sin(a)
        ctx.move_to(C - 5 * dx, C - 5 * dy)
        ctx.line_to(C + 5 * dx, C + 5 * dy)
        for s in (-1, 1):
            bx, by = C + s * 3.2 * dx, C + s * 3.2 * dy
            for t in (-1, 1):
                b = a + t * math.pi / 3.2
                ctx.move_to(bx, by)
                ctx.line_to(bx + s * 1.6 * math.cos(b), by + s * 1.6 * math.sin(b))
    stroke(ctx, 1.05, cap=cairo.LINE_CAP_ROUND)


def dot(ctx, bg):
    pass  # the small disc alone


PICTOGRAMS = {f.__name__: f for f in [
    restaurant, cafe, bar, beer, fast_food, shop, grocery, bank, hospital, pharmacy, school, college,
    library, museum, art, theatre, cinema, lodging, parking, bus, railway, tram, place_of_worship, park,
    attraction, castle, harbor, post, police, town_hall, sport, fuel, information, cemetery, skiing, dot,
]}


def draw_icon(ctx, name):
    colour = hex_rgb(BRIGHT_CATEGORIES[BRIGHT_ICONS[name]["category"]]["icon"])
    if name == "parking":
        rounded_rect(ctx, 0.5, 0.5, SIZE - 0.5, SIZE - 0.5, 3.5)
        fill(ctx)
        rounded_rect(ctx, 1.5, 1.5, SIZE - 1.5, SIZE - 1.5, 2.5)
        fill(ctx, colour)
    elif name == "dot":
        disc(ctx, C, C, 5)
        fill(ctx)
        disc(ctx, C, C, 4)
        fill(ctx, colour)
    else:
        disc(ctx, C, C, 8.5)
        fill(ctx)
        disc(ctx, C, C, 7.5)
        fill(ctx, colour)
    PICTOGRAMS[name](ctx, colour)


def build(ratio, columns=8, gap=2):
    names = list(BRIGHT_ICONS)
    missing = [n for n in names if n not in PICTOGRAMS]
    assert not missing, f"no pictogram for {missing}"
    cell = SIZE * ratio + gap
    rows = (len(names) + columns - 1) // columns
    surface = cairo.ImageSurface(cairo.FORMAT_ARGB32, columns * cell - gap, rows * cell - gap)
    index = {}
    for i, name in enumerate(names):
        x, y = (i % columns) * cell, (i // columns) * cell
        ctx = cairo.Context(surface)
        ctx.translate(x, y)
        ctx.scale(ratio, ratio)
        ctx.rectangle(0, 0, SIZE, SIZE)
        ctx.clip()
        draw_icon(ctx, name)
        index[name] = {"x": x, "y": y, "width": SIZE * ratio, "height": SIZE * ratio, "pixelRatio": ratio}
    suffix = "" if ratio == 1 else f"@{ratio}x"
    surface.write_to_png(os.path.join(OUT, f"bright{suffix}.png"))
    with open(os.path.join(OUT, f"bright{suffix}.json"), "w") as f:
        json.dump(index, f, indent=1, sort_keys=True)
        f.write("\n")


if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for r in (1, 2):
        build(r)
    print("wrote styles/sprite/bright{,@2x}.{png,json}")
