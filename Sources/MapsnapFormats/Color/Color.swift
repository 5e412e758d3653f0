import Foundation

/// An sRGB colour with straight (not premultiplied) alpha; every channel is in 0...1.
///
/// `Color.parse` reads the CSS colour syntaxes that MapLibre style sheets use. It lives here, below
/// the style and the overlays, which both name colours; blending for the style's `interpolate`
/// is the style's (`ColorInterpolation`).
public struct Color: Hashable, Sendable, CustomStringConvertible {
    public var r: Double
    public var g: Double
    public var b: Double
    public var a: Double

    public init(r: Double, g: Double, b: Double, a: Double = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// From 0...255 channels and a 0...1 alpha, as CSS `rgba()` writes them.
    public init(r255: Double, g255: Double, b255: Double, alpha: Double = 1) {
        self.init(r: r255 / 255, g: g255 / 255, b: b255 / 255, a: alpha)
    }

    public static let black = Color(r: 0, g: 0, b: 0, a: 1)
    public static let white = Color(r: 1, g: 1, b: 1, a: 1)
    public static let transparent = Color(r: 0, g: 0, b: 0, a: 0)

    /// The channels multiplied by alpha (what compositing and MapLibre's test outputs use).
    public var premultiplied: (r: Double, g: Double, b: Double, a: Double) {
        (r * a, g * a, b * a, a)
    }

    /// `rgba(R,G,B,A)` with 0...255 channels, the form `to-string` produces for colours.
    public var description: String {
        func channel(_ v: Double) -> String { String(Int(saturating: (v * 255).rounded())) }
        return "rgba(\(channel(r)),\(channel(g)),\(channel(b)),\(JavaScriptNumber.format(a)))"
    }

    /// Parses a CSS colour: `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`, `rgba()`, `hsl()`,
    /// `hsla()` (comma- or space-separated, with an optional `/ alpha`), the CSS named colours
    /// and `transparent`. Case and surrounding white space are ignored. Returns nil for
    /// anything else.
    public static func parse(_ css: String) -> Color? {
        // Style sheets rarely pad colours: skip Foundation's trimming unless an end is not plain ASCII.
        let padded = css.utf8.first.map { $0 <= 0x20 || $0 >= 0x7F } != false || css.utf8.last.map { $0 <= 0x20 || $0 >= 0x7F } != false
        let text = (padded ? css.trimmingCharacters(in: .whitespacesAndNewlines) : css).lowercased()
        guard !text.isEmpty else { return nil }
        if text.hasPrefix("#") { return parseHex(text.dropFirst()) }
        if let named = cssNamedColors[text] { return named }
        guard let open = text.firstIndex(of: "("), text.hasSuffix(")") else { return nil }
        let function = trimmingSpaces(text[..<open])
        let body = text[text.index(after: open)..<text.index(before: text.endIndex)]
        guard let arguments = splitArguments(body) else { return nil }
        switch function {
        case "rgb", "rgba": return parseRGB(arguments)
        case "hsl", "hsla": return parseHSL(arguments)
        default: return nil
        }
    }

    // MARK: hex

    /// 3, 4, 6 or 8 ASCII hex digits (after the `#`).
    private static func parseHex(_ digits: Substring) -> Color? {
        var bits: UInt32 = 0
        var count = 0
        for byte in digits.utf8 {
            let v: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): v = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): v = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            count += 1
            guard count <= 8 else { return nil }
            bits = bits << 4 | UInt32(v)
        }
        /// Channel `i` (0 = first) of `n` channels of `width` bits each.
        func channel(_ i: Int, of n: Int, width: Int) -> Double {
            let v = Double(bits >> UInt32((n - 1 - i) * width) & (1 << UInt32(width) - 1))
            return width == 4 ? v * 17 / 255 : v / 255
        }
        switch count {
        case 3, 6:
            let w = count == 3 ? 4 : 8
            return Color(r: channel(0, of: 3, width: w), g: channel(1, of: 3, width: w), b: channel(2, of: 3, width: w), a: 1)
        case 4, 8:
            let w = count == 4 ? 4 : 8
            return Color(r: channel(0, of: 4, width: w), g: channel(1, of: 4, width: w), b: channel(2, of: 4, width: w),
                         a: channel(3, of: 4, width: w))
        default:
            return nil
        }
    }

    // MARK: functional notations

    /// The arguments of `rgb(...)`/`hsl(...)`: either all comma-separated (legacy syntax) or
    /// space-separated with an optional `/ alpha`. The alpha comes back as the last element.
    private static func splitArguments(_ body: Substring) -> [Substring]? {
        if body.contains(",") {
            if body.contains("/") { return nil }
            let parts = body.split(separator: ",", omittingEmptySubsequences: false)
                .map(trimmingSpaces)
            guard parts.allSatisfy({ !$0.isEmpty && !$0.contains(" ") }) else { return nil }
            return parts
        }
        let halves = body.split(separator: "/", omittingEmptySubsequences: false)
        guard halves.count <= 2 else { return nil }
        var parts = halves[0].split(whereSeparator: { $0 == " " || $0 == "\t" })
        if halves.count == 2 {
            let alpha = halves[1].split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard alpha.count == 1, parts.count == 3 else { return nil }
            parts.append(alpha[0])
        }
        return parts
    }

    /// Without the spaces and tabs (Unicode `Zs`) at either end, as Foundation's
    /// `trimmingCharacters(in: .whitespaces)` but without bridging.
    private static func trimmingSpaces(_ text: Substring) -> Substring {
        func isSpace(_ c: Character) -> Bool {
            if c == " " || c == "\t" { return true }
            guard c.unicodeScalars.count == 1, let scalar = c.unicodeScalars.first, !scalar.isASCII else { return false }
            return scalar.properties.generalCategory == .spaceSeparator
        }
        var text = text
        while let first = text.first, isSpace(first) { text.removeFirst() }
        while let last = text.last, isSpace(last) { text.removeLast() }
        return text
    }

    /// A number with an optional `%`; percentages come back divided by 100 with `isPercent`.
    private static func number(_ text: Substring) -> (value: Double, isPercent: Bool)? {
        let isPercent = text.hasSuffix("%")
        let digits = isPercent ? text.dropLast() : text
        // ASCII digits and "+-.e" (what `Double` reads of the characters CSS numbers use).
        guard !digits.isEmpty, digits.utf8.allSatisfy({ $0 &- UInt8(ascii: "0") < 10 || $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "-")
                                                       || $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") }),
              let value = Double(digits), value.isFinite else { return nil }
        return isPercent ? (value / 100, true) : (value, false)
    }

    private static func alpha(_ text: Substring) -> Double? {
        guard let (value, _) = number(text) else { return nil }
        return min(max(value, 0), 1)
    }

    private static func parseRGB(_ args: [Substring]) -> Color? {
        guard args.count == 3 || args.count == 4 else { return nil }
        var channels: [Double] = []
        var percentSeen: Bool?
        for arg in args.prefix(3) {
            guard let (value, isPercent) = number(arg) else { return nil }
            if let seen = percentSeen, seen != isPercent { return nil }
            percentSeen = isPercent
            channels.append(min(max(isPercent ? value : value / 255, 0), 1))
        }
        var a = 1.0
        if args.count == 4 {
            guard let parsed = alpha(args[3]) else { return nil }
            a = parsed
        }
        return Color(r: channels[0], g: channels[1], b: channels[2], a: a)
    }

    private static func parseHSL(_ args: [Substring]) -> Color? {
        guard args.count == 3 || args.count == 4 else { return nil }
        var hueText = args[0]
        if hueText.hasSuffix("deg") { hueText = hueText.dropLast(3) }
        guard let (hue, huePercent) = number(hueText), !huePercent,
              let (s, sPercent) = number(args[1]), sPercent,
              let (l, lPercent) = number(args[2]), lPercent else { return nil }
        var a = 1.0
        if args.count == 4 {
            guard let parsed = alpha(args[3]) else { return nil }
            a = parsed
        }
        let (r, g, b) = hslToRGB(hue: hue, saturation: min(max(s, 0), 1), lightness: min(max(l, 0), 1))
        return Color(r: r, g: g, b: b, a: a)
    }

    /// The CSS Color 4 conversion (hue in degrees, saturation and lightness in 0...1).
    static func hslToRGB(hue: Double, saturation s: Double, lightness l: Double) -> (Double, Double, Double) {
        var h = hue.truncatingRemainder(dividingBy: 360)
        if h < 0 { h += 360 }
        func f(_ n: Double) -> Double {
            let k = (n + h / 30).truncatingRemainder(dividingBy: 12)
            let a = s * min(l, 1 - l)
            return l - a * max(-1, min(k - 3, 9 - k, 1))
        }
        return (f(0), f(8), f(4))
    }
}
