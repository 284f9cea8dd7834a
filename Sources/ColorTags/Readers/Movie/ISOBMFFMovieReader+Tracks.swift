import MediaSyntax

extension ISOBMFFMovieReader {
    /// One `trak` as read from `moov`: its ID, whether it is video, the video builder, and where its first sample is.
    struct Track {
        var id: UInt32
        var isVideo: Bool
        var builder: VideoTrackBuilder
        /// The first sample's file offset and size, from the sample table or the first `moof`.
        var firstSample: (offset: Int, length: Int)?
        /// `trex` default_sample_size (fragmented files).
        var defaultSampleSize: UInt32?
        /// The boxes of `stbl` (sample sizes, chunks and their offsets), for the dynamic-metadata scan and the sync
        /// samples (`MovieSyncSamples`).
        var sampleTable: [Box] = []
        /// `mdhd`'s time scale: the unit of the sample table's times.
        var mediaTimescale: UInt64?

        /// A video track of a fragmented file whose first sample is still to be found in a `moof`.
        var needsFragmentSample: Bool { isVideo && firstSample == nil }
    }

    /// The tracks of `moov` and whether the movie is fragmented (`mvex`).
    mutating func readMovieBox(_ moov: Loaded) throws(ColorTagsError) -> ([Track], Bool) {
        let top = try children(of: 0..<moov.payload.count, in: moov, depth: 1, path: BoxType.moov.rawValue)
        let traks = top.filter { $0.type == BoxType.trak }
        guard traks.count <= limits.maximumTrackCount else {
            throw .limitExceeded("movie track count \(traks.count)", limit: limits.maximumTrackCount)
        }
        // mvhd's time scale: edit durations are in it.
        movieHeader = top.first { $0.type == BoxType.mvhd }.flatMap {
            ISOBMFFMovieBoxes.MovieHeader(payload: prefix(of: $0, in: moov, count: 32))
        }
        let timescale = movieHeader?.timescale
        var tracks: [Track] = []
        for (index, trak) in traks.enumerated() {
            tracks.append(try readTrack(trak, in: moov, number: index + 1, movieTimescale: timescale))
        }
        let mvex = top.first { $0.type == BoxType.mvex }
        if let mvex {
            for trex in try children(of: mvex.payload, in: moov, depth: 2, path: mvex.path)
            where trex.type == BoxType.trex {
                guard let defaults = ISOBMFFMovieBoxes.TrackExtends(payload: prefix(of: trex, in: moov, count: 24))
                else { continue }
                for i in tracks.indices where tracks[i].id == defaults.trackID {
                    tracks[i].defaultSampleSize = defaults.defaultSampleSize
                }
            }
        }
        return (tracks, mvex != nil)
    }

    /// One `trak`: `tkhd`, `mdia/mdhd`, `mdia/hdlr`, and for video the sample description and sample table, the display
    /// matrix and the edit list (whose durations are in `movieTimescale`, `mvhd`'s).
    mutating func readTrack(_ trak: Box, in moov: Loaded, number: Int, movieTimescale: UInt64?) throws(ColorTagsError)
        -> Track
    {
        let boxes = try children(of: trak.payload, in: moov, depth: 2, path: "moov/trak[\(number)]")
        var id = UInt32(number)
        var size: (Int, Int)?
        if let tkhd = boxes.first(where: { $0.type == BoxType.tkhd }) {
            let p = prefix(of: tkhd, in: moov, count: 96)
            let v1 = p.u8(0) == 1
            id = p.u32(v1 ? 20 : 12) ?? id
            if let w = p.u32(v1 ? 88 : 76), let h = p.u32(v1 ? 92 : 80) { size = (Int(w >> 16), Int(h >> 16)) }
        }
        var track = Track(id: id, isVideo: false, builder: VideoTrackBuilder(trackID: id, codec: .other))
        guard let mdia = boxes.first(where: { $0.type == BoxType.mdia }) else { return track }
        let media = try children(of: mdia.payload, in: moov, depth: 3, path: mdia.path)
        if let hdlr = media.first(where: { $0.type == BoxType.hdlr }) {
            track.isVideo = prefix(of: hdlr, in: moov, count: 12).matches(HandlerType.vide.bytes, at: 8)
        }
        guard track.isVideo else { return track }
        var timescale: UInt64?
        if let mdhd = media.first(where: { $0.type == BoxType.mdhd }) {
            let p = prefix(of: mdhd, in: moov, count: 32)
            let v1 = p.u8(0) == 1
            timescale = p.u32(v1 ? 20 : 12).map(UInt64.init)
            let duration = v1 ? p.u64(24) : p.u32(16).map(UInt64.init)
            if let timescale, timescale > 0, let duration, duration != UInt64.max, duration != UInt64(UInt32.max) {
                track.builder.video.duration = Double(duration) / Double(timescale)
            }
        }
        track.mediaTimescale = timescale
        try readPresentation(boxes, in: moov, movieTimescale: movieTimescale, mediaTimescale: timescale, into: &track)
        guard let minf = media.first(where: { $0.type == BoxType.minf }),
            let stbl = try children(of: minf.payload, in: moov, depth: 4, path: minf.path).first(where: {
                $0.type == BoxType.stbl
            })
        else { return track }
        let table = try children(of: stbl.payload, in: moov, depth: 5, path: stbl.path)
        if let stsd = table.first(where: { $0.type == BoxType.stsd }),
            let entry = try fullBoxChildren(of: stsd, in: moov, depth: 6, skipping: 4).first
        {
            try readSampleEntry(entry, in: moov, into: &track.builder, trackID: id)
        }
        if let size, track.builder.image.width == nil, size.0 > 0 {
            (track.builder.image.width, track.builder.image.height) = size
        }
        readSampleTable(table, in: moov, timescale: timescale, into: &track)
        track.sampleTable = table
        return track
    }

    /// The first sample's place (first chunk offset, first sample size), the sample count and a constant frame rate.
    mutating func readSampleTable(_ table: [Box], in moov: Loaded, timescale: UInt64?, into track: inout Track) {
        var count: Int?
        var firstSize: Int?
        if let stsz = table.first(where: { $0.type == BoxType.stsz }) {
            let p = prefix(of: stsz, in: moov, count: 16)
            if let uniform = p.u32(4), let samples = p.u32(8) {
                count = Int(samples)
                firstSize = uniform != 0 ? Int(uniform) : p.u32(12).map(Int.init)
            }
        } else if let stz2 = table.first(where: { $0.type == BoxType.stz2 }) {
            let p = prefix(of: stz2, in: moov, count: 16)
            if let field = p.u8(7), let samples = p.u32(8) {
                count = Int(samples)
                switch field {
                case 4: firstSize = p.u8(12).map { Int($0 >> 4) }
                case 8: firstSize = p.u8(12).map(Int.init)
                case 16: firstSize = p.u16(12).map(Int.init)
                default: break
                }
            }
        }
        track.builder.video.sampleCount = count
        var firstChunk: Int?
        if let stco = table.first(where: { $0.type == BoxType.stco }) {
            let p = prefix(of: stco, in: moov, count: 12)
            if let entries = p.u32(4), entries > 0 { firstChunk = p.u32(8).map(Int.init) }
        } else if let co64 = table.first(where: { $0.type == BoxType.co64 }) {
            let p = prefix(of: co64, in: moov, count: 16)
            if let entries = p.u32(4), entries > 0, let offset = p.u64(8), offset <= UInt64(Int.max) {
                firstChunk = Int(offset)
            }
        }
        if let count, count > 0, let firstSize, firstSize > 0, let firstChunk {
            track.firstSample = (firstChunk, firstSize)
        }
        // stts: one entry means a constant frame duration.
        if let stts = table.first(where: { $0.type == BoxType.stts }), let timescale, timescale > 0 {
            let p = prefix(of: stts, in: moov, count: 16)
            if p.u32(4) == 1, let delta = p.u32(12), delta > 0 {
                track.builder.video.frameRate = Double(timescale) / Double(delta)
            }
        }
    }

    /// The track's display rotation (`tkhd` matrix, when not the identity) and edit list (`edts/elst`).
    mutating func readPresentation(
        _ boxes: [Box], in moov: Loaded, movieTimescale: UInt64?, mediaTimescale: UInt64?, into track: inout Track
    ) throws(ColorTagsError) {
        if let tkhd = boxes.first(where: { $0.type == BoxType.tkhd }),
            let matrix = ISOBMFFTrackPresentation.matrix(tkhd: prefix(of: tkhd, in: moov, count: 96)[...]),
            let rotation = ISOBMFFTrackPresentation.rotation(matrix), rotation != 0
        {
            track.builder.video.displayRotation = Located(
                rotation, at: location(of: tkhd, in: moov, name: "\(tkhd.path) (display matrix)"))
        }
        guard let edts = boxes.first(where: { $0.type == BoxType.edts }),
            let elst = try children(of: edts.payload, in: moov, depth: 3, path: edts.path).first(where: {
                $0.type == BoxType.elst
            }),
            let movieTimescale, movieTimescale > 0, let mediaTimescale, mediaTimescale > 0,
            let edits = ISOBMFFTrackPresentation.edits(elst: prefix(of: elst, in: moov, count: 8 + 20 * 16)[...])
        else { return }
        let list = EditList(
            edits: edits.map { edit in
                EditList.Edit(
                    duration: Double(edit.duration) / Double(movieTimescale),
                    mediaStart: edit.mediaTime < 0 ? nil : Double(edit.mediaTime) / Double(mediaTimescale))
            })
        track.builder.video.editList = Located(list, at: location(of: elst, in: moov))
    }
}
