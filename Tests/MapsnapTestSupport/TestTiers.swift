import Testing

/// The tags of the tests that `scripts/test.sh --fast` leaves out: each runs something big or
/// outside mapsnap (minutes of MapLibre's suite, a browser, a cluster, another implementation).
/// `scripts/test.sh` without `--fast`, which `.ci/run` calls, runs them all.
extension Tag {
    /// MapLibre's whole render suite and its expression tests.
    @Tag public static var conformance: Self
    /// Every input path fed hostile input, end to end.
    @Tag public static var hostile: Self
    /// Web pages in headless Chromium.
    @Tag public static var browser: Self
    /// The Slurm recipe on a single-node cluster.
    @Tag public static var slurm: Self
    /// Other implementations reading what mapsnap writes and the reverse (the PMTiles reference library).
    @Tag public static var interop: Self
    /// The install script and the runtime package list, checked against the built tree.
    @Tag public static var installation: Self
}
