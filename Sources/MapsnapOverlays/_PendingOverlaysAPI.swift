// TEMPORARY stub of the API being written on branch `overlays`; deleted when that branch merges.
import Foundation
public enum Geodesy {
    public static func distanceMeters(_ a: LatLon, _ b: LatLon) -> Double { 0 }
    public static func destination(from: LatLon, degreesClockwiseFromNorth: Double, meters: Double) -> LatLon { from }
    public static func circle(center: LatLon, radiusMeters: Double, segments: Int = 128) -> [LatLon] { [] }
    public static func initialBearing(from: LatLon, to: LatLon) -> Double { 0 }
}
public enum GCJ02 {
    public static func isOutsideChina(_ p: LatLon) -> Bool { true }
    public static func fromWGS84(_ p: LatLon) -> LatLon { p }
    public static func toWGS84(_ p: LatLon) -> LatLon { p }
}
public enum Overlay: Sendable { case marker(Marker), userLocation(UserLocation), circle(GeoCircle), track(Track), polygon(PolygonOverlay) }
public enum MarkerSize: String, Sendable { case small, medium, large }
public struct Marker: Sendable, Equatable { public var coordinate: LatLon; public var color: Color; public var title: String?; public var glyph: String?; public var size: MarkerSize
    public init(coordinate: LatLon, color: Color = Color(r: 0.9, g: 0.28, b: 0.25, a: 1), title: String? = nil, glyph: String? = nil, size: MarkerSize = .medium) { self.coordinate = coordinate; self.color = color; self.title = title; self.glyph = glyph; self.size = size } }
public struct UserLocation: Sendable, Equatable { public var coordinate: LatLon; public var accuracyMeters: Double?; public var headingDegrees: Double?; public var reducedAccuracy: Bool
    public init(coordinate: LatLon, accuracyMeters: Double? = nil, headingDegrees: Double? = nil, reducedAccuracy: Bool = false) { self.coordinate = coordinate; self.accuracyMeters = accuracyMeters; self.headingDegrees = headingDegrees; self.reducedAccuracy = reducedAccuracy } }
public struct GeoCircle: Sendable, Equatable { public var center: LatLon; public var radiusMeters: Double; public var fillColor: Color?; public var fillOpacity: Double; public var strokeColor: Color?; public var strokeWidth: Double; public var strokeOpacity: Double; public var dash: [Double]?
    public init(center: LatLon, radiusMeters: Double) { self.center = center; self.radiusMeters = radiusMeters; fillColor = Color(r: 0.1, g: 0.4, b: 0.9, a: 1); fillOpacity = 0.15; strokeColor = Color(r: 0.1, g: 0.4, b: 0.9, a: 1); strokeWidth = 2; strokeOpacity = 1; dash = nil } }
public struct Track: Sendable, Equatable { public var segments: [[LatLon]]; public var color: Color; public var width: Double; public var casingColor: Color?; public var casingWidth: Double; public var opacity: Double; public var dash: [Double]?; public var startMarker: Bool; public var endMarker: Bool; public var title: String?
    public init(segments: [[LatLon]]) { self.segments = segments; color = Color(r: 0.1, g: 0.4, b: 0.9, a: 1); width = 4; casingColor = .white; casingWidth = 1.5; opacity = 1; dash = nil; startMarker = false; endMarker = false; title = nil } }
public struct PolygonOverlay: Sendable, Equatable { public var rings: [[LatLon]]; public var fillColor: Color?; public var fillOpacity: Double; public var strokeColor: Color?; public var strokeWidth: Double; public var strokeOpacity: Double
    public init(rings: [[LatLon]]) { self.rings = rings; fillColor = Color(r: 0.1, g: 0.4, b: 0.9, a: 1); fillOpacity = 0.2; strokeColor = Color(r: 0.1, g: 0.4, b: 0.9, a: 1); strokeWidth = 2; strokeOpacity = 1 } }
public struct Fix: Sendable, Equatable { public var coordinate: LatLon; public var accuracyMeters: Double?; public var time: Date? }
public struct FixFilter: Sendable { public var maxAccuracyMeters: Double? = 100; public var minDistanceMeters: Double? = nil; public var dropTimeRegressions = true
    public init() {} }
public struct FixFilterReport: Sendable, Equatable, CustomStringConvertible { public var total = 0, kept = 0; public var description: String { "" } }
public enum OverlayError: Error, Equatable, CustomStringConvertible, Sendable { case x; public var description: String { "" } }
public enum GeoJSONOverlayReader { public static func read(_ data: Data, fileName: String) throws(OverlayError) -> [Overlay] { [] } }
public enum TrackFile { public static func load(path: String, filter: FixFilter, style: Track, startEndMarkers: Bool) throws(OverlayError) -> TrackLoadResult { fatalError() } }
public struct TrackLoadResult: Sendable { public var overlays: [Overlay]; public var reports: [FixFilterReport]; public var warnings: [String] }
