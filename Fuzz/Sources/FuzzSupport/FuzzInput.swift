/// Structured values drawn from a fuzzer's bytes, front to back (like LLVM's FuzzedDataProvider): every call consumes
/// a few bytes and returns a value of the asked shape; an exhausted input gives zeros, so every input is usable.
public struct FuzzInput {
    public let bytes: [UInt8]
    public private(set) var position = 0

    public init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The bytes libFuzzer passes to `LLVMFuzzerTestOneInput`.
    public static func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
        guard let data, size > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: data, count: size))
    }

    public var isExhausted: Bool { position >= bytes.count }

    public mutating func byte() -> UInt8 {
        guard position < bytes.count else { return 0 }
        defer { position += 1 }
        return bytes[position]
    }

    public mutating func uint16() -> UInt16 { UInt16(byte()) << 8 | UInt16(byte()) }

    public mutating func uint32() -> UInt32 { UInt32(uint16()) << 16 | UInt32(uint16()) }

    public mutating func uint64() -> UInt64 { UInt64(uint32()) << 32 | UInt64(uint32()) }

    public mutating func bool() -> Bool { byte() & 1 == 1 }

    /// An integer in `range` (uniform enough for fuzzing: one to eight bytes, by the range's width).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        let width = UInt64(bitPattern: Int64(range.upperBound &- range.lowerBound))
        if width == 0 { return range.lowerBound }
        let raw: UInt64 = width < 256 ? UInt64(byte()) : width < 65_536 ? UInt64(uint16()) : uint64()
        return range.lowerBound &+ Int(truncatingIfNeeded: width == .max ? raw : raw % (width + 1))
    }

    public mutating func pick<T>(_ items: [T]) -> T { items[int(in: 0...(items.count - 1))] }

    /// A double: often a typical value from `typical`, sometimes an extreme (0, ±∞, NaN, subnormal, huge), sometimes
    /// any bit pattern.
    public mutating func double(typical: ClosedRange<Double> = 0...1) -> Double {
        switch byte() % 8 {
        case 0:
            return pick([
                0, -0.0, 1, -1, .infinity, -.infinity, .nan, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
                -.greatestFiniteMagnitude, 1e-300, 1e300, 0.5, 2,
            ])
        case 1: return Double(bitPattern: uint64())
        default:
            let unit = Double(uint32()) / Double(UInt32.max)
            return typical.lowerBound + (typical.upperBound - typical.lowerBound) * unit
        }
    }

    /// The bytes not consumed yet.
    public mutating func rest() -> [UInt8] {
        defer { position = bytes.count }
        return position < bytes.count ? Array(bytes[position...]) : []
    }
}

/// A small deterministic generator (SplitMix64) for filling buffers from a seed taken from the input.
public struct SplitMix64 {
    public var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
