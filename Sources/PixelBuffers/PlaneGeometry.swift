/// Validation of a buffer's geometry, shared by the views and the owning buffer.
enum Geometry {
    /// Checks the size of an image of `format`: positive, and small enough that every plane's rows padded to 64 bytes,
    /// plus one spare row, fit in an `Int` (so no stride, offset or byte count computed later can overflow).
    static func validateSize(_ format: PixelFormat, width: Int, height: Int) throws(PixelBufferError) {
        guard width > 0, height > 0 else { throw .invalidDimensions(width: width, height: height) }
        guard width <= Int.max / 4, height <= Int.max / 4 else {
            throw .dimensionsTooLarge(width: width, height: height)
        }
        for p in 0..<format.planeCount {
            let d = format.plane(p)
            guard let bytes = Checked.multiply(d.width(forImageWidth: width), d.bytesPerPixel),
                let padded = Checked.add(bytes, AlignedStorage.alignment),
                Checked.multiply(padded, d.height(forImageHeight: height) + 1) != nil
            else { throw .dimensionsTooLarge(width: width, height: height) }
        }
    }

    /// Checks one plane's memory against the format's needs.
    static func validatePlane(
        _ index: Int, of format: PixelFormat, width: Int, height: Int,
        address: UnsafeRawPointer, bytesPerRow: Int, byteCount: Int?
    ) throws(PixelBufferError) {
        let d = format.plane(index)
        let rowBytes = d.rowByteCount(forImageWidth: width)
        guard bytesPerRow >= rowBytes else {
            throw .bytesPerRowTooSmall(plane: index, bytesPerRow: bytesPerRow, minimum: rowBytes)
        }
        let bits = UInt(bitPattern: address)
        guard bits % UInt(d.bytesPerSample) == 0 else {
            throw .misalignedBaseAddress(plane: index, address: bits, alignment: d.bytesPerSample)
        }
        guard bytesPerRow % d.bytesPerSample == 0 else {
            throw .misalignedBytesPerRow(plane: index, bytesPerRow: bytesPerRow, alignment: d.bytesPerSample)
        }
        let rows = d.height(forImageHeight: height)
        let (span, o1) = bytesPerRow.multipliedReportingOverflow(by: rows - 1)
        let (required, o2) = span.addingReportingOverflow(rowBytes)
        guard !o1, !o2 else { throw .dimensionsTooLarge(width: width, height: height) }
        if let byteCount, byteCount < required {
            throw .planeTooSmall(plane: index, byteCount: byteCount, required: required)
        }
    }

    static func validateCleanAperture(_ a: CleanAperture?, width: Int, height: Int) throws(PixelBufferError) {
        guard let a else { return }
        guard a.x >= 0, a.y >= 0, a.width > 0, a.height > 0, a.width <= width - a.x, a.height <= height - a.y else {
            throw .cleanApertureOutOfBounds(a, width: width, height: height)
        }
    }

    /// Checks a row band `rows` of an image of `height` rows and returns the first plane row of each plane.
    static func validateBand(_ rows: Range<Int>, format: PixelFormat, height: Int) throws(PixelBufferError) {
        guard rows.lowerBound >= 0, rows.upperBound <= height, !rows.isEmpty else {
            throw .rowsOutOfBounds(lowerBound: rows.lowerBound, upperBound: rows.upperBound, height: height)
        }
        let v = format.chromaSubsampling?.verticalFactor ?? 1
        guard rows.lowerBound % v == 0 else { throw .misalignedBand(start: rows.lowerBound, verticalSubsampling: v) }
    }
}

/// The base addresses and strides of up to three planes, stored inline so that views never allocate.
@usableFromInline
struct PlaneSlots: Hashable {
    @usableFromInline var base0: UnsafeRawPointer
    @usableFromInline var base1: UnsafeRawPointer
    @usableFromInline var base2: UnsafeRawPointer
    @usableFromInline var stride0: Int
    @usableFromInline var stride1: Int
    @usableFromInline var stride2: Int

    init(
        base0: UnsafeRawPointer, stride0: Int, base1: UnsafeRawPointer, stride1: Int, base2: UnsafeRawPointer,
        stride2: Int
    ) {
        self.base0 = base0
        self.base1 = base1
        self.base2 = base2
        self.stride0 = stride0
        self.stride1 = stride1
        self.stride2 = stride2
    }

    init(_ planes: [(UnsafeRawPointer, Int)]) {
        base0 = planes[0].0
        stride0 = planes[0].1
        base1 = planes.count > 1 ? planes[1].0 : base0
        stride1 = planes.count > 1 ? planes[1].1 : stride0
        base2 = planes.count > 2 ? planes[2].0 : base0
        stride2 = planes.count > 2 ? planes[2].1 : stride0
    }

    @inlinable
    func base(_ i: Int) -> UnsafeRawPointer { i == 0 ? base0 : (i == 1 ? base1 : base2) }
    @inlinable
    func stride(_ i: Int) -> Int { i == 0 ? stride0 : (i == 1 ? stride1 : stride2) }

    /// The slots of the band starting at image row `start` (already validated).
    func band(start: Int, format: PixelFormat) -> PlaneSlots {
        var s = self
        for i in 0..<format.planeCount {
            let row = start / format.plane(i).verticalSubsampling
            let b = base(i) + row * stride(i)
            switch i {
            case 0: s.base0 = b
            case 1: s.base1 = b
            default: s.base2 = b
            }
        }
        if format.planeCount < 3 { s.base2 = s.base0 }
        if format.planeCount < 2 { s.base1 = s.base0 }
        return s
    }
}
