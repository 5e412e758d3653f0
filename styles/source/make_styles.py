#!/usr/bin/env python3
"""Writes styles/light.json, styles/dark.json and styles/bright.json from one layer list and three palettes.

light and dark share every layer, filter and width; only colours differ. bright, a colourful
general-purpose map, shares the same layers with its own palette, but draws points of interest
with icons by class from its own sprite (styles/sprite/bright, drawn by make_bright_sprite.py
from BRIGHT_ICONS below). Edit here, run `python3 styles/source/make_styles.py`, and commit the
JSON files with this script.
Schema: OpenMapTiles as tilemaker writes it (names are in `name:latin`; no plain `name`).
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
ATTRIBUTION = "© OpenMapTiles © OpenStreetMap contributors"

LIGHT = dict(
    name="mapsnap light",
    background="#f4f2ee", residential="#efece7", commercial="#f2ebe6", industrial="#ece8e2",
    park="#d5ebc7", grass="#d9edcc", wood="#c5e0b4", pitch="#c8e5bd", sand="#f3ead0",
    cemetery="#dce6d6", institution="#f1e8ee", hospital="#f6e3e3", water="#a9d1e9", water_line="#8fc0e0",
    building="#e2ddd5", building_outline="#d3ccc2", pier="#f4f2ee", pier_outline="#d3ccc2",
    motorway="#f7c58d", motorway_casing="#d4925a", primary="#fcd99e", primary_casing="#d6a45e",
    secondary="#fdf0b8", secondary_casing="#cbb57c", minor="#ffffff", minor_casing="#cfc7bc",
    service="#ffffff", path="#a58f7c", rail="#9c9a97", rail_dash="#ffffff", tunnel_casing="#c9c1b5",
    boundary="#9e7fa7", aeroway="#dcd8e4",
    road_label="#3b3b3b", road_halo="#ffffff", place_label="#2b2b2b", place_halo="#ffffff",
    suburb_label="#4e4a55", poi_label="#86603e", park_label="#3f7a35", water_label="#3c6e91",
    housenumber="#8f8a84", poi_icon="poi-dot-light", station_icon="station-light",
)

DARK = dict(
    name="mapsnap dark",
    background="#1f2226", residential="#23262b", commercial="#25272c", industrial="#24262a",
    park="#1f3024", grass="#213225", wood="#1c2e20", pitch="#223526", sand="#2c2b25",
    cemetery="#232c25", institution="#2a252c", hospital="#2e2426", water="#16283a", water_line="#1d3550",
    building="#2d3036", building_outline="#363a41", pier="#2a2d32", pier_outline="#3a3e45",
    motorway="#8a6a43", motorway_casing="#1b1d20", primary="#6d5c41", primary_casing="#1b1d20",
    secondary="#55503f", secondary_casing="#1b1d20", minor="#41454c", minor_casing="#1b1d20",
    service="#3a3e44", path="#6b6660", rail="#5d6066", rail_dash="#2a2d32", tunnel_casing="#2f3237",
    boundary="#8a6f93", aeroway="#2c2c36",
    road_label="#d4d6da", road_halo="#1b1d20", place_label="#eceef1", place_halo="#15171a",
    suburb_label="#b9b4c4", poi_label="#c9a27e", park_label="#8fc486", water_label="#7fa9cc",
    housenumber="#8d9096", poi_icon="poi-dot-dark", station_icon="station-dark",
)

# bright: saturated greens, clear blue water, an orange-to-yellow road hierarchy with casings.
# Keys that light and dark do not have (tertiary, tertiary_casing, tunnel_opacity) are optional in layers().
BRIGHT = dict(
    name="mapsnap bright",
    background="#f7f3e9", residential="#f0e9da", commercial="#f8e2da", industrial="#efe5cf",
    park="#b5e39c", grass="#c9e9aa", wood="#a3d48b", pitch="#a3da8b", sand="#f7e8a6",
    cemetery="#cbe1c0", institution="#f3e2f0", hospital="#fbdada", water="#8ecdf3", water_line="#6cbbec",
    building="#e8ddcd", building_outline="#d4c4ad", pier="#f7f3e9", pier_outline="#d4c4ad",
    motorway="#ff9a45", motorway_casing="#cf6417", primary="#ffbb55", primary_casing="#d4861f",
    secondary="#ffdc6e", secondary_casing="#c9a133", tertiary="#fff1b0", tertiary_casing="#cdb36a",
    minor="#ffffff", minor_casing="#cbbca5", service="#ffffff", path="#bb8c62",
    rail="#8c8680", rail_dash="#ffffff", tunnel_casing="#c8baa4", tunnel_opacity=0.4,
    boundary="#a768b8", aeroway="#e1dbe9",
    road_label="#3f3327", road_halo="#ffffff", place_label="#1f1c26", place_halo="#ffffff",
    suburb_label="#634b78", park_label="#2b7428", water_label="#1b68a3",
    housenumber="#998d7f",
)

# Point-of-interest icons of bright, by category: the icon's disc colour and the label's colour.
BRIGHT_CATEGORIES = {
    "food": {"icon": "#ec7630", "label": "#b2521a"},
    "shop": {"icon": "#a25ad0", "label": "#7a3ca4"},
    "health": {"icon": "#df4349", "label": "#ad2c31"},
    "education": {"icon": "#c08a26", "label": "#855c12"},
    "culture": {"icon": "#d5417d", "label": "#a22b5b"},
    "lodging": {"icon": "#4f63d4", "label": "#3747a4"},
    "transport": {"icon": "#2b7ccd", "label": "#1f5d99"},
    "recreation": {"icon": "#389843", "label": "#287230"},
    "civic": {"icon": "#667083", "label": "#474e5c"},
    "other": {"icon": "#8c7b6b", "label": "#66584b"},
}

# Icon name → its category and priority (1 first; low numbers show at lower zooms and win collisions).
BRIGHT_ICONS = {
    "railway": {"category": "transport", "priority": 1},
    "hospital": {"category": "health", "priority": 2},
    "museum": {"category": "culture", "priority": 3},
    "attraction": {"category": "culture", "priority": 3},
    "castle": {"category": "culture", "priority": 3},
    "harbor": {"category": "transport", "priority": 4},
    "town_hall": {"category": "civic", "priority": 4},
    "college": {"category": "education", "priority": 4},
    "place_of_worship": {"category": "civic", "priority": 5},
    "park": {"category": "recreation", "priority": 5},
    "theatre": {"category": "culture", "priority": 5},
    "school": {"category": "education", "priority": 6},
    "library": {"category": "education", "priority": 6},
    "cinema": {"category": "culture", "priority": 6},
    "tram": {"category": "transport", "priority": 7},
    "art": {"category": "culture", "priority": 7},
    "cemetery": {"category": "civic", "priority": 7},
    "police": {"category": "civic", "priority": 7},
    "post": {"category": "civic", "priority": 8},
    "lodging": {"category": "lodging", "priority": 8},
    "pharmacy": {"category": "health", "priority": 8},
    "bank": {"category": "civic", "priority": 9},
    "sport": {"category": "recreation", "priority": 9},
    "restaurant": {"category": "food", "priority": 10},
    "cafe": {"category": "food", "priority": 10},
    "skiing": {"category": "recreation", "priority": 10},
    "bar": {"category": "food", "priority": 11},
    "beer": {"category": "food", "priority": 11},
    "grocery": {"category": "shop", "priority": 11},
    "fast_food": {"category": "food", "priority": 12},
    "fuel": {"category": "transport", "priority": 12},
    "information": {"category": "culture", "priority": 12},
    "shop": {"category": "shop", "priority": 13},
    "bus": {"category": "transport", "priority": 14},
    "parking": {"category": "transport", "priority": 15},
    "dot": {"category": "other", "priority": 16},
}

# OpenMapTiles POI `class` → icon, or (icon, {subclass: icon}) where the subclass says more
# (tilemaker leaves many POIs in the generic classes amenity, shop, leisure and tourism).
# Classes not listed, and POIs without a class, get "dot".
_FOOD_SHOPS = {s: "grocery" for s in ["supermarket", "convenience", "greengrocer", "deli", "bakery", "butcher",
                                      "marketplace", "grocery", "health_food", "cheese", "seafood", "pastry"]}
BRIGHT_POI_CLASSES = {
    "amenity": ("dot", {
        "restaurant": "restaurant", "cafe": "cafe", "ice_cream": "cafe", "bar": "bar", "nightclub": "bar",
        "pub": "beer", "biergarten": "beer", "fast_food": "fast_food", "food_court": "fast_food",
        "pharmacy": "pharmacy", "hospital": "hospital", "clinic": "hospital", "doctors": "hospital",
        "dentist": "hospital", "place_of_worship": "place_of_worship", "bank": "bank", "atm": "bank",
        "bureau_de_change": "bank", "police": "police", "fuel": "fuel", "theatre": "theatre",
        "cinema": "cinema", "arts_centre": "art", "library": "library", "school": "school",
        "kindergarten": "school", "college": "college", "university": "college",
        "post_office": "post", "townhall": "town_hall", "courthouse": "town_hall",
        "community_centre": "town_hall", "embassy": "town_hall", "fire_station": "town_hall",
        "ferry_terminal": "harbor", "bus_station": "bus", "parking": "parking",
        "marketplace": "grocery", "swimming_pool": "sport",
    }),
    "shop": ("shop", _FOOD_SHOPS),
    "grocery": "grocery", "alcohol_shop": "shop", "clothing_store": "shop", "music": "shop",
    "laundry": "shop", "jewelry": "shop", "ice_cream": "cafe",
    "leisure": ("park", {
        "pitch": "sport", "sports_centre": "sport", "stadium": "sport", "swimming_pool": "sport",
        "fitness_centre": "sport", "golf_course": "sport", "miniature_golf": "sport", "track": "sport",
        "marina": "harbor",
    }),
    "tourism": ("attraction", {
        "information": "information", "museum": "museum", "gallery": "art", "artwork": "art",
        "hotel": "lodging", "hostel": "lodging", "guest_house": "lodging", "motel": "lodging",
        "alpine_hut": "lodging", "chalet": "lodging", "camp_site": "lodging", "picnic_site": "park",
    }),
    "art_gallery": "art",
    "library": ("library", {"books": "shop"}),
    "restaurant": "restaurant", "cafe": "cafe", "bar": "bar", "beer": "beer", "fast_food": "fast_food",
    "bank": "bank", "hospital": "hospital", "doctor": "hospital", "dentist": "hospital", "pharmacy": "pharmacy",
    "school": "school", "college": "college", "museum": "museum", "theatre": "theatre", "cinema": "cinema",
    "lodging": "lodging", "campsite": "lodging", "parking": "parking", "bus": "bus",
    "railway": ("railway", {"tram_stop": "tram"}), "place_of_worship": "place_of_worship", "park": "park", "garden": "park",
    "attraction": "attraction", "historic": "attraction", "monument": "attraction", "zoo": "attraction",
    "castle": "castle", "harbor": "harbor", "ferry_terminal": "harbor", "post": "post", "police": "police",
    "town_hall": "town_hall", "fire_station": "town_hall", "embassy": "town_hall", "cemetery": "cemetery",
    "sport": ("sport", {"skiing": "skiing"}), "stadium": "sport", "golf": "sport", "swimming": "sport",
    "fuel": "fuel", "information": "information",
}


def zoom_curve(stops, base=1.5):
    """Width or size by MapLibre zoom: [[zoom, value], ...], exponential between stops."""
    out = ["interpolate", ["exponential", base], ["zoom"]]
    for z, v in stops:
        out += [z, v]
    return out


def layers(p, poi_layers=None):
    """The style's layers for palette `p`; `poi_layers(p, name, font)` gives the point-of-interest
    layers (default: light and dark's labelled dots)."""
    poi_layers = poi_layers or dot_poi_layers
    L = []
    add = L.append
    src = {"source": "openmaptiles"}

    add({"id": "background", "type": "background", "paint": {"background-color": p["background"]}})

    # Land use and land cover, quiet colours under everything.
    for lid, layer, classes, colour, minzoom in [
        ("landuse-residential", "landuse", ["residential", "suburb", "neighbourhood"], "residential", 0),
        ("landuse-commercial", "landuse", ["commercial", "retail"], "commercial", 11),
        ("landuse-industrial", "landuse", ["industrial", "garages", "railway", "dam"], "industrial", 11),
        ("landuse-institution", "landuse", ["school", "college", "university", "kindergarten"], "institution", 11),
        ("landuse-hospital", "landuse", ["hospital"], "hospital", 11),
        ("landuse-cemetery", "landuse", ["cemetery"], "cemetery", 11),
        ("landcover-sand", "landcover", ["sand", "beach"], "sand", 8),
        ("landcover-grass", "landcover", ["grass", "farmland", "meadow"], "grass", 8),
        ("landcover-wood", "landcover", ["wood", "forest"], "wood", 6),
        ("landuse-pitch", "landuse", ["pitch", "playground", "stadium", "park", "garden"], "pitch", 12),
    ]:
        add({"id": lid, "type": "fill", **src, "source-layer": layer, "minzoom": minzoom,
             "filter": ["match", ["get", "class"], classes, True, False],
             "paint": {"fill-color": p[colour]}})
    add({"id": "park", "type": "fill", **src, "source-layer": "park",
         "paint": {"fill-color": p["park"], "fill-opacity": 0.8}})
    add({"id": "aeroway-area", "type": "fill", **src, "source-layer": "aeroway", "minzoom": 11,
         "filter": ["==", ["geometry-type"], "Polygon"], "paint": {"fill-color": p["aeroway"]}})

    # Water.
    add({"id": "waterway", "type": "line", **src, "source-layer": "waterway",
         "filter": ["!=", ["get", "brunnel"], "tunnel"],
         "layout": {"line-cap": "round", "line-join": "round"},
         "paint": {"line-color": p["water_line"],
                   "line-width": zoom_curve([[10, 0.5], [14, 1.5], [18, 5]], 1.4)}})
    add({"id": "water", "type": "fill", **src, "source-layer": "water",
         "filter": ["!=", ["get", "brunnel"], "tunnel"],
         "paint": {"fill-color": p["water"]}})

    # Piers: areas and lines, land-coloured over the water.
    add({"id": "pier-area", "type": "fill", **src, "source-layer": "transportation", "minzoom": 13,
         "filter": ["all", ["==", ["geometry-type"], "Polygon"], ["==", ["get", "class"], "pier"]],
         "paint": {"fill-color": p["pier"], "fill-outline-color": p["pier_outline"]}})
    add({"id": "pier-line", "type": "line", **src, "source-layer": "transportation", "minzoom": 13,
         "filter": ["all", ["==", ["geometry-type"], "LineString"], ["==", ["get", "class"], "pier"]],
         "layout": {"line-cap": "square"},
         "paint": {"line-color": p["pier"], "line-width": zoom_curve([[14, 1.5], [18, 10]], 1.6)}})

    # Buildings.
    add({"id": "building", "type": "fill", **src, "source-layer": "building", "minzoom": 13,
         "paint": {"fill-color": p["building"],
                   "fill-outline-color": ["step", ["zoom"], p["building"], 15, p["building_outline"]],
                   "fill-opacity": ["interpolate", ["linear"], ["zoom"], 13, 0.4, 15, 1]}})

    # Roads: widths per class (fill width; the casing adds a border on each side).
    widths = {
        "motorway": [[8, 1], [12, 3], [15, 8], [17, 18], [19, 40]],
        "trunk": [[8, 1], [12, 3], [15, 8], [17, 18], [19, 40]],
        "primary": [[8, 0.8], [12, 2.5], [15, 7.5], [17, 16], [19, 36]],
        "secondary": [[9, 0.6], [12, 2], [15, 6.5], [17, 14], [19, 32]],
        "tertiary": [[10, 0.5], [12, 1.5], [15, 5.5], [17, 12], [19, 28]],
        "minor": [[12, 0.5], [14, 1.8], [15, 3.8], [17, 9], [19, 22]],
        "service": [[13, 0.4], [15, 2], [17, 5], [19, 12]],
    }
    style_of = {
        "motorway": ("motorway", "motorway_casing"), "trunk": ("motorway", "motorway_casing"),
        "primary": ("primary", "primary_casing"), "secondary": ("secondary", "secondary_casing"),
        # A palette may give tertiary roads their own colours; light and dark draw them as minor roads.
        "tertiary": ("tertiary" if "tertiary" in p else "minor", "tertiary_casing" if "tertiary_casing" in p else "minor_casing"),
        "minor": ("minor", "minor_casing"),
        "service": ("service", "minor_casing"),
    }
    minzooms = {"motorway": 5, "trunk": 5, "primary": 7, "secondary": 9, "tertiary": 10, "minor": 12, "service": 13}
    drawing_order = ["service", "minor", "tertiary", "secondary", "primary", "trunk", "motorway"]

    def road_class_filter(cls):
        # `_construction` variants draw like their class.
        return ["match", ["get", "class"], [cls, cls + "_construction"], True, False]

    def road_layers(brunnel, brunnel_filter):
        casing_colour_key = "tunnel_casing" if brunnel == "tunnel" else None
        for cls in drawing_order:
            fill, casing = style_of[cls]
            w = widths[cls]
            casing_w = [[z, v + (1.2 if z >= 14 else 0.6) * 2 * (1 if v > 1 else 0.6)] for z, v in w]
            paint = {"line-color": p[casing_colour_key or casing], "line-width": zoom_curve(casing_w)}
            if brunnel == "tunnel":
                paint["line-dasharray"] = [0.5, 0.25]
            add({"id": f"road-{brunnel}-{cls}-casing", "type": "line", **src, "source-layer": "transportation",
                 "minzoom": max(minzooms[cls], 11 if cls in ("minor", "service", "tertiary") else minzooms[cls]),
                 "filter": ["all", road_class_filter(cls), brunnel_filter],
                 "layout": {"line-cap": "butt" if brunnel == "tunnel" else "round", "line-join": "round"},
                 "paint": paint})
        for cls in drawing_order:
            fill, casing = style_of[cls]
            paint = {"line-color": p[fill], "line-width": zoom_curve(widths[cls])}
            if brunnel == "tunnel":
                paint["line-opacity"] = p.get("tunnel_opacity", 0.6)
            add({"id": f"road-{brunnel}-{cls}", "type": "line", **src, "source-layer": "transportation",
                 "minzoom": minzooms[cls], "filter": ["all", road_class_filter(cls), brunnel_filter],
                 "layout": {"line-cap": "round", "line-join": "round"}, "paint": paint})

    road_layers("tunnel", ["==", ["get", "brunnel"], "tunnel"])

    # Paths and tracks: dashed, no casing.
    add({"id": "path", "type": "line", **src, "source-layer": "transportation", "minzoom": 14,
         "filter": ["match", ["get", "class"], ["path", "track"], True, False],
         "layout": {"line-join": "round"},
         "paint": {"line-color": p["path"], "line-width": zoom_curve([[14, 0.6], [16, 1], [18, 2]], 1.4),
                   "line-dasharray": [3, 2]}})

    road_layers("ground", ["!", ["match", ["get", "brunnel"], ["tunnel", "bridge"], True, False]])

    # Railways: a grey line with white dashes; trams thinner.
    rail = ["match", ["get", "class"], ["rail", "narrow_gauge", "preserved", "funicular", "light_rail", "subway", "monorail"], True, False]
    for brunnel, bfilter in [("ground", ["!=", ["get", "brunnel"], "tunnel"])]:
        add({"id": f"railway-{brunnel}", "type": "line", **src, "source-layer": "transportation", "minzoom": 10,
             "filter": ["all", rail, bfilter],
             "paint": {"line-color": p["rail"], "line-width": zoom_curve([[10, 0.6], [14, 1.6], [18, 4]], 1.4)}})
        add({"id": f"railway-{brunnel}-dash", "type": "line", **src, "source-layer": "transportation", "minzoom": 13,
             "filter": ["all", rail, bfilter],
             "paint": {"line-color": p["rail_dash"], "line-width": zoom_curve([[13, 0.5], [14, 1], [18, 2.5]], 1.4),
                       "line-dasharray": [3, 3]}})
    add({"id": "railway-tunnel", "type": "line", **src, "source-layer": "transportation", "minzoom": 13,
         "filter": ["all", rail, ["==", ["get", "brunnel"], "tunnel"]],
         "paint": {"line-color": p["rail"], "line-opacity": 0.5, "line-width": zoom_curve([[13, 0.6], [18, 2.5]], 1.4),
                   "line-dasharray": [2, 2]}})
    add({"id": "tramway", "type": "line", **src, "source-layer": "transportation", "minzoom": 14,
         "filter": ["==", ["get", "class"], "tram"],
         "paint": {"line-color": p["rail"], "line-width": zoom_curve([[14, 0.5], [18, 1.5]], 1.4)}})

    road_layers("bridge", ["==", ["get", "brunnel"], "bridge"])

    add({"id": "boundary", "type": "line", **src, "source-layer": "boundary",
         "filter": ["<=", ["coalesce", ["get", "admin_level"], 2], 4],
         "layout": {"line-join": "round"},
         "paint": {"line-color": p["boundary"], "line-opacity": 0.6,
                   "line-width": zoom_curve([[4, 0.6], [10, 1.2], [16, 2.5]], 1.3),
                   "line-dasharray": [4, 2, 1, 2]}})

    # Labels, bottom (lowest priority) to top (highest).
    name = ["coalesce", ["get", "name:latin"], ["get", "name_int"], ""]
    font = ["Noto Sans Regular"]
    bold = ["Noto Sans Bold"]
    italic = ["Noto Sans Italic"]

    add({"id": "housenumber", "type": "symbol", **src, "source-layer": "housenumber", "minzoom": 17,
         "layout": {"text-field": ["to-string", ["get", "housenumber"]], "text-font": font, "text-size": 9,
                    "text-padding": 2},
         "paint": {"text-color": p["housenumber"], "text-halo-color": p["road_halo"], "text-halo-width": 1}})
    add({"id": "water-name-line", "type": "symbol", **src, "source-layer": "water_name",
         "filter": ["==", ["geometry-type"], "LineString"],
         "layout": {"text-field": name, "text-font": italic, "text-size": 12, "symbol-placement": "line"},
         "paint": {"text-color": p["water_label"], "text-halo-color": p["water"], "text-halo-width": 1.2}})
    add({"id": "water-name", "type": "symbol", **src, "source-layer": "water_name",
         "filter": ["==", ["geometry-type"], "Point"],
         "layout": {"text-field": name, "text-font": italic, "text-size": 14, "text-max-width": 8,
                    "text-letter-spacing": 0.1},
         "paint": {"text-color": p["water_label"], "text-halo-color": p["water"], "text-halo-width": 1.2}})
    L.extend(poi_layers(p, name, font))
    add({"id": "park-name", "type": "symbol", **src, "source-layer": "park", "minzoom": 13,
         "filter": ["has", "name:latin"],
         "layout": {"text-field": name, "text-font": italic, "text-size": 12, "text-max-width": 8},
         "paint": {"text-color": p["park_label"], "text-halo-color": p["road_halo"], "text-halo-width": 1.4}})
    add({"id": "rail-name", "type": "symbol", **src, "source-layer": "transportation_name", "minzoom": 15,
         "filter": ["==", ["get", "class"], "rail"],
         "layout": {"text-field": name, "text-font": font, "text-size": 10, "symbol-placement": "line"},
         "paint": {"text-color": p["rail"], "text-halo-color": p["road_halo"], "text-halo-width": 1.2}})
    for cls_list, lid, minzoom, size in [
        (["path", "track", "service"], "road-name-small", 16, [[16, 9.5], [18, 11]]),
        (["minor", "tertiary"], "road-name-minor", 15, [[15, 10.5], [18, 13]]),
        (["primary", "secondary", "trunk", "motorway"], "road-name-major", 13, [[13, 10.5], [18, 14]]),
    ]:
        add({"id": lid, "type": "symbol", **src, "source-layer": "transportation_name", "minzoom": minzoom,
             "filter": ["match", ["get", "class"], cls_list, True, False],
             "layout": {"text-field": name, "text-font": font, "text-size": zoom_curve(size, 1.2),
                        "symbol-placement": "line", "symbol-spacing": 300, "text-max-angle": 30},
             "paint": {"text-color": p["road_label"], "text-halo-color": p["road_halo"], "text-halo-width": 1.6}})
    add({"id": "place-minor", "type": "symbol", **src, "source-layer": "place", "minzoom": 12,
         "filter": ["match", ["get", "class"], ["suburb", "neighbourhood", "quarter", "hamlet", "isolated_dwelling", "locality"], True, False],
         "layout": {"text-field": name, "text-font": bold, "text-transform": "uppercase",
                    "text-size": zoom_curve([[12, 10], [16, 14]], 1.2), "text-letter-spacing": 0.08,
                    "text-max-width": 9, "symbol-sort-key": ["coalesce", ["get", "rank"], 99], "text-padding": 4},
         "paint": {"text-color": p["suburb_label"], "text-halo-color": p["place_halo"], "text-halo-width": 2}})
    add({"id": "place-major", "type": "symbol", **src, "source-layer": "place",
         "filter": ["match", ["get", "class"], ["city", "town", "village"], True, False],
         "layout": {"text-field": name, "text-font": bold,
                    "text-size": zoom_curve([[8, ["match", ["get", "class"], "city", 14, 11]],
                                             [14, ["match", ["get", "class"], "city", 20, 16]]], 1.2),
                    "text-max-width": 8, "symbol-sort-key": ["coalesce", ["get", "rank"], 99], "text-padding": 6},
         "paint": {"text-color": p["place_label"], "text-halo-color": p["place_halo"], "text-halo-width": 2}})
    add({"id": "place-country", "type": "symbol", **src, "source-layer": "place", "maxzoom": 10,
         "filter": ["==", ["get", "class"], "country"],
         "layout": {"text-field": name, "text-font": bold, "text-size": 14, "text-transform": "uppercase",
                    "text-letter-spacing": 0.1},
         "paint": {"text-color": p["place_label"], "text-halo-color": p["place_halo"], "text-halo-width": 2}})
    return L


def dot_poi_layers(p, name, font):
    """light and dark: one layer of labelled dots (a square for stations), by rank and zoom."""
    poi_filter = ["all", ["has", "name:latin"], ["has", "class"],
                  ["!", ["match", ["get", "class"], ["barrier", "bus", "entrance", "parking", "bicycle_parking", "atm"], True, False]],
                  ["<=", ["coalesce", ["get", "rank"], 99], ["step", ["zoom"], 6, 15, 20, 16, 99]]]
    return [{"id": "poi", "type": "symbol", "source": "openmaptiles", "source-layer": "poi", "minzoom": 14,
             "filter": poi_filter,
             "layout": {"text-field": name, "text-font": font, "text-size": 11, "text-max-width": 8,
                        "icon-image": ["match", ["get", "class"], "railway", p["station_icon"], p["poi_icon"]],
                        "text-anchor": "top", "text-offset": [0, 0.45],
                        "symbol-sort-key": ["coalesce", ["get", "rank"], 99], "text-padding": 2},
             "paint": {"text-color": p["poi_label"], "text-halo-color": p["road_halo"], "text-halo-width": 1.4}}]

def by_poi_icon(value_of):
    """An expression giving value_of(icon) for a POI feature, from BRIGHT_POI_CLASSES: a match on
    `class`, and inside the generic classes a match on `subclass`. Equal outputs share a branch."""
    def match(key, cases, default):
        groups = {}  # output (as JSON) → labels, in first-seen order
        for label, out in cases:
            if out != default:
                groups.setdefault(json.dumps(out), (out, []))[1].append(label)
        if not groups:
            return default
        expr = ["match", ["get", key]]
        for out, labels in groups.values():
            expr += [labels[0] if len(labels) == 1 else labels, out]
        return expr + [default]

    cases = []
    for cls, icon in BRIGHT_POI_CLASSES.items():
        if isinstance(icon, tuple):
            default, subclasses = icon
            cases.append((cls, match("subclass", [(s, value_of(i)) for s, i in subclasses.items()], value_of(default))))
        else:
            cases.append((cls, value_of(icon)))
    return match("class", cases, value_of("dot"))


def bright_poi_layers(p, name, font):
    """bright: icons by class (our own sprite) with the name under them in the category's colour.
    Parking and bus stops get icon layers of their own at high zooms, under the named POIs."""
    src = {"source": "openmaptiles", "source-layer": "poi"}
    icon = by_poi_icon(lambda i: i)
    label_colour = by_poi_icon(lambda i: BRIGHT_CATEGORIES[BRIGHT_ICONS[i]["category"]]["label"])
    priority = by_poi_icon(lambda i: BRIGHT_ICONS[i]["priority"])
    halo = {"text-halo-color": p["road_halo"], "text-halo-width": 1.5}
    return [
        {"id": "poi-parking", "type": "symbol", **src, "minzoom": 16.5,
         "filter": ["==", ["get", "subclass"], "parking"],
         "layout": {"icon-image": "parking", "icon-padding": 4}},
        {"id": "poi-bus", "type": "symbol", **src, "minzoom": 16.5,
         "filter": ["==", ["get", "class"], "bus"],
         "layout": {"icon-image": "bus", "icon-padding": 4,
                    "text-field": ["step", ["zoom"], "", 17.5, name], "text-font": font, "text-size": 10,
                    "text-max-width": 7, "text-anchor": "top", "text-offset": [0, 0.85], "text-optional": True},
         "paint": {"text-color": BRIGHT_CATEGORIES["transport"]["label"], **halo}},
        {"id": "poi", "type": "symbol", **src, "minzoom": 14,
         "filter": ["all", ["has", "name:latin"],
                    ["!", ["match", ["get", "class"], ["barrier", "bus", "entrance", "aerialway"], True, False]],
                    ["!", ["match", ["get", "subclass"], ["parking", "bicycle_parking", "motorcycle_parking", "atm",
                                                          "waste_basket", "toilets", "bench", "post_box", "recycling"], True, False]],
                    ["<=", priority, ["step", ["zoom"], 4, 15, 11, 16, 99]]],
         "layout": {"icon-image": icon, "icon-padding": 2,
                    "text-field": name, "text-font": font, "text-size": 11, "text-max-width": 8,
                    "text-anchor": "top", "text-offset": [0, 0.85], "text-padding": 2,
                    "symbol-sort-key": priority},
         "paint": {"text-color": label_colour, **halo}},
    ]


def style(p, sprite="sprite/mapsnap", poi_layers=None):
    return {
        "version": 8,
        "name": p["name"],
        "metadata": {"mapsnap:generator": "styles/source/make_styles.py"},
        # The harbour of Monaco, which the embedded data covers.
        "center": [7.4260, 43.7360],
        "zoom": 15.7,
        "sprite": sprite,
        "sources": {
            "openmaptiles": {
                "type": "vector",
                # The embedded data folder: every archive in it (Monaco, Helsinki, Andorra) side by side.
                "url": "mbtiles://../data",
                "attribution": ATTRIBUTION,
            }
        },
        "layers": layers(p, poi_layers),
    }


if __name__ == "__main__":
    for doc, filename in [(style(LIGHT), "light.json"), (style(DARK), "dark.json"),
                          (style(BRIGHT, "sprite/bright", bright_poi_layers), "bright.json")]:
        with open(os.path.join(HERE, "..", filename), "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1, ensure_ascii=False)
            f.write("\n")
    print("wrote styles/light.json, styles/dark.json and styles/bright.json")
