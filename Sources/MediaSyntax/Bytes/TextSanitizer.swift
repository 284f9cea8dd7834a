/// Makes text from files safe for a terminal: C0 and C1 control characters (ESC sequences, carriage returns, bells,
/// backspaces), DEL and Unicode bidirectional overrides are replaced by visible escapes such as `\x1B` and `\u{202E}`.
/// Every human-readable report runs file-derived strings (profile descriptions, copyright, XMP, chunk and box names,
/// paths) through it.
package enum TextSanitizer {
    /// `text` with control characters escaped; newlines and tabs become `\n` and `\t`.
    package static func sanitize(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if !needsEscape(scalar) {
                result.unicodeScalars.append(scalar)
            } else if scalar == "\n" {
                result += "\\n"
            } else if scalar == "\t" {
                result += "\\t"
            } else if scalar.value < 0x100 {
                result += "\\x" + String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return result
    }

    package static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidirectional controls
        default: false
        }
    }
}
