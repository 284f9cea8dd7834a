public import Foundation
import ColorSpaces
import ColorTags
import ImageFiles
import PixelBuffers
import PixelConversion
import SignalCoding
import ToneMapping
import VideoFiles
import MediaSyntax

extension MediaConverter {
    /// The movie file name extensions ``convertMovie(_:to:progress:)`` writes: `mp4`, `m4v`, `mov`, `mkv`, `webm`.
    public static let movieExtensions: Set<String> = ["mp4", "m4v", "mov", "mkv", "webm"]

    /// Whether `url` is a movie: its first bytes are an MP4, QuickTime or Matroska signature (not a HEIF/AVIF image),
    /// or, for a file that does not exist yet, its extension is one of ``movieExtensions``.
    public static func isMovie(_ url: URL) -> Bool {
        if let handle = try? FileHandle(forReadingFrom: url) {
            defer { try? handle.close() }
            let head = (try? handle.read(upToCount: 64)).map { [UInt8]($0) } ?? []
            return MediaFileFormat(signatureOf: head)?.isMovie ?? false
        }
        return movieExtensions.contains(url.pathExtension.lowercased())
    }

    /// Converts a movie's video to ``ConversionRequest/colorSpace`` (default: the source's) and writes it with its
    /// colour tagged in the bitstream and the container, then checks the written movie.
    ///
    /// - **Target encoding**: planar Y′CbCr, narrow range, 4:2:0 (4:4:4 when ``ConversionRequest/chroma420`` is
    ///   false), 10-bit for HDR targets and 8-bit for SDR unless ``ConversionRequest/bitDepth`` says otherwise; the
    ///   matrix BT.2020 non-constant luminance for BT.2020 primaries and BT.709 otherwise; chroma sited top-left for
    ///   BT.2020 and left otherwise.
    /// - **Light**: ``ConversionRequest/referenceWhite`` (203 cd/m²) is where PQ and HLG meet, so PQ → HLG puts
    ///   203 cd/m² at HLG 75 % (ITU-R BT.2408) and HLG → PQ the reverse; tone mapping follows
    ///   ``ConversionRequest/converterToneMapping(content:sourceIsHDR:target:)`` with the stream's mastering display
    ///   and light level (PQ brighter than 1000 cd/m² is mapped onto the HLG nominal peak; HDR onto SDR onto
    ///   ``ConversionRequest/headroom``, 1 by default).
    /// - **HDR10 metadata** of a PQ target: the request's, else the source's when the colour is unchanged; otherwise
    ///   the mastering display is BT.2020 at the content's peak (1000 cd/m² for HLG, the tone-mapping target when one
    ///   applies) and MaxCLL/MaxFALL (CTA-861.3) are metered by the converter in the same pass, in each frame's
    ///   linear light, and written where the writer reserved room for them (``MovieConversionReport/passes`` says so).
    /// - **Dynamic HDR metadata**: each frame's HDR10+ message and Dolby Vision profile 8 RPU are written into the
    ///   access unit of the same frame when the colour is unchanged (same code points, no tone mapping): through a
    ///   re-encode, a codec (HEVC, AV1 for HDR10+) or container change and a frame range; the Dolby Vision
    ///   configuration record goes with the RPUs. When the colour changes, or the codec or picture size cannot keep
    ///   them true, they are dropped and listed in ``MovieConversionReport/omissions`` with the reason
    ///   (``MovieConversionReport/keptDynamicMetadata`` lists what was kept).
    /// - **What else is kept**: the video stream's display matrix (rotation) and metadata (`language`,
    ///   `handler_name`, `creation_time`), the container's metadata (as `ffmpeg -map_metadata 0` keeps it, QuickTime
    ///   `mdta` keys such as the location included), and the other streams the container can hold, copied packet by
    ///   packet (``ConversionRequest/Movie-swift.struct/copiesOtherStreams``). What is not carried is listed in
    ///   ``MovieConversionReport/omissions`` with the reason.
    /// - **Time**: every frame keeps its presentation time; a frame range or time span is shifted to start at 0 and
    ///   the copied streams are cut to it at their packet boundaries (not re-encoded).
    /// - **Threads**: the decoder and the encoder run on their own threads (FFmpeg's frame threads; x265, x264 and
    ///   SVT-AV1 copy each frame in and encode it in the background). The caller's thread takes each decoded frame,
    ///   converts it over every core (``ConversionRequest/Movie-swift.struct/conversionThreadCount``) into one
    ///   preallocated frame and hands that to the encoder; once running, nothing is allocated per frame by the
    ///   pipeline but the access units that gain a frame's dynamic metadata.
    /// - **Check**: the written movie is checked as `hdrcolor validate` would: `--require hdr10` for PQ, `--require
    ///   hlg` for HLG, the plain rules for SDR, and `--compare` against the source for what it lost without meaning
    ///   to (``MovieConversionReport/check``); findings the source draws too are its own
    ///   (``MovieConversionReport/inheritedFindings``) and do not fail the conversion.
    ///
    /// - Parameter progress: Called on the caller's thread after each frame is converted.
    /// - Throws: ``MediaConversionError/movie(_:)`` when reading, decoding, encoding or writing fails,
    ///   ``MediaConversionError/conversion(_:)`` when no conversion exists between the encodings,
    ///   ``MediaConversionError/invalidRequest(_:)`` for settings the codec cannot take or an output that is the
    ///   input, ``MediaConversionError/outputExists(path:)`` for an existing output the request does not replace. A
    ///   movie that fails part way (a full disk …) is removed: without its index nothing could play it.
    public func convertMovie(
        _ input: URL, to output: URL, progress: ((MovieConversionProgress) -> Void)? = nil
    ) throws(MediaConversionError) -> MovieConversionReport {
        let job = try MovieConversionJob(self, input: input, output: output, progress: progress)
        do throws(MediaConversionError) {
            try job.convertFrames()
            try job.finish()
        } catch {
            job.discardOutput()
            throw error
        }
        return try job.report()
    }

    /// Container tags the muxer writes anew, which would describe the source's file: its brands and muxer.
    static let regeneratedContainerKeys: Set<String> = ["major_brand", "minor_version", "compatible_brands", "encoder"]
    /// Video stream tags that describe the source's encoder, not the one writing the stream now.
    static let regeneratedStreamKeys: Set<String> = ["encoder", "vendor_id"]

    /// The dynamic metadata written, and the frames whose metadata the encoder's packets could not be matched to.
    static func keptDynamicMetadata(
        _ plan: DynamicMetadataPlan, given: (hdr10Plus: Int, rpus: Int), written: (hdr10Plus: Int, rpus: Int),
        startsInsideShot: Bool
    ) -> ([KeptDynamicMetadata], [MovieOmission]) {
        var kept: [KeptDynamicMetadata] = []
        var missing: [MovieOmission] = []
        let rows = [
            ("HDR10+ dynamic metadata", plan.hdr10PlusCarriage, given.hdr10Plus, written.hdr10Plus, nil),
            (
                plan.rpuName, "NAL unit 62 per access unit" + (plan.record != nil ? ", configuration record" : ""),
                given.rpus, written.rpus,
                startsInsideShot
                    ? "the range starts inside a shot: its first RPU has scene_refresh_flag 0, as in the source" : nil
            ),
        ]
        for (what, carriage, given, written, note) in rows where given > 0 {
            kept.append(
                KeptDynamicMetadata(
                    what: what, carriage: carriage, frames: written, sourceFrames: given, note: note))
            if written < given {
                missing.append(
                    MovieOmission(
                        what: "\(what) of \(given - written) of \(given) frames",
                        reason: "the encoder returned their packets without the frames' presentation times"))
            }
        }
        return (kept, missing)
    }
}
