// Bounds-checked big-endian reads over file bytes, for every reader above MediaSyntax. Every size and offset taken from a file goes through
// `Bytes.range(_:_:within:)` or the overflow-reporting helpers here, so a hostile length field can neither trap nor
// index out of bounds.

package enum Bytes {
    /// `offset ..< offset + length` if it lies within `0 ..< count`, else nil (also for negative values or overflow).
    @inline(__always)
    package static func range(_ offset: Int, _ length: Int, within count: Int) -> Range<Int>? {
        guard offset >= 0, length >= 0 else { return nil }
        let (end, overflow) = offset.addingReportingOverflow(length)
        guard !overflow, end <= count else { return nil }
        return offset..<end
    }

    /// `a + b`, or nil on overflow.
    @inline(__always)
    package static func add(_ a: Int, _ b: Int) -> Int? {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? nil : sum
    }

    /// `a · b`, or nil on overflow.
    @inline(__always)
    package static func multiply(_ a: Int, _ b: Int) -> Int? {
        let (product, overflow) = a.multipliedReportingOverflow(by: b)
        return overflow ? nil : product
    }

    /// A four-character code stored as a big-endian 32-bit number (Matroska's BlockAddIDType), as text as below.
    package static func fourCC(_ code: UInt32) -> String {
        fourCC([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: code >> $0) })
    }

    /// A four-character code as text: printable ASCII as is, anything else as `\xNN`, so that chunk and box names
    /// from a file never carry control characters.
    package static func fourCC(_ bytes: some Collection<UInt8>) -> String {
        var text = ""
        for byte in bytes {
            if byte >= 0x20, byte < 0x7F {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += "\\x" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        return text
    }

    /// Latin-1 text (PNG keywords, ICC names) up to the first NUL.
    package static func latin1(_ bytes: some Collection<UInt8>) -> String {
        String(String.UnicodeScalarView(bytes.prefix(while: { $0 != 0 }).map { Unicode.Scalar($0) }))
    }
}

extension String {
    package func leftPadded(to width: Int, with pad: Character = "0") -> String {
        count >= width ? self : String(repeating: pad, count: width - count) + self
    }
}

extension Array where Element == UInt8 {
    @inline(__always) package func u8(_ offset: Int) -> UInt8? { offset >= 0 && offset < count ? self[offset] : nil }

    @inline(__always) package func u16(_ offset: Int) -> UInt16? {
        guard Bytes.range(offset, 2, within: count) != nil else { return nil }
        return UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }

    @inline(__always) package func u32(_ offset: Int) -> UInt32? {
        guard Bytes.range(offset, 4, within: count) != nil else { return nil }
        return UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
            | UInt32(self[offset + 3])
    }

    /// A field whose bounds a length check has just established (`inBounds`: the caller's promise): its value, or 0
    /// should the check and the read ever disagree (no force unwrap on file data). ``u16(_:)`` is the checked read
    /// that answers nil out of bounds.
    @inline(__always) package func u16(inBounds offset: Int) -> UInt16 { u16(offset) ?? 0 }

    /// As ``u16(inBounds:)``, 32 bits.
    @inline(__always) package func u32(inBounds offset: Int) -> UInt32 { u32(offset) ?? 0 }

    @inline(__always) package func u64(_ offset: Int) -> UInt64? {
        guard let high = u32(offset), let low = u32(offset + 4) else { return nil }
        return UInt64(high) << 32 | UInt64(low)
    }

    /// Little- or big-endian 16/32-bit reads for TIFF-structured data (``TIFFReader``).
    package func u16(_ offset: Int, littleEndian: Bool) -> UInt16? {
        guard let value = u16(offset) else { return nil }
        return littleEndian ? value.byteSwapped : value
    }

    package func u32(_ offset: Int, littleEndian: Bool) -> UInt32? {
        guard let value = u32(offset) else { return nil }
        return littleEndian ? value.byteSwapped : value
    }

    /// The bytes in `offset ..< offset + length`, or nil when that is not inside the array.
    package func slice(_ offset: Int, _ length: Int) -> ArraySlice<UInt8>? {
        guard let range = Bytes.range(offset, length, within: count) else { return nil }
        return self[range]
    }

    /// Whether the bytes at `offset` equal `prefix`.
    package func matches(_ prefix: [UInt8], at offset: Int) -> Bool {
        guard let range = Bytes.range(offset, prefix.count, within: count) else { return false }
        return self[range].elementsEqual(prefix)
    }

    package mutating func appendU16(_ value: UInt16) {
        append(UInt8(value >> 8))
        append(UInt8(value & 0xFF))
    }
    package mutating func appendU32(_ value: UInt32) {
        append(UInt8(value >> 24))
        append(UInt8((value >> 16) & 0xFF))
        append(UInt8((value >> 8) & 0xFF))
        append(UInt8(value & 0xFF))
    }
}

/// A bit reader for AV1 headers (most significant bit first).
package struct BitReader {
    package let bytes: ArraySlice<UInt8>
    package private(set) var position = 0  // in bits from bytes.startIndex

    package init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }

    /// The next `count` (≤ 32) bits, or nil past the end.
    package mutating func bits(_ count: Int) -> UInt32? {
        var value: UInt32 = 0
        for _ in 0..<count {
            let byteIndex = bytes.startIndex + position / 8
            guard byteIndex < bytes.endIndex else { return nil }
            let bit = (bytes[byteIndex] >> (7 - UInt8(position % 8))) & 1
            value = value << 1 | UInt32(bit)
            position += 1
        }
        return value
    }

    package mutating func flag() -> Bool? { bits(1).map { $0 == 1 } }

    /// AV1 uvlc() (§4.10.3); nil past the end or for more than 32 leading zeros.
    package mutating func uvlc() -> UInt32? {
        var leadingZeros = 0
        while true {
            guard let bit = bits(1) else { return nil }
            if bit == 1 { break }
            leadingZeros += 1
            if leadingZeros >= 32 { return nil }
        }
        guard let value = bits(leadingZeros) else { return nil }
        return value &+ (UInt32(1) << leadingZeros) &- 1
    }
}
