public import PixelBuffers

/// Another place a converter's program can run than the CPU kernels: a GPU runner (GPUConversion's Vulkan backend)
/// takes the compiled plan and runs it as a shader. Set it as ``PixelConverter/Options/backend``; every converter
/// made with those options (those of ImageFiles, VideoFiles and MediaConversion too) then converts through it, with the
/// same plan and within the bounds the backend states.
public protocol PixelConversionBackend: Sendable {
    /// A short name for plans and reports, e.g. "Vulkan (llvmpipe)".
    var name: String { get }

    /// Prepares `converter`'s program (compiles it, allocates what does not depend on the frame); called once, when
    /// the converter is made.
    func prepare(_ converter: PixelConverter) throws(PixelConversionError) -> any PreparedPixelConversion

    /// Prepares a gain-map rendition (the base to the destination, the gain map included) as one program; called
    /// once, when the renderer is made. The default throws ``PixelConversionError/backend(_:)``: a backend that
    /// converts only.
    func prepare(_ renderer: GainMapRenderer) throws(PixelConversionError) -> any PreparedPixelConversion
}

extension PixelConversionBackend {
    public func prepare(_ renderer: GainMapRenderer) throws(PixelConversionError) -> any PreparedPixelConversion {
        throw .backend("\(name) does not render gain maps")
    }
}

/// A converter's program ready to run on a backend: safe to call from any thread (calls may be serialised).
public protocol PreparedPixelConversion: Sendable {
    /// Converts `source` into `destination` (formats and sizes already checked against the converter).
    func convert(_ source: PixelBufferView, to destination: MutablePixelBufferView) throws(PixelConversionError)
}
