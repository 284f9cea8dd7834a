import MediaSyntax

extension ISOBMFFMovieReader {
    /// The first sample of each video track still without one, from a `moof` box (ISO/IEC 14496-12 §8.8): `tfhd`
    /// gives the base data offset (explicit, or the `moof`'s first byte) and default sample size, the first `trun`
    /// its data offset and first sample size.
    mutating func readFragment(_ moof: Loaded, into tracks: inout [Track]) throws(ColorTagsError) {
        for traf in try children(of: 0..<moof.payload.count, in: moof, depth: 1, path: "moof") where traf.type == "traf"
        {
            let boxes = try children(of: traf.payload, in: moof, depth: 2, path: traf.path)
            guard let tfhd = boxes.first(where: { $0.type == "tfhd" }) else { continue }
            let h = prefix(of: tfhd, in: moof, count: 40)
            guard let flags = h.u32(0).map({ $0 & 0xFF_FFFF }), let id = h.u32(4),
                let index = tracks.firstIndex(where: { $0.id == id }), tracks[index].needsFragmentSample
            else { continue }
            var position = 8
            var base = moof.start
            if flags & 0x1 != 0 {
                guard let explicit = h.u64(position), explicit <= UInt64(Int.max) else { continue }
                base = Int(explicit)
                position += 8
            }
            if flags & 0x2 != 0 { position += 4 }  // sample_description_index
            if flags & 0x8 != 0 { position += 4 }  // default_sample_duration
            var defaultSize = tracks[index].defaultSampleSize.map(Int.init)
            if flags & 0x10 != 0, let size = h.u32(position) { defaultSize = Int(size) }
            guard let trun = boxes.first(where: { $0.type == "trun" }) else { continue }
            let t = prefix(of: trun, in: moof, count: 32)
            guard let runFlags = t.u32(0).map({ $0 & 0xFF_FFFF }), let count = t.u32(4), count > 0 else { continue }
            var field = 8
            var dataOffset = 0
            if runFlags & 0x1 != 0 {
                guard let value = t.u32(field) else { continue }
                dataOffset = Int(Int32(bitPattern: value))
                field += 4
            }
            if runFlags & 0x4 != 0 { field += 4 }  // first_sample_flags
            if runFlags & 0x100 != 0 { field += 4 }  // the first sample's duration
            var size = defaultSize
            if runFlags & 0x200 != 0 { size = t.u32(field).map(Int.init) }
            guard let size, size > 0, let offset = Bytes.add(base, dataOffset), offset >= 0 else { continue }
            tracks[index].firstSample = (offset, size)
        }
    }
}
