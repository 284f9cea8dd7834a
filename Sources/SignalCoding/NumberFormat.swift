#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

/// How the package writes a number as text: the one formatter behind every report, plan, plot, progress line and
/// metadata field, so that a new output picks a style from this table instead of inventing a rule.
///
/// A format is a list of rules tried in order, the first whose condition the value meets writing it, and a style for
/// every other value. Styles follow C's `printf` (`%.Ng`, `%.Nf`: round half to even on the binary value), so that
/// each output keeps the text it had when each module formatted numbers itself.
package struct NumberFormat: Hashable, Sendable {
    /// How a value is written.
    package enum Style: Hashable, Sendable {
        /// `digits` significant digits, shortest form (`%.Ng`): 0.4545, 1000, 1e+04, nan, inf.
        case significant(Int)
        /// `digits` decimals (`%.Nf`).
        case decimals(Int)
        /// `digits` decimals, then trailing zeros and a trailing point removed: 0.5, 2.
        case trimmedDecimals(Int)
        /// Up to `digits` significant digits as decimals without an exponent and without trailing zeros
        /// (5 → "5", 0.10666 → "0.1067" for 4).
        case trimmedSignificant(Int)
        /// The nearest integer (halves away from zero); `%g` for a value no integer holds (±∞, NaN).
        case rounded
    }

    /// When a rule applies.
    package enum Condition: Hashable, Sendable {
        /// A whole number of magnitude below the bound: written as an integer.
        case whole(below: Double)
        /// A value at least the bound.
        case atLeast(Double)
        /// A value of magnitude at least the bound.
        case magnitudeAtLeast(Double)
        /// NaN or an infinity.
        case nonFinite
    }

    /// The rules, in order.
    package var rules: [Rule]
    /// The style of a value no rule takes.
    package var otherwise: Style

    /// One rule: values that meet `condition` are written in `style`.
    package struct Rule: Hashable, Sendable {
        package var condition: Condition
        package var style: Style

        package init(_ condition: Condition, _ style: Style) {
            self.condition = condition
            self.style = style
        }
    }

    package init(_ rules: [Rule] = [], otherwise: Style) {
        self.rules = rules
        self.otherwise = otherwise
    }

    /// The text of `value`.
    package func callAsFunction(_ value: Double) -> String {
        let rule = rules.first { $0.condition.holds(for: value) }
        return Self.text(value, rule?.style ?? otherwise, isWhole: rule?.condition.isWhole == true)
    }

    private static func text(_ value: Double, _ style: Style, isWhole: Bool) -> String {
        if isWhole { return String(Int(value)) }
        switch style {
        case .significant(let digits): return printf(value, precision: digits, conversion: "g")
        case .decimals(let digits): return printf(value, precision: digits, conversion: "f")
        case .trimmedDecimals(let digits): return trimmed(printf(value, precision: digits, conversion: "f"))
        case .trimmedSignificant(let digits):
            guard value.isFinite, value != 0 else { return value == 0 ? "0" : "\(value)" }
            let decimals = max(0, digits - 1 - Int(log10(abs(value)).rounded(.down)))
            return trimmed(printf(value, precision: decimals, conversion: "f"))
        case .rounded:
            // ±∞, NaN and magnitudes beyond Int: the shortest form instead of a trap.
            guard let whole = Int(exactly: value.rounded()) else { return printf(value, precision: 6, conversion: "g") }
            return String(whole)
        }
    }

    /// C's `%.<precision><conversion>` of one double, through the C library (no Foundation in this module).
    private static func printf(_ value: Double, precision: Int, conversion: Character) -> String {
        let format = "%.\(max(0, min(precision, 40)))\(conversion)"
        var buffer = [CChar](repeating: 0, count: 400)  // %.40f of the largest double is 350 characters
        let count = buffer.withUnsafeMutableBufferPointer { out in
            withVaList([value]) { vsnprintf(out.baseAddress, out.count, format, $0) }
        }
        return count < 0
            ? "\(value)" : String(decoding: buffer.prefix(Int(count)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var text = text
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

extension NumberFormat.Condition {
    fileprivate var isWhole: Bool { if case .whole = self { true } else { false } }

    fileprivate func holds(for value: Double) -> Bool {
        switch self {
        case .whole(let bound): value == value.rounded() && value.magnitude < bound
        case .atLeast(let bound): value >= bound
        case .magnitudeAtLeast(let bound): value.magnitude >= bound
        case .nonFinite: !value.isFinite
        }
    }
}

extension NumberFormat {
    /// `digits` significant digits (`%.Ng`).
    package static func significant(_ digits: Int) -> Self { Self(otherwise: .significant(digits)) }
    /// `digits` decimals (`%.Nf`).
    package static func decimals(_ digits: Int) -> Self { Self(otherwise: .decimals(digits)) }
    /// Whole numbers below `bound` in magnitude as integers, others in `style`.
    package static func wholeOr(_ style: Style, below bound: Double = 1e15) -> Self {
        Self([Rule(.whole(below: bound), style)], otherwise: style)
    }

    /// Luminances in cd/m² on a plot's axis: fewer decimals the larger the value (100 → "100", 12.5 → "12.5",
    /// 0.05 → "0.050").
    package static let axisLuminance = Self(
        [
            Rule(.atLeast(100), .decimals(0)), Rule(.atLeast(10), .decimals(1)), Rule(.atLeast(1), .decimals(2)),
            Rule(.atLeast(0.01), .decimals(3)),
        ], otherwise: .significant(4))
    /// Luminances in a report's text: whole above 100, else three significant digits (1 234 → "1234", 4.56 → "4.56").
    package static let reportLuminance = Self([Rule(.atLeast(100), .rounded)], otherwise: .significant(3))
    /// Measured values in a summary line: no decimals from 100, one from 10, else three significant digits.
    package static let summaryValue = Self(
        [Rule(.atLeast(100), .decimals(0)), Rule(.atLeast(10), .decimals(1))], otherwise: .significant(3))
    /// Luminances and ratios in a report's pictures: integers when whole or from 100 in magnitude, else three
    /// significant digits.
    package static let pictureValue = Self(
        [
            Rule(.nonFinite, .significant(3)), Rule(.magnitudeAtLeast(1e15), .significant(3)),
            Rule(.magnitudeAtLeast(100), .rounded), Rule(.whole(below: 1e15), .rounded),
        ],
        otherwise: .significant(3))
}

extension Double {
    /// Four significant digits (``NumberFormat/significant(_:)``): `"0.4545"`, `"1000"`; `"nan"`, `"inf"` as such.
    package var g4: String { NumberFormat.significant(4)(self) }
    /// `digits` significant digits (`%.Ng`).
    package func significant(_ digits: Int) -> String { NumberFormat.significant(digits)(self) }
    /// `digits` decimals (`%.Nf`).
    package func fixed(_ digits: Int) -> String { NumberFormat.decimals(digits)(self) }
}
