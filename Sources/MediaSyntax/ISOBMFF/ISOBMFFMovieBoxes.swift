/// The movie-level boxes a reader needs from `moov` and `moof` (ISO/IEC 14496-12), parsed from their payloads (the
/// bytes after the box header, version and flags first): the movie header's time scale and duration, a fragment's
/// track header and the start of its first track run.
package enum ISOBMFFMovieBoxes {
    /// `mvhd` (§8.2.2).
    package struct MovieHeader: Hashable, Sendable {
        /// Units per second of the movie's time (edit list durations are in it).
        package var timescale: UInt64
        /// The duration in `timescale` units; nil when unknown (all ones) or absent.
        package var duration: UInt64?

        /// Versions 0 (32-bit times) and 1 (64-bit); nil when the payload is too short or the time scale is 0.
        package init?(payload p: [UInt8]) {
            guard let version = p.u8(0) else { return nil }
            let long = version == 1
            guard let timescale = p.u32(long ? 20 : 12).map(UInt64.init), timescale > 0 else { return nil }
            self.timescale = timescale
            let duration = long ? p.u64(24) : p.u32(16).map(UInt64.init)
            // All ones (in either width) means unknown.
            self.duration = duration.flatMap { $0 == UInt64.max || $0 == UInt64(UInt32.max) ? nil : $0 }
        }

        /// The duration in seconds.
        package var seconds: Double? { duration.map { Double($0) / Double(timescale) } }
    }

    /// `trex` (§8.8.3): a track's defaults for its fragments.
    package struct TrackExtends: Hashable, Sendable {
        package var trackID: UInt32
        package var defaultSampleSize: UInt32

        package init?(payload p: [UInt8]) {
            guard let id = p.u32(4), let size = p.u32(16) else { return nil }
            (trackID, defaultSampleSize) = (id, size)
        }
    }

    /// `tfhd` (§8.8.7).
    package struct TrackFragmentHeader: Hashable, Sendable {
        package var trackID: UInt32
        /// base_data_offset when the flags carry one (0x1), else nil (the `moof`'s first byte).
        package var baseDataOffset: UInt64?
        /// default_sample_size when the flags carry one (0x10).
        package var defaultSampleSize: UInt32?

        package init?(payload p: [UInt8]) {
            guard let flags = p.u32(0).map({ $0 & 0xFF_FFFF }), let id = p.u32(4) else { return nil }
            trackID = id
            var position = 8
            baseDataOffset = nil
            if flags & 0x1 != 0 {
                guard let explicit = p.u64(position) else { return nil }
                baseDataOffset = explicit
                position += 8
            }
            if flags & 0x2 != 0 { position += 4 }  // sample_description_index
            if flags & 0x8 != 0 { position += 4 }  // default_sample_duration
            defaultSampleSize = flags & 0x10 != 0 ? p.u32(position) : nil
        }
    }

    /// The start of a `trun` (§8.8.8): its sample count, data offset and first sample's size.
    package struct TrackRunStart: Hashable, Sendable {
        package var sampleCount: UInt32
        /// data_offset (0x1), relative to the fragment's base; 0 when absent.
        package var dataOffset: Int32
        /// The first sample's size (0x200), else nil (the defaults apply). A run whose flags promise a field its bytes
        /// do not hold is nil as a whole.
        package var firstSampleSize: UInt32?

        package init?(payload p: [UInt8]) {
            guard let flags = p.u32(0).map({ $0 & 0xFF_FFFF }), let count = p.u32(4) else { return nil }
            sampleCount = count
            var field = 8
            dataOffset = 0
            if flags & 0x1 != 0 {
                guard let value = p.u32(field) else { return nil }
                dataOffset = Int32(bitPattern: value)
                field += 4
            }
            if flags & 0x4 != 0 { field += 4 }  // first_sample_flags
            if flags & 0x100 != 0 { field += 4 }  // the first sample's duration
            firstSampleSize = nil
            if flags & 0x200 != 0 {
                guard let size = p.u32(field) else { return nil }
                firstSampleSize = size
            }
        }
    }
}
