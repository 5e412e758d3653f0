#!/usr/bin/env python3
"""Checks mapsnap's PMTiles reader and writer against the reference implementation (PyPI's
`pmtiles` package), tile by tile. A listing is a JSON file:

    {"metadata": {...}, "tile_type": "mvt", "tile_compression": "gzip",
     "tiles": [[z, x, y, "<base64 of the stored bytes>"], ...]}

Usage:
    pmtiles-interop.py check ARCHIVE LISTING   # read ARCHIVE (written by mapsnap) with pmtiles:
                                               # every tile (walked, and up to 400 looked up),
                                               # the metadata and the header counts must match
                                               # LISTING; prints one line per problem
    pmtiles-interop.py write ARCHIVE LISTING   # write LISTING's tiles with pmtiles' writer, for
                                               # mapsnap to read
    pmtiles-interop.py dump ARCHIVE            # print ARCHIVE as a listing
    pmtiles-interop.py from-mbtiles MBTILES ARCHIVE
                                               # convert MBTILES with pmtiles' own converter
    pmtiles-interop.py recompress ARCHIVE OUT METHOD
                                               # ARCHIVE (pmtiles' gzip layout) again with its
                                               # tiles, directories and metadata compressed with
                                               # METHOD (none, gzip, brotli, zstd): the tiles
                                               # through pmtiles' writer, the directories and
                                               # metadata re-encoded after it (it writes gzip only);
                                               # brotli and zstd need PyPI's brotli and zstandard

Exits 0 when everything matched, 1 on a mismatch, 2 on bad usage.
"""
import base64
import gzip
import io
import json
import sys

from pmtiles.reader import MmapSource, Reader, all_tiles
from pmtiles.tile import (Compression, Entry, TileType, deserialize_directory, deserialize_header, serialize_directory,
                          serialize_header, zxy_to_tileid)
from pmtiles.writer import Writer

# Tiles looked up one by one with get(), at most (every tile is also compared through the walk).
LOOKUPS = 400


def load_listing(path):
    with open(path) as f:
        listing = json.load(f)
    tiles = {}
    for z, x, y, data in listing["tiles"]:
        tiles[(z, x, y)] = base64.b64decode(data)
    return listing, tiles


def check(archive_path, listing_path):
    listing, expected = load_listing(listing_path)
    problems = []
    with open(archive_path, "rb") as f:
        get_bytes = MmapSource(f)
        header = deserialize_header(get_bytes(0, 127))
        reader = Reader(get_bytes)

        # Every tile the reference reader walks to must be in the listing, with the same bytes, once.
        seen = {}
        previous_id = -1
        for (z, x, y), data in all_tiles(get_bytes):
            tile_id = zxy_to_tileid(z, x, y)
            if tile_id <= previous_id:
                problems.append(f"tile {z}/{x}/{y} comes out of tile id order")
            previous_id = tile_id
            if (z, x, y) in seen:
                problems.append(f"tile {z}/{x}/{y} is listed twice")
            seen[(z, x, y)] = data
        for tile, data in expected.items():
            if tile not in seen:
                problems.append("tile %d/%d/%d is missing" % tile)
            elif seen[tile] != data:
                problems.append("tile %d/%d/%d differs: %d bytes, expected %d" % (tile + (len(seen[tile]), len(data))))
        # The lookup path too (root, leaves, runs), not only the walk: get() decodes the
        # directories again for every tile, so large archives are sampled evenly.
        in_order = sorted(expected, key=lambda tile: zxy_to_tileid(*tile))
        step = max(1, len(in_order) // LOOKUPS)
        for tile in in_order[::step] + in_order[-1:]:
            if reader.get(*tile) != expected[tile]:
                problems.append("tile %d/%d/%d read by get() differs" % tile)
        for tile in [(z, x + 1, y) for z, x, y in in_order[::step]] + [(0, 1, 0), (32, 0, 0)]:
            if tile not in expected and tile[0] <= 31 and tile[1] < 1 << tile[0] and reader.get(*tile) is not None:
                problems.append("tile %d/%d/%d is not in the listing, but get() finds it" % tile)
        for tile in seen.keys() - expected.keys():
            problems.append("tile %d/%d/%d is not in the listing" % tile)

        if reader.metadata() != listing["metadata"]:
            problems.append(f"metadata differs: {reader.metadata()!r}")
        distinct = len(set(expected.values()))
        for field, want in [("addressed_tiles_count", len(expected)), ("tile_contents_count", distinct),
                            ("clustered", True), ("internal_compression", Compression.GZIP),
                            ("tile_type", TileType[listing["tile_type"].upper()]),
                            ("tile_compression", Compression[listing["tile_compression"].upper()])]:
            if header[field] != want:
                problems.append(f"header {field} is {header[field]!r}, expected {want!r}")
        if header["root_offset"] + header["root_length"] > 16384:
            problems.append("the root directory ends past the first 16 KiB")
        zooms = [z for z, _, _ in expected]
        if (header["min_zoom"], header["max_zoom"]) != (min(zooms), max(zooms)):
            problems.append(f"header zooms {header['min_zoom']}..{header['max_zoom']}, expected {min(zooms)}..{max(zooms)}")

    for problem in problems:
        print(problem)
    leaves = "with" if header["leaf_directory_length"] > 0 else "without"
    print(f"checked {len(expected)} tiles ({distinct} distinct), {leaves} leaf directories: "
          f"{'ok' if not problems else str(len(problems)) + ' problems'}")
    return 0 if not problems else 1


def write(archive_path, listing_path):
    listing, tiles = load_listing(listing_path)
    header = {
        "tile_type": TileType[listing["tile_type"].upper()],
        "tile_compression": Compression[listing["tile_compression"].upper()],
    }
    for key in ("min_lon_e7", "min_lat_e7", "max_lon_e7", "max_lat_e7", "center_zoom", "center_lon_e7", "center_lat_e7"):
        if key in listing:
            header[key] = listing[key]
    with open(archive_path, "wb") as f:
        writer = Writer(f)
        # The reference writer clusters only tiles given in tile id order.
        for tile_id, data in sorted((zxy_to_tileid(*tile), data) for tile, data in tiles.items()):
            writer.write_tile(tile_id, data)
        writer.finalize(header, listing["metadata"])
    print(f"wrote {len(tiles)} tiles to {archive_path}")
    return 0


def dump(archive_path):
    with open(archive_path, "rb") as f:
        get_bytes = MmapSource(f)
        header = deserialize_header(get_bytes(0, 127))
        listing = {
            "metadata": Reader(get_bytes).metadata(),
            "tile_type": header["tile_type"].name.lower(),
            "tile_compression": header["tile_compression"].name.lower(),
            "tiles": [[z, x, y, base64.b64encode(data).decode()] for (z, x, y), data in all_tiles(get_bytes)],
        }
    json.dump(listing, sys.stdout)
    print()
    return 0


def codec(method):
    """(compress, decompress) for a Compression."""
    if method == Compression.NONE:
        return (lambda b: b), (lambda b: b)
    if method == Compression.GZIP:
        return (lambda b: gzip.compress(b, mtime=0)), gzip.decompress
    if method == Compression.BROTLI:
        import brotli
        return (lambda b: brotli.compress(b, quality=9)), brotli.decompress
    if method == Compression.ZSTD:
        import zstandard
        return (lambda b: zstandard.ZstdCompressor(level=10).compress(b)), (lambda b: zstandard.ZstdDecompressor().decompress(b))
    raise ValueError(f"no codec for {method}")


def from_mbtiles(mbtiles_path, archive_path):
    from pmtiles.convert import mbtiles_to_pmtiles
    mbtiles_to_pmtiles(mbtiles_path, archive_path, None)
    print(f"wrote {archive_path}")
    return 0


def recompress(archive_path, out_path, method_name):
    method = Compression[method_name.upper()]
    compress, _ = codec(method)
    with open(archive_path, "rb") as f:
        get_bytes = MmapSource(f)
        header = deserialize_header(get_bytes(0, 127))
        metadata = Reader(get_bytes).metadata()
        _, tile_decompress = codec(header["tile_compression"])
        # The tiles in tile id order through pmtiles' writer, which clusters them and keeps runs.
        buffer = io.BytesIO()
        writer = Writer(buffer)
        for (z, x, y), data in sorted(all_tiles(get_bytes), key=lambda t: zxy_to_tileid(*t[0])):
            plain = tile_decompress(data)
            # PMTiles has no empty tiles (an entry's length is above 0): one that is empty once
            # decompressed is left out when it is stored plain.
            if plain or method != Compression.NONE:
                writer.write_tile(zxy_to_tileid(z, x, y), compress(plain))
        new_header = {key: header[key] for key in ("tile_type", "min_lon_e7", "min_lat_e7", "max_lon_e7", "max_lat_e7",
                                                    "center_zoom", "center_lon_e7", "center_lat_e7")}
        new_header["tile_compression"] = method
        writer.finalize(new_header, metadata)
    written = buffer.getvalue()
    header = deserialize_header(written[:127])

    def section(name):
        return written[header[name + "_offset"]:header[name + "_offset"] + header[name + "_length"]]

    def plain_directory(entries):
        return gzip.decompress(serialize_directory(entries))

    # The writer compressed the directories and the metadata with gzip: again with METHOD.
    root = deserialize_directory(section("root"))
    leaves = b""
    for entry in root:
        if entry.run_length == 0:
            leaf = compress(plain_directory(deserialize_directory(section("leaf_directory")[entry.offset:entry.offset + entry.length])))
            entry.offset, entry.length = len(leaves), len(leaf)
            leaves += leaf
    root_bytes = compress(plain_directory(root))
    metadata_bytes = compress(gzip.decompress(section("metadata")))
    tiles = section("tile_data")
    header["internal_compression"] = method
    header["root_offset"] = 127
    header["root_length"] = len(root_bytes)
    header["metadata_offset"] = 127 + len(root_bytes)
    header["metadata_length"] = len(metadata_bytes)
    header["leaf_directory_offset"] = header["metadata_offset"] + len(metadata_bytes)
    header["leaf_directory_length"] = len(leaves)
    header["tile_data_offset"] = header["leaf_directory_offset"] + len(leaves)
    with open(out_path, "wb") as out:
        out.write(serialize_header(header) + root_bytes + metadata_bytes + leaves + tiles)
    print(f"wrote {out_path}: tiles, directories and metadata compressed with {method.name.lower()}")
    return 0


def main(argv):
    if len(argv) == 4 and argv[1] == "check":
        return check(argv[2], argv[3])
    if len(argv) == 4 and argv[1] == "write":
        return write(argv[2], argv[3])
    if len(argv) == 3 and argv[1] == "dump":
        return dump(argv[2])
    if len(argv) == 4 and argv[1] == "from-mbtiles":
        return from_mbtiles(argv[2], argv[3])
    if len(argv) == 5 and argv[1] == "recompress":
        return recompress(argv[2], argv[3], argv[4])
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
