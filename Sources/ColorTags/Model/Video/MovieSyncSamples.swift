import Foundation
import MediaSyntax

/// Where a movie's video tracks may be cut: every sync sample with its place in decoding and presentation order, its
/// times and its bytes, from the MP4/QuickTime sample tables (`stsz`/`stz2`, `stsc`, `stco`/`co64`, `stts`, `ctts`,
/// `stss`), read by seeking (`hdrcolor inspect --sync-samples`). A planner that splits a movie into segments starts
/// each at one of these; the media data is never read.
public struct MovieSyncSamples: Hashable, Sendable {
    /// One video track's sync samples.
    public struct Track: Hashable, Sendable {
        /// The track's `tkhd` ID.
        public var trackID: UInt32
        /// `mdhd`'s time scale (units per second) of the tables' times.
        public var timescale: UInt64
        /// The samples the track holds.
        public var sampleCount: Int
        /// Whether the table lists its sync samples (`stss`); without one every sample is a sync sample.
        public var listsSyncSamples: Bool
        /// The sync samples, in decoding order.
        public var syncSamples: [SyncSample]
    }

    /// One sync sample (a random-access point: the decoder can start here).
    public struct SyncSample: Hashable, Sendable {
        /// Its number in decoding order, from 0.
        public var sample: Int
        /// Its number in presentation order (composition times ascending), from 0: the frame number of `convert
        /// --frames`, before any edit list.
        public var frame: Int
        /// Decode time in seconds (`stts`).
        public var decodeTime: Double
        /// Presentation time in seconds: decode time plus its composition offset (`ctts`), before any edit list.
        public var presentationTime: Double
        /// The sample's first byte in the file.
        public var offset: Int
        /// The sample's size in bytes.
        public var size: Int
        /// The kind of random-access picture it starts with (HEVC and H.264 tracks), nil when not known.
        public var randomAccess: RandomAccess?

        /// Whether a decoder that starts here needs nothing before it and the pictures after it need nothing before
        /// it either (an IDR picture): where a movie can be cut into segments that decode alone. Nil when not known.
        public var startsClosedGOP: Bool? { randomAccess.map { $0 == .idr } }
    }

    /// What a sync sample's first picture is (ITU-T H.265 §7.4.2.2, H.264 §7.4.1).
    public enum RandomAccess: String, Hashable, Sendable, CaseIterable {
        /// An IDR picture (HEVC types 19–20, H.264 type 5): a closed GOP starts here.
        case idr = "IDR"
        /// An HEVC clean random access picture (type 21): an open GOP; the leading pictures after it in decoding
        /// order may refer to pictures before it.
        case cra = "CRA"
        /// An HEVC broken link access picture (types 16–18), e.g. after a splice: its leading pictures are dropped.
        case bla = "BLA"
        /// Another picture (an H.264 I slice marked as a sync sample, or an HEVC type outside the random-access range).
        case other
    }

    /// The video tracks, in track order.
    public var tracks: [Track]

    /// The most samples a track may hold to be indexed (about 4.2 million: 19 hours at 60 frames/s), so that the
    /// index takes at most a few hundred megabytes.
    public static let maximumSampleCount = 1 << 22

    /// Reads the sync samples of every video track of an MP4 or QuickTime movie.
    ///
    /// - Throws: ``ColorTagsError/invalidArgument(_:)`` for a file that is not an MP4/QuickTime movie or a fragmented
    ///   one (its samples are in fragments, not in sample tables); ``ColorTagsError/unrecognizedFormat(leadingBytes:)``
    ///   for a file of no known format; ``ColorTagsError/malformed(_:_:)`` for a video track whose tables cannot be
    ///   followed, or whose samples run past the end of the file (a file cut short);
    ///   ``ColorTagsError/limitExceeded(_:limit:)`` for a track of more than ``maximumSampleCount`` samples or
    ///   beyond `limits`; ``ColorTagsError/unreadableFile(path:reason:)`` when reading fails.
    public static func read(contentsOf url: URL, limits: ReadLimits = .default) throws(ColorTagsError)
        -> MovieSyncSamples
    {
        try read(try FileAccess.open(url), limits: limits)
    }

    /// Reads the sync samples of a movie in memory, as ``read(contentsOf:limits:)``.
    public static func read(bytes: [UInt8], limits: ReadLimits = .default) throws(ColorTagsError) -> MovieSyncSamples {
        try read(ArrayByteSource(bytes), limits: limits)
    }

    private static func read<Source: ByteSource>(_ source: Source, limits: ReadLimits) throws(ColorTagsError)
        -> MovieSyncSamples
    {
        var source = source
        let head = try source.bytes(at: 0, length: 4096)
        guard let format = MediaFileFormat(signatureOf: head) else {
            throw .unrecognizedFormat(leadingBytes: Array(head.prefix(8)))
        }
        guard format == .mp4 || format == .mov else {
            throw .invalidArgument(
                "sync samples are read from MP4 and QuickTime sample tables, and this file is \(format), not such a movie"
            )
        }
        var reader = ISOBMFFMovieReader(source: source, limits: limits, format: format)
        return try reader.syncSamples()
    }
}

extension ISOBMFFMovieReader {
    /// The sync samples of every video track (``MovieSyncSamples/read(contentsOf:limits:)``).
    mutating func syncSamples() throws(ColorTagsError) -> MovieSyncSamples {
        let structure = try readStructure()
        guard !structure.fragmented else {
            throw .invalidArgument(
                "the \(format) movie is fragmented: its samples are in 'moof' fragments, which are not indexed, not in "
                    + "sample tables")
        }
        var tracks: [MovieSyncSamples.Track] = []
        for track in structure.tracks where track.isVideo {
            let limit = MovieSyncSamples.maximumSampleCount
            guard let timescale = track.mediaTimescale, timescale > 0,
                let table = sampleTable(track.sampleTable, in: structure.moov, limit: limit, fileSize: source.count),
                let decodeTimes = table.decodeTimes
            else {
                throw .malformed(
                    format,
                    "the sample table of video track \(track.id) cannot be followed: a table is missing, or contradicts the others "
                        + "or the file's size")
            }
            guard table.count <= limit else {
                throw .limitExceeded("video track \(track.id) of \(table.count) samples", limit: limit)
            }
            if let cut = table.places.firstIndex(where: { $0.offset > source.count - $0.size }) {
                throw .malformed(
                    format,
                    "sample \(cut) of video track \(track.id) ends past the end of the file (byte "
                        + "\(table.places[cut].offset) + \(table.places[cut].size) of \(source.count)): the file is cut short"
                )
            }
            var indexed = Self.syncSamples(of: table, decodeTimes: decodeTimes, track: track.id, timescale: timescale)
            try readRandomAccess(of: &indexed, codec: track.builder.video.codec, lengthSize: track.builder.lengthSize)
            tracks.append(indexed)
        }
        return MovieSyncSamples(tracks: tracks)
    }

    /// The kind of each sync sample's first picture, from its first NAL units (at most 4 KiB read per sync sample).
    mutating func readRandomAccess(
        of track: inout MovieSyncSamples.Track, codec: VideoStreamTags.Codec, lengthSize: Int
    )
        throws(ColorTagsError)
    {
        guard codec == .hevc || codec == .avc else { return }
        for index in track.syncSamples.indices {
            let sync = track.syncSamples[index]
            let bytes = try source.bytes(at: sync.offset, length: Swift.min(sync.size, 4096))
            guard let type = NALUnits.firstPictureUnitType(bytes, lengthSize: lengthSize, hevc: codec == .hevc) else {
                continue
            }
            track.syncSamples[index].randomAccess =
                switch (codec, type) {
                case (.hevc, 19...20), (.avc, 5): .idr
                case (.hevc, 21): .cra
                case (.hevc, 16...18): .bla
                default: .other
                }
        }
    }

    /// A track's sync samples with their presentation-order frame numbers.
    static func syncSamples(of table: ISOBMFFSampleTable, decodeTimes: [Int64], track: UInt32, timescale: UInt64)
        -> MovieSyncSamples.Track
    {
        let presentation = zip(decodeTimes, table.compositionOffsets).map { $0 &+ $1 }
        // Frame numbers: ranks by presentation time, ties in decoding order.
        var frames = [Int](repeating: 0, count: presentation.count)
        for (rank, sample) in presentation.indices.sorted(by: { (presentation[$0], $0) < (presentation[$1], $1) })
            .enumerated()
        {
            frames[sample] = rank
        }
        let seconds = { (units: Int64) in Double(units) / Double(timescale) }
        let sync = table.syncSamples ?? Array(table.places.indices)
        return MovieSyncSamples.Track(
            trackID: track, timescale: timescale, sampleCount: table.count, listsSyncSamples: table.syncSamples != nil,
            syncSamples: sync.map { sample in
                MovieSyncSamples.SyncSample(
                    sample: sample, frame: frames[sample], decodeTime: seconds(decodeTimes[sample]),
                    presentationTime: seconds(presentation[sample]), offset: table.places[sample].offset,
                    size: table.places[sample].size)
            })
    }
}
