public import Foundation
public import VideoFiles

extension MediaConverter {
    /// Joins the segments of a movie converted in parts (each `convertMovie` of a frame range that starts at a
    /// closed-GOP sync sample, without the other streams) into `output`, as one conversion of the whole movie writes
    /// it, without re-encoding (``VideoFiles/MovieJoiner``): the source's frames at the source's times, the whole
    /// movie's MaxCLL/MaxFALL, and the source's other streams, container metadata and video stream tags taken once
    /// from `source`, kept as ``convertMovie(_:to:progress:)`` keeps them.
    ///
    /// The movie is written under a temporary name beside `output` and renamed when complete: `output` appears only
    /// whole, and a failed join leaves nothing.
    ///
    /// - Parameters:
    ///   - replacing: Replace an existing `output` (default: refuse).
    /// - Throws: ``MediaConversionError/outputExists(path:)``; ``MediaConversionError/movie(_:)`` with
    ///   ``VideoFiles/VideoFilesError/cannotJoin(_:)`` for segments that are not consecutive parts of one conversion
    ///   of `source`, or the error reading or writing a file.
    public static func joinSegments(
        _ segments: [MovieSegment], of source: URL, into output: URL, replacing: Bool = false,
        copiesOtherStreams: Bool = true
    ) throws(MediaConversionError) -> MovieJoin {
        let fileManager = FileManager.default
        if !replacing, fileManager.fileExists(atPath: output.path) { throw .outputExists(path: output.path) }
        guard !segments.contains(where: { $0.url.standardizedFileURL == output.standardizedFileURL }),
            source.standardizedFileURL != output.standardizedFileURL
        else { throw .invalidRequest("the joined movie cannot replace its source or one of its segments") }
        let reader: MovieReader
        do { reader = try MovieReader(contentsOf: source) } catch { throw .movie(error) }
        let stream = reader.videoStream
        let temporary = output.deletingLastPathComponent().appendingPathComponent(
            ".\(output.deletingPathExtension().lastPathComponent).joining-\(UUID().uuidString).\(output.pathExtension)")
        let join: MovieJoin
        do {
            join = try MovieJoiner.join(
                segments, into: temporary, source: reader,
                metadata: reader.containerMetadata.filter { !regeneratedContainerKeys.contains($0.key) },
                streamMetadata: stream.metadata.filter { !regeneratedStreamKeys.contains($0.key) },
                copiesOtherStreams: copiesOtherStreams)
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw .movie(error)
        }
        do {
            if replacing, fileManager.fileExists(atPath: output.path) {
                _ = try fileManager.replaceItemAt(output, withItemAt: temporary)
            } else {
                try fileManager.moveItem(at: temporary, to: output)
            }
        } catch {
            try? fileManager.removeItem(at: temporary)
            throw .movie(.cannotWrite(path: output.path, reason: "renaming the joined movie into place: \(error)"))
        }
        return join
    }
}
