extension ICCHeader {
    /// The smallest possible profile: header plus tag count.
    static let minimumSize = 132

    /// Checks the structure of `bytes` before LittleCMS sees them (ICC.1:2022 §7.2, §7.3): the declared size against
    /// the data length and `maximumSize`, the 'acsp' signature, the tag count against the space for the table, and every
    /// tag's offset and size against the profile. Returns the decoded header and tag table.
    static func validate(_ bytes: [UInt8], maximumSize: Int) throws(ICCError) -> (ICCHeader, [ICCTagEntry]) {
        // The signature first: data that is not a profile at all is reported as such, not by a meaningless size.
        if bytes.count >= 40, bytes.signature(at: 36) != .profileFile {
            throw .wrongSignature(found: bytes.signature(at: 36))
        }
        guard bytes.count >= minimumSize else { throw .truncated(expected: minimumSize, actual: bytes.count) }
        let declared = Int(bytes.uint32(at: 0))
        guard declared >= minimumSize else { throw .invalidDeclaredSize(declared) }
        guard declared <= maximumSize else { throw .oversized(size: declared, maximum: maximumSize) }
        guard declared <= bytes.count else { throw .truncated(expected: declared, actual: bytes.count) }
        let signature = bytes.signature(at: 36)
        guard signature == .profileFile else { throw .wrongSignature(found: signature) }

        let count = Int(bytes.uint32(at: 128))
        let maximumCount = (declared - minimumSize) / 12
        guard count <= maximumCount else { throw .tagCountTooLarge(count: count, maximum: maximumCount) }
        let tableEnd = minimumSize + 12 * count
        var tags: [ICCTagEntry] = []
        tags.reserveCapacity(count)
        for index in 0..<count {
            let entry = minimumSize + 12 * index
            let tag = bytes.signature(at: entry)
            let offset = Int(bytes.uint32(at: entry + 4))
            let size = Int(bytes.uint32(at: entry + 8))
            guard offset >= tableEnd, size >= 8, offset + size <= declared else {
                throw .tagOutOfBounds(tag: tag, offset: offset, size: size, profileSize: declared)
            }
            tags.append(
                ICCTagEntry(signature: tag, typeSignature: bytes.signature(at: offset), offset: offset, size: size))
        }
        return (ICCHeader(decoding: bytes), tags)
    }

    /// Decodes the header fields of a profile of at least 128 bytes.
    init(decoding bytes: [UInt8]) {
        let versionBytes = bytes.uint32(at: 8)
        size = Int(bytes.uint32(at: 0))
        preferredCMM = bytes.signature(at: 4)
        version = ICCVersion(
            major: Int(versionBytes >> 24), minor: Int(versionBytes >> 20 & 0xF), bugFix: Int(versionBytes >> 16 & 0xF))
        deviceClass = bytes.signature(at: 12)
        colorSpace = bytes.signature(at: 16)
        connectionSpace = bytes.signature(at: 20)
        creationDate = (0..<6).map { Int(bytes.uint16(at: 24 + 2 * $0)) }
        platform = bytes.signature(at: 40)
        flags = bytes.uint32(at: 44)
        deviceManufacturer = bytes.signature(at: 48)
        deviceModel = bytes.signature(at: 52)
        deviceAttributes = UInt64(bytes.uint32(at: 56)) << 32 | UInt64(bytes.uint32(at: 60))
        renderingIntentCode = bytes.uint32(at: 64)
        illuminant = SIMD3(bytes.s15Fixed16(at: 68), bytes.s15Fixed16(at: 72), bytes.s15Fixed16(at: 76))
        creator = bytes.signature(at: 80)
        profileID = Array(bytes[84..<100])
    }

    /// The profile ID as defined by §7.2.18: MD5 of the profile's `size` bytes with flags (44–47), rendering intent
    /// (64–67) and profile ID (84–99) set to zero.
    static func computeProfileID(_ bytes: [UInt8], size: Int) -> [UInt8] {
        var copy = Array(bytes.prefix(size))
        for range in [44..<48, 64..<68, 84..<100] {
            for i in range { copy[i] = 0 }
        }
        return MD5.digest(copy)
    }
}
