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
    func candidates(_ layer: StyleLayer, _ style: SymbolLayer) -> [SymbolCandidate] {
        let zoom = frame.zoom
        var candidates: [SymbolCandidate] = []
        frame.forEachFeature(of: layer, forLabels: true) { rendered, projection in
            let feature = rendered.feature
            var (string, sections) = LabelText.evaluate(style, feature, layer: layer, in: frame)
            let placement = style.placement.evaluate(zoom: zoom, feature: feature)
            let alongLine = placement != .point && feature.geometryType != .point
            let size = style.textSize.evaluate(zoom: zoom, feature: feature)
            // No text at size 0, but the icon stays; transparent text (text-opacity 0) is still
            // placed and collides, as in MapLibre, and its icon is drawn.
            if !(size > 0) { string = "" }
            let opacity = style.textOpacity.evaluate(zoom: zoom, feature: feature)
            let icon = self.icon(style, feature, alongLine: alongLine)
            guard !string.isEmpty || icon != nil, let parts = rendered.parts, !parts.isEmpty else { return }
            let shaper = LabelShaper(string, sections: sections, size: size, alongLine: alongLine, style: style, feature: feature, frame: frame)
            let shaped = shaper.shapedAt(1, nil)
            let offset = style.textOffset.evaluate(zoom: zoom, feature: feature)
            let translate = frame.screenOffset(style.textTranslate.evaluate(zoom: zoom, feature: feature),
                                               anchor: style.textTranslateAnchor.evaluate(zoom: zoom, feature: feature))
            let spacing = style.spacing.evaluate(zoom: zoom, feature: feature)
            let anchors = self.anchors(parts, projection, alongLine: alongLine, shaped: shaped, icon: icon,
                                       style: style, feature: feature, spacing: spacing)
            candidates.append(SymbolCandidate(
                text: shaped, shapedAt: shaper.shapedAt, justifiesToAnchor: shaper.justifiesToAnchor, icon: icon, string: string,
                sortKey: style.sortKey?.evaluate(zoom: zoom, feature: feature) ?? 0,
                paint: TextPaint(color: style.textColor.evaluate(zoom: zoom, feature: feature),
                                 haloColor: style.textHaloColor.evaluate(zoom: zoom, feature: feature),
                                 haloWidth: style.textHaloWidth.evaluate(zoom: zoom, feature: feature),
                                 haloBlur: style.textHaloBlur.evaluate(zoom: zoom, feature: feature),
                                 opacity: opacity),
                anchors: anchors,
                padding: style.textPadding.evaluate(zoom: zoom, feature: feature),
                overlap: SymbolProperties.overlap(style.textOverlap, style.textAllowOverlap, zoom: zoom, feature: feature),
                ignorePlacement: style.textIgnorePlacement.evaluate(zoom: zoom, feature: feature),
                textPlacements: VariableTextAnchors.placements(
                    anchor: style.textAnchor.evaluate(zoom: zoom, feature: feature),
                    variable: style.textVariableAnchor?.evaluate(zoom: zoom, feature: feature) ?? [],
                    offset: SymbolProperties.point(offset),
                    radialOffset: style.textRadialOffset?.evaluate(zoom: zoom, feature: feature),
                    anchorOffsets: placement == .point ? style.textVariableAnchorOffset?.evaluate(zoom: zoom, feature: feature) : nil,
                    size: size),
                translate: translate,
                rotation: (style.textRotate.evaluate(zoom: zoom, feature: feature)
                    - (style.textRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map ? frame.camera.bearing : 0)) * .pi / 180,
                textTurnsWithMap: !alongLine && style.textRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map,
                maxAngle: style.textMaxAngle.evaluate(zoom: zoom, feature: feature) * .pi / 180,
                keepTextUpright: style.textKeepUpright.evaluate(zoom: zoom, feature: feature),
                keepIconUpright: style.iconKeepUpright.evaluate(zoom: zoom, feature: feature),
                spacing: spacing,
                placement: placement,
                tileCenter: projection.planeCorners.reduce(Point(x: 0, y: 0), +) * 0.25,
                textOnMap: !alongLine && SymbolProperties.liesOnMap(
                    pitch: style.textPitchAlignment.evaluate(zoom: zoom, feature: feature),
                    rotation: style.textRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map ? .map : .viewport,
                    alongLine: false),
                writingModes: alongLine ? [] : style.textWritingMode?.evaluate(zoom: zoom, feature: feature) ?? [],
                verticalText: shaper.vertical,
                lineOffset: SymbolProperties.point(offset) * size,
                iconHidden: string.isEmpty && style.textField != nil && (icon?.textFit ?? .none) != .none))
        }
        return candidates
    }
}
