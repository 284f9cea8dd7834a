public import ColorSpaces
import PixelBuffers

/// A 3D lookup table in the Cube LUT format (`.cube`, Adobe Cube LUT Specification 1.0, as DaVinci Resolve, OCIO
/// and FFmpeg's `lut3d` filter read it): a lattice of `size` × `size` × `size` RGB output values over an input
/// domain, interpolated between lattice points.
///
/// Conventions:
/// - **Input**: the lattice spans ``domainMin`` … ``domainMax`` per channel ([0, 1] for tables made from a
///   conversion): `size` evenly spaced points per axis, point `i` at `domainMin + (domainMax − domainMin)·i/(size − 1)`
///   (for [0, 1] exactly `Float(i) / Float(size − 1)`). A table made by ``init(from:to:size:options:title:)`` takes the
///   source colour space's *encoded* signal R′G′B′ (normalised, full range; linear values for a linear space).
/// - **Output**: the target's encoded signal R′G′B′ as `Float`. A clamped target stays in [0, 1]; an extended
///   target's values outside [0, 1] are kept and written as they are (consumers that store integers clip them).
/// - **Order**: ``entries`` holds the lattice with red varying fastest, then green, then blue, the order of the file's
///   data lines: entry `r + size·g + size²·b` is the output at lattice point (r, g, b).
/// - **Outside the domain** ``apply(_:interpolation:)`` clamps each input component to the domain (NaN reads as the
///   domain minimum), as FFmpeg's `lut3d` does (it clamps inputs to the table before interpolating).
///
/// The lattice has 2 … 256 points per axis (``sizeLimits``, the specification's range; 256³ = 16.7 M entries). Accuracy
/// of the interpolated table against the conversion it samples: Docs/Accuracy.md, section "3D LUTs (.cube)".
public struct CubeLUT: Sendable, Hashable {
    /// How a value between lattice points is computed.
    public enum Interpolation: String, Hashable, Sendable, CaseIterable {
        /// The 8 corners of the lattice cell, weighted by the position in it (FFmpeg `interp=trilinear`).
        case trilinear
        /// The 4 corners of the tetrahedron of the cell that holds the point (FFmpeg `interp=tetrahedral`, its
        /// default): a grey input reads only the cell's grey corners, so greys stay grey; usually closer than
        /// trilinear.
        case tetrahedral
    }

    /// Lattice points per axis in the specification's range: 2 … 256.
    public static let sizeLimits: ClosedRange<Int> = 2...256
    /// The size tables get when none is given: 33, the common size of grading and display LUTs.
    public static let defaultSize = 33

    /// Lattice points per axis (2 … 256).
    public let size: Int
    /// The table's title (the file's `TITLE` line); written with double quotes replaced by single quotes and line
    /// breaks by spaces.
    public var title: String
    /// The outputs, `size³` of them, red index varying fastest: entry `r + size·g + size²·b` is lattice point (r, g, b).
    public let entries: [SIMD3<Float>]
    /// The input value of lattice index 0 per channel (the file's `DOMAIN_MIN`; 0).
    public let domainMin: SIMD3<Float>
    /// The input value of lattice index `size − 1` per channel (the file's `DOMAIN_MAX`; 1).
    public let domainMax: SIMD3<Float>

    /// A table from its parts.
    ///
    /// - Throws: ``CubeLUTError/invalidSize(_:)`` for a size outside ``sizeLimits``,
    ///   ``CubeLUTError/wrongEntryCount(expected:actual:)`` unless there are `size³` entries,
    ///   ``CubeLUTError/nonFiniteValue(entry:line:)`` for NaN or ±∞ entries, ``CubeLUTError/invalidDomain(min:max:)``
    ///   unless each `domainMin` component is finite and below the finite `domainMax` one.
    public init(
        size: Int, entries: [SIMD3<Float>], title: String = "", domainMin: SIMD3<Float> = .zero,
        domainMax: SIMD3<Float> = .one
    ) throws(CubeLUTError) {
        guard Self.sizeLimits.contains(size) else { throw .invalidSize(size) }
        guard entries.count == size * size * size else {
            throw .wrongEntryCount(expected: size * size * size, actual: entries.count)
        }
        try Self.checkDomain(domainMin, domainMax)
        if let bad = entries.firstIndex(where: { !($0.x.isFinite && $0.y.isFinite && $0.z.isFinite) }) {
            throw .nonFiniteValue(entry: bad, line: nil)
        }
        self.size = size
        self.entries = entries
        self.title = title
        self.domainMin = domainMin
        self.domainMax = domainMax
    }

    /// Samples a conversion from `source` to `target` on the lattice of the source's normalised encoded signal
    /// R′G′B′ ∈ [0, 1]: every lattice point goes through a ``PixelConverter`` (float RGBA to float RGBA, one buffer of
    /// `size³` pixels in one call) with `options`, tone mapping and gamut policy included.
    ///
    /// - Parameters:
    ///   - source: The colour space of the input signal.
    ///   - target: The colour space of the output signal.
    ///   - size: Lattice points per axis, 2 … 256 (33).
    ///   - options: The conversion's conventions (reference white, HLG display, tone mapping, gamut policy).
    ///   - title: The title (default: "source name to target name").
    /// - Throws: ``PixelConversionError/invalidOption(name:value:expected:)`` for a size outside ``sizeLimits``, the
    ///   converter's errors for the options, ``PixelConversionError/geometry(_:)`` when the buffers cannot be made.
    public init(
        from source: ColorSpace, to target: ColorSpace, size: Int = defaultSize,
        options: PixelConverter.Options = PixelConverter.Options(), title: String? = nil
    ) throws(PixelConversionError) {
        let converter = try PixelConverter(
            from: PixelEncoding(format: .rgbaFloat, colorSpace: source),
            to: PixelEncoding(format: .rgbaFloat, colorSpace: target), options: options)
        try self.init(converter, size: size, title: title)
    }

    /// Samples `converter`, which must convert float RGBA (``PixelFormat/rgbaFloat``) to float RGBA, on the lattice of
    /// its source signal in [0, 1]; see ``init(from:to:size:options:title:)``. Use it to keep the converter (its
    /// ``PixelConverter/plan``) beside the table.
    ///
    /// - Throws: ``PixelConversionError/invalidOption(name:value:expected:)`` for a size outside ``sizeLimits`` (or a
    ///   custom tone-mapping operator that gives NaN or ±∞), ``PixelConversionError/formatMismatch(role:expected:actual:)``
    ///   for a converter of other formats, ``PixelConversionError/geometry(_:)`` when the buffers cannot be made.
    public init(_ converter: PixelConverter, size: Int = defaultSize, title: String? = nil)
        throws(PixelConversionError)
    {
        guard Self.sizeLimits.contains(size) else {
            throw .invalidOption(
                name: "size", value: "\(size)",
                expected: "\(Self.sizeLimits.lowerBound)…\(Self.sizeLimits.upperBound) lattice points per axis "
                    + "(Cube LUT 1.0)")
        }
        for (role, format) in [("source", converter.source.format), ("destination", converter.destination.format)]
        where format != .rgbaFloat {
            throw .formatMismatch(role: role, expected: .rgbaFloat, actual: format)
        }
        let output: PixelBuffer
        do {
            // The lattice as an image `size` wide and `size²` high: row g + size·b holds red 0 … size − 1, so that the
            // pixels are in the table's order. The input is released before the table is built.
            var input: PixelBuffer
            do throws(PixelBufferError) {
                input = try PixelBuffer(format: .rgbaFloat, width: size, height: size * size)
            } catch { throw .geometry(error) }
            let lattice = (0..<size).map { Float($0) / Float(size - 1) }
            input.withMutableView { view in
                let plane = view.plane(0)
                for b in 0..<size {
                    for g in 0..<size {
                        let row = plane.row(g + size * b, as: Float.self)
                        for r in 0..<size {
                            row[4 * r] = lattice[r]
                            row[4 * r + 1] = lattice[g]
                            row[4 * r + 2] = lattice[b]
                            row[4 * r + 3] = 1
                        }
                    }
                }
            }
            output = try converter.convert(input)
        }
        var entries: [SIMD3<Float>] = []
        entries.reserveCapacity(size * size * size)
        output.withView { view in
            let plane = view.plane(0)
            for y in 0..<(size * size) {
                let row = plane.row(y, as: Float.self)
                for r in 0..<size { entries.append(SIMD3(row[4 * r], row[4 * r + 1], row[4 * r + 2])) }
            }
        }
        if let bad = entries.firstIndex(where: { !($0.x.isFinite && $0.y.isFinite && $0.z.isFinite) }) {
            throw .invalidOption(
                name: "converter", value: "NaN or ±∞ at lattice entry \(bad)",
                expected: "a conversion with finite outputs for inputs in [0, 1]")
        }
        self.size = size
        self.entries = entries
        self.title =
            title ?? "\(converter.source.colorSpace.name) to \(converter.destination.colorSpace.name)"
        domainMin = .zero
        domainMax = .one
    }

    /// The output at lattice point (`red`, `green`, `blue`), each index in 0 ..< ``size``.
    public subscript(red red: Int, green green: Int, blue blue: Int) -> SIMD3<Float> {
        entries[red + size * (green + size * blue)]
    }

    /// The input value of lattice point (`red`, `green`, `blue`): `domainMin + (domainMax − domainMin)·i/(size − 1)`
    /// per channel.
    public func input(red: Int, green: Int, blue: Int) -> SIMD3<Float> {
        let steps = SIMD3(Float(red), Float(green), Float(blue)) / Float(size - 1)
        return domainMin + (domainMax - domainMin) * steps
    }

    /// The table's output for `rgb`, interpolated between lattice points; components outside the domain are clamped
    /// to it first (NaN to ``domainMin``). Exact on lattice points. Used to measure the interpolation error without
    /// FFmpeg; FFmpeg's `lut3d` computes the same interpolations in `Float`.
    public func apply(_ rgb: SIMD3<Float>, interpolation: Interpolation = .tetrahedral) -> SIMD3<Float> {
        let top = Float(size - 1)
        var position = SIMD3<Float>.zero
        var cell = SIMD3<Int>.zero
        for c in 0..<3 {
            let v = rgb[c].isNaN ? domainMin[c] : Swift.min(Swift.max(rgb[c], domainMin[c]), domainMax[c])
            let x = Swift.min(Swift.max((v - domainMin[c]) / (domainMax[c] - domainMin[c]) * top, 0), top)
            let i = Swift.min(Int(x), size - 2)
            cell[c] = i
            position[c] = x - Float(i)
        }
        let base = cell.x + size * (cell.y + size * cell.z)
        let (dr, dg, db) = (1, size, size * size)
        let (fr, fg, fb) = (position.x, position.y, position.z)
        return entries.withUnsafeBufferPointer { e in
            let c000 = e[base], c111 = e[base + dr + dg + db]
            switch interpolation {
            case .trilinear:
                let c100 = e[base + dr], c010 = e[base + dg], c110 = e[base + dr + dg]
                let c001 = e[base + db], c101 = e[base + dr + db], c011 = e[base + dg + db]
                let c00 = c000 + (c100 - c000) * fr, c10 = c010 + (c110 - c010) * fr
                let c01 = c001 + (c101 - c001) * fr, c11 = c011 + (c111 - c011) * fr
                let c0 = c00 + (c10 - c00) * fg, c1 = c01 + (c11 - c01) * fg
                return c0 + (c1 - c0) * fb
            case .tetrahedral:
                // The tetrahedron from c000 to c111 through the corners of the largest, then the middle offset.
                let (first, second): (Int, Int)
                let (a, b, c): (Float, Float, Float)
                if fr > fg {
                    if fg > fb {
                        (first, second, a, b, c) = (dr, dr + dg, fr, fg, fb)
                    } else if fr > fb {
                        (first, second, a, b, c) = (dr, dr + db, fr, fb, fg)
                    } else {
                        (first, second, a, b, c) = (db, dr + db, fb, fr, fg)
                    }
                } else {
                    if fb > fg {
                        (first, second, a, b, c) = (db, dg + db, fb, fg, fr)
                    } else if fb > fr {
                        (first, second, a, b, c) = (dg, dg + db, fg, fb, fr)
                    } else {
                        (first, second, a, b, c) = (dg, dr + dg, fg, fr, fb)
                    }
                }
                let p1 = e[base + first], p2 = e[base + second]
                return c000 * (1 - a) + p1 * (a - b) + p2 * (b - c) + c111 * c
            }
        }
    }

    static func checkDomain(_ low: SIMD3<Float>, _ high: SIMD3<Float>) throws(CubeLUTError) {
        for c in 0..<3 where !(low[c].isFinite && high[c].isFinite && low[c] < high[c]) {
            throw .invalidDomain(min: low, max: high)
        }
    }
}
