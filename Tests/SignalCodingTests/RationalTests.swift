import SignalCoding
import Testing

@Suite("Rational")
struct RationalTests {
    @Test("kept as written, equal by value: 2/4 prints as 2/4, equals and hashes as 1/2")
    func valueEquality() {
        let half = Rational(2, 4)
        #expect(half.description == "2/4" && half.numerator == 2 && half.denominator == 4)
        #expect(half == Rational(1, 2) && half.reduced.description == "1/2")
        #expect(Set([Rational(1, 2), Rational(2, 4), Rational(-3, 6)]).count == 2)
        #expect(Rational(-6, 4).reduced.description == "-3/2" && Rational(0, 7).reduced.description == "0/1")
        #expect(Rational(Int64.min, 2).reduced.description == "\(Int64.min / 2)/1")
        #expect(Rational(Int64.min, 3).reduced == Rational(Int64.min, 3), "nothing to cancel")
    }

    @Test("the reciprocal moves the sign to the numerator; 0 and magnitudes beyond UInt32 give an unknown value")
    func reciprocal() {
        #expect(Rational(30000, 1001).reciprocal.description == "1001/30000")
        #expect(Rational(-2, 3).reciprocal.description == "-3/2")
        #expect(Rational(0, 5).reciprocal.denominator == 0 && Rational(0, 5).reciprocal.doubleValue.isNaN)
        #expect(Rational(1 << 40, 1).reciprocal.denominator == 0)
    }

    @Test("the Double is the correctly rounded quotient; a zero denominator is NaN and not positive")
    func doubleValue() {
        #expect(Rational(1, 3).doubleValue == 1.0 / 3.0)
        #expect(Rational(-7, 8).doubleValue == -0.875)
        #expect(Rational(Int64(Int32.min), UInt32.max).doubleValue == Double(Int32.min) / Double(UInt32.max))
        #expect(Rational(5, 0).doubleValue.isNaN && !Rational(5, 0).isPositive)
        #expect(Rational(1, 25).isPositive && !Rational(-1, 25).isPositive && !Rational(0, 1).isPositive)
    }

    @Test("ordering is exact where the cross products exceed 64 bits")
    func ordering() {
        // 2⁶² / 3 against (2⁶² − 1) / 3: both cross products are above 2⁶³.
        let a = Rational(1 << 62, 3)
        let b = Rational((1 << 62) - 1, 3)
        #expect(a.isGreaterThanOrEqual(to: b) == true && b.isGreaterThanOrEqual(to: a) == false)
        #expect(Rational(Int64.max, UInt32.max).isGreaterThanOrEqual(to: Rational(Int64.max - 1, UInt32.max)) == true)
        #expect(Rational(-(1 << 62), 7).isGreaterThanOrEqual(to: Rational(-(1 << 62) + 1, 7)) == false)
        #expect(Rational(3, 6).isGreaterThanOrEqual(to: Rational(1, 2)) == true)
        #expect(Rational(1, 2).isGreaterThanOrEqual(to: Rational(1, 0)) == nil)
    }

    @Test("seconds of ticks: reduced, nil on overflow or a zero time base")
    func seconds() {
        #expect(Rational.seconds(ticks: 3003, timeBase: Rational(1, 90000))?.description == "1001/30000")
        #expect(Rational.seconds(ticks: Int64.max, timeBase: Rational(2, 1)) == nil)
        #expect(Rational.seconds(ticks: 1, timeBase: Rational(1, 0)) == nil)
    }
}
