import MapsnapGeo
import MapsnapStyle

/// A feature's icon: the sprite image `icon-image` names, with the icon's layout properties.
extension SymbolLayout {
    /// The feature's icon from the sprite, when the layer has `icon-image` and the sprite has it
    /// (else a warning, and the symbol goes on without it).
    func icon(_ style: SymbolLayer, _ feature: any Feature, alongLine: Bool) -> SymbolCandidate.Icon? {
        guard let image = style.iconImage else { return nil }
        let zoom = frame.zoom
        let name = image.evaluate(zoom: zoom, feature: feature)
        guard !name.isEmpty else { return nil }
        guard let sprites = frame.sprites else {
            frame.warnings.warn("icon '\(name)' needs a sprite, and the style has none (give --sprite); drawn without it")
            return nil
        }
        guard let icon = sprites.icons[name] else {
            frame.warnings.warn("icon '\(name)' is not in the sprite \(sprites.jsonPath); drawn without it")
            return nil
        }
        let size = style.iconSize.evaluate(zoom: zoom, feature: feature)
        let offset = style.iconOffset.evaluate(zoom: zoom, feature: feature)
        return SymbolCandidate.Icon(
            icon: icon, size: size,
            offset: SymbolProperties.point(offset) * size,
            padding: style.iconPadding.evaluate(zoom: zoom, feature: feature),
            opacity: style.iconOpacity.evaluate(zoom: zoom, feature: feature),
            overlap: SymbolProperties.overlap(style.iconOverlap, style.iconAllowOverlap, zoom: zoom, feature: feature),
            ignorePlacement: style.iconIgnorePlacement.evaluate(zoom: zoom, feature: feature),
            optional: style.iconOptional.evaluate(zoom: zoom, feature: feature),
            textOptional: style.textOptional.evaluate(zoom: zoom, feature: feature),
            // icon-rotation-alignment map turns a point's icon with the map (along lines, the
            // line's own angle already does).
            rotation: (style.iconRotate.evaluate(zoom: zoom, feature: feature)
                - (!alongLine && style.iconRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map ? frame.camera.bearing : 0)) * .pi / 180,
            turnsWithMap: !alongLine && style.iconRotationAlignment.evaluate(zoom: zoom, feature: feature) == .map,
            ownRotation: style.iconRotate.evaluate(zoom: zoom, feature: feature) * .pi / 180,
            anchor: style.iconAnchor.evaluate(zoom: zoom, feature: feature),
            translate: frame.screenOffset(style.iconTranslate.evaluate(zoom: zoom, feature: feature),
                                          anchor: style.iconTranslateAnchor.evaluate(zoom: zoom, feature: feature)),
            textFit: style.iconTextFit?.evaluate(zoom: zoom, feature: feature) ?? .none,
            textFitPadding: style.iconTextFitPadding.evaluate(zoom: zoom, feature: feature),
            onMap: SymbolProperties.liesOnMap(pitch: style.iconPitchAlignment.evaluate(zoom: zoom, feature: feature),
                                              rotation: style.iconRotationAlignment.evaluate(zoom: zoom, feature: feature), alongLine: alongLine),
            linear: samplesLinearly(style, icon),
            tint: icon.sdf == true ? SDFTint(color: style.iconColor.evaluate(zoom: zoom, feature: feature),
                                             haloColor: style.iconHaloColor.evaluate(zoom: zoom, feature: feature),
                                             haloWidth: style.iconHaloWidth.evaluate(zoom: zoom, feature: feature),
                                             haloBlur: style.iconHaloBlur.evaluate(zoom: zoom, feature: feature)) : nil)
    }

    /// MapLibre samples a layer's icons bilinearly, not pixel for pixel, when they may be scaled or
    /// turned: `icon-size` other than a constant 1, `icon-rotate` other than a constant 0, a sprite
    /// of another pixel ratio than the image, or a pitched camera (SDF icons always are).
    func samplesLinearly(_ style: SymbolLayer, _ icon: SpriteSheet.Icon) -> Bool {
        style.iconSize.constantValue != 1 || style.iconRotate.constantValue != 0
            || icon.pixelRatio != frame.camera.pixelRatio || frame.perspective != nil
    }
}
