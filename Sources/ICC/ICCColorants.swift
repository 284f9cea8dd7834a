/// The PCS-relative XYZ colorants of a matrix/TRC profile (ICC.1:2022 §9.2.4, §9.2.30, §9.2.43); the columns of
/// the device-RGB → PCS-XYZ matrix.
public struct ICCColorants: Hashable, Sendable {
    /// `rXYZ`: PCS XYZ of device red (1, 0, 0).
    public var red: SIMD3<Double>
    /// `gXYZ`: PCS XYZ of device green.
    public var green: SIMD3<Double>
    /// `bXYZ`: PCS XYZ of device blue.
    public var blue: SIMD3<Double>

    /// Colorants from three PCS XYZ columns.
    public init(red: SIMD3<Double>, green: SIMD3<Double>, blue: SIMD3<Double>) {
        self.red = red
        self.green = green
        self.blue = blue
    }
}
