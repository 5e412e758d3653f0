import Foundation
import Testing
@testable import MapsnapFormats

struct AtomicFileTests {
    @Test func writesAndReplacesWithoutLeavingTemporaryFiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-atomic-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("a.png").path
        try AtomicFile.write(Data("one".utf8), to: path)
        try AtomicFile.write(Data("two".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "two")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["a.png"])
    }

    /// A file written in pieces appears only when committed, and an abandoned one never.
    @Test func aWriterShowsTheFileOnlyWhenCommitted() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-atomic-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let path = dir.appendingPathComponent("r.pdf").path
        let writer = try AtomicFile.Writer(path: path)
        for piece in ["%PDF", "-1.5"] { try Data(piece.utf8).withUnsafeBytes { try writer.write($0) } }
        #expect(!FileManager.default.fileExists(atPath: path))
        try writer.commit()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "%PDF-1.5")
        let abandoned = try AtomicFile.Writer(path: path)
        try Data("half".utf8).withUnsafeBytes { try abandoned.write($0) }
        abandoned.abandon()
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "%PDF-1.5")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["r.pdf"], "no temporary file left")
    }

    /// A rename that fails (a folder appeared at the target after the check) removes the
    /// temporary file and says which rename it was; a folder at the target is refused up front.
    @Test func aFailedRenameLeavesNothingBehind() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("mapsnap-atomic-\(UUID())")
        defer { try? FileManager.default.removeItem(at: dir) }
        let path = dir.appendingPathComponent("out.pmtiles").path
        try FileManager.default.createDirectory(atPath: path + "/inside", withIntermediateDirectories: true)
        let temporary = dir.appendingPathComponent(".out.pmtiles.tmp-1").path
        try Data("half".utf8).write(to: URL(fileURLWithPath: temporary))
        #expect(throws: FileWriteError(path: path, reason: "Is a directory", step: .rename(temporary: temporary))) {
            try AtomicFile.moveIntoPlace(temporary, path)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path) == ["out.pmtiles"])
        #expect(throws: FileWriteError(path: path, reason: "is a folder", step: .check)) { try AtomicFile.Writer(path: path) }
    }

    @Test func missingFolderIsAnErrorNamingIt() {
        #expect(throws: FileWriteError(path: "/no/such/folder/a.png", reason: "folder /no/such/folder does not exist", step: .check)) {
            try AtomicFile.write(Data(), to: "/no/such/folder/a.png")
        }
    }
}
