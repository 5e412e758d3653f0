import MapsnapGeo
import MapsnapStyle

/// A feature's icon: the sprite image `icon-image` names, with the icon's layout properties.
extension SymbolLayout {
    /// The feature's icon from the sprite, when the layer has `icon-image` and the sprite has it
    /// (else a warning, and the symbol goes on without it).
    func icon(_ style: SymbolStyle, _ feature: any Feature, alongLine: Bool) -> SymbolCandidate.Icon? {
        guard let image = style.layout.iconImage else { return nil }
        let name = image.evaluate(for: feature)
        guard !name.isEmpty else { return nil }
        guard let sprites = frame.sprites else {
            frame.warnings.warn("icon '\(name)' needs a sprite, and the style has none (give --sprite); drawn without it")
            return nil
        }
        guard let icon = sprites.icons[name] else {
            frame.warnings.warn("icon '\(name)' is not in the sprite \(sprites.jsonPath); drawn without it")
            return nil
        }
        let size = style.iconSize.evaluate(for: feature)
        let offset = style.layout.iconOffset.evaluate(for: feature)
        return SymbolCandidate.Icon(
            icon: icon, size: size,
            offset: SymbolProperties.point(offset) * size,
            padding: style.iconPadding.evaluate(for: feature),
            opacity: style.iconOpacity.evaluate(for: feature),
            overlap: SymbolProperties.overlap(style.iconOverlap, style.iconAllowOverlap, feature: feature),
            ignorePlacement: style.iconIgnorePlacement.evaluate(for: feature),
            optional: style.iconOptional.evaluate(for: feature),
            textOptional: style.textOptional.evaluate(for: feature),
            // icon-rotation-alignment map turns a point's icon with the map (along lines, the
            // line's own angle already does).
            rotation: (style.layout.iconRotate.evaluate(for: feature)
                - (!alongLine && style.iconRotationAlignment.evaluate(for: feature) == .map ? frame.camera.screenBearing : 0)) * .pi / 180,
            turnsWithMap: !alongLine && style.iconRotationAlignment.evaluate(for: feature) == .map,
            followsLine: alongLine && style.iconRotationAlignment.evaluate(for: feature) != .viewport,
            ownRotation: style.layout.iconRotate.evaluate(for: feature) * .pi / 180,
            anchor: style.layout.iconAnchor.evaluate(for: feature),
            translate: frame.screenOffset(style.iconTranslate.evaluate(for: feature),
                                          anchor: style.iconTranslateAnchor.evaluate(for: feature)),
            textFit: style.layout.iconTextFit?.evaluate(for: feature) ?? .none,
            textFitPadding: style.layout.iconTextFitPadding.evaluate(for: feature),
            onMap: SymbolProperties.liesOnMap(pitch: style.iconPitchAlignment.evaluate(for: feature),
                                              rotation: style.iconRotationAlignment.evaluate(for: feature), alongLine: alongLine),
            linear: samplesLinearly(style, icon),
            tint: icon.sdf == true ? SDFTint(color: style.iconColor.evaluate(for: feature),
                                             haloColor: style.iconHaloColor.evaluate(for: feature),
                                             haloWidth: style.iconHaloWidth.evaluate(for: feature),
                                             haloBlur: style.iconHaloBlur.evaluate(for: feature)) : nil)
    }

    /// MapLibre samples a layer's icons bilinearly, not pixel for pixel, when they may be scaled or
    /// turned: `icon-size` other than a constant 1, `icon-rotate` other than a constant 0, a sprite
    /// of another pixel ratio than the image, or a pitched camera (SDF icons always are).
    func samplesLinearly(_ style: SymbolStyle, _ icon: SpriteSheet.Icon) -> Bool {
        style.iconSize.constantValue != 1 || style.layout.iconRotate.constantValue != 0
            || icon.pixelRatio != frame.camera.pixelRatio || frame.perspective != nil
    }
}
