import TransferFunctions

extension YCbCrMatrix {
    /// The divisors of BT.2020 constant-luminance colour differences (ITU-R BT.2020-2 Table 4):
    /// C′bc = (B′ − Y′c)/1.9404 when B′ − Y′c ≤ 0, else /1.5816; C′rc = (R′ − Y′c)/1.7184 when R′ − Y′c ≤ 0,
    /// else /0.9936.
    public enum ConstantLuminanceDivisors {
        /// Divisor of B′ − Y′c when it is ≤ 0 (range −0.9702 … 0).
        public static let negativeBlue = 1.9404
        /// Divisor of B′ − Y′c when it is > 0 (range 0 … 0.7908).
        public static let positiveBlue = 1.5816
        /// Divisor of R′ − Y′c when it is ≤ 0 (range −0.8592 … 0).
        public static let negativeRed = 1.7184
        /// Divisor of R′ − Y′c when it is > 0 (range 0 … 0.4968).
        public static let positiveRed = 0.9936
    }

    /// BT.2020 constant-luminance encoding (ITU-R BT.2020-2 Table 4; H.273 MatrixCoefficients 10, equations 50–57).
    ///
    /// Y′c = OETF(0.2627 R + 0.6780 G + 0.0593 B), then C′bc and C′rc from B′ = OETF(B) and R′ = OETF(R) with the
    /// signed ``ConstantLuminanceDivisors``.
    ///
    /// - Parameters:
    ///   - rgb: Linear BT.2020 RGB, nominally [0, 1].
    ///   - transferFunction: The OETF; BT.2020's (`.bt709`, the 10-bit constants) by default, `.bt2020TwelveBit` for
    ///     12-bit systems. Values outside [0, 1] follow its sign-mirrored extension.
    /// - Returns: (Y′c, C′bc, C′rc): Y′c in [0, 1], C′bc and C′rc in [−0.5, 0.5].
    public static func constantLuminanceYCbCr(
        fromLinearRGB rgb: SIMD3<Double>,
        transferFunction: TransferFunction = .bt709
    ) -> SIMD3<Double> {
        let (kr, kb) = (0.2627, 0.0593)
        let luminance = kr * rgb.x + (1 - kr - kb) * rgb.y + kb * rgb.z
        let yc = transferFunction.fromLinear(luminance)
        let blue = transferFunction.fromLinear(rgb.z) - yc
        let red = transferFunction.fromLinear(rgb.x) - yc
        let cb = blue / (blue <= 0 ? ConstantLuminanceDivisors.negativeBlue : ConstantLuminanceDivisors.positiveBlue)
        let cr = red / (red <= 0 ? ConstantLuminanceDivisors.negativeRed : ConstantLuminanceDivisors.positiveRed)
        return SIMD3(yc, cb, cr)
    }

    /// BT.2020 constant-luminance decoding, the inverse of
    /// ``constantLuminanceYCbCr(fromLinearRGB:transferFunction:)``: (Y′c, C′bc, C′rc) to linear BT.2020 RGB.
    ///
    /// B′ = Y′c + C′bc·divisor, R′ = Y′c + C′rc·divisor (the divisor chosen by the sign of C′bc, C′rc), then
    /// B, R and Yc through the inverse OETF and G = (Yc − 0.2627 R − 0.0593 B) / 0.6780.
    public static func linearRGB(
        fromConstantLuminanceYCbCr ycc: SIMD3<Double>,
        transferFunction: TransferFunction = .bt709
    ) -> SIMD3<Double> {
        let (kr, kb) = (0.2627, 0.0593)
        let blueSignal =
            ycc.x + ycc.y
            * (ycc.y <= 0 ? ConstantLuminanceDivisors.negativeBlue : ConstantLuminanceDivisors.positiveBlue)
        let redSignal =
            ycc.x + ycc.z
            * (ycc.z <= 0 ? ConstantLuminanceDivisors.negativeRed : ConstantLuminanceDivisors.positiveRed)
        let luminance = transferFunction.toLinear(ycc.x)
        let blue = transferFunction.toLinear(blueSignal)
        let red = transferFunction.toLinear(redSignal)
        let green = (luminance - kr * red - kb * blue) / (1 - kr - kb)
        return SIMD3(red, green, blue)
    }
}
