import ColorSpaces
import Testing

@Suite("Matrix3x3")
struct Matrix3x3Tests {
    let m = Matrix3x3(SIMD3(2, -1, 0.5), SIMD3(0.25, 3, 1), SIMD3(-2, 0, 4))

    @Test func subscriptReadsRowMajor() {
        #expect(m[row: 0, column: 2] == 0.5)
        #expect(m[row: 1, column: 0] == 0.25)
        #expect(m[row: 2, column: 0] == -2)
        var copy = m
        copy[row: 2, column: 1] = 7
        #expect(copy.row2 == SIMD3(-2, 7, 4))
        #expect(m.rows == [m.row0, m.row1, m.row2])
        #expect(Matrix3x3(rows: m.rows) == m)
        #expect(m.rowMajorElements == [2, -1, 0.5, 0.25, 3, 1, -2, 0, 4])
        #expect(m.floatRowMajorElements == [2, -1, 0.5, 0.25, 3, 1, -2, 0, 4])
    }

    @Test func productAppliesRightFactorFirst() {
        let v = SIMD3(0.3, -0.7, 1.9)
        let n = Matrix3x3(SIMD3(1, 2, 3), SIMD3(0, 1, 4), SIMD3(5, 6, 0))
        let lhs = (m * n) * v, rhs = m * (n * v)
        #expect(scaledError(lhs, rhs) < 1e-15)
        #expect(m * SIMD3(1, 0, 0) == SIMD3(2, 0.25, -2))
        #expect(Matrix3x3.identity * m == m && m * .identity == m)
    }

    @Test func inverseTimesMatrixIsIdentity() throws {
        let inverse = try #require(m.inverse)
        #expect((inverse * m).isApproximatelyEqual(to: .identity, tolerance: 1e-15))
        #expect((m * inverse).isApproximatelyEqual(to: .identity, tolerance: 1e-15))
        #expect(Swift.abs(m.determinant - 30) < 1e-13)
    }

    @Test func singularOrNonFiniteMatricesHaveNoInverse() {
        let singular = Matrix3x3(SIMD3(1, 2, 3), SIMD3(2, 4, 6), SIMD3(0, 1, 1))
        #expect(singular.inverse == nil)
        #expect(Matrix3x3(diagonal: SIMD3(1, 0, 1)).inverse == nil)
        #expect(Matrix3x3(diagonal: SIMD3(1, .nan, 1)).inverse == nil)
        #expect(Matrix3x3(diagonal: SIMD3(1, .infinity, 1)).inverse == nil)
        #expect(!Matrix3x3.nan.isFinite)
        #expect(!Matrix3x3.nan.isApproximatelyEqual(to: .nan, tolerance: 1))
    }

    @Test func transposeSwapsRowsAndColumns() {
        #expect(m.transposed.row0 == SIMD3(2, 0.25, -2))
        #expect(m.transposed.transposed == m)
        #expect(m.transposed.rows == m.columns)
        #expect(Matrix3x3(columns: m.row0, m.row1, m.row2) == m.transposed)
    }
}
