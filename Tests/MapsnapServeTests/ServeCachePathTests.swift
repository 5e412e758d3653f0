import Foundation
@testable import MapsnapServe
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// `--cache PATH`: a folder, or NAME.mbtiles (with NAME@2x.mbtiles beside it); anything else is
/// refused before a file is made (exit 2, naming the option and the path). `--cache /dev/null`
/// once made `/.mbtiles` and `/@2x.mbtiles`: the name lost its last eight characters.
@Suite(.serialized)
struct ServeCachePathTests {
    @Test(arguments: [
        ("tiles.mbtiles", TileDiskCacheLayout.file(base: "tiles")),
        ("a/b/Tiles.MBTiles", .file(base: "a/b/Tiles")),
        ("cache", .folder("cache")),
        ("cache/", .folder("cache/")),
        ("dir.mbtiles.d", .folder("dir.mbtiles.d")),
    ])
    func newPathsAreFilesOnlyWhenNamedSo(_ path: String, _ expected: TileDiskCacheLayout) throws {
        let dir = try ServerProcess.scratch()
        let full = dir.appendingPathComponent(path).path
        let layout = try TileDiskCacheLayout.resolve(full, styles: 1)
        switch expected {
        case .file(let base): #expect(layout == .file(base: dir.appendingPathComponent(base).path))
        case .folder: #expect(layout == .folder(full))
        }
    }

    @Test func filesAreNamedBesideTheGivenOne() {
        #expect(TileDiskCacheLayout.file(base: "/c/light").file(style: "x", scale: 1) == "/c/light.mbtiles")
        #expect(TileDiskCacheLayout.file(base: "/c/light").file(style: "x", scale: 2) == "/c/light@2x.mbtiles")
        #expect(TileDiskCacheLayout.folder("/c").file(style: "dark", scale: 2) == "/c/dark@2x.mbtiles")
    }

    /// Each refused with exit 2 and one line naming `--cache` and the path; no file is made.
    @Test func devicesFIFOsAndOtherFilesAreRefused() throws {
        let dir = try ServerProcess.scratch()
        let fifo = dir.appendingPathComponent("pipe.mbtiles").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let notes = dir.appendingPathComponent("notes.txt").path
        try Data("keep me\n".utf8).write(to: URL(fileURLWithPath: notes))
        let rootFiles = ["/.mbtiles", "/@2x.mbtiles"].filter { FileManager.default.fileExists(atPath: $0) }
        for (path, reason) in [("/dev/null", "is a device, not a folder or an .mbtiles file"),
                               (fifo, "is a FIFO (named pipe), not a folder or an .mbtiles file"),
                               (notes, "is a file that is not an .mbtiles archive; give a folder or a file ending in .mbtiles")] {
            let r = try ServerProcess.run(["serve", "--port", "0", "--style", "light", "--jobs", "1", "--cache", path])
            #expect(r.status == 2, "\(path): \(r.stderr)")
            #expect(r.stderr == "mapsnap: error: --cache: \(path) \(reason)\n")
        }
        #expect(["/.mbtiles", "/@2x.mbtiles"].filter { FileManager.default.fileExists(atPath: $0) } == rootFiles)
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "keep me\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted() == ["notes.txt", "pipe.mbtiles"])
    }

    /// A file named .mbtiles that is not one is left as it is.
    @Test func aFileThatIsNoArchiveIsRefused() throws {
        let dir = try ServerProcess.scratch()
        let cache = dir.appendingPathComponent("light.mbtiles").path
        try Data("not sqlite\n".utf8).write(to: URL(fileURLWithPath: cache))
        let r = try ServerProcess.run(["serve", "--port", "0", "--style", "light", "--jobs", "1", "--cache", cache])
        #expect(r.status == 2)
        #expect(r.stderr.hasPrefix("mapsnap: error: --cache: ") && r.stderr.contains(cache) && r.stderr.contains("not an SQLite database"), "\(r.stderr)")
        #expect(try String(contentsOfFile: cache, encoding: .utf8) == "not sqlite\n")
    }

    /// A FIFO where the @2x file would go is refused too (SQLite would block opening it).
    @Test func aFIFOBesideTheFileIsRefused() throws {
        let dir = try ServerProcess.scratch()
        let cache = dir.appendingPathComponent("light.mbtiles").path
        let fifo = dir.appendingPathComponent("light@2x.mbtiles").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let r = try ServerProcess.run(["serve", "--port", "0", "--style", "light", "--jobs", "1", "--cache", cache])
        #expect(r.status == 2)
        #expect(r.stderr == "mapsnap: error: --cache: \(fifo) is a FIFO (named pipe), not an .mbtiles file\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["light@2x.mbtiles"], "nothing made")
    }
}
