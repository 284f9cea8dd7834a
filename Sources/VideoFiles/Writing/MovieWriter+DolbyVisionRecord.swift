import Foundation
import MediaSyntax

extension MovieWriter {
    /// The largest `moov` box read back to add the Dolby Vision record (a movie of a million frames has a `moov` of
    /// about 20 MB).
    static let maximumPatchedMovieBox = 512 << 20

    /// Adds the settings' Dolby Vision record to the finished file's video sample entry when the muxer wrote none:
    /// FFmpeg 5.1's MP4/QuickTime muxer writes `dvcC`/`dvvC` only in its MP4 mode, never into a `.mov` (QuickTime
    /// mode) or `.m4v` (iPod mode) file, whatever `-strict`. The box (``DolbyVisionConfiguration/box``) is put after the
    /// entry's last child and the enclosing sizes grow (`ISOBMFFSampleEntryEditing`); `moov` is rewritten in place,
    /// which keeps every chunk offset true because the muxer writes it last. When it is not last, nothing is changed
    /// and ``omissions`` says so.
    func addMissingDolbyVisionRecord() throws(VideoFilesError) {
        guard let record = settings.dolbyVision else { return }
        if let omission = try Self.addMissingDolbyVisionRecord(record, toFileAt: url) { omissions.append(omission) }
    }

    /// ``addMissingDolbyVisionRecord()`` for any finished MP4/QuickTime file: what could not be added, or nil.
    static func addMissingDolbyVisionRecord(_ record: DolbyVisionConfiguration, toFileAt url: URL)
        throws(VideoFilesError) -> MovieOmission?
    {
        let path = url.path
        var source: FileByteSource
        do { source = try FileByteSource(path: path) } catch {
            throw .cannotWrite(path: path, reason: "reading the movie back to add its Dolby Vision record: \(error)")
        }
        let boxes: [ISOBMFFSampleEntryEditing.TopLevelBox]
        do { boxes = try ISOBMFFSampleEntryEditing.topLevelBoxes(&source) } catch {
            throw .cannotWrite(path: path, reason: "the written movie's boxes: \(error)")
        }
        let found = boxes.last { $0.type == BoxType.moov }
        guard let moov = found, moov.start + moov.size == source.count, moov.size <= Self.maximumPatchedMovieBox
        else {
            return MovieOmission(
                what: "Dolby Vision configuration record (profile \(record.name))",
                reason: "FFmpeg 5.1's muxer writes none into this container, and the file's moov box ("
                    + (found.map { "\($0.size) bytes at byte \($0.start)" } ?? "not found")
                    + ") is not its last box, where it could be added")
        }
        let patched: [UInt8]?
        do {
            let bytes = try source.read(at: moov.start, length: moov.size)
            patched = try ISOBMFFSampleEntryEditing.adding(record.box, toVideoSampleEntryOf: bytes)
        } catch {
            throw .cannotWrite(path: path, reason: "adding the Dolby Vision record to the sample entry: \(error)")
        }
        guard let patched else { return nil }  // the muxer wrote it
        do {
            let handle = try FileHandle(forUpdating: url)
            defer { try? handle.close() }
            try handle.seek(toOffset: UInt64(moov.start))
            try handle.write(contentsOf: Data(patched))
            try handle.synchronize()
        } catch {
            throw .cannotWrite(path: path, reason: "writing the moov box with the Dolby Vision record: \(error)")
        }
        return nil
    }
}
