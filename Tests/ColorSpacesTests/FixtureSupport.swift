import ColorSpaces
import TestSupport

/// Errors reading a colour-space fixture.
struct FixtureError: Error, CustomStringConvertible {
    var description: String
}

/// Parses the numeric fields of a fixture row.
func doubles(_ fields: ArraySlice<Substring>) throws -> [Double] {
    try fields.map { field in
        guard let value = Double(field) else { throw FixtureError(description: "not a number: '\(field)'") }
        return value
    }
}

/// A row-major matrix from nine fixture fields.
func matrix(_ fields: ArraySlice<Substring>) throws -> Matrix3x3 {
    let v = try doubles(fields)
    guard v.count == 9 else { throw FixtureError(description: "expected 9 matrix elements, got \(v.count)") }
    return Matrix3x3(SIMD3(v[0], v[1], v[2]), SIMD3(v[3], v[4], v[5]), SIMD3(v[6], v[7], v[8]))
}

/// A vector from three fixture fields.
func vector(_ fields: ArraySlice<Substring>) throws -> SIMD3<Double> {
    let v = try doubles(fields)
    guard v.count == 3 else { throw FixtureError(description: "expected 3 components, got \(v.count)") }
    return SIMD3(v[0], v[1], v[2])
}

/// Looks `name` up in `table`, failing with a message naming the fixture.
func lookup<T>(_ name: Substring, in table: [String: T], fixture: String) throws -> T {
    guard let value = table[String(name)] else { throw FixtureError(description: "\(fixture): unknown name '\(name)'") }
    return value
}

/// The fixture names (Swift static names) of white points.
let whitePointsByName: [String: WhitePoint] = [
    "d65": .d65, "d50": .d50, "dci": .dci, "c": .c, "e": .e, "aces": .aces,
]

/// The fixture names (Swift static names) of primaries.
let primariesByName: [String: RGBPrimaries] = [
    "bt709": .bt709, "bt470M": .bt470M, "bt470BG": .bt470BG, "smpte170M": .smpte170M, "smpte240M": .smpte240M,
    "genericFilm": .genericFilm, "bt2020": .bt2020, "xyz": .xyz, "dciP3": .dciP3, "displayP3": .displayP3,
    "ebu3213": .ebu3213, "adobeRGB": .adobeRGB, "proPhoto": .proPhoto, "acesAP0": .acesAP0, "acesAP1": .acesAP1,
]

/// The fixture names of chromatic adaptation transforms.
let adaptationsByName: [String: ChromaticAdaptation] = [
    "bradford": .bradford, "cat02": .cat02, "vonKries": .vonKries, "xyzScaling": .xyzScaling,
]

/// The fixture names (Swift static names) of colour spaces.
let colorSpacesByName: [String: ColorSpace] = [
    "sRGB": .sRGB, "displayP3": .displayP3, "bt709": .bt709, "bt2020": .bt2020, "bt2100PQ": .bt2100PQ,
    "bt2100HLG": .bt2100HLG, "extendedLinearDisplayP3": .extendedLinearDisplayP3, "dciP3": .dciP3,
    "proPhoto": .proPhoto, "extendedLinearSRGB": .extendedLinearSRGB,
]

/// The largest |a − b| / max(1, |b|) over the components.
func scaledError(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double {
    var worst = 0.0
    for i in 0..<3 {
        let e = Swift.abs(a[i] - b[i]) / Swift.max(1, Swift.abs(b[i]))
        worst = e.isNaN ? .infinity : Swift.max(worst, e)
    }
    return worst
}
