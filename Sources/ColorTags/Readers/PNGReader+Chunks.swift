import ColorSpaces
import MediaSyntax
import SignalCoding

extension PNGReader {
    /// Decodes one colour chunk (or IHDR) into `image`; a body of the wrong size is a problem, not an error.
    func readChunk(
        _ chunk: PNGChunk, into image: inout ImageTags, problems: inout [ReadProblem], location: TagLocation
    ) throws(ColorTagsError) {
        let data = Array(bytes[chunk.data])
        func wrongSize(_ expected: Int) {
            problems.append(
                ReadProblem(
                    .malformed,
                    "\(chunk.name) chunk at byte \(chunk.start) has \(data.count) bytes of data, not \(expected)",
                    at: location))
        }
        switch PNGChunkType(rawValue: chunk.name) {
        case .IHDR:
            guard data.count == 13 else { return wrongSize(13) }
            readHeader(data, into: &image, problems: &problems, location: location)
        case .cICP:
            guard data.count == 4 else { return wrongSize(4) }
            guard data[3] <= 1 else {
                problems.append(
                    ReadProblem(
                        .malformed, "cICP VideoFullRangeFlag is \(data[3]); it must be 0 (narrow) or 1 (full)",
                        at: location))
                return
            }
            let cicp = CICP(
                colorPrimaries: data[0], transferCharacteristics: data[1], matrixCoefficients: data[2],
                videoFullRange: data[3] == 1)
            image.cicp.append(Located(CICPTag(cicp: cicp, source: .pngChunk), at: location))
        case .iCCP:
            try readICCProfile(chunk, data, into: &image, problems: &problems, location: location)
        case .sRGB:
            guard data.count == 1 else { return wrongSize(1) }
            image.sRGBIntent.append(Located(data[0], at: location))
        case .gAMA:
            guard data.count == 4, let value = data.u32(0) else { return wrongSize(4) }
            guard value > 0 else {
                problems.append(ReadProblem(.malformed, "gAMA is 0; the PNG specification forbids it", at: location))
                return
            }
            image.gamma.append(Located(Double(value) / 100_000, at: location))
        case .cHRM:
            guard data.count == 32 else { return wrongSize(32) }
            func xy(_ index: Int) -> Chromaticity {
                Chromaticity(
                    x: Double(data.u32(inBounds: index * 8)) / 100_000,
                    y: Double(data.u32(inBounds: index * 8 + 4)) / 100_000)
            }
            image.chromaticities.append(
                Located(
                    PNGChromaticities(white: xy(0), red: xy(1), green: xy(2), blue: xy(3)), at: location))
        case .mDCV, .mDCv:
            guard data.count == 24 else { return wrongSize(24) }
            if chunk.name == PNGChunkType.mDCv { legacy(chunk, .mDCV, problems: &problems, location: location) }
            if let value = MasteringDisplayColorVolume(pngChunk: data) {
                image.masteringDisplay.append(Located(value, at: location))
            }
        case .cLLI, .cLLi:
            guard data.count == 8 else { return wrongSize(8) }
            if chunk.name == PNGChunkType.cLLi { legacy(chunk, .cLLI, problems: &problems, location: location) }
            if let value = ContentLightLevel(pngChunk: data) {
                image.contentLightLevel.append(Located(value, at: location))
            }
        case .rWTm, .nDWt, .dWLm:
            guard data.count == 4, let value = data.u32(0) else { return wrongSize(4) }
            image.referenceWhite.append(Located(Double(value) * 0.0001, at: location))
        default:
            break
        }
    }

    /// IHDR's 13 bytes: the size, bit depth, colour type and channels, and what its fields break.
    private func readHeader(
        _ data: [UInt8], into image: inout ImageTags, problems: inout [ReadProblem], location: TagLocation
    ) {
        let width = data.u32(inBounds: 0), height = data.u32(inBounds: 4)
        if width == 0 || height == 0 || width > 0x7FFF_FFFF || height > 0x7FFF_FFFF {
            problems.append(
                ReadProblem(
                    .malformed,
                    "IHDR declares \(width)×\(height) pixels; PNG allows 1 to 2147483647 in each direction",
                    at: location))
        }
        image.width = Int(width)
        image.height = Int(height)
        for problem in Self.headerProblems(data) {
            problems.append(ReadProblem(.malformed, problem, at: location))
        }
        let colorType = data[9]
        image.pngColorType = colorType
        // A palette image has 8-bit palette entries whatever its index depth.
        image.bitDepth = colorType == 3 ? 8 : Int(data[8])
        image.channelCount = [0: 1, 2: 3, 3: 3, 4: 2, 6: 4][colorType]
    }

    /// iCCP: the profile's name and its zlib stream, inflated within the read limits.
    private func readICCProfile(
        _ chunk: PNGChunk, _ data: [UInt8], into image: inout ImageTags, problems: inout [ReadProblem],
        location: TagLocation
    ) throws(ColorTagsError) {
        guard let nul = data.firstIndex(of: 0), nul >= 1, nul <= 79, nul + 1 < data.count else {
            problems.append(
                ReadProblem(
                    .malformed,
                    "iCCP chunk at byte \(chunk.start) has no valid profile name (1–79 bytes, then NUL)",
                    at: location))
            return
        }
        let name = TextSanitizer.sanitize(Bytes.latin1(data[0..<nul]))
        guard data[nul + 1] == 0 else {
            problems.append(
                ReadProblem(
                    .malformed, "iCCP compression method is \(data[nul + 1]); PNG defines only 0 (zlib)",
                    at: location))
            return
        }
        let profileBytes: [UInt8]
        do {
            profileBytes = try Zlib.inflate(data[(nul + 2)...], maximumOutput: limits.maximumDecompressedSize)
        } catch {
            switch error {
            case .tooLarge(let maximum):
                throw .limitExceeded("iCCP profile inflating to more than \(maximum) bytes", limit: maximum)
            case .truncated:
                problems.append(ReadProblem(.malformed, "the iCCP profile's zlib stream is cut off", at: location))
            case .corrupt(let message):
                problems.append(
                    ReadProblem(
                        .malformed,
                        "the iCCP profile's zlib stream is corrupt (\(TextSanitizer.sanitize(message)))",
                        at: location))
            }
            return
        }
        image.iccProfiles.append(Located(EmbeddedICCProfile(bytes: profileBytes, name: name), at: location))
    }

    private func legacy(
        _ chunk: PNGChunk, _ current: PNGChunkType, problems: inout [ReadProblem], location: TagLocation
    ) {
        problems.append(
            ReadProblem(
                .pngLegacyChunkName,
                "\(chunk.name) chunk at byte \(chunk.start) uses the draft spelling; the PNG 3rd edition names it \(current) "
                    + "(w3c/png #479), and current decoders ignore \(chunk.name)", at: location))
    }

    /// What is invalid in a 13-byte IHDR body beyond its size (PNG 3rd edition §11.2.1, Table 11.1): the colour type and
    /// bit depth pair, and the compression, filter and interlace methods. Decoders reject such files (libpng:
    /// "Invalid color type/bit depth combination in IHDR", "Unknown compression method in IHDR" …).
    static func headerProblems(_ data: [UInt8]) -> [String] {
        let (depth, colorType) = (data[8], data[9])
        let allowedDepths: [UInt8: [UInt8]] = [
            0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16],
        ]
        var problems: [String] = []
        if let depths = allowedDepths[colorType] {
            if !depths.contains(depth) {
                problems.append(
                    "IHDR bit depth \(depth) is not allowed with colour type \(colorType) (allowed: "
                        + depths.map(String.init).joined(separator: ", ") + ")")
            }
        } else {
            problems.append("IHDR colour type \(colorType) is not a PNG colour type (0, 2, 3, 4 or 6)")
        }
        if data[10] != 0 { problems.append("IHDR compression method is \(data[10]); PNG defines only 0 (deflate)") }
        if data[11] != 0 { problems.append("IHDR filter method is \(data[11]); PNG defines only 0 (adaptive)") }
        if data[12] > 1 { problems.append("IHDR interlace method is \(data[12]); PNG defines 0 (none) and 1 (Adam7)") }
        return problems
    }
}
