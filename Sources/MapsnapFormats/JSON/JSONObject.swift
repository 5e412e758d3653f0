/// A JSON object: its members in file order, looked up by key. A key written twice keeps its last
/// value, in the place where it first appeared (as JavaScript's `JSON.parse` does).
///
/// Equality and hashing ignore the order: RFC 8259 calls an object an unordered collection, and
/// two files that differ only in the order of their keys mean the same.
public struct JSONObject: Hashable, Sendable {
    /// The keys in file order, each once.
    public private(set) var keys: [String]
    /// The members by key. Kept as a dictionary so that a consumer that wants one (the style's
    /// `StyleValue`) converts it with `mapValues`, which reuses the hash table.
    public private(set) var dictionary: [String: JSONValue]

    public init() {
        keys = []
        dictionary = [:]
    }

    /// From members in order; a repeated key keeps its last value.
    public init(_ members: some Sequence<(key: String, value: JSONValue)>) {
        self.init()
        for (key, value) in members { self[key] = value }
    }

    /// For the parser, which has already resolved repeated keys.
    init(keys: [String], dictionary: [String: JSONValue]) {
        self.keys = keys
        self.dictionary = dictionary
    }

    /// The value of `key`, or nil when the object has no such member. Setting a new key appends
    /// it; setting nil removes the member.
    public subscript(key: String) -> JSONValue? {
        get { dictionary[key] }
        set {
            if let newValue {
                if dictionary.updateValue(newValue, forKey: key) == nil { keys.append(key) }
            } else if dictionary.removeValue(forKey: key) != nil {
                keys.removeAll { $0 == key }
            }
        }
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public static func == (a: JSONObject, b: JSONObject) -> Bool { a.dictionary == b.dictionary }
    public func hash(into hasher: inout Hasher) { hasher.combine(dictionary) }
}

extension JSONObject: Sequence {
    /// The members in file order.
    public struct Iterator: IteratorProtocol {
        let object: JSONObject
        var index = 0

        public mutating func next() -> (key: String, value: JSONValue)? {
            guard index < object.keys.count else { return nil }
            let key = object.keys[index]
            index += 1
            return (key, object.dictionary[key]!)
        }
    }

    public func makeIterator() -> Iterator { Iterator(object: self) }
    public var underestimatedCount: Int { keys.count }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self.init(elements.lazy.map { (key: $0.0, value: $0.1) })
    }
}
