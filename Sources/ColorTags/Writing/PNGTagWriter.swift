public import Foundation
public import ICC
import SignalCoding
import MediaSyntax

/// Colour chunks to add to or replace in a PNG (`hdrcolor tag`).
public struct PNGTagEdit: Sendable {
    /// The `cICP` code points (MatrixCoefficients must be 0).
    public var cicp: CICP?
    /// An ICC profile for `iCCP` (replaces any `iCCP` and removes `sRGB`, which PNG forbids beside `iCCP`).
    public var iccProfile: ICCProfile?
    /// The `iCCP` profile name (1–79 Latin-1 characters).
    public var iccProfileName: String
    /// Mastering display metadata for `mDCV` (also removes a legacy `mDCv`).
    public var masteringDisplay: MasteringDisplayColorVolume?
    /// Content light level for `cLLI` (also removes a legacy `cLLi`).
    public var contentLightLevel: ContentLightLevel?

    /// Creates an edit; nil members leave those chunks untouched.
    public init(
        cicp: CICP? = nil, iccProfile: ICCProfile? = nil, iccProfileName: String = "ICC profile",
        masteringDisplay: MasteringDisplayColorVolume? = nil, contentLightLevel: ContentLightLevel? = nil
    ) {
        self.cicp = cicp
        self.iccProfile = iccProfile
        self.iccProfileName = iccProfileName
        self.masteringDisplay = masteringDisplay
        self.contentLightLevel = contentLightLevel
    }
}

/// Rewrites the colour chunks of a PNG without touching pixel data: every other chunk (IDAT included) is copied byte
/// for byte, the new chunks go right after IHDR (before PLTE and IDAT, as PNG requires).
public enum PNGTagWriter {
    /// The PNG `bytes` with `edit` applied.
    ///
    /// - Throws: ``ColorTagsError/invalidArgument(_:)`` for a cICP matrix other than 0 or an unusable profile name;
    ///   ``ColorTagsError/malformed(_:_:)`` when the file is not a complete PNG (no IHDR first, no IEND, truncated).
    public static func applying(_ edit: PNGTagEdit, to bytes: [UInt8], limits: ReadLimits = .default)
        throws(ColorTagsError) -> [UInt8]
    {
        guard bytes.matches(PNGChunks.signature, at: 0) else {
            throw .unrecognizedFormat(leadingBytes: Array(bytes.prefix(8)))
        }
        if let cicp = edit.cicp, cicp.matrixCoefficients != 0 {
            throw .invalidArgument(
                "cICP MatrixCoefficients must be 0 (PNG pixels are RGB), not \(cicp.matrixCoefficients)")
        }
        let name = edit.iccProfileName
        guard (1...79).contains(name.unicodeScalars.count),
            name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value <= 0xFF && $0.value != 0x7F }),
            !name.hasPrefix(" "), !name.hasSuffix(" ")
        else {
            throw .invalidArgument(
                "the iCCP profile name must be 1–79 printable Latin-1 characters without leading or trailing spaces")
        }
        var problems: [ReadProblem] = []
        let chunks = try PNGReader.chunks(in: bytes, limits: limits, problems: &problems)
        guard chunks.first?.name == PNGChunkType.IHDR, chunks.last?.name == PNGChunkType.IEND, problems.isEmpty else {
            let reason = problems.first?.message ?? "IHDR is not the first chunk or IEND is missing"
            throw .malformed(.png, "\(reason); refusing to rewrite a damaged PNG")
        }
        var removed: Set<PNGChunkType> = []
        if edit.cicp != nil { removed.insert(.cICP) }
        if edit.iccProfile != nil { removed.formUnion([.iCCP, .sRGB]) }
        if edit.masteringDisplay != nil { removed.formUnion([.mDCV, .mDCv]) }
        if edit.contentLightLevel != nil { removed.formUnion([.cLLI, .cLLi]) }
        var inserted: [UInt8] = []
        if let cicp = edit.cicp { inserted += chunk(.cICP, cicp.bytes) }
        if let profile = edit.iccProfile {
            let latin1 = name.unicodeScalars.map { UInt8($0.value) }
            inserted += chunk(.iCCP, latin1 + [0, 0] + Zlib.deflate(profile.bytes))
        }
        if let mdcv = edit.masteringDisplay { inserted += chunk(.mDCV, mdcv.pngChunkData) }
        if let clli = edit.contentLightLevel { inserted += chunk(.cLLI, clli.pngChunkData) }
        var output = PNGChunks.signature
        output.reserveCapacity(bytes.count + inserted.count)
        for chunk in chunks where PNGChunkType(rawValue: chunk.name).map(removed.contains) != true {
            output += bytes[chunk.whole]
            if chunk.name == PNGChunkType.IHDR { output += inserted }
        }
        return output
    }

    /// Reads the PNG at `source`, applies `edit` and writes the result to `destination` atomically (the same URL
    /// rewrites in place).
    ///
    /// - Throws: ``ColorTagsError/unreadableFile(path:reason:)``, ``ColorTagsError/unwritableFile(path:reason:)`` and
    ///   the errors of ``applying(_:to:limits:)``.
    public static func apply(
        _ edit: PNGTagEdit, toFileAt source: URL, writingTo destination: URL, limits: ReadLimits = .default
    )
        throws(ColorTagsError)
    {
        let bytes = try FileAccess.read(source, maximumSize: limits.maximumFileSize)
        try FileAccess.writeAtomically(try applying(edit, to: bytes, limits: limits), to: destination)
    }

    static func chunk(_ type: PNGChunkType, _ data: [UInt8]) -> [UInt8] {
        PNGChunks.chunk(type, data, crc32: Zlib.crc32)
    }
}
