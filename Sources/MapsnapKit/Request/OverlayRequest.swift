import Foundation
import MapsnapGeo
import MapsnapOverlays

/// What a request draws over the map. Values given directly (markers, circles, …) are checked by
/// `MapRequest.validate()`; files (tracks, GeoJSON) are read when the request is rendered, so
/// that in a batch a missing file fails its own item only.
public struct OverlayRequest: Sendable, Equatable {
    public var markers: [Marker] = []
    public var userLocation: UserLocation?
    /// Show the user's location as approximate (its circle only), as a phone does.
    public var reducedAccuracy = false
    /// Geofences: geodesic circles.
    public var circles: [GeoCircle] = []
    public var polygons: [PolygonOverlay] = []
    /// Tracks given as coordinates (a library caller, a URL's path).
    public var tracks: [Track] = []
    /// Track files: GPX, GeoJSON or CSV, read with `trackStyle`.
    public var trackFiles: [String] = []
    public var trackStyle = TrackFileStyle()
    /// GeoJSON files styled with simplestyle-spec.
    public var geoJSONFiles: [String] = []
    /// Overlays read from inline GeoJSON (a manifest's `geojson`), already checked by the reader.
    public var geoJSON: [Overlay] = []

    public init() {}

    /// True when anything at all is to be drawn (so the camera fits it by default).
    public var hasAny: Bool {
        !markers.isEmpty || userLocation != nil || !circles.isEmpty || !polygons.isEmpty || !tracks.isEmpty
            || !trackFiles.isEmpty || !geoJSONFiles.isEmpty || !geoJSON.isEmpty
    }
}

/// How track files are filtered and drawn.
public struct TrackFileStyle: Sendable, Equatable {
    public var filter = FixFilter()
    /// nil: the default blue.
    public var color: Color?
    /// Green start and red end dots.
    public var endpoints = true

    public init() {}
}
