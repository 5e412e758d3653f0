// swift-tools-version:6.0
import PackageDescription

/// The system libraries come from Debian (see `scripts/install-deps.sh`); each one is a
/// `Sources/C*/module.modulemap` plus a `shim.h`.
let apt = { (names: [String]) in [SystemPackageProvider.apt(names)] }

let package = Package(
    name: "mapsnap",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "MapsnapKit", targets: ["MapsnapKit"]),
        .executable(name: "mapsnap", targets: ["mapsnap"]),
        .executable(name: "mapsnap-conformance", targets: ["mapsnap-conformance"]),
    ],
    targets: [
        // MARK: system libraries
        .systemLibrary(name: "CCairo", pkgConfig: "cairo", providers: apt(["libcairo2-dev"])),
        .systemLibrary(name: "CPangoCairo", pkgConfig: "pangocairo", providers: apt(["libpango1.0-dev"])),
        // Glyph outlines for `mapsnap glyphs build`.
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: apt(["libfreetype-dev"])),
        .systemLibrary(name: "CFriBidi", pkgConfig: "fribidi", providers: apt(["libfribidi-dev"])),
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: apt(["libpng-dev"])),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: apt(["libsqlite3-dev"])),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: apt(["zlib1g-dev"])),
        // PMTiles archives may compress tiles, directories and metadata with brotli or zstd.
        .systemLibrary(name: "CBrotli", pkgConfig: "libbrotlidec", providers: apt(["libbrotli-dev"])),
        .systemLibrary(name: "CZstd", pkgConfig: "libzstd", providers: apt(["libzstd-dev"])),
        // libdeflate compresses PNG image data (whole buffers) two to three times as fast as zlib.
        .systemLibrary(name: "CDeflate", pkgConfig: "libdeflate", providers: apt(["libdeflate-dev"])),
        // Intel's ISA-L (igzip) compresses three times as fast again, for PNGs wanted fast (tiles, the server).
        .systemLibrary(name: "CISAL", pkgConfig: "libisal", providers: apt(["libisal-dev"])),
        // GNU libmicrohttpd for the server, opened with dlopen when `mapsnap serve` starts (microhttpd_loader.h).
        .target(name: "MicroHTTPDLoader"),
        // libFuzzer's driver, declared for the fuzz builds of mapsnap-fuzz (scripts/fuzz.sh links it).
        .systemLibrary(name: "CLibFuzzer"),
        // The PNG encoder: Cairo's pixels to PNG bytes, the image data compressed by ISA-L or libdeflate.
        .target(name: "PNGWriter", dependencies: ["CDeflate", "CISAL", "CZlib"]),
        // Raster tiles for `raster` layers: libwebp and libjpeg-turbo beside libpng.
        .systemLibrary(name: "CWebP", pkgConfig: "libwebp", providers: apt(["libwebp-dev"])),
        .systemLibrary(name: "CJPEG", pkgConfig: "libjpeg", providers: apt(["libjpeg62-turbo-dev"])),
        .target(name: "RasterDecoder", dependencies: ["CPNG", "CWebP", "CJPEG"]),
        // WebP and JPEG output for snapshots, tiles and the server, from the same two libraries.
        .target(name: "RasterEncoder", dependencies: ["CWebP", "CJPEG"]),

        // MARK: the pipeline, left to right
        // Text formats every reader shares: JSON, CSV records, numbers in messages.
        .target(name: "MapsnapFormats"),
        .target(name: "MapsnapGeo", dependencies: ["MapsnapFormats"]),
        .target(name: "MapsnapTiles", dependencies: ["MapsnapFormats", "MapsnapGeo", "CSQLite", "CZlib", "CBrotli", "CZstd"]),
        .target(name: "MapsnapStyle", dependencies: ["MapsnapFormats", "MapsnapGeo"]),
        // The style module only for `TextAnchor`, an icon marker's anchor (`Color` is MapsnapFormats').
        .target(name: "MapsnapOverlays", dependencies: ["MapsnapFormats", "MapsnapGeo", "MapsnapStyle"]),
        .target(name: "MapsnapRender", dependencies: [
            "MapsnapFormats", "MapsnapGeo", "MapsnapTiles", "MapsnapStyle", "MapsnapOverlays", "CCairo", "CPangoCairo", "CFreeType", "CFriBidi", "PNGWriter",
            "RasterDecoder", "RasterEncoder",
        ]),
        .target(name: "MapsnapKit", dependencies: ["MapsnapFormats", "MapsnapGeo", "MapsnapTiles", "MapsnapStyle", "MapsnapOverlays", "MapsnapRender"]),
        // `mapsnap serve`: HTTP routes and URL grammars → the request model, tile coalescing and caches.
        // A front end on the library modules alone; its command line (`ServeCommand`) is the CLI's.
        .target(name: "MapsnapServe", dependencies: ["MapsnapFormats", "MapsnapKit", "MicroHTTPDLoader"]),
        // The command line: declared options shared by the subcommands (serve's too), generated help, in-process parsing.
        .target(name: "MapsnapCLI", dependencies: ["MapsnapFormats", "MapsnapKit", "MapsnapGeo", "MapsnapRender", "MapsnapServe"]),
        .executableTarget(name: "mapsnap", dependencies: ["MapsnapKit", "MapsnapCLI"]),
        // The README's Swift example, built with the package so that it always compiles.
        .executableTarget(name: "mapsnap-swift-api-example", dependencies: ["MapsnapKit"], path: "examples/swift-api"),
        // MapLibre's render and expression tests, judged as upstream judges them (scripts/conformance.sh).
        .target(name: "MapsnapConformance", dependencies: ["MapsnapKit", "MapsnapStyle", "MapsnapGeo", "MapsnapFormats", "CPNG"]),
        .executableTarget(name: "mapsnap-conformance", dependencies: ["MapsnapConformance"]),
        // One entry point per decoder and parser, for libFuzzer and for the regression replay test.
        .target(name: "MapsnapFuzzing", dependencies: [
            "MapsnapFormats", "MapsnapGeo", "MapsnapTiles", "MapsnapStyle", "MapsnapOverlays", "MapsnapRender", "MapsnapKit",
            "MapsnapServe", "MapsnapCLI",
        ]),
        // libFuzzer's driver in fuzz builds (-DFUZZING, scripts/fuzz.sh); otherwise replays input files.
        .executableTarget(name: "mapsnap-fuzz", dependencies: ["MapsnapFuzzing", "CLibFuzzer"]),
        // Times the CSV and GPX track readers alone (bench/readers.sh); not part of the tests.
        .executableTarget(name: "mapsnap-bench-readers", dependencies: ["MapsnapOverlays"]),

        // MARK: tests (mirror the sources)
        // Finds the repository and the built binary for the end-to-end suites; the one way a test
        // says it cannot run here (TestEnvironment.skip).
        // ImageComparison: the golden and end-to-end tests' pixel comparer.
        .target(name: "MapsnapTestSupport", dependencies: ["MapsnapRender"], path: "Tests/MapsnapTestSupport"),
        .testTarget(name: "MapsnapFormatsTests", dependencies: ["MapsnapFormats", "MapsnapTestSupport"]),
        .testTarget(name: "MapsnapGeoTests", dependencies: ["MapsnapFormats", "MapsnapGeo"]),
        .testTarget(name: "MapsnapTilesTests", dependencies: ["MapsnapFormats", "MapsnapGeo", "MapsnapTiles", "MapsnapTestSupport"]),
        .testTarget(name: "MapsnapStyleTests", dependencies: ["MapsnapFormats", "MapsnapStyle", "MapsnapTestSupport"]),
        .testTarget(name: "MapsnapOverlaysTests", dependencies: ["MapsnapFormats", "MapsnapGeo", "MapsnapOverlays"]),
        .testTarget(name: "MapsnapRenderTests", dependencies: ["MapsnapFormats", "MapsnapRender", "MapsnapKit", "PNGWriter", "MapsnapTestSupport"],
                    exclude: ["Cases", "Fixtures"]),
        .testTarget(name: "MapsnapKitTests", dependencies: ["MapsnapKit", "MapsnapTestSupport"]),
        .testTarget(name: "MapsnapCLITests", dependencies: ["MapsnapCLI", "MapsnapKit", "MapsnapServe", "MapsnapFormats", "MapsnapTestSupport"]),
        .testTarget(name: "MapsnapServeTests", dependencies: ["MapsnapServe", "MapsnapKit", "MapsnapFormats", "MapsnapGeo", "MapsnapTiles", "MapsnapTestSupport"], exclude: ["Browser"]),
        .testTarget(name: "MapsnapConformanceTests", dependencies: ["MapsnapConformance", "MapsnapTestSupport"]),
        // Replays every input in Tests/FuzzRegressions through its fuzz target's entry point.
        .testTarget(name: "MapsnapFuzzingTests", dependencies: ["MapsnapFuzzing"]),
        // Issue 11's hostile inputs, run against the built binary.
        .testTarget(name: "MapsnapHostileTests", dependencies: ["MapsnapFormats", "MapsnapTestSupport"]),
    ]
)
