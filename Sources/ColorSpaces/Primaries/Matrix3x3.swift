/// A 3 × 3 matrix of `Double`, row-major, for colour-space arithmetic (RGB ↔ XYZ, gamut conversion, chromatic
/// adaptation, Y′CbCr).
///
/// Vectors are columns: `m * v` applies `m` to `v`, and `(a * b) * v == a * (b * v)`.
public struct Matrix3x3: Hashable, Sendable, CustomStringConvertible {
    /// The first row.
    public var row0: SIMD3<Double>
    /// The second row.
    public var row1: SIMD3<Double>
    /// The third row.
    public var row2: SIMD3<Double>

    /// Creates a matrix from its three rows.
    @inlinable
    public init(_ row0: SIMD3<Double>, _ row1: SIMD3<Double>, _ row2: SIMD3<Double>) {
        self.row0 = row0
        self.row1 = row1
        self.row2 = row2
    }

    /// Creates a matrix from an array of exactly three rows (a programming error otherwise).
    @inlinable
    public init(rows: [SIMD3<Double>]) {
        precondition(rows.count == 3, "Matrix3x3(rows:) needs exactly 3 rows, got \(rows.count)")
        self.init(rows[0], rows[1], rows[2])
    }

    /// Creates a matrix from three columns.
    @inlinable
    public init(columns c0: SIMD3<Double>, _ c1: SIMD3<Double>, _ c2: SIMD3<Double>) {
        self.init(SIMD3(c0.x, c1.x, c2.x), SIMD3(c0.y, c1.y, c2.y), SIMD3(c0.z, c1.z, c2.z))
    }

    /// A diagonal matrix.
    @inlinable
    public init(diagonal d: SIMD3<Double>) {
        self.init(SIMD3(d.x, 0, 0), SIMD3(0, d.y, 0), SIMD3(0, 0, d.z))
    }

    /// The identity matrix.
    public static let identity = Matrix3x3(diagonal: SIMD3(repeating: 1))

    /// The rows, top to bottom.
    @inlinable public var rows: [SIMD3<Double>] { [row0, row1, row2] }

    /// The columns, left to right.
    @inlinable public var columns: [SIMD3<Double>] {
        [SIMD3(row0.x, row1.x, row2.x), SIMD3(row0.y, row1.y, row2.y), SIMD3(row0.z, row1.z, row2.z)]
    }

    /// The nine elements in row-major order.
    @inlinable public var rowMajorElements: [Double] {
        [row0.x, row0.y, row0.z, row1.x, row1.y, row1.z, row2.x, row2.y, row2.z]
    }

    /// The nine elements in row-major order, rounded to `Float` once, for single-precision kernels.
    @inlinable public var floatRowMajorElements: [Float] { rowMajorElements.map { Float($0) } }

    /// The element at `row`, `column` (each 0 … 2; a programming error otherwise).
    @inlinable
    public subscript(row row: Int, column column: Int) -> Double {
        get {
            precondition((0..<3).contains(column), "Matrix3x3 column \(column) is out of 0...2")
            switch row {
            case 0: return row0[column]
            case 1: return row1[column]
            case 2: return row2[column]
            default: preconditionFailure("Matrix3x3 row \(row) is out of 0...2")
            }
        }
        set {
            precondition((0..<3).contains(column), "Matrix3x3 column \(column) is out of 0...2")
            switch row {
            case 0: row0[column] = newValue
            case 1: row1[column] = newValue
            case 2: row2[column] = newValue
            default: preconditionFailure("Matrix3x3 row \(row) is out of 0...2")
            }
        }
    }

    /// The transpose.
    @inlinable public var transposed: Matrix3x3 {
        Matrix3x3(
            SIMD3(row0.x, row1.x, row2.x),
            SIMD3(row0.y, row1.y, row2.y),
            SIMD3(row0.z, row1.z, row2.z))
    }

    /// The determinant.
    @inlinable public var determinant: Double {
        (row0 * cross(row1, row2)).sum()
    }

    /// The inverse, by cofactors, or `nil` when the matrix is singular or not finite (the inverse would not be).
    @inlinable public var inverse: Matrix3x3? {
        let c0 = cross(row1, row2), c1 = cross(row2, row0), c2 = cross(row0, row1)
        let det = (row0 * c0).sum()
        guard det != 0, det.isFinite else { return nil }
        let m = Matrix3x3(columns: c0 / det, c1 / det, c2 / det)
        guard m.isFinite else { return nil }
        return m
    }

    /// Whether every element is finite.
    @inlinable public var isFinite: Bool {
        for v in [row0, row1, row2] where !(v.x.isFinite && v.y.isFinite && v.z.isFinite) { return false }
        return true
    }

    /// The largest absolute element-wise difference from `other`.
    @inlinable
    public func maxAbsoluteDifference(from other: Matrix3x3) -> Double {
        let d0 = absolute(row0 - other.row0), d1 = absolute(row1 - other.row1), d2 = absolute(row2 - other.row2)
        return Swift.max(d0.max(), d1.max(), d2.max())
    }

    /// Whether every element differs from `other`'s by at most `tolerance` (NaN elements are never equal).
    @inlinable
    public func isApproximatelyEqual(to other: Matrix3x3, tolerance: Double) -> Bool {
        maxAbsoluteDifference(from: other) <= tolerance
    }

    /// The matrix product.
    @inlinable
    public static func * (a: Matrix3x3, b: Matrix3x3) -> Matrix3x3 {
        Matrix3x3(
            a.row0.x * b.row0 + a.row0.y * b.row1 + a.row0.z * b.row2,
            a.row1.x * b.row0 + a.row1.y * b.row1 + a.row1.z * b.row2,
            a.row2.x * b.row0 + a.row2.y * b.row1 + a.row2.z * b.row2)
    }

    /// The matrix applied to a column vector.
    @inlinable
    public static func * (m: Matrix3x3, v: SIMD3<Double>) -> SIMD3<Double> {
        SIMD3((m.row0 * v).sum(), (m.row1 * v).sum(), (m.row2 * v).sum())
    }

    public var description: String {
        "[\(row0.x), \(row0.y), \(row0.z)], [\(row1.x), \(row1.y), \(row1.z)], [\(row2.x), \(row2.y), \(row2.z)]"
    }
}

@inlinable
func cross(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(a.y * b.z - a.z * b.y, a.z * b.x - a.x * b.z, a.x * b.y - a.y * b.x)
}

@inlinable
func absolute(_ v: SIMD3<Double>) -> SIMD3<Double> {
    SIMD3(Swift.abs(v.x), Swift.abs(v.y), Swift.abs(v.z))
}
