import ColorTags

/// A JSON document built by the reports, serialised deterministically (keys in insertion order).
///
/// Numbers that are NaN or ±infinity (an ICC curve may hold them) are written as `null`, so the output always parses;
/// the reports document this.
public indirect enum JSONValue: Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case integer(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// The text, pretty-printed with two-space indentation, or on one line.
    public func serialized(pretty: Bool = true) -> String {
        var output = ""
        write(to: &output, indent: pretty ? 0 : nil)
        return output
    }

    private func write(to output: inout String, indent: Int?) {
        switch self {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .integer(let value): output += String(value)
        case .number(let value): output += Self.number(value)
        case .string(let value): Self.quote(value, into: &output)
        case .array(let values):
            guard !values.isEmpty else {
                output += "[]"
                return
            }
            output += "["
            for (index, value) in values.enumerated() {
                if index > 0 { output += "," }
                if let indent { Self.newline(indent + 1, into: &output) }
                value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if let indent { Self.newline(indent, into: &output) }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                if let indent { Self.newline(indent + 1, into: &output) }
                Self.quote(key, into: &output)
                output += indent == nil ? ":" : ": "
                value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if let indent { Self.newline(indent, into: &output) }
            output += "}"
        }
    }

    /// A line break and `depth` levels of two-space indentation.
    private static func newline(_ depth: Int, into output: inout String) {
        output += "\n"
        for _ in 0..<depth { output += "  " }
    }

    /// Shortest round-trip text of a finite number (integral values without ".0"); `null` otherwise.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), Swift.abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    /// `text` as a JSON string literal (RFC 8259 §7), with C0 controls, DEL and C1 controls escaped as `\u` so that
    /// nothing from a file reaches a terminal raw.
    static func quote(_ text: String, into output: inout String) {
        output += "\""
        // Runs of characters that need no escape are appended whole; every byte that ends a run is ASCII or the lead
        // byte 0xC2 of a C1 control (U+0080–U+009F), so each run is whole scalars.
        let utf8 = text.utf8
        var run = utf8.startIndex
        var index = run
        while index != utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            var end = next
            let escape: String
            switch byte {
            case 0x22: escape = "\\\""
            case 0x5C: escape = "\\\\"
            case 0x0A: escape = "\\n"
            case 0x0D: escape = "\\r"
            case 0x09: escape = "\\t"
            case 0x00..<0x20, 0x7F: escape = "\\u" + String(byte, radix: 16).leftPadded(to: 4)
            case 0xC2 where next != utf8.endIndex && (0x80...0x9F).contains(utf8[next]):
                escape = "\\u00" + String(utf8[next], radix: 16)
                end = utf8.index(after: next)
            default:
                index = next
                continue
            }
            output += text[run..<index]
            output += escape
            index = end
            run = end
        }
        output += text[run...]
        output += "\""
    }
}

extension JSONValue {
    /// An optional value, `null` when nil.
    static func optional<T>(_ value: T?, _ transform: (T) -> JSONValue) -> JSONValue { value.map(transform) ?? .null }

    /// An object without its `null` members.
    static func compact(_ members: [(String, JSONValue)]) -> JSONValue {
        .object(members.filter { if case .null = $0.1 { return false } else { return true } })
    }
}
