/// Why a ``CubeLUT`` cannot be made or read. Each case names the problem and where it is (1-based line numbers of the
/// file); ``description`` says what to do.
public enum CubeLUTError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A lattice size outside 2 … 256 points per axis (``CubeLUT/sizeLimits``).
    case invalidSize(Int)
    /// The file has no `LUT_3D_SIZE` line.
    case missingSize
    /// A 1D LUT (`LUT_1D_SIZE`, or a 1D shaper before a 3D table): only 3D tables are read.
    case oneDimensional(line: Int)
    /// Not `size³` entries (data lines).
    case wrongEntryCount(expected: Int, actual: Int)
    /// An entry with NaN or ±∞ (`line` is nil for a table built in memory).
    case nonFiniteValue(entry: Int, line: Int?)
    /// A domain whose minimum is not below its maximum in every channel, or is not finite.
    case invalidDomain(min: SIMD3<Float>, max: SIMD3<Float>)
    /// A keyword given twice.
    case duplicateKeyword(String, line: Int)
    /// A line that is neither a known keyword, a comment nor three numbers, or a keyword after the data.
    case malformedLine(line: Int, reason: String)

    public var description: String {
        switch self {
        case .invalidSize(let size):
            "LUT_3D_SIZE \(size) is outside \(CubeLUT.sizeLimits.lowerBound)…\(CubeLUT.sizeLimits.upperBound) "
                + "(Cube LUT 1.0); choose a size in that range (17, 33 and 65 are common)"
        case .missingSize:
            "no LUT_3D_SIZE line: not a 3D .cube file"
        case .oneDimensional(let line):
            "line \(line): a 1D LUT (LUT_1D_SIZE or a 1D shaper); only 3D LUTs (LUT_3D_SIZE without a 1D part) are "
                + "read"
        case .wrongEntryCount(let expected, let actual):
            "\(actual) entries where LUT_3D_SIZE asks for \(expected) (size³); the file is truncated or its size is wrong"
        case .nonFiniteValue(let entry, let line):
            (line.map { "line \($0): " } ?? "") + "entry \(entry) is NaN or infinite; every entry must be finite"
        case .invalidDomain(let low, let high):
            "domain \(low.x) \(low.y) \(low.z) … \(high.x) \(high.y) \(high.z) is empty or not finite; DOMAIN_MIN must "
                + "be below DOMAIN_MAX in every channel"
        case .duplicateKeyword(let keyword, let line):
            "line \(line): \(keyword) is given twice"
        case .malformedLine(let line, let reason):
            "line \(line): \(reason)"
        }
    }
}
