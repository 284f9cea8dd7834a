import ColorTags
import PixelBuffers
import MediaSyntax

extension ItemDecoder {
    /// Decodes a `grid` item (ISO/IEC 23008-12 §6.6.2.3): its `dimg` inputs, row-major, each decoded (with its own
    /// transforms) and pasted at (column × tile width, row × tile height) onto a canvas of the grid's output size,
    /// which crops the right and bottom tiles.
    ///
    /// The canvas size is checked against ``ImageLimits`` and the tile count against the remaining budget before any
    /// tile is decoded; every tile must have the first one's size, bit depth, chroma format and range. When tiles of
    /// subsampled chroma have an odd width (or height) and sit side by side (or stacked), their chroma blocks would
    /// straddle tile edges, so every tile is replicated to 4:4:4 first (MIAF forbids such grids; this keeps them exact).
    func decodeGrid(_ item: ISOBMFFItemGraph.Item, chain: [UInt32], budget: inout Int) throws(ImageFileError)
        -> DecodedItem
    {
        let payload: [UInt8]
        do { payload = try graph.data(of: item.id, in: bytes, maximumSize: 64) } catch {
            throw corrupt("grid item \(item.id): \(error)")
        }
        let grid: ImageGrid
        do { grid = try ImageGrid(payload: payload) } catch { throw corrupt("grid item \(item.id): \(error.message)") }
        try limits.check(
            width: grid.outputWidth, height: grid.outputHeight, what: "grid item \(item.id)'s output size")
        let tiles = graph.references(.dimg, from: item.id)
        guard tiles.count == grid.tileCount else {
            throw corrupt(
                "grid item \(item.id) is \(grid.columns)×\(grid.rows) tiles but has \(tiles.count) 'dimg' inputs")
        }
        guard grid.tileCount <= budget else {
            throw .limitExceeded(
                path: nil, what: "the \(grid.tileCount) tiles of grid item \(item.id)", limit: maximumCodedItemCount)
        }
        var canvas: DecodedItem?
        var first: DecodedItem?
        var replicateChroma = false
        for (index, id) in tiles.enumerated() {
            var tile = try decode(id, chain: chain, budget: &budget)
            if let first {
                guard tile.width == first.width, tile.height == first.height, tile.bitDepth == first.bitDepth,
                    tile.subsampling == first.subsampling, tile.isMonochrome == first.isMonochrome,
                    tile.range == first.range
                else {
                    throw corrupt(
                        "grid item \(item.id): tile \(index) (item \(id)) is \(describe(tile)), tile 0 is "
                            + describe(first))
                }
            } else {
                do { try grid.checkTiles(width: tile.width, height: tile.height) } catch {
                    throw corrupt("grid item \(item.id): \(error.message)")
                }
                let sub = tile.subsampling
                replicateChroma =
                    !tile.isMonochrome
                    && ((grid.columns > 1 && tile.width % sub.horizontalFactor != 0)
                        || (grid.rows > 1 && tile.height % sub.verticalFactor != 0))
                first = tile
                var template = replicateChroma ? try tile.withFullChroma() : tile
                template.pixels = try Conversion.buffer(
                    template.pixels.format, width: grid.outputWidth, height: grid.outputHeight)
                canvas = template
            }
            if replicateChroma { tile = try tile.withFullChroma() }
            let (row, column) = index.quotientAndRemainder(dividingBy: grid.columns)
            guard var target = canvas else { continue }
            try paste(tile, into: &target, x: column * tile.width, y: row * tile.height)
            canvas = target
        }
        guard let canvas else { throw corrupt("grid item \(item.id) has no tiles") }
        return canvas
    }

    /// Copies `tile` into `canvas` with its top-left luma sample at (x, y), clipped to the canvas; (x, y) are
    /// multiples of the chroma block size (the caller replicates chroma otherwise).
    private func paste(_ tile: DecodedItem, into canvas: inout DecodedItem, x: Int, y: Int) throws(ImageFileError) {
        let sub = canvas.subsampling
        try tile.pixels.withView { (source) throws(ImageFileError) in
            try canvas.pixels.withMutableView { (target) throws(ImageFileError) in
                for p in 0..<3 {
                    let (h, v) = p == 0 ? (1, 1) : (sub.horizontalFactor, sub.verticalFactor)
                    let from = source.plane(p)
                    let to = target.plane(p)
                    let (dx, dy) = (x / h, y / v)
                    guard dx < to.width, dy < to.height else { continue }
                    let columns = min(from.width, to.width - dx)
                    let rows = min(from.height, to.height - dy)
                    let bytes = to.layout.bytesPerSample
                    guard from.layout.bytesPerSample == bytes else {
                        throw corrupt("a grid tile's sample size differs from the canvas's (internal error)")
                    }
                    for row in 0..<rows {
                        let source = from.row(row)
                        UnsafeMutableRawBufferPointer(rebasing: to.row(dy + row)[(dx * bytes)...])
                            .copyMemory(from: UnsafeRawBufferPointer(rebasing: source[..<(columns * bytes)]))
                    }
                }
            }
        }
    }

    private func describe(_ item: DecodedItem) -> String {
        let chroma = item.isMonochrome ? "monochrome" : "\(item.subsampling)"
        return "\(item.width)×\(item.height) \(item.bitDepth)-bit \(chroma) \(item.range)"
    }
}
