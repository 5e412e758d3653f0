import Foundation
import Testing
@testable import MapsnapRender
import MapsnapFormats
import MapsnapGeo

/// Stretchable sprite images fitted to text, laid out as MapLibre's icon quads are.
struct NinePatchTests {
    private static func edges(_ cells: [NinePatch.Cell], _ axis: KeyPath<Rect, Double>, _ end: KeyPath<Rect, Double>) -> [Double] {
        Array(Set(cells.map { $0.destination[keyPath: axis] } + cells.map { $0.destination[keyPath: end] })).sorted()
    }

    @Test func fixedPartsKeepTheirSizeAndStretchRangesShareTheRest() {
        let image = StretchableImage(stretchX: [10...30], stretchY: [10...30])
        let cells = NinePatch.cells(image, width: 40, height: 40, pixelRatio: 1, box: (60, 50), boxOrigin: Point(x: -30, y: -25))
        #expect(cells.count == 9)
        // Each side: the 1-pixel transparent border, a 10-pixel fixed part, the stretched middle.
        #expect(Self.edges(cells, \.minX, \.maxX) == [-1, 10, 50, 61])
        #expect(Self.edges(cells, \.minY, \.maxY) == [-1, 10, 40, 51])
        #expect(Set(cells.map(\.source.minX)) == [-1, 10, 30])
    }

    @Test func theContentBoxIsWhatFitsTheText() {
        let image = StretchableImage(stretchX: [10...30], stretchY: [10...30], content: Rect(minX: 10, minY: 10, maxX: 30, maxY: 30))
        let cells = NinePatch.cells(image, width: 40, height: 40, pixelRatio: 2, box: (20, 16), boxOrigin: Point(x: -10, y: -8))
        // The content (10…30) spans the box; the 10 pixels outside it (5 points at ratio 2) reach beyond.
        #expect(Self.edges(cells, \.minX, \.maxX) == [-5.5, 0, 20, 25.5])
        #expect(Self.edges(cells, \.minY, \.maxY) == [-5.5, 0, 16, 21.5])
    }

    @Test func aBoxSmallerThanTheFixedPartsGrowsAboutTheAnchor() {
        let image = StretchableImage(stretchX: [20...40])
        let cells = NinePatch.cells(image, width: 60, height: 10, pixelRatio: 1, box: (14, 10), boxOrigin: Point(x: -7, y: -5))
        let xs = Self.edges(cells, \.minX, \.maxX)
        // The stretched part has no width left; the image stays centred on the anchor (7 points in).
        #expect(xs.count == 3)
        #expect(abs(xs[0] + 14) < 1e-9 && abs(xs[1] - 7) < 1e-9 && abs(xs[2] - 28) < 1e-9)
    }

    @Test func proportionalTextFitKeepsTheContentsAspect() {
        let image = StretchableImage(stretchX: [9...91], stretchY: [9...61], content: Rect(minX: 9, minY: 9, maxX: 91, maxY: 61),
                                     textFitWidth: .proportional, textFitHeight: .proportional)
        let box = NinePatch.applyTextFit(image, to: Rect(minX: -10, minY: -10, maxX: 10, maxY: 10))
        #expect(box.height == 20 && box.width == (20 * 82 / 52.0).rounded(.up))
        #expect(NinePatch.applyTextFit(StretchableImage(content: Rect(minX: 0, minY: 0, maxX: 4, maxY: 2)), to: box) == box)
    }

    @Test func spriteEntriesAreReadAndCheckedForStretchFields() throws {
        let entry = try JSONValue.parse(Data(#"{"x": 0, "y": 0, "width": 40, "height": 40, "pixelRatio": 1, "stretchX": [[10, 30]], "content": [10, 10, 30, 30], "textFitWidth": "stretchOnly"}"#.utf8))
        let image = try #require(try StretchableImage(entry, width: 40, height: 40))
        #expect(image.stretchX == [10...30] && image.stretchY == nil && image.textFitWidth == .stretchOnly && image.textFitHeight == .stretchOrShrink)
        #expect(try StretchableImage(try JSONValue.parse(Data(#"{"x": 0}"#.utf8)), width: 4, height: 4) == nil)
        for bad in [#"{"stretchX": [[30, 10]]}"#, #"{"stretchX": [[0, 50]]}"#, #"{"stretchY": [[0, 20], [10, 30]]}"#,
                    #"{"content": [0, 0, 50, 10]}"#, #"{"content": [1, 2]}"#, #"{"textFitHeight": "grow"}"#] {
            #expect(throws: StretchableImage.ReadError.self, "\(bad)") {
                _ = try StretchableImage(try JSONValue.parse(Data(bad.utf8)), width: 40, height: 40)
            }
        }
    }
}
