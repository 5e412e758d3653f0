import Testing
import MapsnapTestSupport

/// Issue 11's hostile-input suite: every command and input kind, each case run as the built binary
/// under a memory limit and a safety bound, checked against the contract in `HostileCase`.
/// A case that cannot pass yet carries `.knownFailure(reason)`, which fails once it passes.
@Suite(.tags(.hostile)) struct HostileInputTests {
    @Test(arguments: CLIValueCases.all) func cliValues(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: ArchiveCases.all) func archives(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: TileCases.all) func tiles(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: StyleCases.all) func styles(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: SpriteCases.all) func sprites(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: OverlayCases.all) func overlays(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: ManifestCases.all) func manifests(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: OutputCases.all) func outputs(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: PyramidCases.all) func pyramids(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: GlyphCases.all) func glyphs(_ c: HostileCase) throws { try c.run() }
    @Test(arguments: PMTilesCases.all) func pmtilesAndFormats(_ c: HostileCase) throws { try c.run() }

    /// Every case has its own name: the expected-failures list and the lead's work list go by it.
    @Test func caseNamesAreUnique() {
        let all = CLIValueCases.all + ArchiveCases.all + TileCases.all + StyleCases.all + SpriteCases.all
            + OverlayCases.all + ManifestCases.all + OutputCases.all + PyramidCases.all + GlyphCases.all
        let names = all.map(\.name)
        #expect(Set(names).count == names.count, "duplicate names: \(Dictionary(grouping: names) { $0 }.filter { $0.value.count > 1 }.keys.sorted())")
        #expect(all.count >= 120)
    }
}
