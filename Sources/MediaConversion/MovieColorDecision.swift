public import ColorTags
public import SignalCoding
import MediaSyntax

/// The colour a movie conversion reads its source as, and why: one decision for `convert`, `validate` and `inspect`.
///
/// The user's `--assume-cicp` (``ConversionRequest/Movie/assumedSourceColor``) wins; otherwise the effective colour
/// `ColorTagging` gives the first video track (the container's `colr` or Matroska `Colour` over the bitstream's VUI or
/// sequence header, field by field; the alternative transfer SEI replaces the transfer), when it states code points.
/// Without one (no tags, or only an ICC profile), the decoder's signalled colour stands, with BT.709 for the fields
/// it leaves unspecified.
public struct MovieColorDecision: Hashable, Sendable {
    /// Where the colour comes from.
    public enum Origin: Hashable, Sendable {
        /// `--assume-cicp`.
        case assumed
        /// The file's tags as `validate` decides them; the source named (e.g. "colr nclx box").
        case tags(String)
        /// What the decoder signals (FFmpeg's codec parameters and frames).
        case decoder
    }

    /// The code points the frames are read as; nil when the decoder's stand.
    public var cicp: CICP?
    /// Where they come from.
    public var origin: Origin

    /// The decision for a movie with these tags (nil when they could not be read) and this request.
    public init(tags: ColorTagging?, assumed: CICP?) {
        if let assumed {
            (cicp, origin) = (assumed, .assumed)
            return
        }
        let track = tags?.images.first { $0.video != nil }
        guard let effective = track?.effective, effective.basis == .cicp, let decided = effective.cicp,
            decided.colorPrimaries != 2, decided.transferCharacteristics != 2, decided.matrixCoefficients != 2
        else {
            (cicp, origin) = (nil, .decoder)
            return
        }
        let source = effective.location.map { TextSanitizer.sanitize($0.container) } ?? "the file's tags"
        (cicp, origin) = (decided, .tags(source))
    }

    /// One line for reports: "9/16/9/0 from moov/…/colr (nclx)", "1/1/1/0 assumed (--assume-cicp)", "the decoder's".
    public var summary: String {
        switch origin {
        case .assumed: "\(cicp.map { "\($0)" } ?? "") assumed (--assume-cicp)"
        case .tags(let source): "\(cicp.map { "\($0)" } ?? "") from \(source), as validate decides"
        case .decoder: "the decoder's (the file's tags state no code points)"
        }
    }
}
