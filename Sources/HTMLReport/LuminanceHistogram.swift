import Foundation
public import PixelBuffers

/// A histogram of pixel luminance in cd/m² on a log scale: ``binsPerDecade`` bins per decade from ``lowerBound``
/// (0.01 cd/m²) to ``upperBound`` (10 000 cd/m², PQ's peak), plus counts below and above.
///
/// Luminance is BT.2020 Y of extended-linear light times the reference white (1.0 = 203 cd/m² by default). Bin `i`
/// holds luminance in `[lowerBound · 10^(i / binsPerDecade), lowerBound · 10^((i + 1) / binsPerDecade))`.
public struct LuminanceHistogram: Hashable, Sendable {
    /// The lowest luminance with a bin, cd/m².
    public static let lowerBound = 0.01
    /// The luminance where the bins end, cd/m².
    public static let upperBound = 10_000.0
    /// Bins per decade of luminance.
    public static let binsPerDecade = 20
    /// The number of bins: 6 decades × 20.
    public static let binCount = 6 * binsPerDecade

    /// Pixel counts per bin.
    public private(set) var counts = [Int](repeating: 0, count: binCount)
    /// Pixels darker than ``lowerBound`` (black, negative and non-finite luminance included).
    public private(set) var belowCount = 0
    /// Pixels at or above ``upperBound``.
    public private(set) var aboveCount = 0
    /// The largest finite luminance counted, cd/m² (0 when none is positive).
    public private(set) var maximum = 0.0

    /// An empty histogram.
    public init() {}

    /// Every pixel counted.
    public var totalCount: Int { counts.reduce(belowCount + aboveCount, +) }

    /// The luminance range of bin `index` in cd/m².
    public static func range(ofBin index: Int) -> Range<Double> {
        let perDecade = Double(binsPerDecade)
        return lowerBound * pow(10, Double(index) / perDecade)..<lowerBound * pow(10, Double(index + 1) / perDecade)
    }

    /// The bin `luminance` (cd/m²) falls in; nil below ``lowerBound``, at or above ``upperBound``, or not finite.
    public static func bin(for luminance: Double) -> Int? {
        guard luminance.isFinite, luminance >= lowerBound, luminance < upperBound else { return nil }
        return min(binCount - 1, Int((log10(luminance / lowerBound) * Double(binsPerDecade)).rounded(.down)))
    }

    /// Counts every pixel of `view`: extended-linear BT.2020 RGBA float (``LinearFrame/encoding``), 1.0 =
    /// `referenceWhite` cd/m²; over rows in parallel.
    public mutating func add(_ view: PixelBufferView, referenceWhite: Double) {
        let partials = RowChunks.fold(view, from: LuminanceHistogram()) { partial, r, g, b in
            partial.count(LinearFrame.luminance(r, g, b) * referenceWhite)
        }
        for partial in partials {
            for i in counts.indices { counts[i] += partial.counts[i] }
            belowCount += partial.belowCount
            aboveCount += partial.aboveCount
            maximum = max(maximum, partial.maximum)
        }
    }

    /// Counts every pixel of `frame`.
    public mutating func add(_ frame: LinearFrame) {
        frame.pixels.withView { add($0, referenceWhite: frame.referenceWhite) }
    }

    @inline(__always)
    private mutating func count(_ luminance: Double) {
        if luminance.isFinite, luminance > maximum { maximum = luminance }
        if let bin = Self.bin(for: luminance) {
            counts[bin] += 1
        } else if luminance >= Self.upperBound {
            aboveCount += 1
        } else {
            belowCount += 1
        }
    }

    /// The luminance below which `fraction` (0 … 1) of the pixels lie, at bin resolution (the upper edge of the bin
    /// that reaches it, or the largest luminance counted where that is lower), in cd/m²; nil for an empty histogram.
    public func percentile(_ fraction: Double) -> Double? {
        let total = totalCount
        guard total > 0 else { return nil }
        let wanted = Int((fraction * Double(total)).rounded(.up))
        var seen = belowCount
        if seen >= wanted { return Self.lowerBound }
        for (index, count) in counts.enumerated() {
            seen += count
            if seen >= wanted { return min(Self.range(ofBin: index).upperBound, maximum) }
        }
        return max(Self.upperBound, maximum)
    }
}
