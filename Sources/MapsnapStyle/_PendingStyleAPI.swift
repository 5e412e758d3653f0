// TEMPORARY stub of the API being written on branch `style`; deleted when that branch merges.
import Foundation
public struct Color: Hashable, Sendable { public var r, g, b, a: Double
    public init(r: Double, g: Double, b: Double, a: Double) { self.r = r; self.g = g; self.b = b; self.a = a }
    public static func parse(_ css: String) -> Color? { nil }
    public static let black = Color(r: 0, g: 0, b: 0, a: 1), white = Color(r: 1, g: 1, b: 1, a: 1), transparent = Color(r: 0, g: 0, b: 0, a: 0) }
public struct StyleProperty<T: Sendable>: Sendable {
    let v: T
    public static func constant(_ v: T) -> StyleProperty<T> { .init(v: v) }
    public func evaluate(zoom: Double, feature: (any Feature)?) -> T { v }
    public var dependsOnFeature: Bool { false }
    public var constantValue: T? { v }
}
public struct Filter: Sendable { public func matches(_ feature: any Feature, zoom: Double) -> Bool { true } }
public struct StyleIssue: Hashable, Sendable, CustomStringConvertible { public var path: String; public var message: String; public var description: String { path + ": " + message } }
public enum StyleError: Error, CustomStringConvertible { case unreadable(file: String, reason: String); case invalidJSON(file: String, reason: String); case invalid(file: String, issues: [StyleIssue])
    public var description: String { "" } }
public struct StyleDocument: Sendable {
    public var name: String?
    public var sources: [String: StyleSource]
    public var layers: [StyleLayer]
    public var sprite: String?; public var glyphs: String?
    public var center: LatLon?; public var zoom: Double?; public var bearing: Double?
    public var warnings: [StyleIssue]
    public static func load(contentsOf url: URL) throws(StyleError) -> StyleDocument { fatalError() }
    public static func parse(_ data: Data, baseURL: URL?, fileName: String) throws(StyleError) -> StyleDocument { fatalError() }
}
public enum StyleSource: Sendable { case vector(VectorSource), other(type: String) }
public struct VectorSource: Sendable { public var url: String?; public var tiles: [String]?; public var minZoom: Int; public var maxZoom: Int; public var attribution: String?; public var mbtilesPath: String? }
public struct StyleLayer: Sendable { public var id: String; public var source: String?; public var sourceLayer: String?; public var minZoom: Double?; public var maxZoom: Double?; public var filter: Filter?; public var visible: Bool; public var kind: LayerKind
    public func isVisible(atZoom z: Double) -> Bool { true } }
public enum LayerKind: Sendable { case background(BackgroundLayer), fill(FillLayer), line(LineLayer), symbol(SymbolLayer), circle(CircleLayer), unsupported(type: String) }
public struct BackgroundLayer: Sendable { public var color: StyleProperty<Color>; public var opacity: StyleProperty<Double> }
public struct FillLayer: Sendable { public var color: StyleProperty<Color>; public var opacity: StyleProperty<Double>; public var outlineColor: StyleProperty<Color>?; public var antialias: StyleProperty<Bool>; public var translate: StyleProperty<[Double]>; public var pattern: StyleProperty<String>? }
public enum LineCap: String, Sendable { case butt, round, square }
public enum LineJoin: String, Sendable { case bevel, round, miter }
public struct LineLayer: Sendable { public var color: StyleProperty<Color>; public var width, opacity, gapWidth, offset, blur: StyleProperty<Double>; public var dasharray: StyleProperty<[Double]>?; public var cap: StyleProperty<LineCap>; public var join: StyleProperty<LineJoin>; public var miterLimit, roundLimit: StyleProperty<Double> }
public struct CircleLayer: Sendable { public var radius: StyleProperty<Double>; public var color: StyleProperty<Color>; public var opacity, blur, strokeWidth: StyleProperty<Double>; public var strokeColor: StyleProperty<Color>; public var strokeOpacity: StyleProperty<Double>; public var translate: StyleProperty<[Double]> }
public enum SymbolPlacement: String, Sendable { case point, line, lineCenter = "line-center" }
public enum TextTransform: String, Sendable { case none, uppercase, lowercase }
public enum TextAnchor: String, Sendable { case center, left, right, top, bottom, topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right" }
public enum TextJustify: String, Sendable { case auto, left, center, right }
public struct SymbolLayer: Sendable {
    public var placement: StyleProperty<SymbolPlacement>; public var spacing: StyleProperty<Double>; public var sortKey: StyleProperty<Double>?
    public var textField: StyleProperty<String>?; public var textFont: StyleProperty<[String]>; public var textSize: StyleProperty<Double>
    public var textColor: StyleProperty<Color>; public var textHaloColor: StyleProperty<Color>; public var textHaloWidth: StyleProperty<Double>; public var textHaloBlur: StyleProperty<Double>; public var textOpacity: StyleProperty<Double>
    public var textTransform: StyleProperty<TextTransform>; public var textAnchor: StyleProperty<TextAnchor>; public var textOffset: StyleProperty<[Double]>; public var textJustify: StyleProperty<TextJustify>
    public var textMaxWidth: StyleProperty<Double>; public var textLetterSpacing: StyleProperty<Double>; public var textLineHeight: StyleProperty<Double>; public var textPadding: StyleProperty<Double>
    public var textOptional: StyleProperty<Bool>; public var textAllowOverlap: StyleProperty<Bool>; public var textIgnorePlacement: StyleProperty<Bool>; public var textMaxAngle: StyleProperty<Double>
    public var textKeepUpright: StyleProperty<Bool>
    public var iconImage: StyleProperty<String>?
}
