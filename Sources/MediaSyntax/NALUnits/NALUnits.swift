/// Splitting HEVC and H.264 data into NAL units: the parameter-set arrays of an `avcC` record (`hvcC`: ``HEVCConfiguration``), and the
/// length-prefixed NAL units of a sample (ISO/IEC 14496-15). Ranges index the bytes given; every length is checked
/// against them, and a unit that does not fit ends the list.
package enum NALUnits {
    /// The NAL units of a sample whose units are prefixed by big-endian lengths of `lengthSize` bytes (1, 2 or 4), at
    /// most `limit` of them.
    package static func lengthPrefixed(_ data: [UInt8], lengthSize: Int, limit: Int = 1_024) -> [Range<Int>] {
        guard [1, 2, 4].contains(lengthSize) else { return [] }
        var units: [Range<Int>] = []
        var position = 0
        while position + lengthSize <= data.count, units.count < limit {
            var length = 0
            for byte in data[position..<(position + lengthSize)] { length = length << 8 | Int(byte) }
            guard let unit = Bytes.range(position + lengthSize, length, within: data.count) else { break }
            if length > 0 { units.append(unit) }
            position = unit.upperBound
        }
        return units
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
