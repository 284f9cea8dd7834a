import Foundation

/// A one-dimensional tone curve of a matrix/TRC profile (ICC.1:2022 §10.6 curveType, §10.18 parametricCurveType),
/// mapping a device value in [0, 1] to a linear PCS-relative value in [0, 1].
public enum ICCToneCurve: Hashable, Sendable {
    /// A parametric function (parametricCurveType, or a curveType with one entry, which is a pure gamma).
    case parametric(ICCParametricCurve)
    /// A sampled table (curveType with n ≥ 2 entries): entries are `UInt16` codes of y·65535 at x = i / (n − 1).
    case sampled([UInt16])

    /// Evaluates the curve at `x` (clamped to the ICC domain [0, 1]; NaN maps to 0), sampled tables with linear
    /// interpolation as ICC.1:2022 §10.6 specifies.
    public func evaluate(_ x: Double) -> Double {
        let x = x.isNaN ? 0 : Swift.min(Swift.max(x, 0), 1)
        switch self {
        case .parametric(let curve):
            return curve.evaluate(x)
        case .sampled(let table):
            guard table.count > 1 else { return table.first.map { pow(x, Double($0) / 256) } ?? x }
            let position = x * Double(table.count - 1)
            let index = Swift.min(Int(position), table.count - 2)
            let fraction = position - Double(index)
            let low = Double(table[index]), high = Double(table[index + 1])
            return (low + (high - low) * fraction) / 65535
        }
    }
}

/// A parametric curve (ICC.1:2022 §10.18, Table 68). `parameters` are g, a, b, c, d, e, f, as many as the type uses:
///
/// | type | function | parameters |
/// |---|---|---|
/// | 0 | Y = X^g | g |
/// | 1 | Y = (aX + b)^g for X ≥ −b/a, else 0 | g a b |
/// | 2 | Y = (aX + b)^g + c for X ≥ −b/a, else c | g a b c |
/// | 3 | Y = (aX + b)^g for X ≥ d, else cX | g a b c d |
/// | 4 | Y = (aX + b)^g + e for X ≥ d, else cX + f | g a b c d e f |
public struct ICCParametricCurve: Hashable, Sendable {
    /// The function type, 0 … 4.
    public var functionType: Int
    /// g, a, b, c, d, e, f (first 1, 3, 4, 5 or 7 of them).
    public var parameters: [Double]

    /// The number of parameters each function type takes.
    public static let parameterCounts = [1, 3, 4, 5, 7]

    /// A curve; nil when `functionType` is not 0 … 4 or the parameter count does not match it.
    public init?(functionType: Int, parameters: [Double]) {
        guard Self.parameterCounts.indices.contains(functionType),
            parameters.count == Self.parameterCounts[functionType]
        else { return nil }
        self.functionType = functionType
        self.parameters = parameters
    }

    /// Y = X^γ (type 0).
    public static func gamma(_ gamma: Double) -> ICCParametricCurve {
        ICCParametricCurve(functionType: 0, parameters: [gamma])!
    }

    /// Evaluates the function at `x` (no clamping; negative bases of the power give 0).
    public func evaluate(_ x: Double) -> Double {
        let p = parameters
        func power(_ base: Double) -> Double { base <= 0 ? 0 : pow(base, p[0]) }
        switch functionType {
        case 0: return power(x)
        case 1: return x >= -p[2] / p[1] ? power(p[1] * x + p[2]) : 0
        case 2: return x >= -p[2] / p[1] ? power(p[1] * x + p[2]) + p[3] : p[3]
        case 3: return x >= p[4] ? power(p[1] * x + p[2]) : p[3] * x
        default: return x >= p[4] ? power(p[1] * x + p[2]) + p[5] : p[3] * x + p[6]
        }
    }
}

/// The red, green and blue tone curves of a matrix/TRC profile.
public struct ICCToneCurves: Hashable, Sendable {
    /// `rTRC`.
    public var red: ICCToneCurve
    /// `gTRC`.
    public var green: ICCToneCurve
    /// `bTRC`.
    public var blue: ICCToneCurve

    /// Three curves, one per channel.
    public init(red: ICCToneCurve, green: ICCToneCurve, blue: ICCToneCurve) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// The same curve for all three channels.
    public init(all curve: ICCToneCurve) { self.init(red: curve, green: curve, blue: curve) }
}
