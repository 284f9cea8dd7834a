/// Finding elements of a Matroska file's first video track `Colour` (Segment → Tracks → TrackEntry → Video →
/// Colour), to change their values in place.
package enum MatroskaColorFields {
    /// The data ranges of the first video track's `Colour` children with `ids` (e.g. ``MatroskaID/maxCLL``), as file
    /// offsets, in `head` (the file's first bytes, holding its Tracks element); empty when there is none.
    package static func find(_ ids: Set<UInt32>, in head: [UInt8]) -> [(id: UInt32, data: Range<Int>)] {
        var position = 0
        while let header = EBML.header(head, at: position) {
            if header.id == MatroskaID.segment {
                // The Segment's size may be unknown, and its Clusters run past the head: read what is there.
                let segment = EBML.children(head, in: header.dataStart..<head.count).elements
                guard let tracks = segment.first(where: { $0.id == MatroskaID.tracks }) else { return [] }
                for entry in EBML.children(head, in: tracks.data).elements where entry.id == MatroskaID.trackEntry {
                    let fields = EBML.children(head, in: entry.data).elements
                    guard let video = fields.first(where: { $0.id == MatroskaID.video }) else { continue }
                    let colour = EBML.children(head, in: video.data).elements.first { $0.id == MatroskaID.colour }
                    guard let colour else { return [] }
                    return EBML.children(head, in: colour.data).elements.filter { ids.contains($0.id) }
                }
                return []
            }
            guard let end = header.end else { return [] }
            position = end
        }
        return []
    }
}
