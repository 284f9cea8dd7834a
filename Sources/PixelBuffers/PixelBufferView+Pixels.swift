import HalfFloat

// One pixel at a time, as four Float values: for tests, probes, colour pickers and small images. Whole frames go
// through a converter (PixelConversion's `PixelConverter`), which does the same arithmetic in bulk.

extension PixelBufferView {
    /// The pixel at column `x` and row `y` as four values:
    ///
    /// - **RGB formats**: (R, G, B, A). Integer codes are normalised with SignalCoding's `Quantization` for the
    ///   format's bit depth and range (full-range 8-bit 255 → 1.0; narrow-range codes below black or above white give
    ///   values outside [0, 1]; 'w30r' as XR10, (code − 384) / 510); half and float samples are returned as stored
    ///   (linear or not, as the colour space says; values above 1, negatives and NaN included). Alpha is in [0, 1]
    ///   (always full range), 1 when the format has none.
    /// - **Y′CbCr formats**: (Y′, Cb, Cr, 1) with Y′ nominally in [0, 1] and Cb, Cr in [−0.5, 0.5]. Cb and Cr are
    ///   the chroma sample whose area holds the pixel (for 4:2:0, the sample at (x / 2, y / 2)), as stored: not
    ///   interpolated, whatever the siting (upsampling is the converter's job).
    ///
    /// `x` must be in 0 ..< ``width`` and `y` in 0 ..< ``height`` (checked: a coordinate outside traps, like an array
    /// index). Never allocates.
    public func pixel(x: Int, y: Int) -> SIMD4<Float> {
        PixelAccess.check(x: x, y: y, width: width, height: height)
        var value = SIMD4<Float>(0, 0, 0, 1)
        for c in 0..<format.channelCount { value[c] = PixelAccess.read(self, channel: c, x: x, y: y) }
        return value
    }

    /// The pixels of row `y` (0 ..< ``height``), decoded as ``pixel(x:y:)`` decodes them when an element is read:
    /// `for pixel in view.pixels(inRow: y) { … }`, `view.pixels(inRow: y)[x]`. Never allocates.
    public func pixels(inRow y: Int) -> PixelRow {
        PixelAccess.check(x: 0, y: y, width: width, height: height)
        return PixelRow(view: self, y: y)
    }

    /// One row of a view as a collection of ``pixel(x:y:)`` values, indexed by column 0 ..< width.
    public struct PixelRow: RandomAccessCollection, Sendable {
        /// The view the row belongs to.
        public let view: PixelBufferView
        /// The row's index in the image.
        public let y: Int

        public var startIndex: Int { 0 }
        public var endIndex: Int { view.width }

        /// The pixel in column `x`.
        public subscript(x: Int) -> SIMD4<Float> { view.pixel(x: x, y: y) }
    }
}

extension MutablePixelBufferView {
    /// The pixel at column `x` and row `y`; see ``PixelBufferView/pixel(x:y:)``.
    public func pixel(x: Int, y: Int) -> SIMD4<Float> { readOnly.pixel(x: x, y: y) }

    /// Stores `value` at column `x` and row `y`: the inverse of ``PixelBufferView/pixel(x:y:)``, quantised as
    /// ``pack(rows:from:)`` quantises.
    ///
    /// - **RGB formats**: (R, G, B, A). Integer formats store the code of each value (`Quantization`'s rules: rounded
    ///   half away from zero, clamped to the container, NaN → the code of 0); half samples round to nearest even
    ///   (beyond ±65504 to ±∞), float samples are stored as they are. Alpha is dropped when the format has none; the
    ///   other channels of a packed 10:10:10:2 word are kept.
    /// - **Y′CbCr formats**: (Y′, Cb, Cr, ignored). Y′ goes to the pixel; Cb and Cr to the chroma sample whose area
    ///   holds the pixel, which the other pixels of that area share (for 4:2:0, a 2 × 2 block): the last write wins.
    ///
    /// Bits outside a sample's significant bits are written zero ('x420' keeps its 10 bits high, the 6 below zero).
    /// `x` and `y` must be inside the image (checked). Never allocates.
    public func setPixel(_ value: SIMD4<Float>, x: Int, y: Int) {
        PixelAccess.check(x: x, y: y, width: width, height: height)
        for c in 0..<format.channelCount { PixelAccess.write(value[c], self, channel: c, x: x, y: y) }
    }

    /// The pixels of row `y` (0 ..< ``height``), read and written as ``pixel(x:y:)`` and ``setPixel(_:x:y:)`` do:
    /// `view.pixels(inRow: y)[x] = SIMD4(1, 1, 1, 1)`. Never allocates.
    public func pixels(inRow y: Int) -> PixelRow {
        PixelAccess.check(x: 0, y: y, width: width, height: height)
        return PixelRow(view: self, y: y)
    }

    /// One row of a writable view as a mutable collection of pixels, indexed by column 0 ..< width. Assigning an
    /// element stores it at once (``setPixel(_:x:y:)``): the row is a window on the view's memory, not a copy.
    public struct PixelRow: RandomAccessCollection, MutableCollection, Sendable {
        /// The view the row belongs to.
        public let view: MutablePixelBufferView
        /// The row's index in the image.
        public let y: Int

        public var startIndex: Int { 0 }
        public var endIndex: Int { view.width }

        /// The pixel in column `x`; setting it stores it in the view.
        public subscript(x: Int) -> SIMD4<Float> {
            get { view.pixel(x: x, y: y) }
            nonmutating set { view.setPixel(newValue, x: x, y: y) }
        }
    }
}

extension PixelBuffer {
    /// The pixel at column `x` and row `y`; see ``PixelBufferView/pixel(x:y:)``.
    public func pixel(x: Int, y: Int) -> SIMD4<Float> { withView { $0.pixel(x: x, y: y) } }

    /// Stores `value` at column `x` and row `y`; see ``MutablePixelBufferView/setPixel(_:x:y:)``.
    public mutating func setPixel(_ value: SIMD4<Float>, x: Int, y: Int) {
        withMutableView { $0.setPixel(value, x: x, y: y) }
    }
}

/// The sample arithmetic of the pixel accessors: the channel locations and quantisation of ``PixelFormat``.
enum PixelAccess {
    static func check(x: Int, y: Int, width: Int, height: Int) {
        precondition(
            x >= 0 && x < width && y >= 0 && y < height, "pixel (\(x), \(y)) is outside the \(width) × \(height) image")
    }

    /// Where channel `c` of pixel (x, y) lives: its plane's row and the sample index in that row.
    private static func address(
        _ view: PixelBufferView, _ location: ChannelLocation, x: Int, y: Int
    ) -> (row: UnsafeRawPointer, index: Int) {
        let plane = view.plane(location.plane)
        let px = x / plane.layout.horizontalSubsampling, py = y / plane.layout.verticalSubsampling
        return (plane.baseAddress + py &* plane.bytesPerRow, px &* location.stride &+ location.offset)
    }

    static func read(_ view: PixelBufferView, channel c: Int, x: Int, y: Int) -> Float {
        let format = view.format
        guard let location = format.channel(c) else { return 1 }
        let (row, i) = address(view, location, x: x, y: y)
        let raw: UInt32
        switch (format.sampleType, format.bytesPerSample) {
        case (.float, _):
            return Float(bitPattern: UInt32(littleEndian: row.loadUnaligned(fromByteOffset: 4 &* i, as: UInt32.self)))
        case (.halfFloat, _):
            return HalfFloat.float(
                fromBits: UInt16(littleEndian: row.loadUnaligned(fromByteOffset: 2 &* i, as: UInt16.self)))
        case (_, 1):
            raw = UInt32(row.load(fromByteOffset: i, as: UInt8.self))
        case (_, 2):
            raw = UInt32(UInt16(littleEndian: row.loadUnaligned(fromByteOffset: 2 &* i, as: UInt16.self)))
        default:
            let word = row.loadUnaligned(fromByteOffset: 4 &* i, as: UInt32.self)
            raw =
                format.layout == .packed10(.rgbx1010102BigEndian) ? UInt32(bigEndian: word) : UInt32(littleEndian: word)
        }
        let code = (raw &>> UInt32(location.shift)) & location.mask
        let q = format.quantization(of: location)
        return (Float(Int32(bitPattern: code)) - Float(q.offset)) / Float(q.scale)
    }

    static func write(_ value: Float, _ view: MutablePixelBufferView, channel c: Int, x: Int, y: Int) {
        let format = view.format
        guard let location = format.channel(c) else { return }
        let (address, i) = Self.address(view.readOnly, location, x: x, y: y)
        let row = UnsafeMutableRawPointer(mutating: address)
        switch (format.sampleType, format.bytesPerSample) {
        case (.float, _):
            row.storeBytes(of: value.bitPattern.littleEndian, toByteOffset: 4 &* i, as: UInt32.self)
            return
        case (.halfFloat, _):
            row.storeBytes(of: HalfFloat.bits(from: value).littleEndian, toByteOffset: 2 &* i, as: UInt16.self)
            return
        default:
            break
        }
        let q = format.quantization(of: location)
        let code = RowKernels.code(
            value, scale: Float(q.scale), bias: Float(q.offset), maxCode: Float(location.mask))
        let shifted = code &<< UInt32(location.shift)
        switch format.bytesPerSample {
        case 1:
            row.storeBytes(of: UInt8(truncatingIfNeeded: shifted), toByteOffset: i, as: UInt8.self)
        case 2:
            row.storeBytes(of: UInt16(truncatingIfNeeded: shifted).littleEndian, toByteOffset: 2 &* i, as: UInt16.self)
        default:
            let bigEndian = format.layout == .packed10(.rgbx1010102BigEndian)
            let stored = row.loadUnaligned(fromByteOffset: 4 &* i, as: UInt32.self)
            let old = bigEndian ? UInt32(bigEndian: stored) : UInt32(littleEndian: stored)
            let word = old & ~(location.mask &<< UInt32(location.shift)) | shifted
            row.storeBytes(of: bigEndian ? word.bigEndian : word.littleEndian, toByteOffset: 4 &* i, as: UInt32.self)
        }
    }
}
