import ColorSpaces
import FuzzReaders
import FuzzSupport
import PixelBuffers
import PixelConversion
import SignalCoding

/// CICP parsing and names: the `P/T/M/R` text form, code-point names in every naming system, `CGColorSpace` names, the
/// PNG and ICC byte forms; then any four codes through validation, names, `ColorSpace(cicp:)`, the Y′CbCr matrix and
/// `PixelEncoding(cicp:format:)`. Texts that parse must print back to the same value.
enum FuzzCICP {
    static let formats: [PixelFormat] = [.x420, .bgra8, .rgbaHalf, .yuv422v, .rgbaFloat]

    static func run(_ data: [UInt8]) {
        var input = FuzzInput(data)
        let raw = CICP(
            colorPrimaries: input.byte(), transferCharacteristics: input.byte(), matrixCoefficients: input.byte(),
            videoFullRange: input.bool())
        examine(raw)
        let rest = input.rest()
        let text = String(decoding: rest, as: UTF8.self)
        if let parsed = try? CICP(parsing: text) {
            FuzzCheck.require((try? CICP(parsing: parsed.description)) == parsed, "\(parsed) does not parse back")
            examine(parsed)
        }
        _ = CICP(text)
        _ = try? CICP(cgColorSpaceName: text)
        names(CICP.ColorPrimaries.self, text)
        names(CICP.TransferCharacteristics.self, text)
        names(CICP.MatrixCoefficients.self, text)
        if let fromBytes = try? CICP(bytes: rest.prefix(4)) {
            FuzzCheck.require(fromBytes.bytes == Array(rest.prefix(4)), "bytes do not round-trip")
        }
        if let fromTag = try? CICP(iccTagData: rest.prefix(12)) {
            FuzzCheck.require(fromTag.iccTagData == Array(rest.prefix(12)), "ICC tag data does not round-trip")
        }
    }

    /// The parseable names of each code point (`nameTable` marks written-only names, such as CoreVideo's
    /// "ITU_R_601_4" for MatrixCoefficients 5, which reads back as 6 by design).
    static let parseableNames: [String: Set<String>] = {
        var names: [String: Set<String>] = [:]
        for row in CICP.nameTable {
            guard let (field, code) = row.subject.codePoint else { continue }
            let all = row.h273 + row.coreVideo + row.avFoundation + row.ffmpegConstant + row.ffmpegName
            names["\(field)/\(code)", default: []].formUnion(all.filter(\.isParseable).map(\.spelling))
        }
        return names
    }()

    /// A name of a field: if it parses, each of the code's parseable names gives the code back (or is ambiguous).
    static func names<T: CICP.CodePoint>(_: T.Type, _ text: String) {
        guard let code = try? T(name: text) else { return }
        let parseable = parseableNames["\(T.field)/\(code.rawValue)"] ?? []
        for system in CICP.NamingSystem.allCases {
            for name in code.names(in: system) {
                FuzzCheck.require(FuzzCheck.isTerminalSafe(name), "name with control characters")
                guard parseable.contains(name), let back = try? T(name: name) else { continue }
                FuzzCheck.require(back == code, "\(name) names \(back), not \(code)")
            }
        }
    }

    static func examine(_ cicp: CICP) {
        _ = try? cicp.validate()
        _ = try? cicp.validate([.requireIdentityMatrix, .requireFullySpecified])
        FuzzCheck.require(
            FuzzCheck.isTerminalSafe(cicp.summary + cicp.description), "CICP text with control characters")
        for system in CICP.NamingSystem.allCases { _ = cicp.name(in: system) }
        _ = cicp.cgColorSpaceName
        if let space = try? ColorSpace(cicp: cicp) {
            _ = space.name
            if let back = try? CICP(colorSpace: space, matrix: try? cicp.yCbCrMatrix(), range: cicp.range) {
                FuzzCheck.require(
                    back.colorPrimaries != 0 && back.transferCharacteristics != 0, "\(back) from \(cicp)")
            }
        }
        _ = try? cicp.yCbCrMatrix()
        for format in formats {
            if let encoding = try? PixelEncoding(cicp: cicp, format: format) { _ = encoding.description }
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzCICP.run(FuzzInput.bytes(data, size))
    return 0
}

#if !LIBFUZZER
@main enum Main { static func main() { MutationDriver.main(FuzzCICP.run) } }
#endif
