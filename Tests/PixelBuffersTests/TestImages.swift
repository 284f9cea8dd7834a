import SignalCoding
import TestSupport

@testable import PixelBuffers

/// Helpers that build and fill test images.
enum TestImages {
    /// Every integer format this suite exercises: all FourCC formats plus planar/biplanar layouts at 8 … 16 bits,
    /// both ranges and both alignments, and RGBA at 10 and 12 bits.
    static let integerFormats: [PixelFormat] = {
        var formats = PixelFormat.allWithFourCC.filter { !$0.isFloatingPoint }
        formats += integerFormatsOrErrors.compactMap { try? $0.get() }
        var unique: [PixelFormat] = []
        for f in formats where !unique.contains(f) { unique.append(f) }
        return unique
    }()

    /// The planar/biplanar layouts at 8 … 16 bits, both ranges and both alignments, and RGBA at 10 and 12 bits, or
    /// the error a factory threw (checked by `PixelFormatTests.testFormatsAreValid`, so that a failing factory is a
    /// failed check rather than a crash while the arguments are built).
    static let integerFormatsOrErrors: [Result<PixelFormat, PixelBufferError>] = {
        var formats: [Result<PixelFormat, PixelBufferError>] = []
        for s in PixelFormat.ChromaSubsampling.allCases {
            for bits in [8, 9, 10, 12, 14, 16] {
                for range in SignalRange.allCases {
                    for a in PixelFormat.SampleAlignment.allCases {
                        formats.append(
                            Result { () throws(PixelBufferError) in
                                try .planarYCbCr(s, bitDepth: bits, range: range, alignment: a)
                            })
                        formats.append(
                            Result { () throws(PixelBufferError) in
                                try .biplanarYCbCr(s, bitDepth: bits, range: range, alignment: a)
                            })
                    }
                }
            }
        }
        formats.append(Result { () throws(PixelBufferError) in try .rgba(.rgba, bitDepth: 10, alignment: .high) })
        formats.append(Result { () throws(PixelBufferError) in try .rgba(.bgra, bitDepth: 12) })
        return formats
    }()

    /// Fills the pixels of every integer plane so that each channel sees every code 0 … maxCode when the plane has at
    /// least 2^bits pixels: the channel code of plane pixel `i` is `(i + 7·channel) mod 2^bits`, stored in its
    /// significant bits with the other bits zero.
    static func fillAllCodes(_ view: MutablePixelBufferView) {
        let f = view.format
        for c in 0..<f.channelCount {
            guard let l = f.channel(c) else { continue }
            let plane = view.plane(l.plane)
            let modulus = Int(l.mask) + 1
            var i = 0
            for r in 0..<plane.height {
                let row = plane.row(r).baseAddress!
                for x in 0..<plane.width {
                    let code = UInt32((i + 7 * c) % modulus)
                    let index = x * l.stride + l.offset
                    switch f.bytesPerSample {
                    case 1: row.storeBytes(of: UInt8(code), toByteOffset: index, as: UInt8.self)
                    case 2:
                        row.storeBytes(
                            of: UInt16(code << l.shift).littleEndian, toByteOffset: 2 * index, as: UInt16.self)
                    default:
                        let big = f.layout == .packed10(.rgbx1010102BigEndian)
                        let old = row.load(fromByteOffset: 4 * index, as: UInt32.self)
                        let native = big ? UInt32(bigEndian: old) : UInt32(littleEndian: old)
                        let merged = native & ~(l.mask << l.shift) | code << l.shift
                        row.storeBytes(
                            of: big ? merged.bigEndian : merged.littleEndian, toByteOffset: 4 * index,
                            as: UInt32.self)
                    }
                    i += 1
                }
            }
        }
    }

    /// Fills every byte of every plane (pixels and padding) with random bytes.
    static func fillRandomBytes(_ view: MutablePixelBufferView, seed: UInt64) {
        var g = SplitMix64(state: seed)
        for p in 0..<view.format.planeCount {
            let plane = view.plane(p)
            for r in 0..<plane.height {
                let row = plane.baseAddress + r * plane.bytesPerRow
                for b in 0..<plane.bytesPerRow {
                    row.storeBytes(of: UInt8.random(in: 0...255, using: &g), toByteOffset: b, as: UInt8.self)
                }
            }
        }
    }

    /// The bytes of every plane, row by row, pixels only (or with padding).
    static func bytes(_ view: PixelBufferView, includingPadding: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        for p in 0..<view.format.planeCount {
            let plane = view.plane(p)
            for r in 0..<plane.height {
                let n = includingPadding ? plane.bytesPerRow : plane.rowByteCount
                out += UnsafeRawBufferPointer(start: plane.baseAddress + r * plane.bytesPerRow, count: n)
            }
        }
        return out
    }

    /// Caller-owned memory with a stride larger than the row (`extra` bytes of padding per row), every byte set to
    /// `fill`, and a mutable view over it. The memory lives as long as the returned storage array.
    final class PaddedImage {
        let format: PixelFormat
        let width: Int, height: Int
        let storage: [UnsafeMutableRawBufferPointer]
        let strides: [Int]

        /// The view over the memory, validated when the image is made.
        let view: MutablePixelBufferView

        init(format: PixelFormat, width: Int, height: Int, extra: Int, fill: UInt8) throws {
            self.format = format
            self.width = width
            self.height = height
            var storage: [UnsafeMutableRawBufferPointer] = []
            var strides: [Int] = []
            for p in 0..<format.planeCount {
                let d = format.plane(p)
                let stride = d.rowByteCount(forImageWidth: width) + extra * d.bytesPerSample
                let bytes = UnsafeMutableRawBufferPointer.allocate(
                    byteCount: stride * d.height(forImageHeight: height), alignment: 64)
                bytes.initializeMemory(as: UInt8.self, repeating: fill)
                storage.append(bytes)
                strides.append(stride)
            }
            do {
                view = try MutablePixelBufferView(
                    format: format, width: width, height: height,
                    planes: zip(storage, strides).map { .init(bytes: $0, bytesPerRow: $1) })
            } catch {
                storage.forEach { $0.deallocate() }
                throw error
            }
            self.storage = storage
            self.strides = strides
        }

        deinit { storage.forEach { $0.deallocate() } }
    }
}
