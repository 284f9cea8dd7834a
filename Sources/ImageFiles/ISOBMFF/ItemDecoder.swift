import ColorTags
import PixelBuffers
import MediaSyntax

/// HDRColor's own HEIF/AVIF item decoder, for files libheif 1.15 and libavif 0.11 cannot open (an `auxl` reference
/// with several targets, grids of small tiles) and for items they do not expose (gain maps: the second input of a
/// `tmap`, Apple's `urn:com:apple:photo:2020:aux:hdrgainmap` image).
///
/// It finds and assembles items itself from the tag reader's ``ISOBMFFItemGraph`` (`iloc`, `grid`, `iden`, `ispe`,
/// `hvcC`/`av1C`, `clap`, `irot`, `imir`) and hands only coded bitstreams to the codec libraries: libde265 for
/// `hvc1`/`hev1` items, dav1d for `av01` items. Output is planar Y′CbCr at the coded depth (``DecodedItem``).
///
/// Hostile input throws ``ImageFileError`` and never traps: item data is read with checked ranges, sizes are checked
/// against ``ImageLimits`` before anything is allocated (grid canvases included), derivations are at most
/// ``maximumDepth`` deep and may not refer back to themselves, and one ``decode(_:)`` decodes at most
/// ``maximumCodedItemCount`` coded items (grid tiles).
struct ItemDecoder {
    /// The file's bytes.
    let bytes: [UInt8]
    /// The file's item graph (`ColorTagging.itemGraph`).
    let graph: ISOBMFFItemGraph
    /// The caps on image and canvas sizes.
    let limits: ImageLimits
    /// The most coded items (tiles) one ``decode(_:)`` decodes; 48-Mpix iPhone photos have 192 tiles.
    var maximumCodedItemCount = 4096
    /// The longest chain of derived items (`grid` → `iden` → … → coded item).
    var maximumDepth = 8

    /// Properties the decoder applies or may ignore without changing the pixels it returns; any other property
    /// marked essential makes an item undecodable (ISO/IEC 23008-12 §9.3.1).
    static let understoodProperties = Set(
        [
            BoxType.ispe, .pixi, .colr, .hvcC, .av1C, .a1op, .a1lx, .lsel, .clap, .irot, .imir, .auxC, .pasp, .clli,
            .mdcv, .cclv, .amve,
        ].map(\.rawValue))

    init(bytes: [UInt8], graph: ISOBMFFItemGraph, limits: ImageLimits) {
        self.bytes = bytes
        self.graph = graph
        self.limits = limits
    }

    /// The file type errors are reported as: AVIF when the primary item is AV1-coded (or derived from one), else HEIF.
    var fileType: MediaFileFormat {
        var id = graph.primaryID
        for _ in 0..<maximumDepth {
            guard let item = graph.items[id] else { break }
            if item.type == ItemType.av01 { return .avif }
            guard let input = graph.references(.dimg, from: id).first else { break }
            id = input
        }
        return .heif
    }

    /// Decodes item `id` (a coded `hvc1`/`hev1`/`av01` item, a `grid` or an `iden`) and applies its transformative
    /// properties in `ipma` order.
    ///
    /// - Throws: ``ImageFileError/corrupt(path:format:reason:)`` for damaged items,
    ///   ``ImageFileError/unsupportedContent(path:format:reason:)`` for item types and essential properties it does
    ///   not implement, ``ImageFileError/limitExceeded(path:what:limit:)`` beyond ``limits`` or the tile and depth
    ///   bounds.
    func decode(_ id: UInt32) throws(ImageFileError) -> DecodedItem {
        var budget = maximumCodedItemCount
        return try decode(id, chain: [], budget: &budget)
    }

    func decode(_ id: UInt32, chain: [UInt32], budget: inout Int) throws(ImageFileError) -> DecodedItem {
        guard !chain.contains(id) else {
            throw corrupt(
                "item \(id) is its own input (dimg chain \((chain + [id]).map(String.init).joined(separator: " → ")))")
        }
        guard chain.count < maximumDepth else {
            throw .limitExceeded(path: nil, what: "the derivation depth of item \(id)", limit: maximumDepth)
        }
        guard let item = graph.items[id] else { throw corrupt("item \(id) does not exist (no 'infe' entry)") }
        try checkEssentialProperties(of: item)
        if let extents = try property(.ispe, of: id, parse: ImageSpatialExtents.init) {
            try limits.check(width: extents.width, height: extents.height, what: "item \(id)'s 'ispe' size")
        }
        var decoded: DecodedItem
        switch ItemType(rawValue: item.type) {
        case .hvc1, .hev1, .av01:
            guard budget > 0 else {
                throw .limitExceeded(
                    path: nil, what: "the number of coded items (tiles) to decode", limit: maximumCodedItemCount)
            }
            budget -= 1
            decoded = try decodeCoded(item)
        case .grid:
            decoded = try decodeGrid(item, chain: chain + [id], budget: &budget)
        case .iden:
            let inputs = graph.references(.dimg, from: id)
            guard inputs.count == 1 else {
                throw corrupt("the 'iden' item \(id) has \(inputs.count) 'dimg' inputs; it needs exactly 1")
            }
            decoded = try decode(inputs[0], chain: chain + [id], budget: &budget)
        default:
            throw .unsupportedContent(
                path: nil, format: fileType, reason: "image items of type '\(item.type)' (item \(id))")
        }
        return try applyTransforms(of: item, to: decoded)
    }

    // MARK: Coded items

    private func decodeCoded(_ item: ISOBMFFItemGraph.Item) throws(ImageFileError) -> DecodedItem {
        let data: [UInt8]
        do { data = try graph.data(of: item.id, in: bytes, maximumSize: bytes.count) } catch {
            throw corrupt("\(error)")
        }
        guard !data.isEmpty else { throw corrupt("item \(item.id) has no data") }
        if item.type == ItemType.av01 {
            guard let configuration = try property(.av1C, of: item.id, parse: AV1Configuration.init) else {
                throw corrupt("the AV1 item \(item.id) has no 'av1C' property")
            }
            guard configuration.version == 1 else {
                throw corrupt("item \(item.id): 'av1C' version \(configuration.version); version 1 is the one defined")
            }
            let point = try property(.a1op, of: item.id, parse: AV1OperatingPoint.init)?.index ?? 0
            let layer = try property(.lsel, of: item.id, parse: LayerSelector.init)?.layer
            return try AV1BitstreamDecoder.decode(
                data, configuration: configuration, operatingPoint: point, spatialLayer: layer, item: item.id,
                limits: limits)
        }
        guard let configuration = try property(.hvcC, of: item.id, parse: HEVCConfiguration.init) else {
            throw corrupt("the HEVC item \(item.id) has no 'hvcC' property")
        }
        guard configuration.lengthSize != 3 else {
            throw corrupt("item \(item.id): 'hvcC' lengthSizeMinusOne is 2; ISO/IEC 14496-15 allows 0, 1 and 3")
        }
        guard !configuration.arraysTruncated else {
            throw corrupt("item \(item.id): a NAL unit of the 'hvcC' arrays runs past the end of the property")
        }
        if let layer = try property(.lsel, of: item.id, parse: LayerSelector.init)?.layer, layer != 0 {
            throw .unsupportedContent(
                path: nil, format: fileType, reason: "layer \(layer) of the layered HEVC item \(item.id) ('lsel')")
        }
        return try HEVCBitstreamDecoder.decode(data, configuration: configuration, item: item.id, limits: limits)
    }

    // MARK: Properties

    /// Throws for an essential property outside ``understoodProperties`` or an association to a missing property.
    private func checkEssentialProperties(of item: ISOBMFFItemGraph.Item) throws(ImageFileError) {
        for index in item.properties where item.essentialProperties.contains(index) {
            guard index >= 1, index <= graph.properties.count else {
                throw corrupt("item \(item.id) names essential property \(index), which 'ipco' does not hold")
            }
            let type = graph.properties[index - 1].type
            guard Self.understoodProperties.contains(type) else {
                throw .unsupportedContent(
                    path: nil, format: fileType,
                    reason: "the essential property '\(type)' of item \(item.id), which HDRColor's item decoder does "
                        + "not implement")
            }
        }
    }

    /// The first property of `type` associated with `id`, parsed; `nil` when there is none.
    func property<T>(_ type: BoxType, of id: UInt32, parse: (ArraySlice<UInt8>) throws(SyntaxError) -> T)
        throws(ImageFileError) -> T?
    {
        guard let property = graph.property(type, of: id) else { return nil }
        let payload = try payload(of: property, item: id)
        do { return try parse(payload) } catch { throw corrupt("item \(id): \(error.message)") }
    }

    /// A property's payload bytes, checked against the file.
    func payload(of property: ISOBMFFItemGraph.Property, item: UInt32) throws(ImageFileError) -> ArraySlice<UInt8> {
        let range = property.payload
        guard range.lowerBound >= 0, range.upperBound <= bytes.count else {
            throw corrupt("item \(item)'s '\(property.type)' property lies outside the file")
        }
        return bytes[range]
    }

    // MARK: Transforms

    /// Applies the item's `clap`, `irot` and `imir` in `ipma` order (ISO/IEC 23008-12 §6.5.1; MIAF requires the order
    /// clap, irot, imir, which is what a conforming file lists).
    private func applyTransforms(of item: ISOBMFFItemGraph.Item, to input: DecodedItem) throws(ImageFileError)
        -> DecodedItem
    {
        var decoded = input
        for index in item.properties where index >= 1 && index <= graph.properties.count {
            let property = graph.properties[index - 1]
            let payload = try payload(of: property, item: item.id)
            let transform: PlanarTransform
            do {
                switch BoxType(rawValue: property.type) {
                case .clap:
                    let box = try CleanApertureBox(payload: payload)
                    let r = try box.cropRectangle(imageWidth: decoded.width, imageHeight: decoded.height)
                    transform = .crop(x: r.x, y: r.y, width: r.width, height: r.height)
                case .irot:
                    let turns = try ImageRotation(payload: payload).quarterTurns
                    guard turns != 0 else { continue }
                    transform = .rotate(quarterTurns: turns)
                case .imir:
                    transform = .mirror(leftRight: try ImageMirror(payload: payload).exchangesLeftAndRight)
                default:
                    continue
                }
            } catch { throw corrupt("item \(item.id): \(error.message)") }
            decoded = try decoded.applying(transform)
        }
        return decoded
    }

    func corrupt(_ reason: String) -> ImageFileError {
        .corrupt(path: nil, format: fileType, reason: reason)
    }
}
