extension JSONValue {
    /// Why a text is not JSON: what was expected and the byte offset where it was not found.
    public struct ParseError: Error, Hashable, Sendable, CustomStringConvertible {
        /// What the parser expected or refused, e.g. `"a value"`, `"nesting deeper than 512"`.
        public var problem: String
        /// The byte offset into the UTF-8 text.
        public var offset: Int

        public var description: String { "not JSON at byte \(offset): \(problem)" }
    }

    /// The deepest nesting of arrays and objects ``init(parsing:)`` accepts (the reports nest a few levels).
    public static let maximumDepth = 512

    /// Parses RFC 8259 JSON, keeping the members of each object in their order, so that a report read back and
    /// ``serialized(pretty:)`` again is the same text. Numbers without a fraction or exponent that fit an `Int` are
    /// ``integer(_:)``, the others ``number(_:)``; a string's `\u` escapes (surrogate pairs included) are decoded.
    ///
    /// - Throws: ``ParseError`` for anything else: trailing text, unpaired surrogates, control characters in strings,
    ///   nesting deeper than ``maximumDepth``.
    public init(parsing text: String) throws(ParseError) {
        var parser = JSONParser(bytes: Array(text.utf8))
        parser.skipSpace()
        self = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == parser.bytes.count else { throw parser.error("the end of the text") }
    }

    /// The member `key` of an object; nil for another value or a missing key.
    public subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.0 == key }?.1
    }

    /// The text of a string value.
    public var stringValue: String? {
        if case .string(let value) = self { value } else { nil }
    }

    /// The value of an integer (or integral number) value.
    public var intValue: Int? {
        switch self {
        case .integer(let value): value
        case .number(let value): Int(exactly: value)
        default: nil
        }
    }

    /// The elements of an array value.
    public var arrayValue: [JSONValue]? {
        if case .array(let values) = self { values } else { nil }
    }
}

/// A recursive-descent reader over UTF-8 bytes for ``JSONValue/init(parsing:)``.
private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    func error(_ expected: String) -> JSONValue.ParseError {
        JSONValue.ParseError(problem: "expected \(expected)", offset: index)
    }

    mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    mutating func value(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        guard depth < JSONValue.maximumDepth else {
            throw JSONValue.ParseError(problem: "nesting deeper than \(JSONValue.maximumDepth)", offset: index)
        }
        guard index < bytes.count else { throw error("a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        default: return try number()
        }
    }

    private mutating func literal(_ word: String, _ result: JSONValue) throws(JSONValue.ParseError) -> JSONValue {
        let expected = Array(word.utf8)
        guard bytes.count - index >= expected.count, bytes[index..<(index + expected.count)].elementsEqual(expected)
        else { throw error("'\(word)'") }
        index += expected.count
        return result
    }

    private mutating func object(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        index += 1
        var members: [(String, JSONValue)] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("a member name") }
            let key = try string()
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("':'") }
            index += 1
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw error("',' or '}'") }
            index += 1
            switch bytes[index - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "}"): return .object(members)
            default:
                index -= 1
                throw error("',' or '}'")
            }
        }
    }

    private mutating func array(depth: Int) throws(JSONValue.ParseError) -> JSONValue {
        index += 1
        var values: [JSONValue] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(values)
        }
        while true {
            skipSpace()
            values.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw error("',' or ']'") }
            index += 1
            switch bytes[index - 1] {
            case UInt8(ascii: ","): continue
            case UInt8(ascii: "]"): return .array(values)
            default:
                index -= 1
                throw error("',' or ']'")
            }
        }
    }

    private mutating func string() throws(JSONValue.ParseError) -> String {
        index += 1
        var scalars = String.UnicodeScalarView()
        var run = index
        func flush(_ end: Int) {
            scalars.append(contentsOf: String(decoding: bytes[run..<end], as: UTF8.self).unicodeScalars)
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                flush(index)
                index += 1
                return String(scalars)
            }
            guard byte >= 0x20 else { throw error("no control character in a string") }
            guard byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            flush(index)
            index += 1
            guard index < bytes.count else { throw error("an escape") }
            let escaped = bytes[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "\""): scalars.append("\"")
            case UInt8(ascii: "\\"): scalars.append("\\")
            case UInt8(ascii: "/"): scalars.append("/")
            case UInt8(ascii: "b"): scalars.append("\u{08}")
            case UInt8(ascii: "f"): scalars.append("\u{0C}")
            case UInt8(ascii: "n"): scalars.append("\n")
            case UInt8(ascii: "r"): scalars.append("\r")
            case UInt8(ascii: "t"): scalars.append("\t")
            case UInt8(ascii: "u"):
                var code = try hex4()
                if (0xD800..<0xDC00).contains(code) {
                    guard bytes.count - index >= 2, bytes[index] == UInt8(ascii: "\\"),
                        bytes[index + 1] == UInt8(ascii: "u")
                    else { throw error("a low surrogate after a high one") }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("a low surrogate after a high one") }
                    code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let scalar = Unicode.Scalar(code) else { throw error("no unpaired surrogate") }
                scalars.append(scalar)
            default:
                index -= 1
                throw error("one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u")
            }
            run = index
        }
        throw error("the string's closing quote")
    }

    private mutating func hex4() throws(JSONValue.ParseError) -> UInt32 {
        guard bytes.count - index >= 4 else { throw error("four hexadecimal digits") }
        var code: UInt32 = 0
        for byte in bytes[index..<(index + 4)] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("four hexadecimal digits")
            }
            code = code << 4 | UInt32(digit)
        }
        index += 4
        return code
    }

    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`
    private mutating func number() throws(JSONValue.ParseError) -> JSONValue {
        let start = index
        func digits() -> Int {
            let first = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            return index - first
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let whole = index
        guard digits() > 0 else { throw error("a value") }
        guard bytes[whole] != UInt8(ascii: "0") || index - whole == 1 else { throw error("no leading zero") }
        var integral = true
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            integral = false
            guard digits() > 0 else { throw error("a digit after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            integral = false
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits() > 0 else { throw error("a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral, let value = Int(text) { return .integer(value) }
        guard let value = Double(text) else { throw JSONValue.ParseError(problem: "a number", offset: start) }
        return .number(value)
    }
}
