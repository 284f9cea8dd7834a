/// The `ftyp` box that opens an ISOBMFF file (ISO/IEC 14496-12 §4.3): its brands tell AVIF from other HEIF images.
package enum FileTypeBox {
    /// The major brand followed by the compatible brands when `bytes` start with a whole `ftyp` box, else empty.
    package static func brands(_ bytes: [UInt8]) -> [String] {
        guard bytes.matches(Array("ftyp".utf8), at: 4), let size = bytes.u32(0), size >= 16,
            let box = Bytes.range(0, Int(size), within: bytes.count)
        else { return [] }
        var brands = [Bytes.fourCC(bytes[8..<12])]
        var position = 16
        while position + 4 <= box.upperBound {
            brands.append(Bytes.fourCC(bytes[position..<(position + 4)]))
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
