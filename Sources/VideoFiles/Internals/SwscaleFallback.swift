internal import CFFmpeg

/// The documented fallback for decoder formats ``PixelFormat`` has no layout for: swscale converts each frame into
/// one reused frame of the nearest mapped format (``PixelFormatMapping/nearestMapped(to:)``), with point sampling for
/// chroma and accurate rounding. Used only when ``MovieReader/Options/unmappedPixelFormats`` allows it; the stream
/// info says so (``VideoStreamInfo/isConvertedWithSwscale``). Bit depth widening by swscale replicates high bits into
/// low ones, so codes are not promised to equal the source's.
final class SwscaleFallback {
    let source: AVPixelFormat
    let destination: AVPixelFormat
    private(set) var width: Int32 = 0
    private(set) var height: Int32 = 0
    private var context: OpaquePointer?
    let output: UnsafeMutablePointer<AVFrame>

    init(source: AVPixelFormat) throws(VideoFilesError) {
        self.source = source
        destination = PixelFormatMapping.nearestMapped(to: source)
        guard let frame = av_frame_alloc() else { throw .allocationFailed("an AVFrame") }
        output = frame
    }

    deinit {
        sws_freeContext(context)
        var frame: UnsafeMutablePointer<AVFrame>? = output
        av_frame_free(&frame)
    }

    /// Converts `input` into ``output`` (reallocated only when the size changes) and returns it.
    func convert(_ input: UnsafeMutablePointer<AVFrame>) throws(VideoFilesError) -> UnsafeMutablePointer<AVFrame> {
        let w = input.pointee.width
        let h = input.pointee.height
        if context == nil || w != width || h != height {
            sws_freeContext(context)
            context = sws_getContext(
                w, h, source, w, h, destination, Int32(SWS_POINT | SWS_ACCURATE_RND | SWS_FULL_CHR_H_INT), nil, nil,
                nil)
            guard context != nil else { throw .allocationFailed("a swscale context") }
            av_frame_unref(output)
            output.pointee.format = destination.rawValue
            output.pointee.width = w
            output.pointee.height = h
            try FFmpeg.check(av_frame_get_buffer(output, 64), "av_frame_get_buffer")
            width = w
            height = h
        }
        try FFmpeg.check(av_frame_make_writable(output), "av_frame_make_writable")
        try FFmpeg.check(sws_scale_frame(context, output, input), "sws_scale_frame")
        output.pointee.color_range = input.pointee.color_range
        return output
    }
}
