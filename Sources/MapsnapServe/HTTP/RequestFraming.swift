/// How a request says where its body ends, read from every header line it sent, and refused when
/// two parties could read it two ways (request smuggling, RFC 9112 §6.3 and §11.2): a proxy in
/// front may take one `Content-Length` and the server another, or one the `Transfer-Encoding` and
/// the other the length, and the bytes left over become a second request that nobody checked.
/// libmicrohttpd takes the first `Content-Length` and lets `Transfer-Encoding` win, so the server
/// decides before it does: any doubt is a 400 and the connection is closed (`HTTPRequest`'s
/// headers keep one value per name and cannot tell). Pure: a fuzz entry point.
public enum RequestFraming: Equatable, Sendable {
    /// No body.
    case none
    /// `Content-Length: N` with N > 0.
    case length(Int)
    /// `Transfer-Encoding: chunked`: a body of unknown length.
    case chunked

    /// Reads the framing of a request with these header lines (name and value as received, in
    /// order; every line, repeated names included) in HTTP `version` (`HTTP/1.1`).
    public static func read(_ headers: [(name: String, value: String)], version: String) throws(HTTPError) -> RequestFraming {
        var lengths: [String] = [], encodings: [String] = []
        for (name, value) in headers {
            // RFC 9112 §5.1: whitespace between a field name and its colon MUST be refused; here it
            // would hide `Content-Length ` from libmicrohttpd but not from every proxy.
            if name.contains(where: { $0 == " " || $0 == "\t" }) {
                throw refused("the header name '\(RequestTarget.shown(name))' holds whitespace")
            }
            switch name.lowercased() {
            case "content-length": lengths.append(value)
            case "transfer-encoding": encodings.append(value)
            default: break
            }
        }
        if !encodings.isEmpty {
            guard lengths.isEmpty else { throw refused("Content-Length and Transfer-Encoding together") }
            guard version == "HTTP/1.1" else { throw refused("Transfer-Encoding in an \(RequestTarget.shown(version)) request") }
            guard encodings.count == 1 else { throw refused("\(encodings.count) Transfer-Encoding headers") }
            let coding = encodings[0].trimmingWhitespace.lowercased()
            guard coding == "chunked" else {
                throw refused("Transfer-Encoding '\(RequestTarget.shown(encodings[0]))' (this server reads chunked only)")
            }
            return .chunked
        }
        guard let text = lengths.first else { return .none }
        guard lengths.count == 1 else { throw refused("\(lengths.count) Content-Length headers") }
        let digits = text.trimmingWhitespace
        // Plain digits only: "+5", "5, 5" or " 0x5" are read differently by different parsers.
        guard !digits.isEmpty, digits.utf8.allSatisfy({ (48...57).contains($0) }) else {
            throw refused("Content-Length '\(RequestTarget.shown(text))' is not a number of bytes")
        }
        guard let n = Int(digits) else { throw HTTPError(413, "the request body's Content-Length \(RequestTarget.shown(digits)) is more than this server reads") }
        return n == 0 ? .none : .length(n)
    }

    private static func refused(_ why: String) -> HTTPError {
        HTTPError.badRequest("the request's framing is ambiguous: \(why); the connection is closed")
    }
}

extension String {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    fileprivate var trimmingWhitespace: String {
        let isOWS: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        return String(self.drop(while: isOWS).reversed().drop(while: isOWS).reversed())
    }
}
