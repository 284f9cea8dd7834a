extension TransferFunction {
    /// Decodes signals to linear light in place, exactly as `toLinear(_:outOfRange:)` does per element (`Double`
    /// evaluation, one rounding), for `Float`, `Double` or any other `BinaryFloatingPoint` buffer. For a faster `Float`
    /// approximation see ``LookupTable``.
    @inlinable
    public func toLinear<T: BinaryFloatingPoint>(
        _ values: UnsafeMutableBufferPointer<T>,
        outOfRange: OutOfRangeBehavior = .extended
    ) {
        toLinear(UnsafeBufferPointer(values), into: values, outOfRange: outOfRange)
    }

    /// Decodes `source` signals into `destination` as linear light, element by element. Converts
    /// `min(source.count, destination.count)` elements and leaves the rest of `destination` untouched; the buffers may
    /// be the same memory.
    @inlinable
    public func toLinear<T: BinaryFloatingPoint>(
        _ source: UnsafeBufferPointer<T>,
        into destination: UnsafeMutableBufferPointer<T>,
        outOfRange: OutOfRangeBehavior = .extended
    ) {
        map(source, into: destination, decoding: true, outOfRange)
    }

    /// Encodes linear light to signals in place, exactly as `fromLinear(_:outOfRange:)` does per element.
    @inlinable
    public func fromLinear<T: BinaryFloatingPoint>(
        _ values: UnsafeMutableBufferPointer<T>,
        outOfRange: OutOfRangeBehavior = .extended
    ) {
        fromLinear(UnsafeBufferPointer(values), into: values, outOfRange: outOfRange)
    }

    /// Encodes `source` linear light into `destination` signals, element by element. Converts
    /// `min(source.count, destination.count)` elements and leaves the rest of `destination` untouched; the buffers may
    /// be the same memory.
    @inlinable
    public func fromLinear<T: BinaryFloatingPoint>(
        _ source: UnsafeBufferPointer<T>,
        into destination: UnsafeMutableBufferPointer<T>,
        outOfRange: OutOfRangeBehavior = .extended
    ) {
        map(source, into: destination, decoding: false, outOfRange)
    }

    @inlinable
    func map<T: BinaryFloatingPoint>(
        _ source: UnsafeBufferPointer<T>,
        into destination: UnsafeMutableBufferPointer<T>,
        decoding: Bool,
        _ outOfRange: OutOfRangeBehavior
    ) {
        let count = Swift.min(source.count, destination.count)
        guard count > 0, let input = source.baseAddress, let output = destination.baseAddress else { return }
        for i in 0..<count {
            let x = Double(input[i])
            output[i] = T(decoding ? decode(x, outOfRange) : encode(x, outOfRange))
        }
    }
}
