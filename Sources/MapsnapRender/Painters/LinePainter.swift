import Foundation
import MapsnapFormats
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// `line`: lines are drawn as MapLibre draws them (`LineStrip` + `LineRasterizer`): its join and
/// cap shapes, anti-aliasing, blur, gap width, offset, dashes (in line widths at the integer zoom
/// below, round-capped or not), sprite patterns (`line-pattern`, which disables dashes, as the
/// spec says) and translucent overlaps that compound.
enum LinePainter {
    /// A layer's properties at the frame's zoom, with `line-width` at the integer zoom below, which
    /// is MapLibre's unit for dashes.
    struct Properties {
        let atZoom: LineLayer.PossiblyEvaluated
        let widthAtFloorZoom: PossiblyEvaluatedProperty<Double>
        let zoom: Double

        init(_ style: LineLayer, zoom: Double) {
            atZoom = style.possiblyEvaluated(atZoom: zoom)
            widthAtFloorZoom = PossiblyEvaluatedProperty(style.width, zoom: zoom.rounded(.down))
            self.zoom = zoom
        }

        var dependsOnFeature: Bool { atZoom.dependsOnFeature || widthAtFloorZoom.dependsOnFeature }

        func resolve(for feature: (any Feature)?) -> Resolved {
            let floor = zoom.rounded(.down)
            return Resolved(properties: atZoom.evaluated(for: feature),
                            dashScale: exp2(zoom - floor) * widthAtFloorZoom.evaluate(for: feature),
                            dashGamma: zoom == floor ? 1 : 0.5 * exp2(zoom - floor))
        }
    }

    /// One feature's line: its properties (`resolved.width`, …) and the dash unit and gamma.
    @dynamicMemberLookup
    struct Resolved: Equatable {
        var properties: LineLayer.Evaluated
        var dashScale: Double = 1
        var dashGamma: Double = 1

        subscript<T>(dynamicMember keyPath: KeyPath<LineLayer.Evaluated, T>) -> T { properties[keyPath: keyPath] }

        /// The rasterizer's paint; `pattern` is the image `self.pattern` names.
        func rasterPaint(pattern image: LineRasterizer.Pattern? = nil) -> LineRasterizer.Paint {
            // A single dash length draws a solid line (as MapLibre does).
            let p = properties
            let dash = image == nil && (p.dasharray?.count ?? 0) >= 2
                ? LineRasterizer.Dash(p.dasharray!, unit: dashScale, round: p.cap == .round, gamma: dashGamma) : nil
            return .init(color: p.color, opacity: p.opacity, width: p.width, gapWidth: p.gapWidth, offset: p.offset, blur: p.blur,
                         dash: dash, pattern: image)
        }
    }

    /// `line-gradient`: each line piece coloured by its progress along the whole line, which a
    /// GeoJSON source with `lineMetrics` records on every piece (`mapbox_clip_start`, `_end`).
    static func paintGradient(_ layer: StyleLayer, _ style: LineLayer, _ properties: Properties, _ gradient: StyleProperty<Color>,
                              into image: RasterImage, in frame: RenderFrame) {
        let zoom = frame.zoom
        let rasterizer = LineRasterizer(image: image, pixelRatio: frame.canvas.pixelRatio, perspective: frame.perspective)
        let shared = properties.atZoom.evaluated(for: nil)
        let shift = frame.screenOffset(shared.translate, anchor: shared.translateAnchor)
        let colors = LineRasterizer.Colors(gradient, zoom: zoom, exact: style.gradientIsStep)
        func ramp(_ resolution: Int) -> LineRasterizer.Gradient {
            LineRasterizer.Gradient(colors, resolution: resolution, nearest: style.gradientIsStep)
        }
        var clip = LineRasterizer.Clip(minX: 0, minY: 0, maxX: 0, maxY: 0)
        var tileRamp = ramp(256)
        var corners = LineStrip.SharpCorners()
        frame.forEachFeature(of: layer, sortKey: properties.atZoom.sortKey, tileStart: { loaded, projection in
            clip = rasterizer.clip(tileCorners: projection.tileCorners)
            corners = LineStrip.SharpCorners(loaded, projection, zoom: zoom)
            guard style.gradientIsStep else { return }
            // MapLibre sizes a step ramp from the tile's longest line and the overzoom it may see.
            var longest = 0.0
            if let source = layer.source {
                for group in frame.features(source: source, sourceLayer: layer.sourceLayer ?? GeoJSONVectorSource.layerName)
                where group.tile.covered == loaded.covered {
                    // In tile sides: tile units over the extent (the plane length of one unit over a side's).
                    let side = (group.projection.planeCorners[1] - group.projection.planeCorners[0]).length / group.projection.scale
                    for f in group.features { for part in f.parts ?? [] { longest = max(longest, Self.length(part) / side) } }
                }
            }
            let overzoom = loaded.covered.id.z == loaded.sourceMaxZoom ? exp2(Double(22 - loaded.covered.id.z)).rounded(.up) : 1
            tileRamp = ramp(LineRasterizer.Gradient.stepResolution(longestLine: longest, overzoom: overzoom))
        }, tileEnd: {}) { feature, projection in
            guard feature.geometryType != .point, let parts = feature.parts else { return }
            let resolved = properties.resolve(for: feature.feature)
            guard resolved.width > 0, resolved.opacity > 0 else { return }
            func number(_ key: String) -> Double? {
                if case .number(let n)? = feature.feature.property(key) { return n }
                return nil
            }
            let start = number("mapbox_clip_start"), end = number("mapbox_clip_end")
            if start == nil { frame.warnings.warn("layer '\(layer.id)': line-gradient needs a GeoJSON source with \"lineMetrics\": true; the gradient spans each line piece instead") }
            let moved = projection.translated(by: shift)
            for part in parts where part.count > 1 {
                let plane = moved.plane(part)
                var g = tileRamp
                (g.start, g.end, g.length) = (start ?? 0, end ?? 1, Polyline(plane).length)
                var paint = resolved.rasterPaint()
                paint.dash = nil
                paint.gradient = g
                for piece in moved.crossesNearPlane ? frame.perspective!.clipLine(plane) : [plane] {
                    // No distance reset: the progress runs over the whole piece.
                    let strip = LineStrip(piece, polygon: feature.geometryType == .polygon, join: resolved.join, cap: resolved.cap,
                                          miterLimit: resolved.miterLimit, roundLimit: resolved.roundLimit,
                                          corners: corners)
                    rasterizer.draw(strip, paint, clip: clip)
                }
            }
        }
    }

    static func length(_ part: [TilePoint]) -> Double {
        zip(part, part.dropFirst()).reduce(0) { sum, pair in
            // In Double: two tile coordinates from a hostile tile can differ by more than Int32 holds.
            let dx = Double(pair.1.x) - Double(pair.0.x), dy = Double(pair.1.y) - Double(pair.0.y)
            return sum + (dx * dx + dy * dy).squareRoot()
        }
    }

    static func paint(_ layer: StyleLayer, _ style: LineLayer, in frame: RenderFrame) {
        let canvas = frame.canvas
        let properties = Properties(style, zoom: frame.zoom)
        let constant = properties.dependsOnFeature ? nil : properties.resolve(for: nil)
        if let constant, constant.opacity <= 0 || constant.width <= 0 || (constant.color.a <= 0 && constant.pattern ?? "" == "") { return }
        // Patterns by image name, each copied out of the sprite once; nil: not in the sprite
        // (MapLibre draws no line whose pattern is missing).
        var patterns: [String: LineRasterizer.Pattern?] = [:]
        func pattern(_ name: String) -> LineRasterizer.Pattern? {
            if let known = patterns[name] { return known }
            let made = frame.sprites.flatMap { sheet in sheet.icons[name].flatMap { LineRasterizer.Pattern($0, in: sheet) } }
            if made == nil { frame.warnings.warn("layer '\(layer.id)': line-pattern '\(name)' is not in the style's sprite; its lines are not drawn") }
            patterns[name] = made
            return made
        }
        func paint(_ resolved: Resolved) -> LineRasterizer.Paint? {
            guard let name = resolved.pattern, !name.isEmpty else { return resolved.rasterPaint() }
            return pattern(name).map { resolved.rasterPaint(pattern: $0) }
        }
        let constantPaint = constant.map(paint) ?? nil
        if constant != nil && constantPaint == nil { return }
        if let gradient = style.gradient {
            canvas.withPixelLayer { image in paintGradient(layer, style, properties, gradient, into: image, in: frame) }
            return
        }
        if canvas.isVector && style.pattern == nil {
            stroke(layer, properties, constant: constant, in: frame)
            return
        }
        canvas.withPixelLayer { image in
            rasterize(layer, properties, constant: constant, paint: { constantPaint ?? paint($0) }, into: image, in: frame)
        }
    }

    /// The layer drawn by MapLibre's line shader into `image`: the canvas's own, or a layer a
    /// vector target embeds. `paint` gives a feature's paint (nil: not drawn).
    private static func rasterize(_ layer: StyleLayer, _ properties: Properties, constant: Resolved?,
                                  paint: (Resolved) -> LineRasterizer.Paint?, into image: RasterImage, in frame: RenderFrame) {
        let canvas = frame.canvas, zoom = frame.zoom
        let rasterizer = LineRasterizer(image: image, pixelRatio: canvas.pixelRatio, perspective: frame.perspective)
        // line-translate moves the geometry, not the tile's clip (as MapLibre's stencil does).
        let shared = properties.atZoom.evaluated(for: nil)
        let shift = frame.screenOffset(shared.translate, anchor: shared.translateAnchor)
        var clip = LineRasterizer.Clip(minX: 0, minY: 0, maxX: 0, maxY: 0)
        var tileSide = 0.0
        var corners = LineStrip.SharpCorners()
        frame.forEachFeature(of: layer, sortKey: properties.atZoom.sortKey, tileStart: { loaded, projection in
            clip = rasterizer.clip(tileCorners: projection.tileCorners)
            corners = LineStrip.SharpCorners(loaded, projection, zoom: zoom)
            tileSide = (projection.planeCorners[1] - projection.planeCorners[0]).length
        }, tileEnd: {}) { feature, projection in
            guard feature.geometryType != .point, let parts = feature.parts else { return }
            let resolved = constant ?? properties.resolve(for: feature.feature)
            guard resolved.width > 0, resolved.opacity > 0 else { return }
            guard let paint = paint(resolved) else { return }
            let polygon = feature.geometryType == .polygon
            let moved = projection.translated(by: shift)
            // Lines are extruded on the map plane (MapLibre's line shader widens them in tile
            // units), so a pitched camera narrows them toward the horizon.
            for part in parts where part.count > 1 {
                let plane = moved.plane(part)
                for piece in moved.crossesNearPlane ? frame.perspective!.clipLine(plane) : [plane] {
                    draw(piece)
                }
            }
            func draw(_ plane: [Point]) {
                let strip = LineStrip(plane, polygon: polygon, join: resolved.join, cap: resolved.cap,
                                      miterLimit: resolved.miterLimit, roundLimit: resolved.roundLimit,
                                      tileSide: tileSide, corners: corners)
                rasterizer.draw(strip, paint, clip: clip)
            }
        }
    }
}
