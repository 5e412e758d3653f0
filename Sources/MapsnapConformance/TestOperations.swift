import Foundation
import MapsnapKit
import MapsnapGeo
import MapsnapStyle

/// Plays a render test's `operations` on its style JSON before it is parsed, as far as a still
/// renderer can: `wait` lets time pass, `idle` (wait until everything is loaded) is what a still
/// renderer always is, `setPaintProperty`/`setLayoutProperty` change a layer,
/// `setZoom`/`setCenter`/`setBearing`/`setPitch` move the camera. A paint change to a constant colour or
/// number with a transition (`<property>-transition`, else the style's `transition`, else
/// 300 ms) shows the state after the waits that follow it, eased as MapLibre eases transitions.
/// Anything else throws `unsupported`.
struct TestOperations {
    struct Unsupported: Error, CustomStringConvertible {
        let operation: String
        var description: String { "operation \(operation) is not supported" }
    }

    private struct Transition {
        var layer: Int
        var property: String
        var from: StyleValue
        var to: StyleValue
        var start: Double
        var duration: Double
        var delay: Double
    }

    /// The style with every operation applied.
    static func apply(_ operations: [[StyleValue]], to style: StyleValue) throws(Unsupported) -> StyleValue {
        guard !operations.isEmpty, case .object(var root) = style else { return style }
        var layers = root["layers"]?.arrayValue ?? []
        var clock = 0.0
        var transitions: [Transition] = []
        func layerIndex(_ id: StyleValue?) -> Int? {
            layers.firstIndex { $0.objectValue?["id"] == id }
        }
        for operation in operations {
            guard case .string(let name)? = operation.first else { throw Unsupported(operation: StyleValue.array(operation).json) }
            switch name {
            case "wait":
                clock += operation.count > 1 ? operation[1].numberValue ?? 0 : 0
            case "idle":
                break
            case "setPaintProperty", "setLayoutProperty":
                guard operation.count >= 4, let index = layerIndex(operation[1]), case .string(let property) = operation[2],
                      case .object(var layer) = layers[index] else { throw Unsupported(operation: StyleValue.array(operation).json) }
                let group = name == "setPaintProperty" ? "paint" : "layout"
                var members = layer[group]?.objectValue ?? [:]
                let old = members[property]
                members[property] = operation[3]
                if group == "paint", let old {
                    let transition = members[property + "-transition"]?.objectValue ?? root["transition"]?.objectValue ?? [:]
                    transitions.removeAll { $0.layer == index && $0.property == property }
                    transitions.append(Transition(layer: index, property: property, from: old, to: operation[3], start: clock,
                                                  duration: transition["duration"]?.numberValue ?? 300,
                                                  delay: transition["delay"]?.numberValue ?? 0))
                }
                layer[group] = .object(members)
                layers[index] = .object(layer)
            case "setZoom", "setBearing", "setCenter", "setPitch":
                guard operation.count >= 2 else { throw Unsupported(operation: name) }
                root[String(name.dropFirst(3)).lowercased()] = operation[1]
            default:
                throw Unsupported(operation: name)
            }
        }
        for t in transitions {
            let progress = t.duration <= 0 ? 1 : min(max((clock - t.start - t.delay) / t.duration, 0), 1)
            guard progress < 1, let value = interpolate(t.from, t.to, eased(progress)),
                  case .object(var layer) = layers[t.layer] else { continue }
            var paint = layer["paint"]?.objectValue ?? [:]
            paint[t.property] = value
            layer["paint"] = .object(paint)
            layers[t.layer] = .object(layer)
        }
        root["layers"] = .array(layers)
        return .object(root)
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
