/// Row kernels: the loops that read, write and re-quantise samples. Every kernel works on one row segment; callers
/// loop over rows, so memory stays bounded. Samples and words are little-endian in memory unless `bigEndian` is set.
package enum RowKernels {
    /// Pixels per chunk for kernels that stage samples in a stack buffer.
    package static let chunk = 512
}
