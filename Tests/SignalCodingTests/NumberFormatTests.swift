import SignalCoding
import Testing

@Suite("Number format")
struct NumberFormatTests {
    @Test("the printf styles: %.Ng and %.Nf round the binary value half to even (C11 §7.21.6.1)")
    func printfStyles() {
        #expect(0.45454.g4 == "0.4545" && 1000.0.g4 == "1000" && 12345.0.g4 == "1.234e+04")
        #expect(2.675.fixed(2) == "2.67")  // 2.67499999… in binary
        #expect(0.125.fixed(2) == "0.12" && 100.5.fixed(0) == "100")  // exact halves go to even
        #expect(Double.nan.g4 == "nan" && (-Double.infinity).fixed(1) == "-inf")
    }

    @Test("trimmed styles, whole numbers as integers, and the styles by magnitude")
    func composedStyles() {
        let seconds = NumberFormat(otherwise: .trimmedSignificant(4))
        #expect(seconds(5) == "5" && seconds(0.10666) == "0.1067" && seconds(0) == "0" && seconds(123.456) == "123.5")
        #expect(NumberFormat(otherwise: .trimmedDecimals(9))(0.5) == "0.5")
        #expect(
            NumberFormat.wholeOr(.significant(3))(2) == "2" && NumberFormat.wholeOr(.significant(3))(2.345) == "2.35")
        #expect(NumberFormat.wholeOr(.significant(3))(1e20) == "1e+20")  // beyond the bound: not an integer
        #expect(NumberFormat.axisLuminance(0.05) == "0.050" && NumberFormat.axisLuminance(12.5) == "12.5")
        #expect(NumberFormat.axisLuminance(203) == "203" && NumberFormat.axisLuminance(0.001) == "0.001")
        #expect(NumberFormat.summaryValue(100.5) == "100" && NumberFormat.summaryValue(4.567) == "4.57")
        #expect(NumberFormat.reportLuminance(1234.5) == "1235" && NumberFormat.reportLuminance(4.56) == "4.56")
        #expect(NumberFormat.pictureValue(-250.4) == "-250" && NumberFormat.pictureValue(0.123) == "0.123")
    }

    @Test("a value no integer holds is written, not trapped on")
    func nonFinite() {
        #expect(NumberFormat.reportLuminance(.infinity) == "inf")
        #expect(NumberFormat.pictureValue(.nan) == "nan")
        #expect(NumberFormat(otherwise: .rounded)(1e300) == "1e+300")
    }
}
