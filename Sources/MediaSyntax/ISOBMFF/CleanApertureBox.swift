/// `clap` (ISO/IEC 14496-12 §12.1.4, used by ISO/IEC 23008-12 §6.5.9): a clean aperture given as fractions, its
/// centre as an offset from the image centre.
package struct CleanApertureBox: Hashable, Sendable {
    /// `cleanApertureWidthN/D`, `cleanApertureHeightN/D` (read as signed 32-bit, as libavif does, so that values
    /// above 2³¹ are rejected as negative).
    package var widthN: Int64, widthD: Int64, heightN: Int64, heightD: Int64
    /// `horizOffN/D`, `vertOffN/D`: the aperture centre minus the image centre, in pixels.
    package var horizontalOffsetN: Int64, horizontalOffsetD: Int64, verticalOffsetN: Int64, verticalOffsetD: Int64

    /// The crop rectangle in pixels of the image (top-left origin, x to the right, y down).
    package struct Rectangle: Hashable, Sendable {
        package var x: Int, y: Int, width: Int, height: Int

        package init(x: Int, y: Int, width: Int, height: Int) {
            (self.x, self.y, self.width, self.height) = (x, y, width, height)
        }
    }

    package init(payload: ArraySlice<UInt8>) throws(SyntaxError) {
        var reader = ByteReader(payload, what: "'clap' property")
        var values: [Int64] = []
        for _ in 0..<8 { values.append(Int64(try reader.i32())) }
        (widthN, widthD, heightN, heightD) = (values[0], values[1], values[2], values[3])
        (horizontalOffsetN, horizontalOffsetD) = (values[4], values[5])
        (verticalOffsetN, verticalOffsetD) = (values[6], values[7])
    }

    /// The crop rectangle of an image of `imageWidth` × `imageHeight`, computed as libavif's
    /// `avifCropRectConvertCleanApertureBox` does: every denominator positive, width and height non-negative integers,
    /// the left and top edges `(imageWidth − width)/2 + horizOff` and `(imageHeight − height)/2 + vertOff` integers,
    /// and the rectangle inside the image. Chroma parity is the caller's concern (MIAF requires even edges for
    /// subsampled chroma; the item decoder replicates chroma to 4:4:4 instead of rejecting).
    ///
    /// - Throws: ``SyntaxError`` naming the first rule broken. All arithmetic is in `Int64` with overflow checks.
    package func cropRectangle(imageWidth: Int, imageHeight: Int) throws(SyntaxError) -> Rectangle {
        guard widthD > 0, heightD > 0, horizontalOffsetD > 0, verticalOffsetD > 0 else {
            throw SyntaxError("'clap' has a denominator that is not positive")
        }
        guard widthN >= 0, heightN >= 0 else { throw SyntaxError("'clap' width or height is negative") }
        guard widthN % widthD == 0 else { throw SyntaxError("'clap' width \(widthN)/\(widthD) is not an integer") }
        guard heightN % heightD == 0 else {
            throw SyntaxError("'clap' height \(heightN)/\(heightD) is not an integer")
        }
        let width = widthN / widthD
        let height = heightN / heightD
        guard width > 0, height > 0 else { throw SyntaxError("'clap' clean aperture is empty (\(width)×\(height))") }
        let x = try Self.edge(
            image: Int64(imageWidth), size: width, offsetN: horizontalOffsetN, offsetD: horizontalOffsetD, axis: "X")
        let y = try Self.edge(
            image: Int64(imageHeight), size: height, offsetN: verticalOffsetN, offsetD: verticalOffsetD, axis: "Y")
        guard x >= 0, y >= 0, width <= Int64(imageWidth) - x, height <= Int64(imageHeight) - y else {
            throw SyntaxError(
                "'clap' crop rectangle x \(x), y \(y), \(width)×\(height) lies outside the \(imageWidth)×\(imageHeight) "
                    + "image")
        }
        return Rectangle(x: Int(x), y: Int(y), width: Int(width), height: Int(height))
    }

    /// `image/2 + offsetN/offsetD − size/2` = `(image·D + 2·offsetN − size·D) / (2·D)`, required to be an integer.
    private static func edge(image: Int64, size: Int64, offsetN: Int64, offsetD: Int64, axis: String)
        throws(SyntaxError) -> Int64
    {
        let (a, o1) = image.multipliedReportingOverflow(by: offsetD)
        let (b, o2) = size.multipliedReportingOverflow(by: offsetD)
        let (twiceOffset, o3) = offsetN.multipliedReportingOverflow(by: 2)
        let (sum, o4) = a.addingReportingOverflow(twiceOffset)
        let (numerator, o5) = sum.subtractingReportingOverflow(b)
        let (denominator, o6) = offsetD.multipliedReportingOverflow(by: 2)
        guard !(o1 || o2 || o3 || o4 || o5 || o6) else {
            throw SyntaxError("'clap' crop \(axis) offset overflows")
        }
        guard numerator % denominator == 0 else {
            throw SyntaxError("'clap' crop \(axis) offset \(numerator)/\(denominator) is not an integer")
        }
        return numerator / denominator
    }
}
