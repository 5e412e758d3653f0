import MapsnapKit

/// What is drawn over the map: markers, the user's location, geofences, tracks, GeoJSON.
enum OverlayOptions {
    static func group<C: RequestContext>() -> OptionGroup<C> {
        OptionGroup("Overlays (coordinates latitude first; GeoJSON files use [lon, lat] as RFC 7946 says)", [
            .field("markers", ["--marker"], help: "a balloon pin; GLYPH is 1-2 characters (repeatable)"),
            .field("marker-icons", ["--marker-icon"], help: "a marker drawn from a PNG image; ANCHOR as MapLibre's\nicon-anchor (default bottom), SCALE its size (default 1) (repeatable)",
                   as: "marker-icons"),
            .field("user", ["--user"], help: "the user's location with its GPS accuracy circle"),
            .fieldSwitch("reduced-accuracy", ["--reduced-accuracy"], sets: "true", help: "show --user as an approximate location (circle only)"),
            .field("circles", ["--circle"], help: "a geofence circle, geodesic (repeatable)"),
            .field("tracks", ["--track"], "FILE", help: "a track from .gpx, .geojson or .csv (lat,lon[,accuracy_m][,time]) (repeatable)"),
            .field("overlays", ["--overlay"], help: "GeoJSON styled with simplestyle-spec properties (repeatable)"),
            .field("track-color", ["--track-color"], help: "colour of --track lines (default blue)"),
            .fieldSwitch("track-endpoints", ["--no-track-endpoints"], sets: "false", help: "no start/end dots on tracks"),
            .field("accuracy-limit", ["--accuracy-limit"], help: "drop fixes with accuracy worse than M meters (default 100)"),
            .field("min-distance", ["--min-distance"], help: "drop fixes closer than M meters to the last kept one (default off)"),
            .fieldSwitch("keep-time-regressions", ["--keep-time-regressions"], sets: "true",
                         help: "keep fixes whose time goes backwards or repeats (default: dropped)"),
            .field("before-layer", ["--before-layer"], help: "draw the overlays under this style layer (and those above it), not on top"),
            .field("coords", ["--coords"], help: "datum of overlay coordinates and --center (gcj02: mainland China maps)"),
        ])
    }
}
