import Testing
import MapsnapFormats
@testable import MapsnapStyle

/// Colour blending for `interpolate`, `interpolate-lab` and `interpolate-hcl` (the parsing is
/// MapsnapFormats' `ColorTests`).
@Suite struct ColorInterpolationTests {
    @Test func interpolation() {
        let mid = Color.interpolateRGB(.black, .white, 0.5)
        #expect(mid == Color(r: 0.5, g: 0.5, b: 0.5, a: 1))
        let lab = Color.interpolateLab(.black, .white, 0)
        #expect(abs(lab.r) < 1e-6 && abs(lab.a - 1) < 1e-9)
        let hcl = Color.interpolateHCL(Color(r: 1, g: 0, b: 0), Color(r: 1, g: 0, b: 0), 0.5)
        #expect(abs(hcl.r - 1) < 1e-3 && abs(hcl.g) < 1e-3)
    }
}
