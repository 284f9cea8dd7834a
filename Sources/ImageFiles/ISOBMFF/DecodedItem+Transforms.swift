import SignalCoding
import PixelBuffers
import PixelConversion

extension DecodedItem {
    /// The item with `transform` applied to its planes.
    ///
    /// Subsampled chroma is transformed on its own plane when the transform moves whole chroma blocks and the chroma
    /// siting it leads to has a ``ChromaLocation`` (``PlanarTransform/movesWholeChromaBlocks(width:height:subsampling:)``,
    /// ``PlanarTransform/chromaLocation(after:)``): then the result is exactly the transformed picture. Otherwise (an odd
    /// crop edge, a quarter turn of 4:2:2, an odd extent reversed, left-sited chroma mirrored left to right) the item is
    /// first converted to 4:4:4 by replicating each chroma sample over the luma samples of its block, which is exact
    /// for the samples but gives up the siting (a 4:4:4 item has none). Monochrome items keep their neutral chroma.
    func applying(_ transform: PlanarTransform) throws(ImageFileError) -> DecodedItem {
        var source = self
        var location = chromaLocation
        if subsampling != .s444, !isMonochrome {
            var exact = transform.movesWholeChromaBlocks(width: width, height: height, subsampling: subsampling)
            if exact, let current = chromaLocation {
                location = transform.chromaLocation(after: current)
                exact = location != nil
            }
            if !exact {
                source = try withFullChroma()
                location = nil
            }
        }
        let size = transform.outputSize(width: source.width, height: source.height)
        let format = source.pixels.format
        var output = try Conversion.buffer(format, width: size.width, height: size.height)
        let sub = source.subsampling
        let monochrome = isMonochrome
        let neutral = 1 << (bitDepth - 1)
        try source.pixels.withView { (input) throws(ImageFileError) in
            try output.withMutableView { (out) throws(ImageFileError) in
                for p in 0..<3 {
                    let from = input.plane(p)
                    let to = out.plane(p)
                    if monochrome, p > 0 {
                        Self.fill(to, with: neutral)
                        continue
                    }
                    let map = transform.planeMap(
                        width: from.width, height: from.height, horizontal: p == 0 ? 1 : sub.horizontalFactor,
                        vertical: p == 0 ? 1 : sub.verticalFactor)
                    try Self.copy(from, to: to, map: map)
                }
            }
        }
        var result = source
        result.pixels = output
        result.chromaLocation = location
        return result
    }

    /// The item in 4:4:4: each chroma sample replicated over the 2 × 2 (4:2:0) or 2 × 1 (4:2:2) luma samples it
    /// covers. Chroma siting is dropped (4:4:4 has none).
    func withFullChroma() throws(ImageFileError) -> DecodedItem {
        guard subsampling != .s444 else { return self }
        let format: PixelFormat
        do { format = try .planarYCbCr(.s444, bitDepth: bitDepth, range: range, alignment: .low) } catch {
            throw .conversion("no 4:4:4 format for \(bitDepth)-bit samples: \(error)")
        }
        var output = try Conversion.buffer(format, width: width, height: height)
        let (h, v) = (subsampling.horizontalFactor, subsampling.verticalFactor)
        try pixels.withView { (input) throws(ImageFileError) in
            try output.withMutableView { (out) throws(ImageFileError) in
                try Self.copy(input.plane(0), to: out.plane(0), map: .init(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0))
                for p in 1..<3 {
                    try Self.replicate(input.plane(p), to: out.plane(p), horizontal: h, vertical: v)
                }
            }
        }
        var result = self
        result.pixels = output
        result.chromaLocation = nil
        return result
    }

    // MARK: Plane loops

    /// Copies `to`'s samples from `from` through `map`, after checking that the map's corners (and so, being affine,
    /// every sample) fall inside `from`.
    static func copy(_ from: PixelBufferView.Plane, to: MutablePixelBufferView.Plane, map: PlanarTransform.PlaneMap)
        throws(ImageFileError)
    {
        let (w, h) = (to.width, to.height)
        for (x, y) in [(0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)] {
            let s = map.source(x, y)
            guard s.x >= 0, s.x < from.width, s.y >= 0, s.y < from.height else {
                throw .conversion("a transform maps outside its \(from.width)×\(from.height) plane (internal error)")
            }
        }
        let bytes = from.layout.bytesPerSample
        if map.a == 1, map.b == 0, map.d == 0, map.e == 1 {
            for y in 0..<h {
                let row = from.baseAddress + (y + map.f) * from.bytesPerRow + map.c * bytes
                to.row(y).copyMemory(from: UnsafeRawBufferPointer(start: row, count: w * bytes))
            }
            return
        }
        if bytes == 1 {
            remap(from, to: to, map: map, as: UInt8.self)
        } else {
            remap(from, to: to, map: map, as: UInt16.self)
        }
    }

    private static func remap<T: FixedWidthInteger>(
        _ from: PixelBufferView.Plane, to: MutablePixelBufferView.Plane, map: PlanarTransform.PlaneMap, as _: T.Type
    ) {
        let source = from.baseAddress
        let stride = from.bytesPerRow
        for y in 0..<to.height {
            let row = to.row(y, as: T.self)
            var sx = map.b * y + map.c
            var sy = map.e * y + map.f
            for x in 0..<to.width {
                row[x] = source.load(fromByteOffset: sy * stride + sx * MemoryLayout<T>.stride, as: T.self)
                sx += map.a
                sy += map.d
            }
        }
    }

    private static func replicate(
        _ from: PixelBufferView.Plane, to: MutablePixelBufferView.Plane, horizontal: Int, vertical: Int
    ) throws(ImageFileError) {
        guard (to.width + horizontal - 1) / horizontal <= from.width,
            (to.height + vertical - 1) / vertical <= from.height
        else { throw .conversion("chroma planes do not match their luma plane (internal error)") }
        func run<T: FixedWidthInteger>(_: T.Type) {
            for y in 0..<to.height {
                let source = from.row(y / vertical, as: T.self)
                let row = to.row(y, as: T.self)
                for x in 0..<to.width { row[x] = source[x / horizontal] }
            }
        }
        if from.layout.bytesPerSample == 1 { run(UInt8.self) } else { run(UInt16.self) }
    }

    /// Fills a plane with one code.
    static func fill(_ plane: MutablePixelBufferView.Plane, with code: Int) {
        if plane.layout.bytesPerSample == 1 {
            for y in 0..<plane.height {
                plane.row(y, as: UInt8.self).update(repeating: UInt8(truncatingIfNeeded: code))
            }
        } else {
            for y in 0..<plane.height {
                plane.row(y, as: UInt16.self).update(repeating: UInt16(truncatingIfNeeded: code))
            }
        }
    }
}
