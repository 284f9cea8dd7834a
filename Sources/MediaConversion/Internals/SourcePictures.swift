import ColorSpaces
import PixelBuffers
import PixelConversion
import VideoFiles

/// The pictures a movie conversion converts: each decoded frame as it is, or, for Dolby Vision profile 5, the frame
/// composed through its RPU (``DolbyVisionComposer``) into PQ BT.2020 R′G′B′ in a buffer made once.
struct SourcePictures {
    /// The encoding of composed pictures: RGBA float, ITU-R BT.2100 PQ.
    static let composedEncoding = PixelEncoding(format: DolbyVisionComposer.outputFormat, colorSpace: .bt2100PQ)

    private var composer: DolbyVisionComposer?
    private var composed: PixelBuffer?
    private let threadCount: Int?
    /// RPUs applied so far.
    private(set) var composedFrames = 0

    /// Pictures of `stream`: composed when it is Dolby Vision profile 5.
    init(_ stream: VideoStreamInfo, threadCount: Int?) throws(MediaConversionError) {
        self.threadCount = threadCount
        guard Self.composes(stream) else { return }
        composer = DolbyVisionComposer()
        do {
            composed = try PixelBuffer(
                format: DolbyVisionComposer.outputFormat, width: stream.width, height: stream.height)
        } catch { throw .conversion("\(error)") }
    }

    /// Whether `stream`'s pictures need its RPUs: Dolby Vision profile 5 (IPT-PQ-c2, no displayable base layer).
    static func composes(_ stream: VideoStreamInfo) -> Bool { stream.dolbyVision?.profile == 5 }

    /// The plan line of the composition, when there is one.
    var planStep: String? {
        composer == nil
            ? nil
            : "Dolby Vision profile 5 composition (per frame, from its RPU): reshaping curves → IPT-PQ-c2 → L′M′S′ → "
                + "PQ EOTF → LMS → BT.2020 RGB → PQ (RGBA float)"
    }

    /// Calls `body` with the picture of `frame` and its encoding.
    ///
    /// - Throws: ``MediaConversionError/unsupportedSource(_:)`` when a profile 5 frame has no RPU (and none came
    ///   before) or its RPU cannot be applied; what `body` throws.
    mutating func withPicture<R>(
        _ frame: VideoFrame, _ body: (PixelBufferView, PixelEncoding) throws(MediaConversionError) -> R
    ) throws(MediaConversionError) -> R {
        guard composer != nil, composed != nil else { return try body(frame.view, frame.encoding) }
        do {
            if let rpu = frame.hdr.dolbyVisionRPUPayload {
                try composer!.update(rpu: rpu)
            }
            // A frame without an RPU keeps the last one's parameters (a decoder repeats them); before any, it fails.
            let current = composer!
            try composed!.withMutableView { (view) throws(DolbyVisionComposerError) in
                try current.compose(frame.view, into: view, threadCount: threadCount)
            }
        } catch {
            throw .unsupportedSource("frame \(frame.index): \(error)")
        }
        composedFrames += 1
        return try composed!.withView { (view) throws(MediaConversionError) in
            try body(view, Self.composedEncoding)
        }
    }
}
