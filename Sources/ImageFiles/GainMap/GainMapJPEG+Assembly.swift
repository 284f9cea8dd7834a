import MediaSyntax

/// Assembles a gain-map JPEG: base and gain-map streams with their segments, and an MPF index whose sizes and
/// offsets are computed after assembly (offsets are relative to the MPF TIFF header, CIPA DC-007).
extension GainMapJPEG {
    /// The APP2 MPF payload with two entries; sizes and offsets are patched by ``patchMPF(_:gainMapSize:)``.
    static func mpfPayload() -> [UInt8] {
        var tiff: [UInt8] = [0x4D, 0x4D, 0x00, 0x2A]  // big-endian TIFF header
        tiff.appendBigEndian(UInt32(8))  // offset of the MP Index IFD
        tiff.appendBigEndian(UInt16(3))  // entries: MPFVersion, NumberOfImages, MPEntry
        let entriesOffset = UInt32(8 + 2 + 3 * 12 + 4)
        // B000 MPFVersion, UNDEFINED × 4, "0100"
        tiff.appendBigEndian(UInt16(0xB000))
        tiff.appendBigEndian(UInt16(7))
        tiff.appendBigEndian(UInt32(4))
        tiff += Array("0100".utf8)
        // B001 NumberOfImages, LONG × 1
        tiff.appendBigEndian(UInt16(0xB001))
        tiff.appendBigEndian(UInt16(4))
        tiff.appendBigEndian(UInt32(1))
        tiff.appendBigEndian(UInt32(2))
        // B002 MPEntry, UNDEFINED × 32 at entriesOffset
        tiff.appendBigEndian(UInt16(0xB002))
        tiff.appendBigEndian(UInt16(7))
        tiff.appendBigEndian(UInt32(32))
        tiff.appendBigEndian(entriesOffset)
        tiff.appendBigEndian(UInt32(0))  // no next IFD
        // Entry 1: representative baseline MP primary image; entry 2: the gain map (no type flags, as libultrahdr).
        tiff.appendBigEndian(UInt32(0x2003_0000))
        tiff += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]  // size, offset 0, two dependent-image entries
        tiff.appendBigEndian(UInt32(0))
        tiff += [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]
        return JPEGSegments.mpfSignature + tiff
    }

    /// Fills in the primary's size and the gain map's size and offset in the assembled primary stream.
    static func patchMPF(_ primary: inout [UInt8], gainMapSize: Int) throws(ImageFileError) {
        var tiffStart: Int?
        var walker = JPEGSegmentWalker(
            bytes: primary, imageAt: 0, name: "primary image", budget: Int.max, maximumSegmentCount: Int.max)
        while tiffStart == nil, case .segment(let segment) = try? walker.next() {
            if segment.marker == 0xE2,
                JPEGSegmentWalker.payload(segment.payload, of: primary, startsWith: JPEGSegments.mpfSignature)
            {
                tiffStart = segment.payload.lowerBound + JPEGSegments.mpfSignature.count
            }
        }
        guard let tiffStart else { throw .encodingFailed(format: .jpeg, reason: "the MPF segment was not placed") }
        let entries = tiffStart + 8 + 2 + 3 * 12 + 4
        guard let primarySize = UInt32(exactly: primary.count), let gainSize = UInt32(exactly: gainMapSize),
            let offset = UInt32(exactly: primary.count - tiffStart)
        else { throw .invalidRequest("a gain-map JPEG larger than 4 GiB cannot be indexed by MPF") }
        primary.setBigEndian(primarySize, at: entries + 4)
        primary.setBigEndian(gainSize, at: entries + 16 + 4)
        primary.setBigEndian(offset, at: entries + 16 + 8)
    }
}
