import ColorSpaces
import ColorTags
import Foundation
import PixelBuffers
import PixelConversion
import ToneMapping

extension GainMapJPEG {
    /// Decodes a JPEG: the base image as RGBA 8-bit, or, when it carries a gain map and `rendering` asks for HDR, the
    /// rendition for that headroom as RGBA float in extended linear light of the base's primaries (1.0 = SDR white).
    ///
    /// Metadata: ISO 21496-1 (exact fractions) when present, else XMP hdrgm; when both exist and disagree by more than
    /// 1e-3 a warning is recorded. An unknown ISO minimum_version, missing or invalid metadata, or an unreadable
    /// gain-map image give the base image with a warning (what a conforming reader shows).
    static func decode(
        _ bytes: [UInt8], tagging: ColorTagging, rendering: GainMapRendering, limits: ImageLimits
    ) throws(ImageFileError) -> DecodedImage {
        let base = try JPEGDecoder.decode(bytes[...], grey: false, limits: limits)
        guard let basePixels = base.rgba else { throw .corrupt(path: nil, format: .jpeg, reason: "no pixels") }
        let decision = ColorResolution.decide(tagging.primary)
        let baseEncoding = PixelEncoding(format: .rgba8, colorSpace: decision.colorSpace)
        var image = DecodedImage(
            pixels: basePixels, encoding: baseEncoding, fileType: .jpeg, colorDecision: decision, codedBitDepth: 8,
            xmp: JPEGSegments.xmpPacket(in: bytes), iccProfile: tagging.primary.iccProfiles.first?.value.profile,
            tagging: tagging)
        let index: Int
        let metadata: GainMapMetadata
        let source: GainMapRendition.MetadataSource
        let both: Bool
        var sampleMap: (@Sendable (Float) -> Float)?
        if tagging.gainMap.isPresent {
            guard let found = tagging.gainMap.imageIndex, tagging.images[found].offset != nil else {
                image.warnings.append(
                    "the file declares a gain map but no MPF entry leads to it; showing the base image")
                return image
            }
            let (chosen, chosenSource, hasBoth, warnings) = chooseMetadata(tagging.gainMap)
            image.warnings += warnings
            guard let chosen, let chosenSource else { return image }
            (index, metadata, source, both) = (found, chosen, chosenSource, hasBoth)
        } else if let apple = AppleGainMap.locate(in: bytes, tagging: tagging) {
            let headroom = apple.headroom
            (index, metadata, source, both) = (apple.index, AppleGainMap.metadata(headroom: headroom), .apple, false)
            sampleMap = { AppleGainMap.isoSample($0, headroom: headroom) }
        } else {
            return image
        }
        guard let offset = tagging.images[index].offset else { return image }
        let end = gainMapEnd(tagging: tagging, offset: offset, fileSize: bytes.count)
        let gainBytes = bytes[offset..<end]
        let header: (width: Int, height: Int, components: Int)
        do { header = try JPEGDecoder.header(gainBytes) } catch {
            image.warnings.append("the gain-map image does not decode (\(error)); showing the base image")
            return image
        }
        var rendition = GainMapRendition(
            metadata: metadata, source: source, hasBothMetadata: both, gainMapWidth: header.width,
            gainMapHeight: header.height, channelCount: header.components == 1 ? 1 : 3, displayHeadroom: nil,
            weight: nil)
        let headroom: Double
        switch rendering {
        case .base:
            image.gainMap = rendition
            return image
        case .alternate: headroom = metadata.alternateHeadroomRatio
        case .displayHeadroom(let h):
            guard h >= 1, h.isFinite else { throw .invalidRequest("the display headroom must be ≥ 1, not \(h)") }
            headroom = h
        }
        let gain: JPEGDecoder.Decoded
        do {
            gain = try JPEGDecoder.decode(
                gainBytes, grey: header.components == 1, limits: limits, what: "the gain-map image")
        } catch {
            image.warnings.append("the gain-map image does not decode (\(error)); showing the base image")
            return image
        }
        let linearSpace = ColorResolution.extendedLinear(decision.colorSpace)
        let linearEncoding = PixelEncoding(format: .rgbaFloat, colorSpace: linearSpace)
        var linear = try Conversion.convert(basePixels, from: baseEncoding, to: linearEncoding)
        let planes = try GainPlanes(gain, width: base.width, height: base.height, sampleMap: sampleMap)
        do {
            try linear.withMutableView { (view) throws(GainMapError) in
                try apply(metadata, headroom: headroom, to: view, gain: planes)
            }
        } catch {
            image.warnings.append("the gain map cannot be applied (\(error)); showing the base image")
            return image
        }
        rendition.displayHeadroom = headroom
        rendition.weight = metadata.weight(displayHeadroom: headroom)
        image.pixels = linear
        image.encoding = linearEncoding
        image.gainMap = rendition
        image.colorDecision.detail += "; gain map applied for headroom \(String(format: "%.3g", headroom))×"
        return image
    }

    /// ISO metadata when usable, else XMP; warnings for unknown versions, invalid values and disagreement.
    static func chooseMetadata(_ tags: GainMapTags) -> (
        GainMapMetadata?, GainMapRendition.MetadataSource?, Bool, [String]
    ) {
        var warnings: [String] = []
        let iso = tags.iso?.value
        if let iso, iso.minimumVersion != 0 {
            warnings.append(
                "ISO 21496-1 minimum_version \(iso.minimumVersion) is unknown; showing the base image as the "
                    + "standard requires")
            return (nil, nil, false, warnings)
        }
        let isoMetadata = iso?.metadata
        let xmpMetadata = tags.xmp?.value.metadata
        let both = isoMetadata != nil && xmpMetadata != nil
        if let a = isoMetadata, let b = xmpMetadata, !agree(a, b) {
            warnings.append("ISO 21496-1 and XMP hdrgm gain-map values disagree; using the ISO values")
        }
        let chosen: (GainMapMetadata, GainMapRendition.MetadataSource)? =
            isoMetadata.map { ($0, .iso) } ?? xmpMetadata.map { ($0, .xmp) }
        guard let (metadata, source) = chosen else {
            warnings.append("the gain map has no usable metadata; showing the base image")
            return (nil, nil, both, warnings)
        }
        do { try metadata.validate() } catch {
            warnings.append("the gain-map metadata is invalid (\(error)); showing the base image")
            return (nil, nil, both, warnings)
        }
        return (metadata, source, both, warnings)
    }

    static func agree(_ a: GainMapMetadata, _ b: GainMapMetadata) -> Bool {
        func close(_ x: SIMD3<Double>, _ y: SIMD3<Double>) -> Bool {
            let d = x - y
            return max(abs(d.x), abs(d.y), abs(d.z)) <= 1e-3
        }
        return close(a.gainMapMin, b.gainMapMin) && close(a.gainMapMax, b.gainMapMax) && close(a.gamma, b.gamma)
            && close(a.baseOffset, b.baseOffset) && close(a.alternateOffset, b.alternateOffset)
            && abs(a.baseHeadroom - b.baseHeadroom) <= 1e-3 && abs(a.alternateHeadroom - b.alternateHeadroom) <= 1e-3
    }

    /// The end of the gain-map image: its MPF size when it fits, else the end of the file (lenient for editors
    /// that did not update the index).
    static func gainMapEnd(tagging: ColorTagging, offset: Int, fileSize: Int) -> Int {
        guard let entry = tagging.gainMap.multiPicture?.value.entries.first(where: { $0.fileOffset == offset }) else {
            return fileSize
        }
        let (end, overflow) = offset.addingReportingOverflow(entry.size)
        return overflow || end > fileSize || entry.size <= 0 ? fileSize : end
    }

    /// Applies the gain map over an RGBA float view in place, row by row through `GainMap.apply`.
    static func apply(_ metadata: GainMapMetadata, headroom: Double, to view: MutablePixelBufferView, gain: GainPlanes)
        throws(GainMapError)
    {
        let width = view.width
        var red = [Float](repeating: 0, count: width)
        var green = red
        var blue = red
        var gr = red
        var gg = red
        var gb = red
        let plane = view.plane(0)
        for y in 0..<view.height {
            let row = plane.row(y, as: Float.self)
            for x in 0..<width {
                red[x] = row[4 * x]
                green[x] = row[4 * x + 1]
                blue[x] = row[4 * x + 2]
            }
            gain.sample(row: y, into: &gr, &gg, &gb)
            try red.withUnsafeMutableBufferPointer { (r) throws(GainMapError) in
                try green.withUnsafeMutableBufferPointer { (g) throws(GainMapError) in
                    try blue.withUnsafeMutableBufferPointer { (b) throws(GainMapError) in
                        try gr.withUnsafeBufferPointer { (sr) throws(GainMapError) in
                            try gg.withUnsafeBufferPointer { (sg) throws(GainMapError) in
                                try gb.withUnsafeBufferPointer { (sb) throws(GainMapError) in
                                    try GainMap.apply(
                                        metadata, displayHeadroom: headroom, red: r, green: g, blue: b, gainRed: sr,
                                        gainGreen: sg, gainBlue: sb)
                                }
                            }
                        }
                    }
                }
            }
            for x in 0..<width {
                row[4 * x] = red[x]
                row[4 * x + 1] = green[x]
                row[4 * x + 2] = blue[x]
                row[4 * x + 3] = 1
            }
        }
    }
}

/// A decoded gain-map image as [0, 1] samples, upsampled bilinearly to the base size on demand (pixel centres
/// aligned, edges clamped).
struct GainPlanes {
    let channels: [[Float]]
    let width: Int, height: Int
    let baseWidth: Int, baseHeight: Int

    /// - Parameter sampleMap: A function of each sample (code / 255) applied before upsampling (Apple's gain maps).
    init(
        _ decoded: JPEGDecoder.Decoded, width baseWidth: Int, height baseHeight: Int,
        sampleMap: (@Sendable (Float) -> Float)? = nil
    ) throws(ImageFileError) {
        let width = decoded.width
        let height = decoded.height
        self.width = width
        self.height = height
        self.baseWidth = baseWidth
        self.baseHeight = baseHeight
        if let rgba = decoded.rgba {
            var r = [Float](repeating: 0, count: width * height)
            var g = r
            var b = r
            rgba.withView { view in
                let plane = view.plane(0)
                for y in 0..<height {
                    let row = plane.row(y, as: UInt8.self)
                    for x in 0..<width {
                        r[y * width + x] = Float(row[4 * x]) / 255
                        g[y * width + x] = Float(row[4 * x + 1]) / 255
                        b[y * width + x] = Float(row[4 * x + 2]) / 255
                    }
                }
            }
            channels = sampleMap.map { map in [r.map(map), g.map(map), b.map(map)] } ?? [r, g, b]
        } else {
            // 256 codes: map each once.
            let table = (0..<256).map { sampleMap?(Float($0) / 255) ?? Float($0) / 255 }
            channels = [decoded.grey.map { table[Int($0)] }]
        }
    }

    /// The gain samples of base row `y` for each channel (the same array thrice for a single-channel map).
    func sample(row y: Int, into r: inout [Float], _ g: inout [Float], _ b: inout [Float]) {
        let sy = max(0, min(Double(height - 1), (Double(y) + 0.5) * Double(height) / Double(baseHeight) - 0.5))
        let y0 = Int(sy)
        let y1 = min(y0 + 1, height - 1)
        let fy = Float(sy - Double(y0))
        let scaleX = Double(width) / Double(baseWidth)
        for (c, channel) in channels.enumerated() {
            for x in 0..<baseWidth {
                let sx = max(0, min(Double(width - 1), (Double(x) + 0.5) * scaleX - 0.5))
                let x0 = Int(sx)
                let x1 = min(x0 + 1, width - 1)
                let fx = Float(sx - Double(x0))
                let top = channel[y0 * width + x0] * (1 - fx) + channel[y0 * width + x1] * fx
                let bottom = channel[y1 * width + x0] * (1 - fx) + channel[y1 * width + x1] * fx
                let value = top * (1 - fy) + bottom * fy
                switch c {
                case 0: r[x] = value
                case 1: g[x] = value
                default: b[x] = value
                }
            }
        }
        if channels.count == 1 {
            g = r
            b = r
        }
    }
}
