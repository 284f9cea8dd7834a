import ColorSpaces
import Foundation
import PixelBuffers
import PixelConversion
import ToneMapping

extension DecodedImage {
    /// Renders `gainMap` over the base pixels for `rendering` (ISO 21496-1): the weight for the target headroom
    /// decides how much of the gain applies, none at or below the base rendition's headroom and all at or above the
    /// alternate's. A weight of 0 keeps the base as decoded (it *is* that rendition); any other weight gives RGBA float
    /// in extended linear light (1.0 = SDR white) in the primaries the gains apply in. A gain map that cannot be
    /// applied leaves the base with a warning, as a conforming reader shows it. With a `backend`, the gain map is
    /// applied there.
    ///
    /// - Throws: ``ImageFileError/invalidRequest(_:)`` for a display headroom below 1 or not finite;
    ///   ``ImageFileError/conversion(_:)`` when the backend cannot render it.
    mutating func render(
        _ gainMap: FileGainMap, for rendering: GainMapRendering, backend: (any PixelConversionBackend)? = nil
    ) throws(ImageFileError) {
        var rendition = gainMap.rendition
        let metadata = gainMap.metadata
        let headroom: Double
        switch rendering {
        case .base:
            self.gainMap = rendition
            pendingGainMap = gainMap
            return
        case .alternate: headroom = metadata.alternateHeadroomRatio
        case .displayHeadroom(let h):
            guard h >= 1, h.isFinite else { throw .invalidRequest("the display headroom must be ≥ 1, not \(h)") }
            headroom = h
        }
        let weight = metadata.weight(displayHeadroom: headroom)
        rendition.displayHeadroom = headroom
        rendition.weight = weight
        guard weight != 0 else {
            self.gainMap = rendition
            colorDecision.detail += "; gain map weight 0 for headroom \(headroom.significant(3))×: the base"
            return
        }
        let primaries = gainMap.workingPrimaries ?? encoding.colorSpace.primaries
        let space = ColorResolution.extendedLinear(
            ColorSpace(name: primaries.name, primaries: primaries, transferFunction: .linear))
        let target = PixelEncoding(format: .rgbaFloat, colorSpace: space)
        var output = try Conversion.buffer(.rgbaFloat, width: width, height: height)
        var options = PixelConverter.Options()
        options.backend = backend
        do throws(PixelConversionError) {
            try pixels.withView { (base) throws(PixelConversionError) in
                try gainMap.samples.withView { (gains) throws(PixelConversionError) in
                    try output.withMutableView { (destination) throws(PixelConversionError) in
                        try GainMap.apply(
                            metadata, displayHeadroom: headroom, to: base, encoding: encoding, gainMap: gains,
                            into: destination, encoding: target, workingPrimaries: gainMap.workingPrimaries,
                            options: options)
                    }
                }
            }
        } catch {
            if case .backend(let message) = error { throw .conversion(message) }
            warnings.append("the gain map cannot be applied (\(error)); showing the base image")
            self.gainMap = gainMap.rendition
            return
        }
        pixels = output
        encoding = target
        self.gainMap = rendition
        colorDecision.detail +=
            "; gain map applied for headroom \(headroom.significant(3))× (weight "
            + "\(weight.significant(3)))\(backend.map { " on \($0.name)" } ?? "")"
    }
}
