import PixelBuffers
public import VideoFiles

extension LinearFrame {
    /// The frame as a player shows it under `matrix`, a movie's display matrix (ISO/IEC 14496-12 `tkhd`): a stored
    /// pixel (x, y), y down, is shown at (a·x + c·y, b·x + d·y), moved back into the picture. The matrix is taken to
    /// the nearest quarter turn, mirrored where it mirrors (as FFmpeg's players turn pictures); a −90° matrix (an
    /// upright phone) turns the picture a quarter clockwise. The identity and a matrix of zeros leave it as it is.
    public func displayed(under matrix: DisplayMatrix) -> LinearFrame {
        let (a, b, c, d) = Self.quarterTurn(matrix)
        guard (a, b, c, d) != (1, 0, 0, 1) else { return self }
        let (width, height) = (self.width, self.height)
        let (outputWidth, outputHeight) = a == 0 ? (height, width) : (width, height)
        // Moves the turned corners back to (0, 0).
        let dx = -(min(0, a * (width - 1)) + min(0, c * (height - 1)))
        let dy = -(min(0, b * (width - 1)) + min(0, d * (height - 1)))
        var output = try! PixelBuffer(format: .rgbaFloat, width: outputWidth, height: outputHeight)  // same pixels
        pixels.withView { source in
            output.withMutableView { target in
                let input = source.plane(0), out = target.plane(0)
                for y in 0..<height {
                    let row = input.row(y, as: Float.self)
                    for x in 0..<width {
                        let turned = out.row(b * x + d * y + dy, as: Float.self)
                        let o = 4 * (a * x + c * y + dx)
                        for channel in 0..<4 { turned[o + channel] = row[4 * x + channel] }
                    }
                }
            }
        }
        return try! LinearFrame(pixels: output, referenceWhite: referenceWhite)  // RGBA float, a valid white
    }

    /// The signed permutation (a, b, c, d), each −1, 0 or 1, nearest to the matrix's 2×2 part: of the eight
    /// quarter turns and mirror images, the one with the largest dot product with it.
    static func quarterTurn(_ matrix: DisplayMatrix) -> (Int, Int, Int, Int) {
        let m = [0, 1, 3, 4].map { Double(matrix.coefficients[$0]) }
        var candidates: [(Int, Int, Int, Int)] = []
        for s in [1, -1] {
            for t in [1, -1] { candidates += [(s, 0, 0, t), (0, s, t, 0)] }
        }
        let score = { (q: (Int, Int, Int, Int)) in
            m[0] * Double(q.0) + m[1] * Double(q.1) + m[2] * Double(q.2) + m[3] * Double(q.3)
        }
        guard m.contains(where: { $0 != 0 }) else { return (1, 0, 0, 1) }
        return candidates.max { score($0) < score($1) }!
    }
}
