/// The Annex B byte-stream format of H.264 and HEVC (H.264 Annex B, H.265 Annex B): NAL units each behind a start
/// code `00 00 01` (often `00 00 00 01`), as raw streams, transport-stream PES payloads and RPU files carry them.
package enum AnnexB {
    /// The four-byte start code a writer puts before each NAL unit.
    package static let startCode: [UInt8] = [0, 0, 0, 1]

    /// The NAL units of `data` (ranges without start codes and without the zero bytes before the next one), at most
    /// `limit`. With `complete` false the data is a prefix of a longer stream, so its last unit may be cut and is left
    /// out. `fourByteStartCodes` splits only at `00 00 00 01`, as dovi_tool writes and reads RPU files: their units are
    /// not all escaped against `00 00 01` (a CRC such as `D8 00 00 01` holds one).
    package static func units(
        _ data: [UInt8], complete: Bool, limit: Int, fourByteStartCodes: Bool = false
    ) -> [Range<Int>] {
        let length = fourByteStartCodes ? 4 : 3
        var starts: [Int] = []
        var index = 0
        while index + length - 1 < data.count, starts.count <= limit {
            let last = index + length - 1
            if data[last] > 1 {
                index += length  // no start code can begin at index … last
            } else if data[last] == 1, data[index..<last].allSatisfy({ $0 == 0 }) {
                starts.append(index + length)
                index += length
            } else {
                index += 1
            }
        }
        var units: [Range<Int>] = []
        for (number, start) in starts.enumerated() where units.count < limit {
            let isLast = number + 1 == starts.count
            if isLast, !complete { break }
            var end = isLast ? data.count : starts[number + 1] - length
            while end > start, data[end - 1] == 0 { end -= 1 }
            if end > start { units.append(start..<end) }
        }
        return units
    }

    /// Whether an HEVC NAL unit starts a picture: a VCL unit (types 0…31) with first_slice_segment_in_pic_flag set.
    package static func startsHEVCPicture(_ nal: ArraySlice<UInt8>) -> Bool {
        guard nal.count >= 3 else { return false }
        return (nal[nal.startIndex] >> 1) & 0x3F < 32 && nal[nal.startIndex + 2] & 0x80 != 0
    }

    /// Whether an H.264 NAL unit starts a picture: a slice (type 1 or 5) whose first_mb_in_slice is 0 (ue(v) `1`).
    package static func startsAVCPicture(_ nal: ArraySlice<UInt8>) -> Bool {
        guard nal.count >= 2 else { return false }
        let type = nal[nal.startIndex] & 0x1F
        return (type == 1 || type == 5) && nal[nal.startIndex + 1] & 0x80 != 0
    }
}
