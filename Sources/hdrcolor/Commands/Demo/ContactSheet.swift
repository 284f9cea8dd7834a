import HDRColor

/// Four same-size RGBA half-float images side by side, two by two, each reduced to half size by averaging 2 × 2
/// pixels in linear light.
enum ContactSheet {
    /// The sheet as RGBA 32-bit float in the panels' colour space; panels in reading order.
    static func make(_ panels: [PixelBuffer]) throws -> PixelBuffer {
        precondition(panels.count == 4 && panels.allSatisfy { $0.format == .rgbaHalf })
        let panelWidth = panels[0].width / 2, panelHeight = panels[0].height / 2
        var sheet = try PixelBuffer(format: .rgbaFloat, width: 2 * panelWidth, height: 2 * panelHeight)
        sheet.withMutableView { destination in
            let output = destination.plane(0)
            for (index, panel) in panels.enumerated() {
                let left = (index % 2) * panelWidth, top = (index / 2) * panelHeight
                panel.withView { source in
                    let input = source.plane(0)
                    for y in 0..<panelHeight {
                        let upper = input.row(2 * y, as: UInt16.self), lower = input.row(2 * y + 1, as: UInt16.self)
                        let row = output.row(top + y, as: Float.self)
                        for x in 0..<panelWidth {
                            for channel in 0..<4 {
                                let a = 8 * x + channel, b = a + 4
                                let sum =
                                    HalfFloat.float(fromBits: upper[a]) + HalfFloat.float(fromBits: upper[b])
                                    + HalfFloat.float(fromBits: lower[a]) + HalfFloat.float(fromBits: lower[b])
                                row[4 * (left + x) + channel] = sum / 4
                            }
                        }
                    }
                }
            }
        }
        return sheet
    }
}
