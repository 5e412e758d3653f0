import Foundation
import MapsnapKit
import MapsnapGeo
import MapsnapStyle

/// Plays a render test's `operations` (MapLibre map API calls, as upstream's
/// `run_render_tests.ts` makes them) on its style through `StyleEditor`, before the style is
/// parsed. `wait`, `sleep` and `idle` let time pass (a still renderer has always loaded
/// everything). A paint change to a constant colour or number with a transition
/// (`<property>-transition`, else the style's `transition`, else 300 ms) shows the state after
/// the waits that follow it, eased as MapLibre eases transitions.
///
/// A call MapLibre would refuse (an unknown layer, a source in use) is refused here too and
/// becomes a warning, as MapLibre fires an error event and goes on. A call this runner cannot
/// perform throws `Unsupported`, so that the test fails with that reason.
struct TestOperations {
    struct Unsupported: Error, CustomStringConvertible {
        let operation: String
        var description: String { "operation \(operation) is not supported" }
    }

    /// Reads a file an operation names (`local://styles/…`, `./image/marker.png`); nil when absent.
    typealias FileReader = (String) -> Data?

    private struct Transition {
        var layer: String
        var property: String
        var from: StyleValue
        var to: StyleValue
        var start: Double
        var duration: Double
        var delay: Double
    }

    /// The style with every operation applied. Refused calls are appended to `refused`.
    static func apply(_ operations: [[StyleValue]], to style: StyleValue, files: FileReader = { _ in nil },
                      refused: inout [String]) throws(Unsupported) -> StyleEditor {
        var editor: StyleEditor
        do { editor = try StyleEditor(style: style) } catch { throw Unsupported(operation: "on \(error)") }
        var clock = 0.0
        var transitions: [Transition] = []
        for operation in operations {
            guard case .string(let name)? = operation.first else { throw Unsupported(operation: StyleValue.array(operation).json) }
            let arguments = Array(operation.dropFirst())
            func argument(_ i: Int) -> StyleValue { i < arguments.count ? arguments[i] : .null }
            func string(_ i: Int) throws(Unsupported) -> String {
                guard case .string(let s) = argument(i) else { throw Unsupported(operation: StyleValue.array(operation).json) }
                return s
            }
            do {
                switch name {
                case "wait", "sleep":
                    // `wait` with a number waits that long; a bare `wait`, or one for an event, until loaded.
                    clock += argument(0).numberValue ?? argument(0).stringValue.flatMap(Double.init) ?? 0
                case "idle":
                    break
                case "setPaintProperty":
                    let layer = try string(0), property = try string(1)
                    let old = try editor.property(layer: layer, group: .paint, property)
                    try editor.setProperty(layer: layer, group: .paint, property, argument(2))
                    transitions.removeAll { $0.layer == layer && $0.property == property }
                    if let old, !argument(2).isNull {
                        let transition = try editor.property(layer: layer, group: .paint, property + "-transition")?.objectValue
                            ?? editor.root["transition"]?.objectValue ?? [:]
                        transitions.append(Transition(layer: layer, property: property, from: old, to: argument(2), start: clock,
                                                      duration: transition["duration"]?.numberValue ?? 300,
                                                      delay: transition["delay"]?.numberValue ?? 0))
                    }
                case "setLayoutProperty":
                    try editor.setProperty(layer: try string(0), group: .layout, try string(1), argument(2))
                case "setFilter":
                    try editor.setFilter(layer: try string(0), argument(1))
                case "setLayerZoomRange":
                    try editor.setLayerZoomRange(layer: try string(0), minZoom: argument(1), maxZoom: argument(2))
                case "addLayer":
                    try editor.addLayer(argument(0), before: argument(1).stringValue)
                case "moveLayer":
                    try editor.moveLayer(try string(0), before: argument(1).stringValue)
                case "removeLayer":
                    try editor.removeLayer(try string(0))
                case "addSource":
                    try editor.addSource(try string(0), argument(1))
                case "removeSource":
                    try editor.removeSource(try string(0))
                case "setStyle":
                    var next = argument(0)
                    if case .string(let url) = next {
                        guard let data = files(url), let parsed = try? StyleValue.parseJSON(data) else {
                            throw Unsupported(operation: "setStyle of \(url), which is not a readable fixture")
                        }
                        next = FixtureURLs.localize(style: parsed)
                    }
                    try editor.setStyle(next)
                    transitions.removeAll()
                case "setGlyphs":
                    editor.setGlyphs(argument(0))
                case "setSprite":
                    editor.setSprite(argument(0))
                case "setLight":
                    editor.setLight(argument(0))
                case "addImage", "updateImage":
                    let image = try styleImage(path: try string(1), options: argument(2), files: files)
                    if name == "addImage" { try editor.addImage(try string(0), image) } else { try editor.updateImage(try string(0), image) }
                case "setFeatureState":
                    try editor.setFeatureState(argument(0), argument(1))
                case "removeFeatureState":
                    try editor.removeFeatureState(argument(0), key: argument(1).stringValue)
                case "removeImage":
                    try editor.removeImage(try string(0))
                case "setZoom", "setCenter", "setBearing", "setPitch", "setRoll":
                    let value = argument(0)
                    switch name {
                    case "setZoom": editor.jump(zoom: value)
                    case "setCenter": editor.jump(center: value)
                    case "setBearing": editor.jump(bearing: value)
                    case "setPitch": editor.jump(pitch: value)
                    default: editor.jump(roll: value)
                    }
                case "jumpTo", "easeTo", "flyTo":
                    // A still image shows where the camera ends.
                    guard let options = argument(0).objectValue, options["offset"] == nil,
                          options["around"] == nil else { throw Unsupported(operation: "\(name) with offset or around") }
                    if let padding = options["padding"] { try editor.setPadding(padding) }
                    editor.jump(center: options["center"], zoom: options["zoom"], bearing: options["bearing"],
                                pitch: options["pitch"], roll: options["roll"])
                case "setPadding":
                    try editor.setPadding(argument(0))
                case "setVerticalFieldOfView":
                    try editor.setFieldOfView(argument(0))
                default:
                    throw Unsupported(operation: name)
                }
            } catch let error as StyleEditError {
                refused.append("\(name): \(error)")
            } catch let error as Unsupported {
                throw error
            } catch {
                throw Unsupported(operation: "\(name): \(error)")
            }
        }
        for t in transitions {
            let progress = t.duration <= 0 ? 1 : min(max((clock - t.start - t.delay) / t.duration, 0), 1)
            guard progress < 1, let value = interpolate(t.from, t.to, eased(progress)) else { continue }
            try? editor.setProperty(layer: t.layer, group: .paint, t.property, value)
        }
        return editor
    }

    /// An image file for `addImage`, with MapLibre's options (`pixelRatio`, `sdf`).
    private static func styleImage(path: String, options: StyleValue, files: FileReader) throws(Unsupported) -> StyleImage {
        guard let data = files(path) else { throw Unsupported(operation: "addImage of \(path), which is not a readable fixture") }
        let options = options.objectValue ?? [:]
        return StyleImage(png: data, pixelRatio: options["pixelRatio"]?.numberValue ?? 1, sdf: options["sdf"]?.boolValue ?? false)
    }

    /// MapLibre's transition easing (cubic in-out).
    static func eased(_ t: Double) -> Double {
        if t <= 0 { return 0 }
        if t >= 1 { return 1 }
        let t2 = t * t, t3 = t2 * t
        return 4 * (t < 0.5 ? t3 : 3 * (t - t2) + t3 - 0.75)
    }

    /// The value a fraction `t` of the way from `a` to `b`, for constant numbers and colours
    /// (colours mix premultiplied, as MapLibre's do); nil for anything else.
    static func interpolate(_ a: StyleValue, _ b: StyleValue, _ t: Double) -> StyleValue? {
        switch (a, b) {
        case (.number(let x), .number(let y)):
            return .number(x + (y - x) * t)
        case (.string(let x), .string(let y)):
            guard let c1 = Color.parse(x)?.premultiplied, let c2 = Color.parse(y)?.premultiplied else { return nil }
            let mix = { (u: Double, v: Double) in u + (v - u) * t }
            let alpha = mix(c1.a, c2.a)
            guard alpha > 0 else { return .string("rgba(0,0,0,0)") }
            let channel = { (u: Double, v: Double) in FeatureValue.format(mix(u, v) / alpha * 255) }
            return .string("rgba(\(channel(c1.r, c2.r)),\(channel(c1.g, c2.g)),\(channel(c1.b, c2.b)),\(FeatureValue.format(alpha)))")
        default:
            return nil
        }
    }
}
