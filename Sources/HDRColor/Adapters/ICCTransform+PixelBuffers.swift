public import ICC
public import PixelBuffers

extension ICCTransform {
    /// Transforms an image between two single-plane views of the same size whose formats are this transform's
    /// layouts (see ``ICC/ICCPixelLayout/init(_:)``), row by row, so any row strides work.
    ///
    /// - Throws: `ICCError.invalidArgument(_:)` for a size or format mismatch.
    public func transform(_ source: PixelBufferView, into destination: MutablePixelBufferView) throws(ICCError) {
        guard source.width == destination.width, source.height == destination.height else {
            throw .invalidArgument(
                "source is \(source.width)×\(source.height) but destination is \(destination.width)×\(destination.height)"
            )
        }
        guard ICCPixelLayout(source.format) == sourceLayout, ICCPixelLayout(destination.format) == destinationLayout
        else {
            throw .invalidArgument(
                "the views' formats \(source.format) → \(destination.format) do not match the transform's layouts "
                    + "\(sourceLayout) → \(destinationLayout)")
        }
        let input = source.plane(0), output = destination.plane(0)
        for y in 0..<source.height {
            try transform(input.row(y), into: output.row(y), pixelCount: source.width)
        }
    }
}
