import Foundation
import Testing
@testable import MapsnapOverlays

struct XMLScannerTests {
    /// The events of `xml` written out: `<name a=v>`, `</name>`, `"text"`, or the failure as
    /// `line N: reason`.
    static func events(_ xml: String) -> [String] {
        Array(xml.utf8).withUnsafeBufferPointer { bytes in
            var scanner = XMLScanner(bytes: bytes)
            var out: [String] = []
            do {
                while let event = try scanner.next() {
                    switch event {
                    case .start(let name):
                        let attributes = try scanner.attributes.map {
                            " \(scanner.string($0.name))=\($0.hasEntities ? try scanner.decodedString($0.value) : scanner.string($0.value))"
                        }
                        out.append("<\(scanner.string(name))\(attributes.joined())>")
                    case .end(let name):
                        out.append("</\(scanner.string(name))>")
                    case .text(let range, let hasEntities):
                        let text = hasEntities ? try scanner.decodedString(range) : scanner.string(range)
                        if !text.allSatisfy(\.isWhitespace) { out.append("\"\(text)\"") }
                    case .cdata(let range):
                        out.append("cdata \"\(scanner.string(range))\"")
                    }
                }
            } catch let failure as XMLScanner.Failure {
                out.append("line \(scanner.line(at: failure.offset)): \(failure.reason)")
            } catch {
                out.append("\(error)")
            }
            return out
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let xml: String, events: [String]
        var testDescription: String { xml }
    }

    static let wellFormed: [Case] = [
        .init(xml: "<a/>", events: ["<a>", "</a>"]),
        .init(xml: "\u{FEFF}<?xml version=\"1.0\"?>\n<!-- hi -->\n<a x='1' y = \"2\"><b>t</b></a>\n",
              events: ["<a x=1 y=2>", "<b>", "\"t\"", "</b>", "</a>"]),
        .init(xml: "<g:a><g:b/></g:a>", events: ["<g:a>", "<g:b>", "</g:b>", "</g:a>"]),
        .init(xml: "<a n=\"&lt;&amp;&gt;&quot;&apos;\">x &#65;&#x42; &#x5E97;</a>", events: ["<a n=<&>\"'>", "\"x AB 店\"", "</a>"]),
        .init(xml: "<a><![CDATA[<not a tag> & co]]></a>", events: ["<a>", "cdata \"<not a tag> & co\"", "</a>"]),
        .init(xml: "<!DOCTYPE gpx [ <!ELEMENT gpx ANY> ]><gpx><?pi x?></gpx>", events: ["<gpx>", "</gpx>"]),
    ]

    @Test(arguments: wellFormed)
    func tokenizes(_ c: Case) {
        #expect(Self.events(c.xml) == c.events)
    }

    @Test func nameStops() {
        let stops: [UInt8] = [0x20, 0x09, 0x0A, 0x0D, 0x3E, 0x2F, 0x3D, 0x3C, 0x22, 0x27]
        #expect(XMLScanner.nameStops == stops.reduce(0) { $0 | (1 << UInt64($1)) })
    }

    static let malformed: [Case] = [
        .init(xml: "", events: ["line 1: the document has no root element"]),
        .init(xml: "  \n", events: ["line 2: the document has no root element"]),
        .init(xml: "<a>\n<b>\n</a>", events: ["<a>", "<b>", "line 3: </a> does not match <b> opened on line 2"]),
        .init(xml: "<a>\n<b>", events: ["<a>", "<b>", "line 2: the document ends before <b> (line 2) is closed"]),
        .init(xml: "<a></a>\n<b/>", events: ["<a>", "</a>", "line 2: a second root element <b>"]),
        .init(xml: "<a></a>\ntail", events: ["<a>", "</a>", "line 2: text after the root element"]),
        .init(xml: "lead<a/>", events: ["line 1: text before the root element"]),
        .init(xml: "</a>", events: ["line 1: </a> closes no open element"]),
        .init(xml: "<a x=1/>", events: ["line 1: the value of attribute x of <a> is not quoted"]),
        .init(xml: "<a x/>", events: ["line 1: attribute x of <a> has no =\"value\""]),
        .init(xml: "<a x='1' x='2'/>", events: ["line 1: attribute x appears twice in <a>"]),
        .init(xml: "<a x='<'/>", events: ["line 1: < inside the value of attribute x (write &lt;)"]),
        .init(xml: "<a x='1", events: ["line 1: the value of attribute x is not closed"]),
        .init(xml: "<a\n\n", events: ["line 1: the tag <a> is not closed with >"]),
        .init(xml: "< a/>", events: ["line 1: a tag has no name"]),
        .init(xml: "<a/ >", events: ["line 1: expected > after / in <a>"]),
        .init(xml: "<a></a x>", events: ["<a>", "line 1: the closing tag </a> is not closed with >"]),
        .init(xml: "<a><!-- x </a>", events: ["<a>", "line 1: a comment is not closed with -->"]),
        .init(xml: "<a><![CDATA[ x </a>", events: ["<a>", "line 1: a CDATA section is not closed with ]]>"]),
        .init(xml: "<?xml version='1.0'", events: ["line 1: a processing instruction is not closed with ?>"]),
        .init(xml: "<!DOCTYPE a [ <!ELEMENT a ANY> ", events: ["line 1: a <! declaration is not closed with >"]),
        .init(xml: "<a>\nAT&T</a>", events: ["<a>", "line 2: & not followed by an entity name and ; (write & as &amp;)"]),
        .init(xml: "<a>&nbsp;</a>", events: ["<a>", "line 1: unknown entity &nbsp; (write & as &amp;)"]),
        .init(xml: "<a>&#xD800;</a>", events: ["<a>", "line 1: &#xD800; is not a valid character"]),
        .init(xml: "<a><![CDATA[x]]></a>x<![CDATA[y]]>", events: ["<a>", "cdata \"x\"", "</a>", "line 1: text after the root element"]),
    ]

    @Test(arguments: malformed)
    func reportsWhereItIsMalformed(_ c: Case) {
        #expect(Self.events(c.xml) == c.events)
    }
}
