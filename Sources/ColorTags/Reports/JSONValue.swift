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
                if let indent { output += "\n" + String(repeating: "  ", count: indent + 1) }
                value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if let indent { output += "\n" + String(repeating: "  ", count: indent) }
            output += "]"
        case .object(let members):
            guard !members.isEmpty else {
                output += "{}"
                return
            }
            output += "{"
            for (index, (key, value)) in members.enumerated() {
                if index > 0 { output += "," }
                if let indent { output += "\n" + String(repeating: "  ", count: indent + 1) }
                Self.quote(key, into: &output)
                output += indent == nil ? ":" : ": "
                value.write(to: &output, indent: indent.map { $0 + 1 })
            }
            if let indent { output += "\n" + String(repeating: "  ", count: indent) }
            output += "}"
        }
    }

    /// Shortest round-trip text of a finite number (integral values without ".0"); `null` otherwise.
    static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), Swift.abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }

    static func quote(_ text: String, into output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value):
                output += "\\u" + String(scalar.value, radix: 16).leftPadded(to: 4)
            default: output.unicodeScalars.append(scalar)
            }
        }
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
