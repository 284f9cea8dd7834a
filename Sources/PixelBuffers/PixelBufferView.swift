/// A read-only view of an image in caller-owned memory: a ``PixelFormat``, a size, and per plane a base address and
/// a stride (bytes per row, any value ≥ the bytes of a row's pixels).
///
/// The view does not own or retain the memory: it must stay valid, and must not be written by others while it is read
/// through the view. Views are `Sendable` (`@unchecked`: they hold raw pointers) so that row bands of one image can be
/// processed on several threads; that is safe as long as the memory outlives the work and no thread writes rows
/// that another reads. Creating a view validates its geometry and never allocates.
public struct PixelBufferView: @unchecked Sendable {
    /// The pixel format.
    public let format: PixelFormat
    /// The image width in pixels.
    public let width: Int
    /// The image height in pixels.
    public let height: Int
    /// The picture area inside the buffer, if the producer declared one; carried, not applied.
    public let cleanAperture: CleanAperture?
    @usableFromInline let slots: PlaneSlots

    /// The memory of one plane.
    ///
    /// `@unchecked Sendable` for the reason the view is: an immutable description of caller-owned memory (a raw
    /// pointer, a stride and a length); the caller keeps the memory alive and unshared while it is written.
    public struct PlaneMemory: @unchecked Sendable {
        /// The address of the plane's first row.
        public var baseAddress: UnsafeRawPointer
        /// The distance between the starts of consecutive rows, in bytes.
        public var bytesPerRow: Int
        /// The bytes available from `baseAddress`, checked against the geometry when known.
        public var byteCount: Int?

        /// Plane memory at `baseAddress` with the given stride; the length is the caller's responsibility.
        public init(baseAddress: UnsafeRawPointer, bytesPerRow: Int) {
            self.baseAddress = baseAddress
            self.bytesPerRow = bytesPerRow
            self.byteCount = nil
        }

        /// Plane memory in `bytes` with the given stride; the view checks that the rows fit.
        /// An empty buffer has no base address and is rejected as too small.
        public init(bytes: UnsafeRawBufferPointer, bytesPerRow: Int) {
            self.baseAddress = bytes.baseAddress ?? UnsafeRawPointer(bitPattern: 64)!
            self.bytesPerRow = bytesPerRow
            self.byteCount = bytes.count
        }
    }

    /// Creates a view after checking the geometry: a positive size, one memory region per plane, each stride at least
    /// the row's bytes, base addresses and strides multiples of the sample size (2 bytes for 16-bit planes), enough
    /// bytes for every row when the length is known, and a clean aperture inside the buffer.
    public init(
        format: PixelFormat, width: Int, height: Int, planes: [PlaneMemory], cleanAperture: CleanAperture? = nil
    ) throws(PixelBufferError) {
        try Geometry.validateSize(format, width: width, height: height)
        guard planes.count == format.planeCount else {
            throw .wrongPlaneCount(format: format, expected: format.planeCount, actual: planes.count)
        }
        for (i, p) in planes.enumerated() {
            try Geometry.validatePlane(
                i, of: format, width: width, height: height, address: p.baseAddress, bytesPerRow: p.bytesPerRow,
                byteCount: p.byteCount)
        }
        try Geometry.validateCleanAperture(cleanAperture, width: width, height: height)
        self.init(
            unchecked: format, width: width, height: height,
            slots: PlaneSlots(planes.map { ($0.baseAddress, $0.bytesPerRow) }), cleanAperture: cleanAperture)
    }

    /// A view of a single-plane format (e.g. 'BGRA', 'RGhA').
    public init(
        format: PixelFormat, width: Int, height: Int, baseAddress: UnsafeRawPointer, bytesPerRow: Int,
        cleanAperture: CleanAperture? = nil
    ) throws(PixelBufferError) {
        try self.init(
            format: format, width: width, height: height,
            planes: [PlaneMemory(baseAddress: baseAddress, bytesPerRow: bytesPerRow)], cleanAperture: cleanAperture)
    }

    @usableFromInline
    init(unchecked format: PixelFormat, width: Int, height: Int, slots: PlaneSlots, cleanAperture: CleanAperture?) {
        self.format = format
        self.width = width
        self.height = height
        self.slots = slots
        self.cleanAperture = cleanAperture
    }

    /// One plane of a read-only view, with typed row access (`@unchecked Sendable` as the view: immutable pointers into
    /// caller-owned memory, only read through this type).
    public struct Plane: @unchecked Sendable {
        /// The address of row 0.
        public let baseAddress: UnsafeRawPointer
        /// The stride in bytes.
        public let bytesPerRow: Int
        /// The plane width in plane pixels (chroma planes: `ceil(width / 2)` when subsampled).
        public let width: Int
        /// The plane height in rows (4:2:0 chroma: `ceil(height / 2)`).
        public let height: Int
        /// Components, sample size and subsampling of the plane.
        public let layout: PixelFormat.PlaneDescription

        @inlinable init(
            baseAddress: UnsafeRawPointer, bytesPerRow: Int, width: Int, height: Int,
            layout: PixelFormat.PlaneDescription
        ) {
            self.baseAddress = baseAddress
            self.bytesPerRow = bytesPerRow
            self.width = width
            self.height = height
            self.layout = layout
        }

        /// The bytes of one row's pixels, without padding.
        @inlinable public var rowByteCount: Int { width * layout.bytesPerPixel }

        /// The pixels of row `y` (0 ..< `height`) as raw bytes (padding excluded).
        @inlinable
        public func row(_ y: Int) -> UnsafeRawBufferPointer {
            precondition(y >= 0 && y < height, "row \(y) out of range 0..<\(height)")
            return UnsafeRawBufferPointer(start: baseAddress + y &* bytesPerRow, count: rowByteCount)
        }

        /// The pixels of row `y` as elements of `type` (e.g. `UInt16` samples; `UInt32` packed words or BGRA
        /// pixels). `type`'s size must divide the row's bytes and its alignment the sample size.
        @inlinable
        public func row<T>(_ y: Int, as type: T.Type) -> UnsafeBufferPointer<T> {
            layout.checkTiling(T.self, rowByteCount: rowByteCount)
            let start = row(y).baseAddress!.assumingMemoryBound(to: T.self)
            return UnsafeBufferPointer(start: start, count: rowByteCount / MemoryLayout<T>.stride)
        }
    }

    /// Plane `index` (0 ..< `format.planeCount`).
    @inlinable
    public func plane(_ index: Int) -> Plane {
        let d = format.plane(index)
        return Plane(
            baseAddress: slots.base(index), bytesPerRow: slots.stride(index), width: d.width(forImageWidth: width),
            height: d.height(forImageHeight: height), layout: d)
    }

    /// A view of the image rows `rows` (a row band), for processing a frame in slices or on several threads.
    /// For 4:2:0 formats the band must start on an even row; its chroma rows are `ceil(rows.count / 2)`. The band has
    /// no clean aperture.
    public func rows(_ rows: Range<Int>) throws(PixelBufferError) -> PixelBufferView {
        try Geometry.validateBand(rows, format: format, height: height)
        return PixelBufferView(
            unchecked: format, width: width, height: rows.count,
            slots: slots.band(start: rows.lowerBound, format: format),
            cleanAperture: nil)
    }
}
