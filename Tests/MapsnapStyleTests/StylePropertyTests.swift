import Testing
import MapsnapFormats
@testable import MapsnapStyle

/// Spec defaults for every layer type, and the constant/zoom/data-driven distinction.
@Suite struct StylePropertyTests {
    static func kind(_ type: String, _ body: String = "") throws -> LayerKind {
        let source = type == "background" ? "" : #", "source": "v", "source-layer": "x""#
        let style = try parseStyle(layers: #"[{"id": "l", "type": "\#(type)"\#(source)\#(body)}]"#).get()
        return style.layers[0].kind
    }

    /// `icon-padding` takes a number or a CSS-like array of 1 to 4 numbers.
    @Test func paddingReadsNumbersAndArrays() {
        #expect(Padding(styleValue: .number(3)) == Padding(3))
        #expect(Padding(styleValue: .array([.number(1), .number(2)])) == Padding(top: 1, right: 2, bottom: 1, left: 2))
        #expect(Padding(styleValue: .array([.number(1), .number(2), .number(3)])) == Padding(top: 1, right: 2, bottom: 3, left: 2))
        #expect(Padding(styleValue: .array([.number(1), .number(2), .number(3), .number(-4)])) == Padding(top: 1, right: 2, bottom: 3, left: -4))
        #expect(Padding(styleValue: .array([])) == nil)
        #expect(Padding(styleValue: .array(Array(repeating: .number(1), count: 5))) == nil)
        #expect(Padding(styleValue: .string("2")) == nil)
    }

    /// An expression that folds to NaN gives the property's default, as MapLibre's run-time rule.
    @Test func anExpressionFoldedToNaNGivesTheDefault() throws {
        guard case .line(let l) = try Self.kind("line", #", "paint": {"line-width": ["sqrt", -1]}"#) else { Issue.record("kind"); return }
        #expect(l.width.constantValue == 1)
    }

    @Test func backgroundDefaults() throws {
        guard case .background(let b) = try Self.kind("background") else { Issue.record("kind"); return }
        #expect(b.color.constantValue == .black)
        #expect(b.opacity.constantValue == 1)
        #expect(b.pattern == nil)
    }

    @Test func fillDefaults() throws {
        guard case .fill(let f) = try Self.kind("fill") else { Issue.record("kind"); return }
        #expect(f.color.constantValue == .black)
        #expect(f.opacity.constantValue == 1)
        #expect(f.outlineColor == nil)
        #expect(f.antialias.constantValue == true)
        #expect(f.translate.constantValue == [0, 0])
        #expect(f.translateAnchor.constantValue == .map)
        #expect(f.pattern == nil)
    }

    @Test func lineDefaults() throws {
        guard case .line(let l) = try Self.kind("line") else { Issue.record("kind"); return }
        #expect(l.color.constantValue == .black)
        #expect(l.width.constantValue == 1)
        #expect(l.opacity.constantValue == 1)
        #expect(l.gapWidth.constantValue == 0)
        #expect(l.offset.constantValue == 0)
        #expect(l.blur.constantValue == 0)
        #expect(l.dasharray == nil)
        #expect(l.cap.constantValue == .butt)
        #expect(l.join.constantValue == .miter)
        #expect(l.miterLimit.constantValue == 2)
        #expect(l.roundLimit.constantValue == 1.05)
    }

    @Test func circleDefaults() throws {
        guard case .circle(let c) = try Self.kind("circle") else { Issue.record("kind"); return }
        #expect(c.radius.constantValue == 5)
        #expect(c.color.constantValue == .black)
        #expect(c.opacity.constantValue == 1)
        #expect(c.blur.constantValue == 0)
        #expect(c.strokeWidth.constantValue == 0)
        #expect(c.strokeColor.constantValue == .black)
        #expect(c.strokeOpacity.constantValue == 1)
        #expect(c.translate.constantValue == [0, 0])
    }

    @Test func symbolDefaults() throws {
        guard case .symbol(let s) = try Self.kind("symbol") else { Issue.record("kind"); return }
        #expect(s.placement.constantValue == .point)
        #expect(s.spacing.constantValue == 250)
        #expect(s.sortKey == nil)
        #expect(s.textField == nil)
        #expect(s.textFont.constantValue == ["Open Sans Regular", "Arial Unicode MS Regular"])
        #expect(s.textSize.constantValue == 16)
        #expect(s.textColor.constantValue == .black)
        #expect(s.textHaloColor.constantValue == .transparent)
        #expect(s.textHaloWidth.constantValue == 0)
        #expect(s.textHaloBlur.constantValue == 0)
        #expect(s.textOpacity.constantValue == 1)
        #expect(s.textTransform.constantValue == TextTransform.none)
        #expect(s.textAnchor.constantValue == .center)
        #expect(s.textOffset.constantValue == [0, 0])
        #expect(s.textRadialOffset == nil)
        #expect(s.textVariableAnchor == nil)
        #expect(s.textJustify.constantValue == .center)
        #expect(s.textMaxWidth.constantValue == 10)
        #expect(s.textLetterSpacing.constantValue == 0)
        #expect(s.textLineHeight.constantValue == 1.2)
        #expect(s.textPadding.constantValue == 2)
        #expect(s.textOptional.constantValue == false)
        #expect(s.textAllowOverlap.constantValue == false)
        #expect(s.textIgnorePlacement.constantValue == false)
        #expect(s.textRotationAlignment.constantValue == .auto)
        #expect(s.textPitchAlignment.constantValue == .auto)
        #expect(s.textMaxAngle.constantValue == 45)
        #expect(s.textRotate.constantValue == 0)
        #expect(s.textTranslate.constantValue == [0, 0])
        #expect(s.textKeepUpright.constantValue == true)
        #expect(s.iconImage == nil)
        #expect(s.iconSize.constantValue == 1)
        #expect(s.iconOpacity.constantValue == 1)
        #expect(s.iconRotate.constantValue == 0)
        #expect(s.iconPadding.constantValue == Padding(2))
        #expect(s.iconOptional.constantValue == false)
        #expect(s.iconAllowOverlap.constantValue == false)
        #expect(s.iconIgnorePlacement.constantValue == false)
        #expect(s.iconAnchor.constantValue == .center)
        #expect(s.iconOffset.constantValue == [0, 0])
        #expect(s.iconColor.constantValue == .black)
        #expect(s.iconHaloColor.constantValue == .transparent)
        #expect(s.iconHaloWidth.constantValue == 0)
        #expect(s.iconTextFit == nil)
        #expect(s.zOrder.constantValue == .auto)
    }

    @Test func symbolValues() throws {
        guard case .symbol(let s) = try Self.kind("symbol", #", "layout": {"symbol-placement": "line-center", "text-anchor": "top-left", "text-variable-anchor": ["top", "bottom-right"], "text-font": ["Noto Sans Bold"], "text-offset": [0, 1.5], "icon-text-fit": "both", "text-transform": "uppercase"}"#) else {
            Issue.record("kind")
            return
        }
        #expect(s.placement.constantValue == .lineCenter)
        #expect(s.textAnchor.constantValue == .topLeft)
        #expect(s.textVariableAnchor?.constantValue == [.top, .bottomRight])
        #expect(s.textFont.constantValue == ["Noto Sans Bold"])
        #expect(s.textOffset.constantValue == [0, 1.5])
        #expect(s.iconTextFit?.constantValue == .both)
        #expect(s.textTransform.constantValue == .uppercase)
    }

    @Test func constantExpressionsFold() throws {
        guard case .line(let l) = try Self.kind("line", #", "paint": {"line-width": ["+", 1, 2], "line-color": ["rgb", 0, 0, 255]}"#) else {
            Issue.record("kind")
            return
        }
        #expect(l.width.constantValue == 3)
        #expect(l.color.constantValue == Color(r: 0, g: 0, b: 1))
    }

    @Test func zoomOnlyAndDataDriven() throws {
        guard case .line(let l) = try Self.kind("line", #", "paint": {"line-width": ["interpolate", ["exponential", 1.5], ["zoom"], 10, 1, 18, 8], "line-opacity": ["get", "o"], "line-color": ["match", ["get", "c"], "a", "red", "blue"]}"#) else {
            Issue.record("kind")
            return
        }
        #expect(l.width.constantValue == nil)
        #expect(l.width.dependsOnZoom && !l.width.dependsOnFeature)
        #expect(l.width.evaluate(zoom: 18, feature: nil) == 8)
        #expect(l.opacity.dependsOnFeature)
        #expect(l.opacity.evaluate(zoom: 1, feature: MockFeature(["o": .number(0.25)])) == 0.25)
        // Wrong types and missing values fall back to the spec default.
        #expect(l.opacity.evaluate(zoom: 1, feature: MockFeature(["o": .string("x")])) == 1)
        #expect(l.opacity.evaluate(zoom: 1, feature: MockFeature()) == 1)
        #expect(l.opacity.evaluate(zoom: 1, feature: nil) == 1)
        #expect(l.color.evaluate(zoom: 1, feature: MockFeature(["c": .string("a")])) == Color(r: 1, g: 0, b: 0))
        #expect(l.color.evaluate(zoom: 1, feature: MockFeature(["c": .string("z")])) == Color(r: 0, g: 0, b: 1))
    }

    @Test func enumExpressionsFallBackOnUnknownValues() throws {
        guard case .line(let l) = try Self.kind("line", #", "layout": {"line-join": ["get", "j"]}"#) else { Issue.record("kind"); return }
        #expect(l.join.evaluate(zoom: 1, feature: MockFeature(["j": .string("round")])) == .round)
        #expect(l.join.evaluate(zoom: 1, feature: MockFeature(["j": .string("curly")])) == .miter)
    }

    @Test func nonInterpolatablePropertiesRejectInterpolate() {
        let result = parseStyle(layers: #"[{"id": "l", "type": "line", "source": "v", "paint": {"line-dasharray": ["interpolate", ["linear"], ["zoom"], 0, ["literal", [1, 1]], 5, ["literal", [2, 2]]]}}]"#)
        #expect(throws: StyleError.invalid(file: "test.json", issues: [StyleIssue(path: "layers[0].paint.line-dasharray", message: "Type array<number> is not interpolatable.")])) {
            try result.get()
        }
    }

    @Test func publicConstant() {
        let p = StyleProperty<Double>.constant(4)
        #expect(p.constantValue == 4 && !p.dependsOnFeature && p.evaluate(zoom: 3, feature: nil) == 4)
    }
}

/// The evaluation phases: a layer's properties at a zoom, then for a feature.
@Suite struct PropertyPhaseTests {
    private static func line(_ paint: String, layout: String = "{}") throws -> LineLayer {
        let text = #"{"version": 8, "sources": {"v": {"type": "geojson", "data": {"type": "FeatureCollection", "features": []}}}, "layers": [{"id": "l", "type": "line", "source": "v", "paint": "#
            + paint + #", "layout": "# + layout + "}]}"
        let style = try StyleDocumentTests.parse(text).get()
        guard case .line(let line) = style.layers[0].kind else { throw PhaseTestError() }
        return line
    }
    struct PhaseTestError: Error {}

    @Test func zoomOnlyPropertiesAreEvaluatedOnce() throws {
        let style = try Self.line(#"{"line-width": ["interpolate", ["linear"], ["zoom"], 10, 1, 20, 11]}"#)
        let atZoom = style.possiblyEvaluated(atZoom: 15)
        #expect(atZoom.width.constantValue == 6)
        #expect(!atZoom.dependsOnFeature)
        #expect(atZoom.evaluated(for: nil).width == 6)
    }

    /// Data-driven properties, including those the pinned specification made data-driven
    /// (`line-miter-limit`, `line-cap`), are evaluated per feature, never once for all.
    @Test func dataDrivenPropertiesAreEvaluatedPerFeature() throws {
        let style = try Self.line(#"{"line-color": ["get", "c"]}"#, layout: #"{"line-miter-limit": ["get", "m"], "line-cap": ["get", "cap"]}"#)
        let atZoom = style.possiblyEvaluated(atZoom: 12)
        #expect(atZoom.dependsOnFeature && atZoom.miterLimit.dependsOnFeature && atZoom.cap.dependsOnFeature)
        let feature = MockFeature(["c": .string("red"), "m": .number(7), "cap": .string("round")])
        let evaluated = atZoom.evaluated(for: feature)
        #expect(evaluated.miterLimit == 7)
        #expect(evaluated.cap == .round)
        #expect(evaluated.color == Color(r: 1, g: 0, b: 0, a: 1))
        // Without the feature: the spec default.
        #expect(atZoom.evaluated(for: nil).miterLimit == 2)
    }

    @Test func unsetOptionalPropertiesStayNil() throws {
        let atZoom = try Self.line("{}").possiblyEvaluated(atZoom: 3)
        #expect(atZoom.dasharray == nil && atZoom.pattern == nil && atZoom.sortKey == nil)
        #expect(atZoom.evaluated(for: nil).dasharray == nil)
    }
}
