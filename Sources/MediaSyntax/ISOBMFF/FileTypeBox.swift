/// The `ftyp` box that opens an ISOBMFF file (ISO/IEC 14496-12 §4.3): its brands tell AVIF from other HEIF images.
package enum FileTypeBox {
    /// The major brand followed by the compatible brands of the `ftyp` box that `bytes` start with, as far as `bytes`
    /// hold them (a file's first bytes may cut a long list); empty when `bytes` do not start with an `ftyp` box of at
    /// least its 16-byte minimum (header, major brand, minor version).
    package static func brands(_ bytes: [UInt8]) -> [String] {
        guard bytes.matches(Array("ftyp".utf8), at: 4), let size = bytes.u32(0), size >= 16, bytes.count >= 12 else {
            return []
        }
        return brands(payload: bytes[8..<Swift.min(Int(size), bytes.count)])
    }

    /// The major brand followed by the compatible brands of an `ftyp` payload (after the box header), as far as
    /// `payload` holds them; empty when it is shorter than the major brand.
    package static func brands(payload: ArraySlice<UInt8>) -> [String] {
        let p = Array(payload)
        guard p.count >= 4 else { return [] }
        var brands = [Bytes.fourCC(p[0..<4])]
        var position = 8
        while position + 4 <= p.count {
            brands.append(Bytes.fourCC(p[position..<(position + 4)]))
            position += 4
        }
        return brands
    }

    /// Whether the `ftyp` box names AVIF as the major brand or (without HEIC brands) a compatible brand.
    package static func isAVIF(_ bytes: [UInt8]) -> Bool {
        let brands = brands(bytes)
        if let major = brands.first, major == "avif" || major == "avis" { return true }
        return brands.contains("avif") && !brands.contains("heic") && !brands.contains("heix")
    }
}
