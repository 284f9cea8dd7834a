/// Splitting HEVC and H.264 data into NAL units: the parameter-set arrays of an `avcC` record (`hvcC`: ``HEVCConfiguration``), and the
/// length-prefixed NAL units of a sample (ISO/IEC 14496-15). Ranges index the bytes given; every length is checked
/// against them, and a unit that does not fit ends the list.
package enum NALUnits {
    /// The NAL units of a sample whose units are prefixed by big-endian lengths of `lengthSize` bytes (1, 2 or 4), at
    /// most `limit` of them; a unit that does not fit ends the list (readers that report what they can).
    package static func lengthPrefixed(_ data: [UInt8], lengthSize: Int, limit: Int = 1_024) -> [Range<Int>] {
        guard [1, 2, 4].contains(lengthSize) else { return [] }
        var units: [Range<Int>] = []
        var position = 0
        while position + lengthSize <= data.count, units.count < limit {
            let length = unitLength(data[position..<(position + lengthSize)])
            guard let unit = Bytes.range(position + lengthSize, length, within: data.count) else { break }
            if length > 0 { units.append(unit) }
            position = unit.upperBound
        }
        return units
    }

    /// As ``lengthPrefixed(_:lengthSize:limit:)``, for decoders: the data must be whole units, no more than `limit`
    /// (empty ones skipped), else a ``SyntaxError`` says where it breaks.
    package static func lengthPrefixedStrictly(_ data: [UInt8], lengthSize: Int, limit: Int) throws(SyntaxError)
        -> [Range<Int>]
    {
        guard [1, 2, 4].contains(lengthSize) else {
            throw SyntaxError("a NAL unit length field of \(lengthSize) bytes (1, 2 or 4)")
        }
        var units: [Range<Int>] = []
        var position = 0
        while position < data.count {
            guard data.count - position >= lengthSize else {
                throw SyntaxError("the item data ends inside a NAL unit length at byte \(position)")
            }
            let length = unitLength(data[position..<(position + lengthSize)])
            position += lengthSize
            guard length <= data.count - position else {
                throw SyntaxError(
                    "a NAL unit of \(length) bytes at byte \(position) runs past the \(data.count)-byte item data")
            }
            if length > 0 {
                guard units.count < limit else { throw SyntaxError("the item data holds more than \(limit) NAL units") }
                units.append(position..<position + length)
            }
            position += length
        }
        return units
    }

    /// The `nal_unit_type` of the first picture's unit (VCL: HEVC types 0…31, H.264 types 1…5) among a sample's
    /// length-prefixed NAL units, or nil when the bytes hold none (parameter sets, SEI and delimiters come first).
    /// `sample` may be the start of a sample only: the picture's unit needs its header byte, not its end (an encoder's
    /// SEI can fill the first KiB).
    package static func firstPictureUnitType(_ sample: [UInt8], lengthSize: Int, hevc: Bool) -> Int? {
        guard [1, 2, 4].contains(lengthSize) else { return nil }
        var position = 0
        while sample.count - position > lengthSize {
            let length = unitLength(sample[position..<(position + lengthSize)])
            position += lengthSize
            let header = sample[position]
            let type = hevc ? Int((header >> 1) & 0x3F) : Int(header & 0x1F)
            if length > 0, hevc ? type < 32 : (1...5).contains(type) { return type }
            guard length <= sample.count - position else { return nil }
            position += length
        }
        return nil
    }

    /// A NAL unit's length field: its bytes as a big-endian integer (at most 4 bytes are read).
    package static func unitLength(_ field: some Collection<UInt8>) -> Int {
        field.prefix(4).reduce(0) { $0 << 8 | Int($1) }
    }

    /// An `avcC` record (ISO/IEC 14496-15 §5.3.3.1): the profile, level and its SPS and PPS NAL units.
    package struct AVCConfiguration {
        package var profileIDC: Int
        package var levelIDC: Int
        package var lengthSize: Int
        package var units: [Range<Int>]
    }

    /// Parses an `avcC` payload; nil when it is shorter than its 6-byte header.
    package static func avcConfiguration(_ data: [UInt8]) -> AVCConfiguration? {
        guard data.count >= 6 else { return nil }
        var units: [Range<Int>] = []
        var position = 6
        func take(_ count: Int) -> Bool {
            for _ in 0..<count {
                guard let length = data.u16(position),
                    let unit = Bytes.range(position + 2, Int(length), within: data.count)
                else { return false }
                if length > 0 { units.append(unit) }
                position = unit.upperBound
            }
            return true
        }
        if take(Int(data[5] & 0x1F)), let pictureSets = data.u8(position) {
            position += 1
            _ = take(Int(pictureSets))
        }
        return AVCConfiguration(
            profileIDC: Int(data[1]), levelIDC: Int(data[3]), lengthSize: Int(data[4] & 0x03) + 1, units: units)
    }
}
