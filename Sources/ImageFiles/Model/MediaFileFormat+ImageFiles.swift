public import MediaSyntax

/// What ImageFiles reads and writes of each format, and through which Debian codec library: the rows of its codec
/// table (`ImageCodec.all`).
extension MediaFileFormat {
    /// The formats ImageFiles reads and writes: PNG through libpng (8 and 16 bits per sample), JPEG through
    /// libjpeg-turbo (8-bit SDR, and gain-map JPEG: UltraHDR / ISO 21496-1), AVIF through libavif and HEIF (HEVC)
    /// through libheif (8, 10 and 12 bits), and raw frames.
    public static let imageFileFormats: [MediaFileFormat] = ImageCodec.all.map(\.format)

    /// The image format whose signature `bytes` start with (PNG, JPEG, AVIF or HEIF), or nil: raw frames have no
    /// signature, and movies, streams and ICC profiles are not images.
    init?(imageSignatureOf bytes: [UInt8]) {
        guard let format = MediaFileFormat(signatureOf: bytes), format.isImage else { return nil }
        self = format
    }

    /// The image format of a file name's extension (`png`, `jpg`/`jpeg`/`jpe`, `avif`, `heic`/`heif`/`hif`,
    /// `yuv`/`raw`/`rgb`/`bin` for raw frames), or nil.
    public init?(pathExtension: String) {
        let name = pathExtension.lowercased()
        guard let codec = ImageCodec.all.first(where: { $0.extensions.contains(name) }) else { return nil }
        self = codec.format
    }

    /// The Debian package that provides the codec library ("(none)" for raw frames and formats ImageFiles does not
    /// write).
    public var debianPackage: String { ImageCodec.of(self)?.debianPackage ?? "(none)" }

    /// The usual file extension of a written image (`yuv` for raw frames), or the format's ``identifier`` for the
    /// formats ImageFiles does not write.
    public var preferredExtension: String { ImageCodec.of(self)?.extensions.first ?? identifier }

    /// The bit depths the writer supports (none for formats ImageFiles does not write).
    public var writableBitDepths: [Int] { ImageCodec.of(self)?.writableBitDepths ?? [] }
}
