/// The payload of a `grid` derived image item (ISO/IEC 23008-12 §6.6.2.3): `rows × columns` input images (the grid
/// item's `dimg` references, row-major) of one size, placed edge to edge on a canvas and cropped to the output size.
package struct ImageGrid: Hashable, Sendable {
    /// `rows_minus_one + 1`, `columns_minus_one + 1` (1 … 256 each).
    package var rows: Int, columns: Int
    /// `output_width`, `output_height`: the reconstructed image's size in pixels.
    package var outputWidth: Int, outputHeight: Int

    /// The number of input images, `rows × columns`.
    package var tileCount: Int { rows * columns }

    /// Parses the payload: `version` (0), `flags` (bit 0: 32-bit output sizes, else 16-bit), `rows_minus_one`,
    /// `columns_minus_one`, `output_width`, `output_height`.
    package init(payload: [UInt8]) throws(SyntaxError) {
        var reader = ByteReader(payload[...], what: "the grid item's payload")
        let version = try reader.u8()
        guard version == 0 else { throw SyntaxError("grid version \(version); only 0 is defined") }
        let flags = try reader.u8()
        rows = Int(try reader.u8()) + 1
        columns = Int(try reader.u8()) + 1
        if flags & 1 != 0 {
            outputWidth = Int(try reader.u32())
            outputHeight = Int(try reader.u32())
        } else {
            outputWidth = Int(try reader.u16())
            outputHeight = Int(try reader.u16())
        }
        guard outputWidth > 0, outputHeight > 0 else {
            throw SyntaxError("the grid's output size is \(outputWidth)×\(outputHeight)")
        }
    }

    /// Checks that tiles of `tileWidth` × `tileHeight` cover the canvas (§6.6.2.3.1: `tile_width × columns ≥
    /// output_width`, likewise for heights) and that no row or column lies wholly outside it (MIAF §7.3.11.4.2, as
    /// libavif checks), so that no decoded tile is wasted.
    package func checkTiles(width tileWidth: Int, height tileHeight: Int) throws(SyntaxError) {
        let (coverWidth, o1) = tileWidth.multipliedReportingOverflow(by: columns)
        let (coverHeight, o2) = tileHeight.multipliedReportingOverflow(by: rows)
        guard !o1, !o2, coverWidth >= outputWidth, coverHeight >= outputHeight else {
            throw SyntaxError(
                "\(columns)×\(rows) tiles of \(tileWidth)×\(tileHeight) do not cover the \(outputWidth)×\(outputHeight) "
                    + "grid")
        }
        guard coverWidth - tileWidth < outputWidth, coverHeight - tileHeight < outputHeight else {
            throw SyntaxError(
                "\(columns)×\(rows) tiles of \(tileWidth)×\(tileHeight) leave a whole row or column outside the "
                    + "\(outputWidth)×\(outputHeight) grid")
        }
    }
}
