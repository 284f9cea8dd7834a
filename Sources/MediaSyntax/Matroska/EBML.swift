/// EBML (RFC 8794), the binary format of Matroska and WebM: elements are an ID (1–4 bytes, length marker kept), a
/// size (1–8 bytes, marker removed; all ones means "unknown") and data. Every read is bounds-checked.
package enum EBML {
    /// An element header: ID, where the element starts and its data starts, and its data size (nil: unknown).
    package struct Header {
        package var id: UInt32
        package var start: Int
        package var dataStart: Int
        package var size: Int?

        /// Where the data ends, when the size is known and fits in `Int`.
        package var end: Int? { size.flatMap { Bytes.add(dataStart, $0) } }
    }

    /// The element header at `position` of `bytes` (whose first byte is at file offset `base`), or nil when it is cut
    /// off or its ID or size uses more bytes than EBML allows.
    package static func header(_ bytes: [UInt8], at position: Int, base: Int = 0) -> Header? {
        guard let first = bytes.u8(position), first != 0 else { return nil }
        let idLength = first.leadingZeroBitCount + 1
        guard idLength <= 4, let idBytes = bytes.slice(position, idLength) else { return nil }
        let id = idBytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard let size = vint(bytes, at: position + idLength) else { return nil }
        return Header(
            id: id, start: base + position, dataStart: base + position + idLength + size.length, size: size.value)
    }

    /// A variable-size integer (size or block track number): value with the marker removed, and its length; value nil
    /// for the reserved all-ones "unknown" or a value beyond `Int`.
    package static func vint(_ bytes: [UInt8], at position: Int) -> (value: Int?, length: Int)? {
        guard let first = bytes.u8(position), first != 0 else { return nil }
        let length = first.leadingZeroBitCount + 1
        guard let data = bytes.slice(position, length) else { return nil }
        var value = UInt64(first) & (0xFF >> UInt64(length))
        var allOnes = value == (0xFF >> UInt64(length))
        for byte in data.dropFirst() {
            value = value << 8 | UInt64(byte)
            allOnes = allOnes && byte == 0xFF
        }
        return (allOnes || value > UInt64(Int.max) ? nil : Int(value), length)
    }

    /// The child elements inside `range` of `bytes` (data ranges as indices of `bytes`), at most `limit`; a child
    /// running past `range` or of unknown size ends the list and sets `truncated`.
    package static func children(_ bytes: [UInt8], in range: Range<Int>, limit: Int = 4_096) -> (
        elements: [(id: UInt32, data: Range<Int>)], truncated: Bool
    ) {
        var elements: [(id: UInt32, data: Range<Int>)] = []
        var position = range.lowerBound
        while position < range.upperBound, elements.count < limit {
            guard let header = header(bytes, at: position), let size = header.size,
                let data = Bytes.range(header.dataStart, size, within: range.upperBound)
            else { return (elements, true) }
            elements.append((header.id, data))
            position = data.upperBound
        }
        return (elements, false)
    }

    /// An unsigned integer element (0–8 bytes, big-endian; empty is 0).
    package static func uint(_ data: ArraySlice<UInt8>) -> UInt64? {
        guard data.count <= 8 else { return nil }
        return data.reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// The data of an unsigned integer element of `count` bytes (1–8, big-endian), for rewriting one in place: the
    /// low `count` bytes of `value`.
    package static func uintData(_ value: UInt64, count: Int) -> [UInt8] {
        (0..<min(max(count, 0), 8)).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A float element (0, 4 or 8 bytes, big-endian IEEE 754; empty is 0).
    package static func float(_ data: ArraySlice<UInt8>) -> Double? {
        switch data.count {
        case 0: return 0
        case 4: return Double(Float(bitPattern: UInt32(truncatingIfNeeded: uint(data) ?? 0)))
        case 8: return Double(bitPattern: uint(data) ?? 0)
        default: return nil
        }
    }

    /// A string element up to its first NUL, sanitised for terminals, at most 256 bytes.
    package static func string(_ data: ArraySlice<UInt8>) -> String {
        TextSanitizer.sanitize(String(decoding: data.prefix(256).prefix(while: { $0 != 0 }), as: UTF8.self))
    }
}

/// The Matroska element IDs the reader uses (Matroska specification, RFC 9559).
package enum MatroskaID {
    package static let ebml: UInt32 = 0x1A45_DFA3
    package static let docType: UInt32 = 0x4282
    package static let segment: UInt32 = 0x1853_8067
    package static let seekHead: UInt32 = 0x114D_9B74
    package static let seek: UInt32 = 0x4DBB
    package static let seekID: UInt32 = 0x53AB
    package static let seekPosition: UInt32 = 0x53AC
    package static let info: UInt32 = 0x1549_A966
    package static let timestampScale: UInt32 = 0x2A_D7B1
    package static let duration: UInt32 = 0x4489
    package static let tracks: UInt32 = 0x1654_AE6B
    package static let trackEntry: UInt32 = 0xAE
    package static let trackNumber: UInt32 = 0xD7
    package static let trackType: UInt32 = 0x83
    package static let codecID: UInt32 = 0x86
    package static let codecPrivate: UInt32 = 0x63A2
    package static let defaultDuration: UInt32 = 0x23_E383
    package static let contentEncodings: UInt32 = 0x6D80
    package static let video: UInt32 = 0xE0
    package static let pixelWidth: UInt32 = 0xB0
    package static let pixelHeight: UInt32 = 0xBA
    package static let colour: UInt32 = 0x55B0
    package static let matrixCoefficients: UInt32 = 0x55B1
    package static let bitsPerChannel: UInt32 = 0x55B2
    package static let chromaSubsamplingHorz: UInt32 = 0x55B3
    package static let chromaSubsamplingVert: UInt32 = 0x55B4
    package static let chromaSitingHorz: UInt32 = 0x55B7
    package static let chromaSitingVert: UInt32 = 0x55B8
    package static let range: UInt32 = 0x55B9
    package static let transferCharacteristics: UInt32 = 0x55BA
    package static let primaries: UInt32 = 0x55BB
    package static let maxCLL: UInt32 = 0x55BC
    package static let maxFALL: UInt32 = 0x55BD
    package static let masteringMetadata: UInt32 = 0x55D0
    package static let blockAdditionMapping: UInt32 = 0x41E4
    package static let blockAddIDType: UInt32 = 0x41E7
    package static let blockAddIDExtraData: UInt32 = 0x41ED
    package static let cluster: UInt32 = 0x1F43_B675
    package static let simpleBlock: UInt32 = 0xA3
    package static let blockGroup: UInt32 = 0xA0
    package static let block: UInt32 = 0xA1
    package static let blockAdditions: UInt32 = 0x75A1
    package static let blockMore: UInt32 = 0xA6
    package static let blockAddID: UInt32 = 0xEE
    package static let blockAdditional: UInt32 = 0xA5
    /// Top-level elements: in a Cluster of unknown size, one of these ends the Cluster.
    package static let topLevel: Set<UInt32> = [
        seekHead, info, tracks, cluster, 0x1C53_BB6B, 0x1043_A770, 0x1254_C367, 0x1941_A469, segment, ebml,
    ]
}
