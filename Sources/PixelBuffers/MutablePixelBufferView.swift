/// A writable view of an image in caller-owned memory; see ``PixelBufferView`` for the geometry rules and the
/// threading contract (several threads may write disjoint row bands of one view at once).
///
/// `@unchecked Sendable`: its stored properties are immutable (format, size, raw plane pointers and strides); the
/// pointers are not `Sendable` because the compiler cannot see who owns the memory. Sharing is safe under the contract
/// above: the memory outlives the work and no two threads touch the same rows while one of them writes.
public struct MutablePixelBufferView: @unchecked Sendable {
    /// The pixel format.
    public let format: PixelFormat
    /// The image width in pixels.
    public let width: Int
    /// The image height in pixels.
    public let height: Int
    /// The picture area inside the buffer, if declared; carried, not applied.
    public let cleanAperture: CleanAperture?
    @usableFromInline let slots: PlaneSlots

    /// The memory of one writable plane (`@unchecked Sendable` as ``PixelBufferView/PlaneMemory``).
    public struct PlaneMemory: @unchecked Sendable {
        /// The address of the plane's first row.
        public var baseAddress: UnsafeMutableRawPointer
        /// The distance between the starts of consecutive rows, in bytes.
        public var bytesPerRow: Int
        /// The bytes available from `baseAddress`, checked against the geometry when known.
        public var byteCount: Int?

        /// Plane memory at `baseAddress` with the given stride; the length is the caller's responsibility.
        public init(baseAddress: UnsafeMutableRawPointer, bytesPerRow: Int) {
            self.baseAddress = baseAddress
            self.bytesPerRow = bytesPerRow
            self.byteCount = nil
        }

        /// Plane memory in `bytes` with the given stride; the view checks that the rows fit.
        public init(bytes: UnsafeMutableRawBufferPointer, bytesPerRow: Int) {
            self.baseAddress = bytes.baseAddress ?? UnsafeMutableRawPointer(bitPattern: 64)!
            self.bytesPerRow = bytesPerRow
            self.byteCount = bytes.count
        }
    }

    /// Creates a writable view after the checks of
    /// ``PixelBufferView/init(format:width:height:planes:cleanAperture:)``.
    public init(
        format: PixelFormat, width: Int, height: Int, planes: [PlaneMemory], cleanAperture: CleanAperture? = nil
    ) throws(PixelBufferError) {
        let view = try PixelBufferView(
            format: format, width: width, height: height,
            planes: planes.map {
                var m = PixelBufferView.PlaneMemory(baseAddress: $0.baseAddress, bytesPerRow: $0.bytesPerRow)
                m.byteCount = $0.byteCount
                return m
            },
            cleanAperture: cleanAperture)
        self.init(unchecked: view)
    }

    /// A writable view of a single-plane format.
    public init(
        format: PixelFormat, width: Int, height: Int, baseAddress: UnsafeMutableRawPointer, bytesPerRow: Int,
        cleanAperture: CleanAperture? = nil
    ) throws(PixelBufferError) {
        try self.init(
            format: format, width: width, height: height,
            planes: [PlaneMemory(baseAddress: baseAddress, bytesPerRow: bytesPerRow)], cleanAperture: cleanAperture)
    }

    @usableFromInline
    init(unchecked view: PixelBufferView) {
        format = view.format
        width = view.width
        height = view.height
        slots = view.slots
        cleanAperture = view.cleanAperture
    }

    /// The same memory, read-only.
    @inlinable
    public var readOnly: PixelBufferView {
        PixelBufferView(unchecked: format, width: width, height: height, slots: slots, cleanAperture: cleanAperture)
    }

    /// One plane of a writable view, with typed row access (`@unchecked Sendable` as the view, under the same
    /// contract: threads write disjoint rows).
    public struct Plane: @unchecked Sendable {
        /// The address of row 0.
        public let baseAddress: UnsafeMutableRawPointer
        /// The stride in bytes.
        public let bytesPerRow: Int
        /// The plane width in plane pixels.
        public let width: Int
        /// The plane height in rows.
        public let height: Int
        /// Components, sample size and subsampling of the plane.
        public let layout: PixelFormat.PlaneDescription

        @inlinable init(_ p: PixelBufferView.Plane) {
            baseAddress = UnsafeMutableRawPointer(mutating: p.baseAddress)
            bytesPerRow = p.bytesPerRow
            width = p.width
            height = p.height
            layout = p.layout
        }

        /// The bytes of one row's pixels, without padding.
        @inlinable public var rowByteCount: Int { width * layout.bytesPerPixel }

        /// The pixels of row `y` (0 ..< `height`) as raw bytes (padding excluded).
        @inlinable
        public func row(_ y: Int) -> UnsafeMutableRawBufferPointer {
            precondition(y >= 0 && y < height, "row \(y) out of range 0..<\(height)")
            return UnsafeMutableRawBufferPointer(start: baseAddress + y &* bytesPerRow, count: rowByteCount)
        }

        /// The pixels of row `y` as elements of `type`; see ``PixelBufferView/Plane/row(_:as:)``.
        @inlinable
        public func row<T>(_ y: Int, as type: T.Type) -> UnsafeMutableBufferPointer<T> {
            layout.checkTiling(T.self, rowByteCount: rowByteCount)
            let start = row(y).baseAddress!.assumingMemoryBound(to: T.self)
            return UnsafeMutableBufferPointer(start: start, count: rowByteCount / MemoryLayout<T>.stride)
        }
    }

    /// Plane `index` (0 ..< `format.planeCount`).
    @inlinable
    public func plane(_ index: Int) -> Plane { Plane(readOnly.plane(index)) }

    /// A writable view of the image rows `rows`; see ``PixelBufferView/rows(_:)``.
    public func rows(_ rows: Range<Int>) throws(PixelBufferError) -> MutablePixelBufferView {
        MutablePixelBufferView(unchecked: try readOnly.rows(rows))
    }
}
