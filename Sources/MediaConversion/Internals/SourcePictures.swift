import ColorSpaces
import DolbyVision
import PixelBuffers
import PixelConversion
import VideoFiles

/// The pictures a movie conversion converts: each decoded frame as it is, or, for Dolby Vision profile 5, the base
/// layer with the composition of its RPU (``DolbyVisionComposer``), which the converter runs as its first steps: one
/// pass from the base layer to the output, no intermediate picture.
struct SourcePictures {
    private var composer: DolbyVisionComposer?
    /// RPUs applied so far.
    private(set) var composedFrames = 0

    /// Pictures of `stream`: composed when it is Dolby Vision profile 5.
    init(_ stream: VideoStreamInfo) {
        if Self.composes(stream) { composer = DolbyVisionComposer() }
    }

    /// Whether `stream`'s pictures need its RPUs: Dolby Vision profile 5 (IPT-PQ-c2, no displayable base layer).
    static func composes(_ stream: VideoStreamInfo) -> Bool { stream.dolbyVision?.profile == 5 }

    /// The plan line of the composition, when there is one.
    var planStep: String? {
        composer == nil
            ? nil
            : "Dolby Vision profile 5 composition (per frame, from its RPU), as the converter's first steps: reshaping "
                + "curves → IPT-PQ-c2 → L′M′S′ → PQ EOTF → LMS → BT.2020 RGB"
    }

    /// Calls `body` with the picture of `frame`, its encoding and, for a composed stream, the composition of the
    /// frame's RPU (the converter's `PixelConverter.Options.dolbyVision`).
    ///
    /// - Throws: ``MediaConversionError/unsupportedSource(_:)`` when a profile 5 frame has no RPU (and none came
    ///   before) or its RPU cannot be applied; what `body` throws.
    mutating func withPicture<R>(
        _ frame: VideoFrame,
        _ body: (PixelBufferView, PixelEncoding, DolbyVisionReshaping?) throws(MediaConversionError) -> R
    ) throws(MediaConversionError) -> R {
        guard composer != nil else { return try body(frame.view, frame.encoding, nil) }
        do {
            if let rpu = frame.hdr.dolbyVisionRPUPayload {
                try composer!.update(rpu: rpu)
            }
        } catch {
            throw .unsupportedSource("frame \(frame.index): \(error)")
        }
        // A frame without an RPU keeps the last one's parameters (a decoder repeats them); before any, it fails.
        guard let composition = composer!.reshaping else {
            throw .unsupportedSource("frame \(frame.index): \(DolbyVisionComposerError.noRPU)")
        }
        guard frame.view.format.colorModel == .yCbCr, frame.view.format.bitDepth == composition.bitDepth else {
            throw .unsupportedSource(
                "frame \(frame.index): the base layer is \(frame.view.format), the RPU's \(composition.bitDepth)-bit")
        }
        composedFrames += 1
        return try body(frame.view, DolbyVisionComposer.baseLayerEncoding(frame.view.format), composition)
    }
}
