import MediaSyntax

/// Reads the colour tags of a PNG file (W3C PNG 3rd edition): IHDR, cICP, iCCP, sRGB, gAMA, cHRM, mDCV, cLLI, the
/// legacy `mDCv`/`cLLi` spellings and the HDR reference-white chunk, with chunk order, duplicates and CRCs checked.
struct PNGReader {

    /// Chunks that must precede PLTE and IDAT and may appear once.
    static let colorChunkTypes: Set<String> = Set(
        [PNGChunkType.cICP, .iCCP, .sRGB, .gAMA, .cHRM, .mDCV, .cLLI, .mDCv, .cLLi].map(\.rawValue)
    ).union(referenceWhiteChunkTypes)

    /// The HDR reference-white chunk added by w3c/png PR #573 (four bytes, cd/m² × 10 000 as in cLLI). Its final
    /// four-character name could not be verified from the sources available when this was written, so the spellings
    /// proposed in w3c/png #390 and PR #391 are all read: `rWTm`, `nDWt`, `dWLm`.
    static let referenceWhiteChunkTypes = Set([PNGChunkType.rWTm, .nDWt, .dWLm].map(\.rawValue))

    let bytes: [UInt8]
    let limits: ReadLimits

    func read() throws(ColorTagsError) -> ColorTagging {
        var problems: [ReadProblem] = []
        let chunks = try Self.chunks(in: bytes, limits: limits, problems: &problems)
        var image = ImageTags(role: .primary)
        var seen: Set<String> = []
        var seenPLTEOrIDAT: String?
        var crcProblems = 0
        for (index, chunk) in chunks.enumerated() {
            let location = TagLocation(
                offset: chunk.data.lowerBound, length: chunk.data.count, container: "\(chunk.name) chunk")
            if !chunk.crcMatches {
                crcProblems += 1
                if crcProblems <= 20 {
                    problems.append(
                        ReadProblem(
                            .crcMismatch,
                            "\(chunk.name) chunk at byte \(chunk.start) has a CRC that does not match its contents "
                                + "(the file was damaged or edited without updating the CRC)", at: location))
                }
            }
            if index == 0, chunk.name != PNGChunkType.IHDR {
                problems.append(ReadProblem(.chunkOrder, "the first chunk is \(chunk.name), not IHDR", at: location))
            }
            if chunk.name == PNGChunkType.PLTE || chunk.name == PNGChunkType.IDAT {
                seenPLTEOrIDAT = seenPLTEOrIDAT ?? chunk.name
            }
            guard chunk.name == PNGChunkType.IHDR || Self.colorChunkTypes.contains(chunk.name) else { continue }
            if chunk.name != PNGChunkType.IHDR, let after = seenPLTEOrIDAT {
                problems.append(
                    ReadProblem(
                        .chunkOrder,
                        "\(chunk.name) chunk at byte \(chunk.start) comes after \(after); colour chunks must precede PLTE "
                            + "and IDAT, and decoders ignore them there (so does the effective colour here)",
                        at: location))
                continue
            }
            if seen.contains(chunk.name) {
                problems.append(
                    ReadProblem(
                        .duplicateTag,
                        "a second \(chunk.name) chunk at byte \(chunk.start); PNG allows one, and decoders use the first",
                        at: location))
                // Keep reading it so the report shows both; the first wins in precedence.
            }
            seen.insert(chunk.name)
            try readChunk(chunk, into: &image, problems: &problems, location: location)
        }
        if crcProblems > 20 {
            problems.append(ReadProblem(.crcMismatch, "\(crcProblems - 20) more chunks have CRC mismatches"))
        }
        if chunks.isEmpty {
            throw .malformed(.png, "the PNG signature is followed by no readable chunk")
        }
        let names = Set(chunks.map(\.name))
        if !names.contains(PNGChunkType.IDAT.rawValue), names.contains(PNGChunkType.IEND.rawValue) {
            problems.append(ReadProblem(.malformed, "the file has no IDAT chunk, so no image data (PNG §5.6)"))
        }
        if image.pngColorType == 3, !names.contains(PNGChunkType.PLTE.rawValue),
            names.contains(PNGChunkType.IEND.rawValue)
        {
            problems.append(ReadProblem(.malformed, "colour type 3 (palette) without a PLTE chunk (PNG §11.2.2)"))
        }
        image.effective = Precedence.effectiveColor(png: image)
        return ColorTagging(format: .png, byteCount: bytes.count, images: [image], problems: problems)
    }
}

extension PNGReader {
    /// Walks the chunks after the signature up to IEND (MediaSyntax's ``PNGChunks``), recording truncations and
    /// impossible lengths as problems.
    static func chunks(in bytes: [UInt8], limits: ReadLimits, problems: inout [ReadProblem]) throws(ColorTagsError)
        -> [PNGChunk]
    {
        let walk: PNGChunks.Walk
        do {
            walk = try PNGChunks.walk(bytes, maximumChunkCount: limits.maximumChunkCount) { Zlib.crc32($0) }
        } catch {
            throw .limitExceeded("PNG chunk count above \(error.limit)", limit: error.limit)
        }
        if let problem = walk.problem { problems.append(ReadProblem(problem)) }
        return walk.chunks
    }
}
