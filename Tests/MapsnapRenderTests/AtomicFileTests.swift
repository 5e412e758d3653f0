import Foundation
import Testing
@testable import MapsnapRender

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

    @Test func missingFolderIsAnErrorNamingIt() {
        #expect(throws: RenderError.cannotWrite(path: "/no/such/folder/a.png", reason: "folder /no/such/folder does not exist")) {
            try AtomicFile.write(Data(), to: "/no/such/folder/a.png")
        }
    }
}
