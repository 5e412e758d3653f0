import Foundation
import MapsnapRender

extension FuzzTarget {
    /// A sprite index (`<base>.json`: icon name → rectangle) next to a fixed 64×64 sheet, loaded as
    /// a style's sprite is (`SpriteSheet`, both pixel ratios).
    static let spriteIndex = FuzzTarget("sprite-index", "sprite index JSON beside a 64x64 sheet, loaded by SpriteSheet") { data in
        ScratchFolder.with { folder in
            FuzzVerdict.of {
                let base = folder.appendingPathComponent("sprite").path
                try data.write(to: URL(fileURLWithPath: base + ".json"))
                try SpriteSheetImage.png.write(to: URL(fileURLWithPath: base + ".png"))
                for sheet in try SpriteSheet.sheets(base: base) {
                    for icon in sheet.icons.values {
                        _ = (icon.pointWidth, icon.pointHeight, icon.sdf)
                        // Stretchable images laid out for boxes smaller and larger than the icon.
                        for box in [(0.0, 0.0), (3.0, 2.0), (500.0, 80.0)] where icon.stretchable != nil {
                            _ = NinePatch.cells(icon.stretchable, width: icon.width, height: icon.height, pixelRatio: icon.pixelRatio,
                                                box: box, boxOrigin: .init(x: -box.0 / 2, y: -box.1 / 2))
                        }
                    }
                }
            }
        }
    }
}

/// The sheet the sprite index is fuzzed against: 64×64 device pixels, half transparent.
enum SpriteSheetImage {
    static let png: Data = {
        do {
            let image = try RasterImage(pixelWidth: 64, pixelHeight: 64)
            return try image.pngData()
        } catch {
            preconditionFailure("cannot make the fuzzing sprite sheet: \(error)")
        }
    }()
}
