#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// How a movie track is presented, from its `tkhd` and `edts/elst` boxes (ISO/IEC 14496-12 §8.3.2, §8.6.6): the display
/// matrix that turns the pictures, and the edit list that says which part of the media the movie's timeline shows.
package enum ISOBMFFTrackPresentation {
    /// The nine display-matrix coefficients of a `tkhd` payload (after the box header; version 0 or 1), in box order:
    /// a, b, u, c, d, v as 16.16 and x, y, w as 2.30 fixed point; nil when the payload is too short.
    package static func matrix(tkhd payload: ArraySlice<UInt8>) -> [Int32]? {
        guard let version = payload.first, version <= 1 else { return nil }
        let start = payload.startIndex + (version == 1 ? 52 : 40)
        guard start + 36 <= payload.endIndex else { return nil }
        return (0..<9).map { i in
            Int32(bitPattern: payload[start + 4 * i..<start + 4 * i + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
        }
    }

    /// The rotation a matrix applies, in degrees counterclockwise as FFmpeg reports it (`av_display_rotation_get`:
    /// −90 for a phone recording held upright, whose pictures are turned 90° clockwise for display); 0 for the
    /// identity; nil for a matrix that does not scale.
    package static func rotation(_ matrix: [Int32]) -> Double? {
        guard matrix.count == 9 else { return nil }
        let m = matrix.map { Double($0) / 65_536 }
        let scale0 = (m[0] * m[0] + m[3] * m[3]).squareRoot()
        let scale1 = (m[1] * m[1] + m[4] * m[4]).squareRoot()
        guard scale0 > 0, scale1 > 0 else { return nil }
        let degrees = -atan2(m[1] / scale1, m[0] / scale0) * 180 / .pi
        return degrees == 0 ? 0 : degrees
    }

    /// One edit: `duration` of the movie's timeline (in the movie's time scale) showing the media from `mediaTime` (in
    /// the media's time scale; −1 for an empty edit, a gap).
    package struct Edit: Hashable, Sendable {
        package var duration: UInt64
        package var mediaTime: Int64
    }

    /// The first edits of an `elst` payload (after the box header; version 0 or 1), at most `maximumEntries`; nil when
    /// the payload ends before them.
    package static func edits(elst payload: ArraySlice<UInt8>, maximumEntries: Int = 16) -> [Edit]? {
        guard let version = payload.first, version <= 1, payload.count >= 8 else { return nil }
        func field(_ offset: Int, _ size: Int) -> UInt64 {
            let start = payload.startIndex + offset
            return payload[start..<start + size].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
        let count = Swift.min(Int(field(4, 4)), Swift.max(0, maximumEntries))
        let entrySize = version == 1 ? 20 : 12
        guard 8 + count * entrySize <= payload.count else { return nil }
        return (0..<count).map { i in
            let at = 8 + i * entrySize
            if version == 1 {
                return Edit(duration: field(at, 8), mediaTime: Int64(bitPattern: field(at + 8, 8)))
            }
            return Edit(duration: field(at, 4), mediaTime: Int64(Int32(bitPattern: UInt32(field(at + 4, 4)))))
        }
    }
}
