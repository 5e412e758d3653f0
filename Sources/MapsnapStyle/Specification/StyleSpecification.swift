/// Every layout and paint property of the layer types mapsnap reads, as the MapLibre style
/// specification (v8, `maplibre-style-spec/src/reference/v8.json`) declares them: type, default,
/// the inputs its expressions may use, interpolation and transitions; and what mapsnap does with
/// it. `visibility` is parsed by `StyleLayer` (it takes no expressions) and is not listed.
///
/// Adding support for a property: set its support here and read it in its layer type's
/// initialiser (`StyleSpecificationTests` checks that every drawn property is read).
public enum StyleSpecification {
    private static let anchors = ["center", "left", "right", "top", "bottom", "top-left", "top-right", "bottom-left", "bottom-right"]

    public static let properties: [PropertySpecification] = [
        // background paint
        .init(.background, .paint, "background-color", .color,
              default: .string("#000000"), inputs: [.zoom], interpolated: true, transition: true),
        .init(.background, .paint, "background-pattern", .resolvedImage, inputs: [.zoom], transition: true),
        .init(.background, .paint, "background-opacity", .number,
              default: .number(1), inputs: [.zoom], interpolated: true, transition: true),
        // fill layout
        .init(.fill, .layout, "fill-sort-key", .number, inputs: [.zoom, .feature]),
        // fill paint
        .init(.fill, .paint, "fill-antialias", .boolean, default: .bool(true), inputs: [.zoom]),
        .init(.fill, .paint, "fill-opacity", .number,
              default: .number(1), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.fill, .paint, "fill-color", .color,
              default: .string("#000000"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.fill, .paint, "fill-outline-color", .color, inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.fill, .paint, "fill-translate", .array(.number, 2),
              default: .array([.number(0), .number(0)]), inputs: [.zoom], interpolated: true, transition: true),
        .init(.fill, .paint, "fill-translate-anchor", .enumeration(["map", "viewport"]),
              default: .string("map"), inputs: [.zoom]),
        .init(.fill, .paint, "fill-pattern", .resolvedImage, inputs: [.zoom, .feature], transition: true),
        // line layout
        .init(.line, .layout, "line-cap", .enumeration(["butt", "round", "square"]), default: .string("butt"), inputs: [.zoom]),
        .init(.line, .layout, "line-join", .enumeration(["bevel", "round", "miter"]),
              default: .string("miter"), inputs: [.zoom, .feature]),
        .init(.line, .layout, "line-miter-limit", .number, default: .number(2), inputs: [.zoom], interpolated: true),
        .init(.line, .layout, "line-round-limit", .number, default: .number(1.05), inputs: [.zoom], interpolated: true),
        .init(.line, .layout, "line-sort-key", .number, inputs: [.zoom, .feature]),
        // line paint
        .init(.line, .paint, "line-opacity", .number,
              default: .number(1), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.line, .paint, "line-color", .color,
              default: .string("#000000"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.line, .paint, "line-translate", .array(.number, 2),
              default: .array([.number(0), .number(0)]), inputs: [.zoom], interpolated: true, transition: true),
        .init(.line, .paint, "line-translate-anchor", .enumeration(["map", "viewport"]),
              default: .string("map"), inputs: [.zoom]),
        .init(.line, .paint, "line-width", .number,
              default: .number(1), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.line, .paint, "line-gap-width", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.line, .paint, "line-offset", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.line, .paint, "line-blur", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.line, .paint, "line-dasharray", .array(.number, nil), inputs: [.zoom], transition: true),
        .init(.line, .paint, "line-pattern", .resolvedImage, inputs: [.zoom, .feature], transition: true),
        .init(.line, .paint, "line-gradient", .color, inputs: [.lineProgress], interpolated: true),
        // symbol layout
        .init(.symbol, .layout, "symbol-placement", .enumeration(["point", "line", "line-center"]),
              default: .string("point"), inputs: [.zoom]),
        .init(.symbol, .layout, "symbol-spacing", .number, default: .number(250), inputs: [.zoom], interpolated: true),
        .init(.symbol, .layout, "symbol-avoid-edges", .boolean,
              default: .bool(false), inputs: [.zoom], support: .notDrawn("symbols are placed across tile edges")),
        .init(.symbol, .layout, "symbol-sort-key", .number, inputs: [.zoom, .feature]),
        .init(.symbol, .layout, "symbol-z-order", .enumeration(["auto", "viewport-y", "source"]),
              default: .string("auto"), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-allow-overlap", .boolean, default: .bool(false), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-overlap", .enumeration(["never", "always", "cooperative"]), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-ignore-placement", .boolean, default: .bool(false), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-optional", .boolean, default: .bool(false), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-rotation-alignment", .enumeration(["map", "viewport", "auto"]),
              default: .string("auto"), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-size", .number, default: .number(1), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "icon-text-fit", .enumeration(["none", "width", "height", "both"]),
              default: .string("none"), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-text-fit-padding", .array(.number, 4),
              default: .array([.number(0), .number(0), .number(0), .number(0)]), inputs: [.zoom], interpolated: true),
        .init(.symbol, .layout, "icon-image", .resolvedImage, inputs: [.zoom, .feature], tokens: true),
        .init(.symbol, .layout, "icon-rotate", .number, default: .number(0), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "icon-padding", .padding,
              default: .array([.number(2)]), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "icon-keep-upright", .boolean, default: .bool(false), inputs: [.zoom]),
        .init(.symbol, .layout, "icon-offset", .array(.number, 2),
              default: .array([.number(0), .number(0)]), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "icon-anchor", .enumeration(anchors),
              default: .string("center"), inputs: [.zoom, .feature]),
        .init(.symbol, .layout, "icon-pitch-alignment", .enumeration(["map", "viewport", "auto"]),
              default: .string("auto"), inputs: [.zoom]),
        .init(.symbol, .layout, "text-pitch-alignment", .enumeration(["map", "viewport", "auto"]),
              default: .string("auto"), inputs: [.zoom]),
        .init(.symbol, .layout, "text-rotation-alignment", .enumeration(["map", "viewport", "viewport-glyph", "auto"]),
              default: .string("auto"), inputs: [.zoom]),
        .init(.symbol, .layout, "text-field", .formatted, default: .string(""), inputs: [.zoom, .feature], tokens: true),
        .init(.symbol, .layout, "text-font", .array(.string, nil),
              default: .array([.string("Open Sans Regular"), .string("Arial Unicode MS Regular")]), inputs: [.zoom, .feature]),
        .init(.symbol, .layout, "text-size", .number, default: .number(16), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "text-max-width", .number, default: .number(10), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "text-line-height", .number, default: .number(1.2), inputs: [.zoom], interpolated: true),
        .init(.symbol, .layout, "text-letter-spacing", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "text-justify", .enumeration(["auto", "left", "center", "right"]),
              default: .string("center"), inputs: [.zoom, .feature]),
        .init(.symbol, .layout, "text-radial-offset", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "text-variable-anchor", .array(.enumeration(anchors), nil),
              inputs: [.zoom]),
        .init(.symbol, .layout, "text-variable-anchor-offset", .variableAnchorOffsetCollection,
              inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "text-anchor", .enumeration(anchors),
              default: .string("center"), inputs: [.zoom, .feature]),
        .init(.symbol, .layout, "text-max-angle", .number, default: .number(45), inputs: [.zoom], interpolated: true),
        .init(.symbol, .layout, "text-writing-mode", .array(.enumeration(["horizontal", "vertical"]), nil),
              inputs: [.zoom]),
        .init(.symbol, .layout, "text-rotate", .number, default: .number(0), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "text-padding", .number, default: .number(2), inputs: [.zoom], interpolated: true),
        .init(.symbol, .layout, "text-keep-upright", .boolean, default: .bool(true), inputs: [.zoom]),
        .init(.symbol, .layout, "text-transform", .enumeration(["none", "uppercase", "lowercase"]),
              default: .string("none"), inputs: [.zoom, .feature]),
        .init(.symbol, .layout, "text-offset", .array(.number, 2),
              default: .array([.number(0), .number(0)]), inputs: [.zoom, .feature], interpolated: true),
        .init(.symbol, .layout, "text-allow-overlap", .boolean, default: .bool(false), inputs: [.zoom]),
        .init(.symbol, .layout, "text-overlap", .enumeration(["never", "always", "cooperative"]), inputs: [.zoom]),
        .init(.symbol, .layout, "text-ignore-placement", .boolean, default: .bool(false), inputs: [.zoom]),
        .init(.symbol, .layout, "text-optional", .boolean, default: .bool(false), inputs: [.zoom]),
        // symbol paint
        .init(.symbol, .paint, "icon-opacity", .number,
              default: .number(1), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "icon-color", .color,
              default: .string("#000000"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "icon-halo-color", .color,
              default: .string("rgba(0, 0, 0, 0)"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "icon-halo-width", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "icon-halo-blur", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "icon-translate", .array(.number, 2),
              default: .array([.number(0), .number(0)]), inputs: [.zoom], interpolated: true, transition: true),
        .init(.symbol, .paint, "icon-translate-anchor", .enumeration(["map", "viewport"]),
              default: .string("map"), inputs: [.zoom]),
        .init(.symbol, .paint, "text-opacity", .number,
              default: .number(1), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "text-color", .color,
              default: .string("#000000"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "text-halo-color", .color,
              default: .string("rgba(0, 0, 0, 0)"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "text-halo-width", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "text-halo-blur", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.symbol, .paint, "text-translate", .array(.number, 2),
              default: .array([.number(0), .number(0)]), inputs: [.zoom], interpolated: true, transition: true),
        .init(.symbol, .paint, "text-translate-anchor", .enumeration(["map", "viewport"]),
              default: .string("map"), inputs: [.zoom]),
        // circle layout
        .init(.circle, .layout, "circle-sort-key", .number, inputs: [.zoom, .feature]),
        // circle paint
        .init(.circle, .paint, "circle-radius", .number,
              default: .number(5), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.circle, .paint, "circle-color", .color,
              default: .string("#000000"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.circle, .paint, "circle-blur", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.circle, .paint, "circle-opacity", .number,
              default: .number(1), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.circle, .paint, "circle-translate", .array(.number, 2),
              default: .array([.number(0), .number(0)]), inputs: [.zoom], interpolated: true, transition: true),
        .init(.circle, .paint, "circle-translate-anchor", .enumeration(["map", "viewport"]),
              default: .string("map"), inputs: [.zoom]),
        .init(.circle, .paint, "circle-pitch-scale", .enumeration(["map", "viewport"]), default: .string("map"), inputs: [.zoom]),
        .init(.circle, .paint, "circle-pitch-alignment", .enumeration(["map", "viewport"]),
              default: .string("viewport"), inputs: [.zoom]),
        .init(.circle, .paint, "circle-stroke-width", .number,
              default: .number(0), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.circle, .paint, "circle-stroke-color", .color,
              default: .string("#000000"), inputs: [.zoom, .feature], interpolated: true, transition: true),
        .init(.circle, .paint, "circle-stroke-opacity", .number,
              default: .number(1), inputs: [.zoom, .feature], interpolated: true, transition: true),
        // raster paint
        .init(.raster, .paint, "raster-opacity", .number,
              default: .number(1), inputs: [.zoom], interpolated: true, transition: true),
        .init(.raster, .paint, "raster-hue-rotate", .number,
              default: .number(0), inputs: [.zoom], interpolated: true, transition: true),
        .init(.raster, .paint, "raster-brightness-min", .number,
              default: .number(0), inputs: [.zoom], interpolated: true, transition: true),
        .init(.raster, .paint, "raster-brightness-max", .number,
              default: .number(1), inputs: [.zoom], interpolated: true, transition: true),
        .init(.raster, .paint, "raster-saturation", .number,
              default: .number(0), inputs: [.zoom], interpolated: true, transition: true),
        .init(.raster, .paint, "raster-contrast", .number,
              default: .number(0), inputs: [.zoom], interpolated: true, transition: true),
        .init(.raster, .paint, "raster-resampling", .enumeration(["linear", "nearest"]),
              default: .string("linear"), inputs: [.zoom]),
        .init(.raster, .paint, "raster-fade-duration", .number,
              default: .number(300), inputs: [.zoom], interpolated: true, support: .noEffectInStillImage),
    ]

    private static let byLayerType: [SpecLayerType: [String: PropertySpecification]] =
        Dictionary(grouping: properties, by: \.layerType).mapValues { Dictionary(uniqueKeysWithValues: $0.map { ($0.name, $0) }) }

    private static let layerTypesByName: [String: [SpecLayerType]] =
        Dictionary(grouping: properties, by: \.name).mapValues { $0.map(\.layerType) }

    /// The property `name` of layers of type `layerType`, if the spec has one.
    public static func property(_ name: String, of layerType: SpecLayerType) -> PropertySpecification? {
        byLayerType[layerType]?[name]
    }

    /// The layer types that have a property of this name, for messages ("line, symbol"); nil
    /// for names the spec does not know.
    public static func layerTypeNames(having name: String) -> String? {
        if let types = layerTypesByName[name] { return types.map(\.rawValue).joined(separator: ", ") }
        return propertiesOfLayerTypesNotDrawn[name]
    }

    /// The properties of the layer types mapsnap does not draw, by name: their layer type.
    private static let propertiesOfLayerTypesNotDrawn: [String: String] = {
        let names = [
            "heatmap": ["radius", "weight", "intensity", "color", "opacity"],
            "fill-extrusion": ["opacity", "color", "translate", "translate-anchor", "pattern", "height", "base", "vertical-gradient"],
            "hillshade": ["illumination-direction", "illumination-altitude", "illumination-anchor", "exaggeration", "shadow-color",
                          "highlight-color", "accent-color", "method"],
        ]
        return Dictionary(uniqueKeysWithValues: names.flatMap { type, suffixes in suffixes.map { ("\(type)-\($0)", type) } })
    }()
}
