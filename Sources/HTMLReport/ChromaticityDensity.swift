public import ColorSpaces
import Foundation
public import PixelBuffers

/// Where the pixels sit in the CIE 1931 xy chromaticity diagram: a density grid and the share of pixels outside
/// BT.709, Display P3 and BT.2020.
///
/// Pixels are extended-linear BT.2020 light (``LinearFrame/encoding``), turned into XYZ with the BT.2020 matrix.
/// Pixels darker than ``minimumLuminance`` cd/m² are left out (their chromaticity is noise). A pixel is outside a
/// gamut when, converted to that gamut's linear RGB (same D65 white), a component is below −``tolerance`` times
/// its luminance: the tolerance absorbs quantisation and 4:2:0 chroma rounding.
public struct ChromaticityDensity: Hashable, Sendable {
    /// A gamut the shares are counted for.
    public enum Gamut: String, CaseIterable, Hashable, Sendable {
        case bt709 = "BT.709"
        case displayP3 = "Display P3"
        case bt2020 = "BT.2020"

        /// The gamut's primaries.
        public var primaries: RGBPrimaries {
            switch self {
            case .bt709: .bt709
            case .displayP3: .displayP3
            case .bt2020: .bt2020
            }
        }
    }

    /// The x extent of the grid.
    public static let xRange = 0.0...0.8
    /// The y extent of the grid.
    public static let yRange = 0.0...0.9
    /// Grid cells along x (0.005 wide).
    public static let columns = 160
    /// Grid cells along y (0.005 high).
    public static let rows = 180
    /// Pixels darker than this (cd/m²) are not placed.
    public static let minimumLuminance = 0.1
    /// The out-of-gamut tolerance, relative to the pixel's luminance.
    public static let tolerance = 0.002

    /// Pixel counts per cell, row-major from the bottom (y = 0) row, ``columns`` per row.
    public private(set) var counts = [Int](repeating: 0, count: columns * rows)
    /// Pixels placed (bright enough and with a chromaticity).
    public private(set) var placedCount = 0
    /// Pixels left out as too dark.
    public private(set) var darkCount = 0
    /// Placed pixels outside each gamut, in ``Gamut/allCases`` order.
    public private(set) var outsideCounts = [Int](repeating: 0, count: Gamut.allCases.count)

    /// An empty density.
    public init() {}

    /// The share (0 … 1) of placed pixels outside `gamut`; 0 when none was placed.
    public func shareOutside(_ gamut: Gamut) -> Double {
        placedCount == 0 ? 0 : Double(outsideCounts[Gamut.allCases.firstIndex(of: gamut)!]) / Double(placedCount)
    }

    /// The count of grid cell (`column`, `row`), row 0 at y = 0.
    public func count(column: Int, row: Int) -> Int { counts[row * Self.columns + column] }

    /// The grid cell of chromaticity (x, y); nil outside the grid.
    public static func cell(x: Double, y: Double) -> (column: Int, row: Int)? {
        guard xRange.contains(x), yRange.contains(y) else { return nil }
        let column = min(columns - 1, Int(x / xRange.upperBound * Double(columns)))
        let row = min(rows - 1, Int(y / yRange.upperBound * Double(rows)))
        return (column, row)
    }

    /// Places every pixel of `view` (``LinearFrame/encoding``, 1.0 = `referenceWhite` cd/m²), over rows in
    /// parallel.
    public mutating func add(_ view: PixelBufferView, referenceWhite: Double) {
        let toXYZ = RGBPrimaries.bt2020.rgbToXYZ
        let toGamut = Gamut.allCases.map { RGBPrimaries.bt2020.conversionMatrix(to: $0.primaries) }
        let threshold = Self.minimumLuminance / referenceWhite
        let partials = RowChunks.fold(view, from: ChromaticityDensity()) { partial, r, g, b in
            let rgb = SIMD3(Double(r), Double(g), Double(b))
            let xyz = toXYZ * rgb
            let sum = xyz.x + xyz.y + xyz.z
            guard xyz.y.isFinite, sum.isFinite, xyz.y >= threshold, sum > 0 else {
                partial.darkCount += 1
                return
            }
            partial.placedCount += 1
            if let cell = Self.cell(x: xyz.x / sum, y: xyz.y / sum) {
                partial.counts[cell.row * Self.columns + cell.column] += 1
            }
            let limit = -Self.tolerance * xyz.y
            for g in toGamut.indices {
                let converted = toGamut[g] * rgb
                if min(converted.x, converted.y, converted.z) < limit { partial.outsideCounts[g] += 1 }
            }
        }
        for partial in partials {
            for i in counts.indices { counts[i] += partial.counts[i] }
            for g in outsideCounts.indices { outsideCounts[g] += partial.outsideCounts[g] }
            placedCount += partial.placedCount
            darkCount += partial.darkCount
        }
    }

    /// Places every pixel of `frame`.
    public mutating func add(_ frame: LinearFrame) {
        frame.pixels.withView { add($0, referenceWhite: frame.referenceWhite) }
    }
}
