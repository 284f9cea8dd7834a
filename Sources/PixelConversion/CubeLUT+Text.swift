// The .cube text form of a CubeLUT (Adobe Cube LUT Specification 1.0): writing and reading.

extension CubeLUT {
    /// The table as a `.cube` file: `TITLE "…"`, `LUT_3D_SIZE N`, `DOMAIN_MIN`, `DOMAIN_MAX`, then N³ lines of three
    /// numbers, red index varying fastest. Numbers are the shortest decimals that read back as the same `Float` (at
    /// most 9 significant digits), in plain notation without exponents and independent of the locale, so that FFmpeg,
    /// DaVinci Resolve and OCIO read them and ``init(cubeText:)`` gives back an equal table. The domain lines follow
    /// the size line, where FFmpeg's `lut3d` looks for them.
    public var cubeText: String { cubeText(comments: []) }

    /// The `.cube` text of ``cubeText`` with `comments` as `#` lines before the title (line breaks in a comment start
    /// new comment lines).
    public func cubeText(comments: [String]) -> String {
        var text = ""
        text.reserveCapacity(64 + entries.count * 24)
        for comment in comments {
            for line in comment.split(separator: "\n", omittingEmptySubsequences: false) {
                text += "# " + line.filter { $0 != "\r" } + "\n"
            }
        }
        let safeTitle = String(title.map { $0 == "\"" ? "'" : ($0.isNewline ? " " : $0) })
        text += "TITLE \"\(safeTitle)\"\n"
        text += "LUT_3D_SIZE \(size)\n"
        for (keyword, value) in [("DOMAIN_MIN", domainMin), ("DOMAIN_MAX", domainMax)] {
            text += keyword
            for c in 0..<3 {
                text += " "
                Self.appendDecimal(value[c], to: &text)
            }
            text += "\n"
        }
        for entry in entries {
            Self.appendDecimal(entry.x, to: &text)
            text += " "
            Self.appendDecimal(entry.y, to: &text)
            text += " "
            Self.appendDecimal(entry.z, to: &text)
            text += "\n"
        }
        return text
    }

    /// Reads a `.cube` file's text: `TITLE`, `LUT_3D_SIZE` (2 … 256), `DOMAIN_MIN`/`DOMAIN_MAX` (or Resolve's
    /// `LUT_3D_INPUT_RANGE min max`), comment lines (starting with `#`) and blank lines anywhere, keywords before the
    /// data, CR LF or LF line ends, then exactly size³ lines of three finite numbers. A title in double quotes loses
    /// the quotes, so titles without double quotes and line breaks read back as written.
    ///
    /// - Throws: ``CubeLUTError``: ``CubeLUTError/oneDimensional(line:)`` for 1D tables and 1D shapers,
    ///   ``CubeLUTError/missingSize``, ``CubeLUTError/invalidSize(_:)``,
    ///   ``CubeLUTError/wrongEntryCount(expected:actual:)``, ``CubeLUTError/nonFiniteValue(entry:line:)``,
    ///   ``CubeLUTError/invalidDomain(min:max:)``, ``CubeLUTError/duplicateKeyword(_:line:)`` or
    ///   ``CubeLUTError/malformedLine(line:reason:)`` (unknown keywords, keywords after the data, lines that are not
    ///   three numbers). Nothing is allocated for the table before its size is checked.
    public init(cubeText: String) throws(CubeLUTError) {
        var header = CubeHeader()
        var entries: [SIMD3<Float>] = []
        var entryCount = 0
        var lineNumber = 0
        // Scanned as UTF-8 bytes: every boundary is an ASCII byte (line feed, space, tab, CR), so each range is a
        // valid String range, and a CR before the line feed is one more separator.
        let text = cubeText
        let utf8 = text.utf8
        var position =
            utf8.starts(with: [0xEF, 0xBB, 0xBF]) ? utf8.index(utf8.startIndex, offsetBy: 3) : utf8.startIndex
        var tokens: [Range<String.Index>] = []
        while position < utf8.endIndex {
            let lineEnd = utf8[position...].firstIndex(of: UInt8(ascii: "\n")) ?? utf8.endIndex
            let lineStart = position
            position = lineEnd < utf8.endIndex ? utf8.index(after: lineEnd) : lineEnd
            lineNumber += 1
            tokens.removeAll(keepingCapacity: true)
            var index = lineStart
            while index < lineEnd {
                while index < lineEnd, Self.isSeparator(utf8[index]) { index = utf8.index(after: index) }
                guard index < lineEnd else { break }
                let tokenStart = index
                while index < lineEnd, !Self.isSeparator(utf8[index]) { index = utf8.index(after: index) }
                tokens.append(tokenStart..<index)
            }
            guard let firstRange = tokens.first, utf8[firstRange.lowerBound] != UInt8(ascii: "#") else { continue }
            let first = text[firstRange]

            if Float(first) != nil || Self.startsNumber(utf8[firstRange.lowerBound]) {
                guard let size = header.size else {
                    throw .malformedLine(line: lineNumber, reason: "data before the LUT_3D_SIZE line")
                }
                guard tokens.count == 3, let r = Float(text[tokens[0]]), let g = Float(text[tokens[1]]),
                    let b = Float(text[tokens[2]])
                else {
                    throw .malformedLine(
                        line: lineNumber,
                        reason: "expected three numbers (R G B), found '\(Self.excerpt(text[lineStart..<lineEnd]))'")
                }
                guard r.isFinite, g.isFinite, b.isFinite else {
                    throw .nonFiniteValue(entry: entryCount, line: lineNumber)
                }
                if entryCount < size * size * size { entries.append(SIMD3(r, g, b)) }
                entryCount += 1
                continue
            }

            guard entryCount == 0 else {
                throw .malformedLine(line: lineNumber, reason: "\(Self.excerpt(first)) after the data")
            }
            try header.read(tokens.map { text[$0] }, line: lineNumber)
            if let size = header.size, entries.capacity < size * size * size {
                entries.reserveCapacity(size * size * size)
            }
        }
        guard let size = header.size else { throw .missingSize }
        guard entryCount == size * size * size else {
            throw .wrongEntryCount(expected: size * size * size, actual: entryCount)
        }
        try self.init(
            size: size, entries: entries, title: header.title ?? "", domainMin: header.domainMin ?? .zero,
            domainMax: header.domainMax ?? .one)
    }

    private static func isSeparator(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\r")
    }

    /// Whether a token starting with `byte` is meant as a number (a digit, a sign or a point).
    private static func startsNumber(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
    }

    /// At most 40 characters of `text`, for error messages.
    fileprivate static func excerpt(_ text: Substring) -> String {
        text.count > 40 ? String(text.prefix(40)) + "…" : String(text)
    }

    /// Appends the shortest decimal that reads back as `value`, in plain notation ("0.0000007309559", not
    /// "7.309559e-07"; "1", not "1.0"); zero of either sign as "0".
    static func appendDecimal(_ value: Float, to text: inout String) {
        guard value != 0 else { return text += "0" }
        let shortest = value.description
        guard let e = shortest.firstIndex(where: { $0 == "e" || $0 == "E" }) else {
            text += shortest.hasSuffix(".0") ? shortest.dropLast(2) : Substring(shortest)
            return
        }
        var mantissa = shortest[..<e]
        let exponent = Int(shortest[shortest.index(after: e)...])!
        if mantissa.first == "-" {
            text += "-"
            mantissa = mantissa.dropFirst()
        }
        let point =
            (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) }
                ?? mantissa.count) + exponent
        var digits = Array(mantissa.filter { $0 != "." })
        while digits.count > 1, digits.last == "0" { digits.removeLast() }
        if point <= 0 {
            text += "0." + String(repeating: "0", count: -point) + String(digits)
        } else if point >= digits.count {
            text += String(digits) + String(repeating: "0", count: point - digits.count)
        } else {
            text += String(digits[..<point]) + "." + String(digits[point...])
        }
    }
}

/// The keyword lines of a `.cube` file, each read once.
private struct CubeHeader {
    var title: String?
    var size: Int?
    var domainMin: SIMD3<Float>?
    var domainMax: SIMD3<Float>?

    /// Reads one keyword line, split into `tokens` (the keyword first) at `line`.
    mutating func read(_ tokens: [Substring], line: Int) throws(CubeLUTError) {
        let keyword = String(tokens[0])
        let arguments = tokens.dropFirst()
        switch keyword {
        case "TITLE":
            guard title == nil else { throw .duplicateKeyword(keyword, line: line) }
            var rest = arguments.isEmpty ? "" : tokens[1].base[tokens[1].startIndex..<tokens.last!.endIndex]
            if rest.first == "\"", rest.count >= 2, rest.last == "\"" { rest = rest.dropFirst().dropLast() }
            title = String(rest)
        case "LUT_3D_SIZE":
            guard size == nil else { throw .duplicateKeyword(keyword, line: line) }
            guard arguments.count == 1, let n = Int(arguments.first!) else {
                throw .malformedLine(line: line, reason: "LUT_3D_SIZE needs one whole number")
            }
            guard CubeLUT.sizeLimits.contains(n) else { throw .invalidSize(n) }
            size = n
        case "LUT_1D_SIZE", "LUT_1D_INPUT_RANGE":
            throw .oneDimensional(line: line)
        case "DOMAIN_MIN", "DOMAIN_MAX":
            let values = arguments.compactMap { Float($0) }
            guard arguments.count == 3, values.count == 3 else {
                throw .malformedLine(line: line, reason: "\(keyword) needs three numbers")
            }
            let value = SIMD3(values[0], values[1], values[2])
            if keyword == "DOMAIN_MIN" {
                guard domainMin == nil else { throw .duplicateKeyword(keyword, line: line) }
                domainMin = value
            } else {
                guard domainMax == nil else { throw .duplicateKeyword(keyword, line: line) }
                domainMax = value
            }
        case "LUT_3D_INPUT_RANGE":
            guard domainMin == nil, domainMax == nil else { throw .duplicateKeyword(keyword, line: line) }
            let values = arguments.compactMap { Float($0) }
            guard arguments.count == 2, values.count == 2 else {
                throw .malformedLine(line: line, reason: "LUT_3D_INPUT_RANGE needs two numbers")
            }
            (domainMin, domainMax) = (SIMD3(repeating: values[0]), SIMD3(repeating: values[1]))
        default:
            throw .malformedLine(line: line, reason: "unknown keyword \(CubeLUT.excerpt(tokens[0]))")
        }
    }
}
