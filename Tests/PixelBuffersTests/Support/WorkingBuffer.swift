// The planar Float unpack/pack these tests use as their reference for the pixel accessors and layout conversions.
// It was PixelBuffers API until the C kernels (PixelConversion's `PixelConverter`) took over every conversion; it
// stays here, tested by UnpackPackTests, and reaches the library's internals through `@testable import`.

@testable import PixelBuffers

/// Planar `Float` rows for a band of an image: the working representation between unpacking a source and packing a
/// destination (``PixelBufferView/unpack(rows:into:)``, ``MutablePixelBufferView/pack(rows:from:)``).
///
/// - RGB formats unpack to four planes R′, G′, B′, A, nominally in [0, 1]: integer codes through `Quantization` for
///   the format's range (CoreVideo's RGB formats are full range), 'w30r' as XR10 (−0.75 … 1.25), alpha always full
///   range and 1 when the format has none; half and float samples as stored, extended values and NaN included.
/// - Y′CbCr formats unpack to three planes Y′ ∈ [0, 1] and Cb, Cr ∈ [−0.5, 0.5] (ITU-R BT.2100 Table 9 through
///   SignalCoding's `Quantization`, narrow or full range; foot- and headroom codes give values outside those ranges).
///   **Chroma stays at its own resolution**: for 4:2:0 the Cb and Cr planes are `ceil(width / 2)` wide and hold
///   `ceil(rows / 2)` rows; upsampling (and its siting) belongs to the converter, not here.
///
/// A band holds up to ``rowCapacity`` image rows. The buffer is allocated once (rows padded to 64 bytes) and reused:
/// unpacking and packing never allocate. It is a value type with copy-on-write storage; give each thread its own.
struct WorkingBuffer: Sendable {
    /// RGB (4 planes) or Y′CbCr (3 planes).
    let colorModel: PixelFormat.ColorModel
    /// The chroma subsampling of the Cb and Cr planes (`nil` for RGB).
    let chromaSubsampling: PixelFormat.ChromaSubsampling?
    /// The image width in pixels.
    let width: Int
    /// The most image rows a band may hold.
    let rowCapacity: Int
    /// The image rows of the current band (set by unpacking or by ``setBand(rowCount:)``).
    private(set) var rowCount: Int = 0
    @usableFromInline var storage: AlignedStorage
    /// Floats per row of each plane (padded), and each plane's first float.
    @usableFromInline let floatsPerRow: (Int, Int)
    @usableFromInline let planeStarts: (Int, Int, Int, Int)

    /// Creates a working buffer for images of `format` that are `width` pixels wide, holding bands of up to
    /// `rowCapacity` rows (for 4:2:0 a multiple of 2 is best).
    ///
    /// - Parameter limits: Caps on the pixels (`width × rowCapacity`) and bytes allocated (default: 2³⁰ pixels,
    ///   4 GiB).
    /// - Throws: ``PixelBufferError`` for a non-positive or overflowing size, a size beyond `limits`, or memory the
    ///   system cannot provide; never traps.
    init(
        for format: PixelFormat, width: Int, rowCapacity: Int, limits: PixelBufferLimits = .default
    ) throws(PixelBufferError) {
        try Geometry.validateSize(format, width: width, height: rowCapacity)
        let s = format.chromaSubsampling ?? .s444
        let chromaRows = s.chromaHeight(forHeight: rowCapacity)
        // Floats per padded row, per plane, and in all: every product checked (a float is 4 bytes).
        guard let lumaFloats = Checked.multiply(width, 4).flatMap(Checked.padded).map({ $0 / 4 }),
            let chromaFloats = Checked.multiply(s.chromaWidth(forWidth: width), 4).flatMap(Checked.padded)
                .map({ $0 / 4 }),
            let p1 = Checked.multiply(lumaFloats, rowCapacity),
            let chromaPlane = Checked.multiply(chromaFloats, chromaRows),
            let p2 = Checked.add(p1, chromaPlane),
            let floats = format.colorModel == .rgb ? Checked.multiply(p1, 4) : Checked.add(p2, chromaPlane),
            let byteCount = Checked.multiply(floats, 4)
        else { throw .dimensionsTooLarge(width: width, height: rowCapacity) }
        try limits.check(width: width, height: rowCapacity, byteCount: byteCount)
        guard let storage = AlignedStorage(byteCount: byteCount) else { throw .allocationFailed(byteCount: byteCount) }
        colorModel = format.colorModel
        chromaSubsampling = format.chromaSubsampling
        self.width = width
        self.rowCapacity = rowCapacity
        floatsPerRow = (lumaFloats, chromaFloats)
        planeStarts = format.colorModel == .rgb ? (0, p1, 2 * p1, 3 * p1) : (0, p1, p2, p2)
        self.storage = storage
    }

    /// 4 for RGB (R′, G′, B′, A), 3 for Y′CbCr (Y′, Cb, Cr).
    @inlinable public var planeCount: Int { colorModel == .rgb ? 4 : 3 }

    /// Whether plane `p` is a chroma plane at chroma resolution.
    @inlinable func isChroma(_ p: Int) -> Bool { colorModel == .yCbCr && p > 0 }

    /// The width of plane `p` in samples.
    @inlinable
    func planeWidth(_ p: Int) -> Int {
        isChroma(p) ? chromaSubsampling!.chromaWidth(forWidth: width) : width
    }

    /// The rows of plane `p` in the current band (`ceil(rowCount / 2)` for 4:2:0 chroma).
    @inlinable
    func planeRowCount(_ p: Int) -> Int {
        isChroma(p) ? chromaSubsampling!.chromaHeight(forHeight: rowCount) : rowCount
    }

    @inlinable
    func start(_ p: Int, _ y: Int) -> Int {
        precondition(
            p >= 0 && p < planeCount && y >= 0 && y < planeRowCount(p),
            "row \(y) of plane \(p) is outside the band")
        let base = p == 0 ? planeStarts.0 : (p == 1 ? planeStarts.1 : (p == 2 ? planeStarts.2 : planeStarts.3))
        return base + y * (isChroma(p) ? floatsPerRow.1 : floatsPerRow.0)
    }

    /// Row `y` (0 ..< `planeRowCount(p)`, relative to the band) of plane `p`.
    @inlinable
    func row(_ y: Int, plane p: Int) -> UnsafeBufferPointer<Float> {
        let s = start(p, y)
        return UnsafeBufferPointer(start: storage.base.assumingMemoryBound(to: Float.self) + s, count: planeWidth(p))
    }

    /// Row `y` of plane `p` for writing (copies the storage first if it is shared). The pointer is valid until the
    /// buffer is next copied, mutated through another call, or released.
    @inlinable
    mutating func mutableRow(_ y: Int, plane p: Int) -> UnsafeMutableBufferPointer<Float> {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        let s = start(p, y)
        return UnsafeMutableBufferPointer(
            start: storage.base.assumingMemoryBound(to: Float.self) + s, count: planeWidth(p))
    }

    /// Declares that the band holds `rowCount` rows (1 … ``rowCapacity``), for callers that fill the planes
    /// themselves before packing.
    mutating func setBand(rowCount: Int) throws(PixelBufferError) {
        guard rowCount > 0, rowCount <= rowCapacity else {
            throw .rowsOutOfBounds(lowerBound: 0, upperBound: rowCount, height: rowCapacity)
        }
        self.rowCount = rowCount
    }

    /// Checks that this buffer can hold `rows` of an image of `format` and `width`.
    func validate(for format: PixelFormat, width: Int, rows: Int) throws(PixelBufferError) {
        let model = format.colorModel
        guard model == colorModel, format.chromaSubsampling == chromaSubsampling, width == self.width,
            rows <= rowCapacity
        else {
            throw .workingBufferMismatch(
                planeCount: planeCount, width: self.width, rowCapacity: rowCapacity,
                requiredPlaneCount: format.channelCount, requiredWidth: width, requiredRows: rows)
        }
    }

    /// A pointer to the float at row `y` of plane `p` for the library's kernels (no copy-on-write check: callers
    /// made the storage unique first).
    func pointer(_ y: Int, plane p: Int) -> UnsafeMutablePointer<Float> {
        storage.base.assumingMemoryBound(to: Float.self) + start(p, y)
    }

    mutating func makeUnique(rowCount: Int) {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        self.rowCount = rowCount
    }
}
