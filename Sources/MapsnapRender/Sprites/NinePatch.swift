import MapsnapGeo

/// How a stretchable sprite image is cut and laid out when `icon-text-fit` resizes it, following
/// MapLibre's icon quads: the stretch ranges share the box's size, the fixed parts keep their
/// size in points, and with a `content` box it is the content area that is fitted to the box, so
/// the image may reach beyond the box.
public enum NinePatch {
    /// One piece: a rectangle of the sprite image (pixels, relative to the icon's corner, within
    /// its one-pixel transparent border) drawn
    /// into a rectangle relative to the fitted box's top-left corner (points).
    public struct Cell: Equatable, Sendable {
        public var source: Rect
        public var destination: Rect
    }

    /// The cells for a `box`-sized icon whose corner lies at `boxOrigin` relative to the label's
    /// anchor (MapLibre scales about the anchor when the box is too small for the fixed parts).
    public static func cells(_ image: StretchableImage?, width: Int, height: Int, pixelRatio: Double,
                      box: (width: Double, height: Double), boxOrigin: Point) -> [Cell] {
        let xs = cuts(image?.stretchX, size: Double(width), content: image?.content.map { ($0.minX, $0.maxX) },
                      boxSize: box.width, boxStart: boxOrigin.x, pixelRatio: pixelRatio)
        let ys = cuts(image?.stretchY, size: Double(height), content: image?.content.map { ($0.minY, $0.maxY) },
                      boxSize: box.height, boxStart: boxOrigin.y, pixelRatio: pixelRatio)
        var cells: [Cell] = []
        for (x0, x1) in zip(xs, xs.dropFirst()) where x1.source > x0.source {
            for (y0, y1) in zip(ys, ys.dropFirst()) where y1.source > y0.source {
                cells.append(Cell(source: Rect(minX: x0.source, minY: y0.source, maxX: x1.source, maxY: y1.source),
                                  destination: Rect(minX: x0.destination, minY: y0.destination,
                                                    maxX: x1.destination, maxY: y1.destination)))
            }
        }
        return cells
    }

    /// The cuts along one axis: each a position in the image and where it lands.
    private static func cuts(_ zones: [ClosedRange<Double>]?, size: Double, content: (Double, Double)?,
                             boxSize: Double, boxStart: Double, pixelRatio: Double) -> [(source: Double, destination: Double)] {
        let zones = zones ?? [0...size]
        let stretchSize = zones.reduce(0) { $0 + $1.upperBound - $1.lowerBound }
        let fixedSize = size - stretchSize
        var stretchOffset = 0.0, stretchContent = stretchSize, fixedOffset = 0.0, fixedContent = fixedSize
        if let (from, to) = content {
            stretchOffset = sum(zones, within: 0, from)
            stretchContent = sum(zones, within: from, to)
            fixedOffset = from - stretchOffset
            fixedContent = to - from - stretchContent
        }
        // Positions as (fixed pixels before, stretched pixels before), from the transparent
        // pixel around the image to the one after it (MapLibre's atlas border), so that the
        // outer edges blend into transparency as they do there.
        var cuts: [(fixed: Double, stretch: Double)] = [(-border, 0)]
        for zone in zones {
            let stretched = cuts[cuts.count - 1].stretch
            cuts.append((zone.lowerBound - stretched, stretched))
            cuts.append((zone.lowerBound - stretched, stretched + zone.upperBound - zone.lowerBound))
        }
        cuts.append((fixedSize + border, stretchSize))
        // A box smaller than the fixed parts: the stretched layout grows until they fit.
        let scale = boxSize > 0 ? max(fixedContent / pixelRatio / boxSize, 1) : 1
        return cuts.map { cut in
            let em = stretchContent > 0 ? (cut.stretch - stretchOffset) / stretchContent * boxSize : 0
            let px = (cut.fixed - fixedOffset) - (stretchSize > 0 ? fixedContent * cut.stretch / stretchSize : 0)
            return (cut.fixed + cut.stretch, (em + boxStart) * scale - boxStart + px / pixelRatio)
        }
    }

    /// The transparent margin around an image, in its pixels: cell sources run from −1 to size + 1.
    static let border = 1.0

    /// The length of `zones` that lies between `low` and `high`.
    private static func sum(_ zones: [ClosedRange<Double>], within low: Double, _ high: Double) -> Double {
        zones.reduce(0) { total, zone in
            total + max(low, min(high, zone.upperBound)) - max(low, min(high, zone.lowerBound))
        }
    }

    /// MapLibre's `textFitWidth`/`textFitHeight` with a content box: a `proportional` axis grows
    /// back to the content's aspect ratio (height first), scaled about the anchor. `box` is
    /// relative to the anchor.
    public static func applyTextFit(_ image: StretchableImage, to box: Rect) -> Rect {
        guard let content = image.content, content.width > 0, content.height > 0 else { return box }
        var (left, top, width, height) = (box.minX, box.minY, box.width, box.height)
        let aspect = content.width / content.height
        if image.textFitHeight == .proportional {
            if image.textFitWidth == .proportional || (image.textFitWidth == .stretchOnly && width / height < aspect) {
                let newWidth = (height * aspect).rounded(.up)
                left *= newWidth / width
                width = newWidth
            }
        } else if image.textFitWidth == .proportional, image.textFitHeight == .stretchOnly, width / height > aspect {
            let newHeight = (width / aspect).rounded(.up)
            top *= newHeight / height
            height = newHeight
        }
        return Rect(minX: left, minY: top, maxX: left + width, maxY: top + height)
    }
}
