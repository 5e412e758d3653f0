#!/usr/bin/env python3
"""Seed inputs for one fuzz target (scripts/fuzz.sh runs this once per target).

usage: fuzz-seeds.py TARGET SEED_DIR [DICT_FILE]

Writes real inputs of the target's format to SEED_DIR, one file each, named by their SHA-1:
tiles from data/*.mbtiles and MapLibre's conformance tiles, styles, expressions, sprites, tracks,
manifests. With DICT_FILE, also writes a libFuzzer dictionary of the format's words (JSON keys
and operator names, GPX tags), which lets the fuzzer assemble them instead of guessing letters.
"""
import collections
import glob
import gzip
import hashlib
import json
import os
import re
import sqlite3
import sys
import zlib

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
SHARED = os.path.normpath(os.path.join(ROOT, "..", "shared"))
CONFORMANCE = os.path.join(SHARED, "conformance")
# Larger seeds make every mutation slower; real tiles far above this add little coverage.
MAX_SEED_BYTES = 64 << 10

# The index of each property in ExpressionSlot.all (Sources/MapsnapFuzzing/Targets/ExpressionTarget.swift):
# an expression seed is that byte followed by the expression's JSON.
EXPRESSION_SLOTS = {
    "filter": 0, "line-width": 1, "line-color": 2, "line-dasharray": 3, "line-cap": 4, "text-field": 5,
    "text-font": 6, "icon-image": 7, "text-offset": 8, "text-anchor": 9, "text-variable-anchor": 10,
    "symbol-sort-key": 11, "text-size": 12, "text-allow-overlap": 13, "circle-radius": 14, "fill-color": 15,
}
# A conformance test's propertySpec type → the slot that expects that type.
SLOT_FOR_TYPE = {"boolean": 0, "number": 1, "color": 2, "array": 3, "enum": 9, "string": 5, "formatted": 5,
                 "resolvedImage": 7}

# Forms the shipped examples do not show: routes, waypoints, CDATA, entities, extensions, elevation.
HANDMADE_GPX = b"""<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<!-- exported -->
<gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" version="1.1" creator="x">
<metadata><name>Tour &amp; more</name><time>2024-02-29T23:59:59.5+01:00</time></metadata>
<wpt lat="60.1699" lon="24.9384"><ele>12.5</ele><name><![CDATA[Caf\xc3\xa9 <1>]]></name><sym>Flag</sym></wpt>
<rte><name>R&#233;</name><rtept lat='42.5075' lon='1.5218'/><rtept lat="42.51" lon="1.53"></rtept></rte>
<trk><name>two segments</name><trkseg><trkpt lat="-33.9" lon="151.2"><ele>3</ele><time>2024-01-01T00:00:00Z</time>
<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt></trkseg>
<trkseg><trkpt lat="-33.91" lon="151.21"><time>2024-01-01T00:00:10Z</time><hdop>1.2</hdop></trkpt><trkpt lat="-33.92" lon="-179.99"/></trkseg></trk>
</gpx>
"""

# Every request field in at least one record, in both manifest formats.
HANDMADE_MANIFESTS = [
    b"""{"id": "a", "center": {"lat": 43.736, "lon": 7.426}, "zoom": 15.5, "bearing": 30, "pitch": 20, "size": "800x600", "scale": 2, "png": "fast", "style": "dark", "poi": "none", "coords": "gcj02", "compass": "always", "attribution": false}
{"id": "b", "bounds": "7.40,43.72,7.44,43.76", "padding": 24, "markers": [{"lat": 43.73, "lon": 7.42, "color": "#ff0000", "title": "T", "glyph": "1", "anchor": "bottom", "scale": 1.5}], "user": {"lat": 43.731, "lon": 7.421, "accuracy": 25, "heading": 90, "reduced": true}}
{"id": "c", "fit": true, "circles": [{"lat": 43.73, "lon": 7.42, "radius": 150, "color": "blue"}], "geojson": {"type": "Point", "coordinates": [7.42, 43.73]}, "tracks": ["walk.gpx"], "track-color": "hsl(10,50%,50%)", "track-endpoints": true, "accuracy-limit": "none", "min-distance": 2, "keep-time-regressions": true, "scale-bar": "imperial", "sources": {"openmaptiles": "data/monaco.mbtiles"}, "tiles": ["data"], "sprite": "styles/sprite/mapsnap"}
# a comment, then a bad line
[1, 2]
""",
    b"""\xef\xbb\xbfid,center,meters,zoom,size,scale,markers,circles,user,bounds,title,caption,address,lat,lon\r
x1,"43.7360,7.4260",600,,640x480,1,"43.7347,7.4225,red,Quay;43.7371,7.4271",,,,"A, B",cap,true,,\r
x2,,,14,,,,"43.73,7.42,100,#00f","43.73,7.42,30,45","7.40,43.72,7.44,43.76",,,false,43.73,7.42\r
""",
]


def files(*patterns):
    found = []
    for pattern in patterns:
        found += glob.glob(pattern, recursive=True)
    return sorted(set(found))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def json_file(path):
    try:
        return json.loads(read(path))
    except (ValueError, UnicodeDecodeError):
        return None


def archive_tiles(limit_per_archive=120):
    """(raw, inflated) for the tiles of the embedded archives, smallest first."""
    tiles = []
    for path in files(os.path.join(ROOT, "data", "*.mbtiles")):
        db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
        rows = db.execute("SELECT tile_data FROM tiles ORDER BY length(tile_data) LIMIT ?", (limit_per_archive,))
        for (blob,) in rows:
            try:
                tiles.append((blob, zlib.decompress(blob, 47)))
            except zlib.error:
                tiles.append((blob, blob))
        db.close()
    return tiles


def conformance_tiles():
    out = []
    for path in files(os.path.join(CONFORMANCE, "render", "assets", "tiles", "**", "*.mvt"),
                      os.path.join(CONFORMANCE, "render", "assets", "tiles", "**", "*.pbf")):
        data = read(path)
        if data[:2] == b"\x1f\x8b":
            data = gzip.decompress(data)
        out.append(data)
    return out


def styles():
    paths = files(os.path.join(ROOT, "styles", "*.json"),
                  os.path.join(SHARED, "styles-upstream", "**", "*.json"),
                  os.path.join(CONFORMANCE, "render", "tests", "**", "style.json"),
                  os.path.join(ROOT, "Tests", "**", "*.json"))
    return [(p, json_file(p)) for p in paths]


def seeds(target):
    if target == "mvt":
        yield from (inflated for _, inflated in archive_tiles())
        yield from conformance_tiles()
    elif target == "inflate":
        tiles = archive_tiles(40)
        yield from (raw for raw, _ in tiles)
        for _, inflated in tiles[:10]:
            yield zlib.compress(inflated, 6)
            yield gzip.compress(inflated, mtime=0) + gzip.compress(b"second member", mtime=0)
        yield zlib.compress(b"", 9)
        yield gzip.compress(b"", mtime=0)
    elif target == "mbtiles":
        for path in files(os.path.join(ROOT, "data", "*.mbtiles")):
            db = sqlite3.connect("file:%s?mode=ro" % path, uri=True)
            rows = db.execute("SELECT name, value FROM metadata").fetchall()
            db.close()
            yield "".join("%s\t%s\n" % (n, v.replace("\n", " ")) for n, v in rows).encode()
            yield dict(rows).get("json", "").encode()
        for path in files(os.path.join(ROOT, "Tests", "FuzzRegressions", "mbtiles", "*.mbtiles")):
            yield read(path)
    elif target == "pmtiles":
        # Small real archives (the regression inputs include one made from Monaco's z0-5 tiles).
        for path in files(os.path.join(ROOT, "Tests", "FuzzRegressions", "pmtiles", "*.pmtiles")):
            yield read(path)
    elif target == "style":
        for _, style in styles():
            if isinstance(style, dict) and "layers" in style:
                yield json.dumps(style).encode()
    elif target == "expression":
        for path in files(os.path.join(CONFORMANCE, "expression", "tests", "**", "test.json")):
            test = json_file(path)
            if not isinstance(test, dict) or "expression" not in test:
                continue
            kind = (test.get("propertySpec") or {}).get("type")
            slot = SLOT_FOR_TYPE.get(kind, 5)
            if kind == "array" and (test.get("propertySpec") or {}).get("value") == "string":
                slot = EXPRESSION_SLOTS["text-font"]
            yield bytes([slot]) + json.dumps(test["expression"]).encode()
        for _, style in styles():
            for layer in (style or {}).get("layers", []) if isinstance(style, dict) else []:
                if not isinstance(layer, dict):
                    continue
                if "filter" in layer:
                    yield bytes([0]) + json.dumps(layer["filter"]).encode()
                for section in ("paint", "layout"):
                    for name, value in (layer.get(section) or {}).items():
                        if name in EXPRESSION_SLOTS and not isinstance(value, (str, int, float, bool)):
                            yield bytes([EXPRESSION_SLOTS[name]]) + json.dumps(value).encode()
    elif target == "sprite-index":
        for path in files(os.path.join(ROOT, "styles", "sprite", "*.json"),
                          os.path.join(CONFORMANCE, "render", "assets", "sprites", "*.json")):
            yield read(path)
    elif target == "glyph-pbf":
        for path in files(os.path.join(CONFORMANCE, "render", "assets", "glyphs", "*", "0-255.pbf"),
                          os.path.join(ROOT, "Tests", "FuzzRegressions", "glyph-pbf", "*")):
            yield read(path)
    elif target == "png":
        for path in files(os.path.join(ROOT, "styles", "sprite", "*.png"), os.path.join(ROOT, "examples", "*.png"),
                          os.path.join(CONFORMANCE, "render", "assets", "**", "*.png"),
                          os.path.join(CONFORMANCE, "render", "tests", "**", "expected*.png")):
            yield read(path)
    elif target in ("gpx", "gpx-split"):
        for path in files(os.path.join(ROOT, "examples", "*.gpx"), os.path.join(ROOT, "Tests", "**", "*.gpx")):
            yield read(path)
        yield HANDMADE_GPX
    elif target == "csv-fixes":
        yield b"43.7321,7.4197\n43.7325,7.4199,5\n43.7330,7.4201,,1777881604\n"
        yield b"\xef\xbb\xbftime,lon,lat,hacc,speed\r\n2026-05-04T08:00:00.250+02:00,7.4197,43.7321,-1,3\r\n\"2026-05-04T08:00:04Z\",7.42,43.7325,4,\"1,5\"\r\n"
        yield b"# comment\nlatitude;longitude\n\n60.1699,24.9384,12.5,2024-02-29T23:59:59Z\n"
    elif target == "geojson":
        for path in files(os.path.join(ROOT, "examples", "*.geojson"),
                          os.path.join(CONFORMANCE, "render", "assets", "geojson", "*.json")):
            yield read(path)
        for _, style in styles():
            for source in ((style or {}).get("sources") or {}).values() if isinstance(style, dict) else []:
                if isinstance(source, dict) and source.get("type") == "geojson" and isinstance(source.get("data"), dict):
                    yield json.dumps(source["data"]).encode()
    elif target == "manifest":
        for path in files(os.path.join(ROOT, "examples", "*.csv"), os.path.join(ROOT, "examples", "*.jsonl")):
            yield read(path)
        yield from HANDMADE_MANIFESTS
    elif target.startswith("serve-"):
        # The server's parsers: the kept inputs, and for request targets every URL of the README and docs/.
        for path in files(os.path.join(ROOT, "Tests", "FuzzRegressions", target, "*")):
            yield read(path)
        if target == "serve-target":
            for path in files(os.path.join(ROOT, "README.md"), os.path.join(ROOT, "docs", "*.md")):
                text = read(path).decode("utf-8", "replace")
                for url in re.findall(r"http://127\.0\.0\.1:8080(/[^\s']*)", text):
                    yield url.encode()
    else:
        raise SystemExit("fuzz-seeds.py: unknown target %r" % target)


def dictionary(target, seed_dir):
    """Quoted words that recur in the seeds (keys, operators, enum values) plus the format's syntax."""
    words = collections.Counter()
    for name in os.listdir(seed_dir):
        text = read(os.path.join(seed_dir, name)).decode("utf-8", "replace")
        if target.startswith("gpx"):
            words.update(re.findall(r"</?[A-Za-z:]+", text))
            words.update(re.findall(r'\b[a-z]+="', text))
        else:
            words.update(re.findall(r'"[A-Za-z$][A-Za-z0-9_:$-]{0,40}"', text))
    syntax = {"json": ['"{"', '"}"', '"["', '"]"', '":"', '","', '"null"', '"true"', '"false"', '"1e308"', '"-0"'],
              "gpx": ['"<?xml"', '"/>"', '"<![CDATA["', '"]]>"', '"&amp;"', '"&#x"']}
    lines = syntax["gpx" if target.startswith("gpx") else "json"]
    for word, _ in words.most_common(400):
        escaped = word.replace("\\", "\\\\").replace('"', '\\"')
        lines.append('"%s"' % escaped)
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) not in (3, 4):
        raise SystemExit(__doc__)
    target, seed_dir = sys.argv[1], sys.argv[2]
    os.makedirs(seed_dir, exist_ok=True)
    count = 0
    for data in seeds(target):
        if not data or len(data) > MAX_SEED_BYTES:
            continue
        with open(os.path.join(seed_dir, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)
        count += 1
    if len(sys.argv) == 4 and target not in ("mvt", "inflate", "png"):
        with open(sys.argv[3], "w") as f:
            f.write(dictionary(target, seed_dir))
    print("%s: %d seeds in %s" % (target, len(os.listdir(seed_dir)), seed_dir))


if __name__ == "__main__":
    main()
