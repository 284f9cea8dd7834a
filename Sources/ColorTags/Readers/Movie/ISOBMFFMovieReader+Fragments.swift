import MediaSyntax

extension ISOBMFFMovieReader {
    /// The first sample of each video track still without one, from a `moof` box (ISO/IEC 14496-12 §8.8): `tfhd`
    /// gives the base data offset (explicit, or the `moof`'s first byte) and default sample size, the first `trun`
    /// its data offset and first sample size.
    mutating func readFragment(_ moof: Loaded, into tracks: inout [Track]) throws(ColorTagsError) {
        for traf in try children(of: 0..<moof.payload.count, in: moof, depth: 1, path: BoxType.moof.rawValue)
        where traf.type == BoxType.traf {
            let boxes = try children(of: traf.payload, in: moof, depth: 2, path: traf.path)
            guard let tfhd = boxes.first(where: { $0.type == BoxType.tfhd }) else { continue }
            guard let header = ISOBMFFMovieBoxes.TrackFragmentHeader(payload: prefix(of: tfhd, in: moof, count: 40)),
                let index = tracks.firstIndex(where: { $0.id == header.trackID }), tracks[index].needsFragmentSample
            else { continue }
            var base = moof.start
            if let explicit = header.baseDataOffset {
                guard explicit <= UInt64(Int.max) else { continue }
                base = Int(explicit)
            }
            guard let trun = boxes.first(where: { $0.type == BoxType.trun }),
                let run = ISOBMFFMovieBoxes.TrackRunStart(payload: prefix(of: trun, in: moof, count: 32)),
                run.sampleCount > 0
            else { continue }
            let size =
                (run.firstSampleSize ?? header.defaultSampleSize).map(Int.init)
                ?? tracks[index].defaultSampleSize.map(Int.init)
            guard let size, size > 0, let offset = Bytes.add(base, Int(run.dataOffset)), offset >= 0 else { continue }
            tracks[index].firstSample = (offset, size)
        }
    }
}
