import Foundation
@testable import MapsnapKit
@testable import MapsnapServe
import Testing

/// The fields `GET /static` and `POST /static` take are the request model's (`StaticItem.allowedFields`
/// is derived from its tables), less the documented exceptions: fields that name files, refused
/// with what to send instead, and the track-file filters, refused as unknown. These tests ask
/// the parsers themselves, key by key, so neither the derivation nor the parsers can drift from
/// the model.
struct StaticFieldsTests {
    /// Every key a manifest item may have, from the model's tables.
    static let modelKeys = Set(RequestField.all.map(\.name)).union(FieldJSON.objectFields).union(BatchManifest.itemFields)

    enum Answer: Equatable { case taken, readsFiles, unknown }

    /// How a route answers one key (given any value: a bad value is still a key taken).
    static func answer(_ parse: () throws(HTTPError) -> StaticItem.Parsed) -> Answer {
        do { _ = try parse() } catch {
            if error.message.contains(": unknown parameter (") { return .unknown }
            if error.message.contains(": the server reads no files a request names;") { return .readsFiles }
        }
        return .taken
    }

    static func query(_ name: String) -> Answer {
        answer { () throws(HTTPError) in try StaticQuery.parse([RequestTarget.QueryItem(name: name, value: "x")]) }
    }

    static func body(_ name: String) -> Answer {
        answer { () throws(HTTPError) in try StaticBody.parse(Data("{\"\(name)\": \"x\"}".utf8)) }
    }

    @Test func bothRoutesTakeExactlyTheModelsFieldsLessTheExceptions() {
        for key in Self.modelKeys.union(["frobnicate", "access-token"]).sorted() {
            let expected: Answer = StaticItem.fileFields[key] != nil ? .readsFiles
                : StaticItem.trackFileFilters.contains(key) || !Self.modelKeys.contains(key) ? .unknown : .taken
            #expect(Self.query(key) == expected, "GET /static?\(key)=")
            #expect(Self.body(key) == expected, "POST /static {\"\(key)\"}")
        }
        #expect(StaticItem.allowedFields == Self.modelKeys.subtracting(StaticItem.fileFields.keys).subtracting(StaticItem.trackFileFilters))
        // The query's own additions: the CLI's singular words and the Mapbox client's token.
        for name in Array(StaticQuery.aliases.keys) + ["access_token"] { #expect(Self.query(name) == .taken, "\(name)") }
    }

    /// The exceptions are of the model's fields (a field renamed there would leave one behind).
    @Test func theExceptionsAreModelFields() {
        #expect(Set(StaticItem.fileFields.keys).isSubset(of: Self.modelKeys))
        #expect(StaticItem.trackFileFilters.isSubset(of: Self.modelKeys))
        #expect(StaticItem.inlineFields.isSubset(of: FieldJSON.objectFields))
    }

    /// A field whose value is a path (found by giving each field path-like values read relative
    /// to a probe folder) is one the server refuses, so a file field the model gains cannot be
    /// served by the derivation. `style` is the exception: the routes read it as a style id.
    @Test func everyFieldThatReadsAFileIsRefused() {
        let probe = "/mapsnap-probe-folder"
        var readsFiles: Set<String> = []
        for field in RequestField.all {
            for text in ["x", "n=x", "43,7,x.png", "x.json"] {
                var request = MapRequest()
                guard (try? field.apply(text, to: &request, context: FieldContext(folder: probe))) != nil else { continue }
                var dumped = ""
                dump(request, to: &dumped)
                if dumped.contains(probe + "/") { readsFiles.insert(field.name) }
            }
        }
        #expect(readsFiles == Set(StaticItem.fileFields.keys).union(["style"]))
    }
}
