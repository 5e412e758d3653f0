import Foundation
import MapsnapGeo
import MapsnapStyle
import MapsnapTiles

/// Symbol layout (MapLibre's `symbol_layout`): turns the features of one symbol layer into
/// candidates, each with its text shaped, its icon, its anchors and its layout properties
/// evaluated. It decides nothing about collisions: that is placement's (`LabelPlacer`), which
/// runs once every candidate of the layer is known, so that `symbol-sort-key` can order them.
struct SymbolLayout {
    let frame: RenderFrame

    /// The layer's candidates in data order (tile by tile, features in tile order).
    func candidates(_ layer: StyleLayer, _ style: SymbolStyle) -> [SymbolCandidate] {
        var candidates: [SymbolCandidate] = []
        // MapLibre's `compareText`: each tile's anchors of line labels, by text.
        var repeats: [String: [Point]] = [:]
        // A tile's `line`-placed features, held until its last so that lines meeting end to end
        // with the same text are merged first (MapLibre's `mergeLines`).
        var lineFeatures: [LineMerging.Entry] = []
        var tileProjection: TileProjection?
        func add(_ feature: any Feature, _ parts: [[TilePoint]], _ projection: TileProjection, _ string: String,
                 _ sections: [TextSection]?, _ placement: SymbolPlacement) {
            if let candidate = self.candidate(feature, parts, projection, string, sections, placement, style, repeats: &repeats) {
                candidates.append(candidate)
            }
        }
        // Line labels: every feature of the tile, even out of view, since the merged lines and
        // their anchors (the first one's offset from the line's start) depend on all of them.
        let wholeTiles = { if case .constant(.line) = style.placement { true } else { false } }()
        frame.forEachFeature(of: layer, forLabels: true, wholeTiles: wholeTiles, tileStart: { _, projection in
            repeats = [:]
            tileProjection = projection
        }, tileEnd: {
            guard let projection = tileProjection else { return }
            for entry in LineMerging.merged(lineFeatures) {
                add(entry.feature, entry.parts, projection, entry.string, entry.sections, .line)
            }
            lineFeatures = []
        }) { rendered, projection in
            let feature = rendered.feature
            let (string, sections) = LabelText.evaluate(style, feature, layer: layer, in: frame)
            let placement = style.placement.evaluate(for: feature)
            // MapLibre places `line` and `line-center` symbols on each line of the geometry with
            // two points or more (symbol_layout.ts: `clipLine`, and "lines with only one point are
            // ignored"): a point feature under line placement has no anchor, so no symbol.
            if placement != .point && feature.geometryType == .point { return }
            guard let parts = rendered.parts, !parts.isEmpty else { return }
            if placement == .line {
                lineFeatures.append(LineMerging.Entry(feature: feature, parts: parts, string: string, sections: sections))
            } else {
                add(feature, parts, projection, string, sections, placement)
            }
        }
        return candidates
    }

    /// One feature's candidate: its text shaped, its icon, its anchors and its layout properties.
    private func candidate(_ feature: any Feature, _ parts: [[TilePoint]], _ projection: TileProjection, _ text: String,
                           _ sections: [TextSection]?, _ placement: SymbolPlacement, _ style: SymbolStyle,
                           repeats: inout [String: [Point]]) -> SymbolCandidate? {
            var string = text
            let alongLine = placement != .point
            let size = style.textSize.evaluate(for: feature)
            // No text at size 0, but the icon stays; transparent text (text-opacity 0) is still
            // placed and collides, as in MapLibre, and its icon is drawn.
            if !(size > 0) { string = "" }
            let opacity = style.textOpacity.evaluate(for: feature)
            let icon = self.icon(style, feature, alongLine: alongLine)
            guard !string.isEmpty || icon != nil else { return nil }
            let shaper = LabelShaper(string, sections: sections, size: size, alongLine: alongLine, style: style, feature: feature, frame: frame)
            let shaped = shaper.shapedAt(1, nil)
            let offset = style.layout.textOffset.evaluate(for: feature)
            let translate = frame.screenOffset(style.textTranslate.evaluate(for: feature),
                                               anchor: style.textTranslateAnchor.evaluate(for: feature))
            let spacing = style.layout.spacing.evaluate(for: feature)
            // Along lines, MapLibre spaces the anchors by the column's length when the text has one.
            let anchors = self.anchors(parts, projection, placement: placement,
                                       shaped: alongLine ? shaper.vertical?(1) ?? shaped : shaped, icon: icon,
                                       style: style, feature: feature, spacing: spacing, string: string, repeats: &repeats)
            let textRotate = style.layout.textRotate.evaluate(for: feature)
            return SymbolCandidate(
                text: shaped, shapedAt: shaper.shapedAt, justifiesToAnchor: shaper.justifiesToAnchor, icon: icon, string: string,
                sortKey: style.layout.sortKey?.evaluate(for: feature) ?? 0,
                paint: TextPaint(color: style.textColor.evaluate(for: feature),
                                 haloColor: style.textHaloColor.evaluate(for: feature),
                                 haloWidth: style.textHaloWidth.evaluate(for: feature),
                                 haloBlur: style.textHaloBlur.evaluate(for: feature),
                                 opacity: opacity),
                anchors: anchors,
                padding: style.textPadding.evaluate(for: feature),
                overlap: SymbolProperties.overlap(style.textOverlap, style.textAllowOverlap, feature: feature),
                ignorePlacement: style.textIgnorePlacement.evaluate(for: feature),
                textPlacements: VariableTextAnchors.placements(
                    anchor: style.layout.textAnchor.evaluate(for: feature),
                    variable: style.layout.textVariableAnchor?.evaluate(for: feature) ?? [],
                    offset: SymbolProperties.point(offset),
                    radialOffset: style.layout.textRadialOffset?.evaluate(for: feature),
                    anchorOffsets: placement == .point ? style.layout.textVariableAnchorOffset?.evaluate(for: feature) : nil,
                    size: size),
                translate: translate,
                rotation: (textRotate - (style.textRotationAlignment.evaluate(for: feature) == .map ? frame.camera.screenBearing : 0)) * .pi / 180,
                ownRotation: textRotate * .pi / 180,
                textTurnsWithMap: !alongLine && style.textRotationAlignment.evaluate(for: feature) == .map,
                maxAngle: style.layout.textMaxAngle.evaluate(for: feature) * .pi / 180,
                keepTextUpright: style.textKeepUpright.evaluate(for: feature),
                keepIconUpright: style.iconKeepUpright.evaluate(for: feature),
                spacing: spacing,
                placement: placement,
                tileCenter: projection.planeCorners.reduce(Point(x: 0, y: 0), +) * 0.25,
                textOnMap: SymbolProperties.liesOnMap(pitch: style.textPitchAlignment.evaluate(for: feature),
                                                       rotation: SymbolProperties.alignment(style.textRotationAlignment.evaluate(for: feature)),
                                                       alongLine: alongLine),
                glyphsFollowLine: style.textRotationAlignment.evaluate(for: feature) != .viewportGlyph,
                lineTextAlign: SymbolProperties.alignment(of: style.layout.textAnchor.evaluate(for: feature)),
                writingModes: alongLine ? [] : style.layout.textWritingMode?.evaluate(for: feature) ?? [],
                verticalText: shaper.vertical,
                lineOffset: SymbolProperties.point(offset) * size,
                iconHidden: string.isEmpty && style.textField != nil && (icon?.textFit ?? .none) != .none)
    }
}
