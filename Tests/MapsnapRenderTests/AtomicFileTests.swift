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

    @Test func missingFolderIsAnErrorNamingIt() {
        #expect(throws: RenderError.cannotWrite(path: "/no/such/folder/a.png", reason: "folder /no/such/folder does not exist")) {
            try AtomicFile.write(Data(), to: "/no/such/folder/a.png")
        }
    }
}
