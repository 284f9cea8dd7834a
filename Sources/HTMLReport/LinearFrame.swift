import ColorSpaces
public import PixelBuffers
public import PixelConversion

/// A picture as a report looks at it: extended-linear BT.2020 light in RGBA 32-bit float, 1.0 = reference white
/// (``referenceWhite`` cd/m², EDR convention), values above 1 for HDR highlights and below 0 outside BT.2020.
public struct LinearFrame: Sendable {
    /// The encoding of ``pixels``: RGBA float, extended-linear BT.2020.
    public static let encoding = PixelEncoding(format: .rgbaFloat, colorSpace: .extendedLinearBT2020)
    /// The BT.2020 luminance coefficients (0.2627, 0.6780, 0.0593): Y = K · RGB, relative to reference white.
    public static let luminanceCoefficients = RGBPrimaries.bt2020.luminanceCoefficients

    /// The pixels, in ``encoding``.
    public var pixels: PixelBuffer
    /// The luminance in cd/m² that 1.0 stands for.
    public var referenceWhite: Double

    /// The width in pixels.
    public var width: Int { pixels.width }
    /// The height in pixels.
    public var height: Int { pixels.height }

    /// Wraps pixels already in ``encoding``.
    ///
    /// - Throws: ``HDRReportError/invalidOption(_:)`` when `pixels` is not RGBA float or `referenceWhite` is not
    ///   positive.
    public init(pixels: PixelBuffer, referenceWhite: Double = 203) throws(HDRReportError) {
        guard pixels.format == .rgbaFloat else {
            throw .invalidOption("a linear frame is RGBA float, not \(pixels.format)")
        }
        guard referenceWhite > 0, referenceWhite.isFinite else {
            throw .invalidOption("the reference white must be a positive luminance in cd/m², not \(referenceWhite)")
        }
        self.pixels = pixels
        self.referenceWhite = referenceWhite
    }

    /// Converts `view` (in `encoding`) to linear light with `PixelConverter` and reduces it with a box filter to at
    /// most `maximumWidth` pixels wide (an integer factor: each output pixel is the mean of a factor × factor block).
    ///
    /// - Throws: ``HDRReportError/conversion(_:)`` when no conversion exists, ``HDRReportError/invalidOption(_:)``
    ///   for a `maximumWidth` below 1.
    public init(
        _ view: PixelBufferView, encoding: PixelEncoding, maximumWidth: Int = 1024, referenceWhite: Double = 203
    ) throws(HDRReportError) {
        var linearizer = try Linearizer(referenceWhite: referenceWhite)
        self = try linearizer.linearize(view, encoding: encoding) { (linear) throws(HDRReportError) in
            try LinearFrame(downscaling: linear, maximumWidth: maximumWidth, referenceWhite: referenceWhite)
        }
    }

    /// Reduces linear pixels (``encoding``) with a box filter to at most `maximumWidth` pixels wide, over rows in
    /// parallel.
    ///
    /// - Throws: ``HDRReportError/invalidOption(_:)`` for a `maximumWidth` below 1 or pixels not RGBA float.
    public init(downscaling view: PixelBufferView, maximumWidth: Int = 1024, referenceWhite: Double = 203)
        throws(HDRReportError)
    {
        guard maximumWidth >= 1 else { throw .invalidOption("the picture width must be at least 1 pixel") }
        guard view.format == .rgbaFloat else {
            throw .invalidOption("a linear frame is RGBA float, not \(view.format)")
        }
        let factor = max(1, (view.width + maximumWidth - 1) / maximumWidth)
        let width = (view.width + factor - 1) / factor
        let height = (view.height + factor - 1) / factor
        var output: PixelBuffer
        do { output = try PixelBuffer(format: .rgbaFloat, width: width, height: height) } catch {
            throw .conversion("\(error)")
        }
        output.withMutableView { destination in
            let source = view.plane(0)
            let target = destination.plane(0)
            _ = RowChunks.map(height) { rows in
                var sums = [Float](repeating: 0, count: 4 * width)  // one per chunk, not per pixel
                for y in rows {
                    for i in sums.indices { sums[i] = 0 }
                    let sourceRows = (y * factor)..<min(view.height, (y + 1) * factor)
                    for sy in sourceRows {
                        let row = source.row(sy, as: Float.self)
                        for sx in 0..<view.width {
                            let o = 4 * (sx / factor)
                            sums[o] += row[4 * sx]
                            sums[o + 1] += row[4 * sx + 1]
                            sums[o + 2] += row[4 * sx + 2]
                            sums[o + 3] += row[4 * sx + 3]
                        }
                    }
                    let out = target.row(y, as: Float.self)
                    for x in 0..<width {
                        let columns = min(view.width, (x + 1) * factor) - x * factor
                        let scale = 1 / Float(columns * sourceRows.count)
                        for c in 0..<4 { out[4 * x + c] = sums[4 * x + c] * scale }
                    }
                }
            }
        }
        try self.init(pixels: output, referenceWhite: referenceWhite)
    }

    /// The luminance of pixel (x, y) in cd/m²: `referenceWhite × (K · RGB)`.
    public func luminance(x: Int, y: Int) -> Double {
        pixels.withView { view in
            let row = view.plane(0).row(y, as: Float.self)
            return Self.luminance(row[4 * x], row[4 * x + 1], row[4 * x + 2]) * referenceWhite
        }
    }

    /// Relative luminance (1.0 = reference white) of linear BT.2020 RGB.
    @inline(__always)
    static func luminance(_ r: Float, _ g: Float, _ b: Float) -> Double {
        let k = luminanceCoefficients
        return k.x * Double(r) + k.y * Double(g) + k.z * Double(b)
    }
}

/// Converts frames of any encoding to full-size linear light (``LinearFrame/encoding``), reusing one converter while
/// the source encoding does not change and one output buffer while the size does not.
struct Linearizer {
    let options: PixelConverter.Options
    private var converter: PixelConverter?
    private var buffer: PixelBuffer?

    init(referenceWhite: Double, threadCount: Int? = nil) throws(HDRReportError) {
        guard referenceWhite > 0, referenceWhite.isFinite else {
            throw .invalidOption("the reference white must be a positive luminance in cd/m², not \(referenceWhite)")
        }
        var options = PixelConverter.Options()
        options.referenceWhite = referenceWhite
        options.threadCount = threadCount
        self.options = options
    }

    /// Calls `body` with `view` in linear light.
    mutating func linearize<R>(
        _ view: PixelBufferView, encoding: PixelEncoding, _ body: (PixelBufferView) throws(HDRReportError) -> R
    ) throws(HDRReportError) -> R {
        do {
            if converter?.source != encoding {
                converter = try PixelConverter(from: encoding, to: LinearFrame.encoding, options: options)
            }
            if buffer?.width != view.width || buffer?.height != view.height {
                buffer = try PixelBuffer(format: .rgbaFloat, width: view.width, height: view.height)
            }
            let converter = converter!
            try buffer!.withMutableView { (out: MutablePixelBufferView) throws(PixelConversionError) in
                try converter.convert(view, to: out)
            }
        } catch { throw .conversion("\(error)") }
        return try buffer!.withView(body)
    }
}
