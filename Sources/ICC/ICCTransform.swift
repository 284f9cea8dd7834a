internal import CLittleCMS

/// A LittleCMS colour transform between two profiles over interleaved pixels (`cmsCreateTransformTHR`,
/// `cmsDoTransform`).
///
/// Each transform has its own LittleCMS context with its own error log, so there is no global state.
/// `@unchecked Sendable`: the `cmsHTRANSFORM` is immutable after creation and LittleCMS 2 allows `cmsDoTransform` on
/// one transform from several threads at once (its one-pixel cache is copied per call); the error log is locked.
///
/// Alpha is copied (`cmsFLAGS_COPY_ALPHA`, converted between sample types); a destination alpha without a source alpha
/// is set to opaque. Float and half samples are nominally in [0, 1] for RGB; LittleCMS does not clip them on
/// matrix/shaper float paths, but does on 8/16-bit and LUT paths.
public final class ICCTransform: @unchecked Sendable {
    /// The source pixel layout.
    public let sourceLayout: ICCPixelLayout
    /// The destination pixel layout.
    public let destinationLayout: ICCPixelLayout
    /// The rendering intent.
    public let intent: ICCRenderingIntent
    /// Whether black-point compensation is on (`cmsFLAGS_BLACKPOINTCOMPENSATION`).
    public let blackPointCompensation: Bool

    private let context: LCMSContext
    private let handle: cmsHTRANSFORM

    /// Creates a transform.
    ///
    /// - Parameters:
    ///   - source: The profile of the source pixels (RGB or grey, matching `sourceLayout`).
    ///   - destination: The profile of the destination pixels.
    ///   - sourceLayout: How source pixels are stored.
    ///   - destinationLayout: How destination pixels are stored.
    ///   - intent: The ICC rendering intent.
    ///   - blackPointCompensation: Scale the source black point to the destination's (Adobe BPC).
    /// - Throws: ``ICCError/rejected(operation:messages:)`` with LittleCMS's messages when it cannot build the transform
    ///   (e.g. a layout that does not match a profile's colour space, or an intent the profiles do not support).
    public init(
        from source: ICCProfile,
        to destination: ICCProfile,
        sourceLayout: ICCPixelLayout,
        destinationLayout: ICCPixelLayout,
        intent: ICCRenderingIntent = .perceptual,
        blackPointCompensation: Bool = false
    ) throws(ICCError) {
        let context = try LCMSContext()
        let input = try LCMSProfile(bytes: Array(source.bytes.prefix(source.header.size)), context: context)
        let output = try LCMSProfile(bytes: Array(destination.bytes.prefix(destination.header.size)), context: context)
        var flags = cmsUInt32Number(cmsFLAGS_COPY_ALPHA)
        if blackPointCompensation { flags |= cmsUInt32Number(cmsFLAGS_BLACKPOINTCOMPENSATION) }
        guard
            let handle = cmsCreateTransformTHR(
                context.handle, input.handle, sourceLayout.lcmsType, output.handle, destinationLayout.lcmsType,
                intent.rawValue, flags)
        else {
            throw context.failure(
                "create a transform from '\(source.header.colorSpace)' to '\(destination.header.colorSpace)'")
        }
        self.context = context
        self.handle = handle
        self.sourceLayout = sourceLayout
        self.destinationLayout = destinationLayout
        self.intent = intent
        self.blackPointCompensation = blackPointCompensation
    }

    deinit { cmsDeleteTransform(handle) }

    /// Transforms `pixelCount` contiguous pixels from `source` into `destination` (which may not overlap it).
    ///
    /// - Throws: ``ICCError/invalidArgument(_:)`` when a buffer is shorter than `pixelCount` pixels of its layout.
    public func transform(
        _ source: UnsafeRawBufferPointer, into destination: UnsafeMutableRawBufferPointer, pixelCount: Int
    ) throws(ICCError) {
        try checkCapacity(source.count, destination.count, pixelCount: pixelCount)
        guard pixelCount > 0, let input = source.baseAddress, let output = destination.baseAddress else { return }
        let chunk = 1 << 24
        var done = 0
        while done < pixelCount {
            let count = Swift.min(chunk, pixelCount - done)
            cmsDoTransform(
                handle, input + done * sourceLayout.bytesPerPixel, output + done * destinationLayout.bytesPerPixel,
                cmsUInt32Number(count))
            done += count
        }
        fillOpaqueAlpha(output, pixelCount: pixelCount)
    }

    /// Transforms an array of samples (e.g. `[Float]` for ``ICCPixelLayout/rgbFloat``) into a new array of
    /// `Destination` samples; the pixel count comes from the source's byte count.
    public func transform<Source: BitwiseCopyable, Destination: BitwiseCopyable>(
        _ source: [Source], as destinationType: Destination.Type
    ) throws(ICCError) -> [Destination] {
        let bytes = source.count * MemoryLayout<Source>.stride  // the size of an existing array: fits in an Int
        guard bytes % sourceLayout.bytesPerPixel == 0 else {
            throw .invalidArgument("\(bytes) bytes are not a whole number of \(sourceLayout) pixels")
        }
        let pixels = bytes / sourceLayout.bytesPerPixel
        let (outputBytes, overflow) = pixels.multipliedReportingOverflow(by: destinationLayout.bytesPerPixel)
        guard !overflow else {
            throw .invalidArgument("\(pixels) pixels of \(destinationLayout) need more bytes than an Int can count")
        }
        guard outputBytes % MemoryLayout<Destination>.stride == 0 else {
            throw .invalidArgument("\(Destination.self) does not tile \(destinationLayout) pixels")
        }
        var result = [Destination](unsafeUninitializedCapacity: outputBytes / MemoryLayout<Destination>.stride) {
            buffer, count in
            UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
            count = buffer.count
        }
        let outcome = source.withUnsafeBytes { input in
            result.withUnsafeMutableBytes { output in
                Result { () throws(ICCError) in try transform(input, into: output, pixelCount: pixels) }
            }
        }
        try outcome.get()
        return result
    }

    private func checkCapacity(_ sourceBytes: Int, _ destinationBytes: Int, pixelCount: Int) throws(ICCError) {
        guard pixelCount >= 0 else {
            throw .invalidArgument(
                "pixel count \(pixelCount) is negative; pass the number of pixels to transform (≥ 0)")
        }
        let (needIn, overflowIn) = pixelCount.multipliedReportingOverflow(by: sourceLayout.bytesPerPixel)
        let (needOut, overflowOut) = pixelCount.multipliedReportingOverflow(by: destinationLayout.bytesPerPixel)
        guard !overflowIn, !overflowOut else {
            throw .invalidArgument(
                "\(pixelCount) pixels of \(sourceLayout) or \(destinationLayout) need more bytes than an Int can count; "
                    + "transform fewer pixels per call")
        }
        guard sourceBytes >= needIn, destinationBytes >= needOut else {
            throw .invalidArgument(
                "\(pixelCount) pixels need \(needIn) source bytes (\(sourceLayout)) and \(needOut) destination bytes "
                    + "(\(destinationLayout)); the buffers hold \(sourceBytes) and \(destinationBytes): pass larger buffers "
                    + "or a smaller pixel count")
        }
    }

    /// Sets destination alpha to opaque when the source has none (LittleCMS copies alpha only between layouts that
    /// both have it).
    private func fillOpaqueAlpha(_ output: UnsafeMutableRawPointer, pixelCount: Int) {
        guard destinationLayout.hasAlpha, !sourceLayout.hasAlpha else { return }
        destinationLayout.fillAlpha(output, pixelCount: pixelCount)
    }
}
