import SignalCoding

/// The memory layout of an image: its colour model, planes, sample containers, significant bits and code range.
///
/// A pixel format says how samples are stored, not what colours they mean: colour primaries, transfer function and
/// Y′CbCr matrix are described elsewhere (ColorSpaces). Every format that CoreVideo names has its FourCC
/// (`fourCC`, `init?(fourCC:)`); formats CoreVideo lacks, such as the low-bit-aligned planar
/// `yuv420p10le` that software decoders output, have `fourCC == nil`.
///
/// Multi-byte samples and packed words are little-endian unless the layout says otherwise
/// (``Packed10Order/rgbx1010102BigEndian``).
public struct PixelFormat: Hashable, Sendable {
    /// How the samples of a pixel are arranged.
    public let layout: Layout
    /// The type of each sample.
    public let sampleType: SampleType
    /// Significant bits per sample: 8 … 16 for integer samples (10 for the packed 10:10:10:2 words, whose alpha has
    /// 2), 16 for half floats, 32 for floats.
    public let bitDepth: Int
    /// Where the significant bits of an integer sample sit when they fill less than its container
    /// (`.low` when they fill it).
    public let alignment: SampleAlignment
    /// The integer code range: `.full` or `.narrow` (video). `nil` for floating-point samples, whose values are the
    /// signal itself, and for the extended-range 'w30r' encoding (``Packed10Order/xrgb2101010ExtendedRange``).
    public let range: SignalRange?

    @usableFromInline
    init(layout: Layout, sampleType: SampleType, bitDepth: Int, alignment: SampleAlignment, range: SignalRange?) {
        self.layout = layout
        self.sampleType = sampleType
        self.bitDepth = bitDepth
        self.alignment = alignment
        self.range = range
    }

    // MARK: Nested types

    /// The colour model of the samples.
    public enum ColorModel: Hashable, Sendable {
        /// R′G′B′ (or linear RGB) with optional alpha.
        case rgb
        /// Y′, Cb, Cr.
        case yCbCr
    }

    /// The chroma subsampling of a Y′CbCr format.
    ///
    /// A subsampled chroma plane of a `width × height` image is `ceil(width / 2)` samples wide (4:2:0, 4:2:2) and
    /// `ceil(height / 2)` rows high (4:2:0), as CoreVideo sizes it: the last chroma sample of an odd-sized image
    /// covers a single luma column or row.
    public enum ChromaSubsampling: Hashable, Sendable, CaseIterable {
        /// 4:4:4: chroma at full resolution.
        case s444
        /// 4:2:2: chroma at half horizontal resolution.
        case s422
        /// 4:2:0: chroma at half horizontal and half vertical resolution.
        case s420

        /// Luma columns per chroma sample (1 or 2).
        @inlinable public var horizontalFactor: Int { self == .s444 ? 1 : 2 }
        /// Luma rows per chroma row (1 or 2).
        @inlinable public var verticalFactor: Int { self == .s420 ? 2 : 1 }

        /// The chroma plane width for a luma width: `ceil(width / horizontalFactor)`.
        @inlinable public func chromaWidth(forWidth width: Int) -> Int {
            self == .s444 ? width : (width >> 1) &+ (width & 1)  // ceil without overflow, also for Int.max
        }
        /// The chroma plane height for a luma height: `ceil(height / verticalFactor)`.
        @inlinable public func chromaHeight(forHeight height: Int) -> Int {
            self == .s420 ? (height >> 1) &+ (height & 1) : height
        }
    }

    /// The type of one sample.
    public enum SampleType: Hashable, Sendable {
        /// An unsigned integer code in a 1-, 2- or 4-byte container.
        case unsignedInteger
        /// An IEEE 754 binary16 value.
        case halfFloat
        /// An IEEE 754 binary32 value.
        case float
    }

    /// Where `bitDepth` significant bits sit inside a wider container.
    public enum SampleAlignment: Hashable, Sendable, CaseIterable {
        /// In the least significant bits; the bits above are zero (FFmpeg `yuv420p10le`). Reading ignores them.
        case low
        /// In the most significant bits; the bits below are zero (P010, CoreVideo 'x420'). Reading ignores them.
        case high
    }

    // MARK: Derived properties

    /// Whether the samples are floating point.
    @inlinable public var isFloatingPoint: Bool { sampleType != .unsignedInteger }

    /// The largest integer code, 2^bitDepth − 1 (1023 for packed 10-bit colour; meaningless for float samples).
    @inlinable public var maxCode: Int { (1 << bitDepth) - 1 }
}
