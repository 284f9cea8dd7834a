import Foundation

extension Double {
    /// Four significant digits, e.g. `"0.4545"`, `"1000"`; `"nan"`/`"inf"` as such.
    package var g4: String { String(format: "%.4g", self) }
    /// `digits` decimals.
    package func fixed(_ digits: Int) -> String { String(format: "%.\(digits)f", self) }
}
