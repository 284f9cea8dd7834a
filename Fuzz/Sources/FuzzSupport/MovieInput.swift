/// Fuzz inputs as movies: an input that does not start like one gets an `ftyp isom` box (even first byte) or an EBML
/// header and an unknown-size Matroska Segment (odd first byte), so that every input reaches a movie reader.
public enum MovieInput {
    static let ftyp: [UInt8] = [0, 0, 0, 20] + Array("ftypisom".utf8) + [0, 0, 2, 0] + Array("mp41".utf8)
    static let ebml: [UInt8] =
        [0x1A, 0x45, 0xDF, 0xA3, 0x8B, 0x42, 0x82, 0x88] + Array("matroska".utf8)
        + [0x18, 0x53, 0x80, 0x67, 0x01, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF]

    /// `data`, behind an `ftyp` box or an EBML header unless it already starts like an MP4, QuickTime or Matroska file.
    public static func bytes(_ data: [UInt8]) -> [UInt8] {
        let startsLikeMovie =
            data.starts(with: [0x1A, 0x45, 0xDF, 0xA3])
            || (data.count >= 8
                && ["ftyp", "moov", "mdat", "wide", "free"].contains(String(decoding: data[4..<8], as: UTF8.self)))
        return startsLikeMovie ? data : ((data.first ?? 0) & 1 == 0 ? ftyp : ebml) + data
    }
}
