import MediaSyntax

/// Dynamic HDR metadata of every sample of an MP4/QuickTime HEVC or AV1 track (``DynamicMetadataSampleScan``): the
/// samples are found through the sample table and read by seeking from unit header to unit header, so a two-hour
/// movie costs a few reads per frame and memory for its sample table only.
extension ISOBMFFMovieReader {
    /// The sample table of a track's `stbl` children in the loaded `moov`, decoded for its first `limit` samples
    /// (``ISOBMFFSampleTable``), or nil when a table is missing or contradicts the others.
    func sampleTable(_ table: [Box], in moov: Loaded, limit: Int, fileSize: Int) -> ISOBMFFSampleTable? {
        ISOBMFFSampleTable(
            payload: { type in table.first { $0.type == type }.map { Array(moov.payload[$0.payload]) } }, limit: limit,
            fileSize: fileSize)
    }

    /// Reads the dynamic HDR metadata of every sample of `track` into its builder (``DynamicMetadataSampleScan``),
    /// the samples found through the sample table.
    mutating func scanDynamicMetadata(of track: inout Track, moov: Loaded) throws(ColorTagsError) {
        guard
            let samples = sampleTable(
                track.sampleTable, in: moov, limit: limits.maximumDynamicMetadataSamples, fileSize: source.count)
        else { return }
        let (places, more) = (samples.places, samples.count > samples.places.count)
        var scan = DynamicMetadataSampleScan(&track.builder, framesKept: limits.maximumDynamicMetadataFrames)
        for (index, place) in places.enumerated() {
            try scan.readFrame(
                at: place.offset, size: place.size, from: &source,
                container: "sample \(index + 1) of track \(track.id) (mdat)", into: &track.builder)
        }
        scan.finish(into: &track.builder, complete: !more)
    }
}
