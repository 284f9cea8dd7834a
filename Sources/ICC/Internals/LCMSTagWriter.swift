internal import CLittleCMS
import ColorSpaces
import Foundation

/// Writes Swift values as tags of a profile under construction (`cmsWriteTag`); LittleCMS picks the tag type for the
/// profile's version, so the version must be set first.
struct LCMSTagWriter {
    let profile: LCMSProfile

    private func write(_ tag: ICCSignature, _ data: UnsafeRawPointer?) throws(ICCError) {
        guard cmsWriteTag(profile.handle, cmsTagSignature(rawValue: tag.rawValue), data) != 0 else {
            throw profile.context.failure("write the '\(tag)' tag")
        }
    }

    func text(_ text: String, tag: ICCSignature) throws(ICCError) {
        guard let mlu = cmsMLUalloc(profile.context.handle, 1) else { throw profile.context.failure("allocate text") }
        defer { cmsMLUfree(mlu) }
        var wide = text.unicodeScalars.map { wchar_t(bitPattern: $0.value) } + [0]
        guard cmsMLUsetWide(mlu, "en", "US", &wide) != 0 else { throw profile.context.failure("store text") }
        try write(tag, UnsafeRawPointer(mlu))
    }

    func xyz(_ value: SIMD3<Double>, tag: ICCSignature) throws(ICCError) {
        var xyz = cmsCIEXYZ(X: value.x, Y: value.y, Z: value.z)
        try write(tag, &xyz)
    }

    func matrix(_ matrix: Matrix3x3, tag: ICCSignature) throws(ICCError) {
        let values = matrix.rowMajorElements
        guard
            values.withUnsafeBytes({
                cmsWriteTag(profile.handle, cmsTagSignature(rawValue: tag.rawValue), $0.baseAddress)
            }) != 0
        else { throw profile.context.failure("write the '\(tag)' tag") }
    }

    /// Writes `rTRC`, `gTRC`, `bTRC`, linking a channel to an earlier one with the same curve (`cmsLinkTag`).
    func toneCurves(_ curves: ICCToneCurves) throws(ICCError) {
        let channels: [(ICCSignature, ICCToneCurve)] = [
            (.redToneCurveTag, curves.red), (.greenToneCurveTag, curves.green), (.blueToneCurveTag, curves.blue),
        ]
        for (index, (tag, curve)) in channels.enumerated() {
            if let earlier = channels[..<index].first(where: { $0.1 == curve }) {
                let linked = cmsLinkTag(
                    profile.handle, cmsTagSignature(rawValue: tag.rawValue),
                    cmsTagSignature(rawValue: earlier.0.rawValue))
                guard linked != 0 else { throw profile.context.failure("link the '\(tag)' tag") }
                continue
            }
            let built = try Self.build(curve, in: profile.context)
            defer { cmsFreeToneCurve(built) }
            try write(tag, UnsafeRawPointer(built))
        }
    }

    /// A LittleCMS tone curve for `curve` (caller frees it).
    static func build(_ curve: ICCToneCurve, in context: LCMSContext) throws(ICCError) -> OpaquePointer {
        let built: OpaquePointer?
        switch curve {
        case .parametric(let parametric):
            var parameters = parametric.parameters + Array(repeating: 0, count: 10 - parametric.parameters.count)
            built = cmsBuildParametricToneCurve(context.handle, Int32(parametric.functionType + 1), &parameters)
        case .sampled(let table):
            built = cmsBuildTabulatedToneCurve16(context.handle, cmsUInt32Number(table.count), table)
        }
        guard let built else { throw context.failure("build a tone curve") }
        return built
    }
}
