import Foundation
public import MediaSyntax

/// What an image file, ICC profile or movie says about its colour: every tag each image (or video track) carries with
/// where it was read, the effective colour after the format's precedence, gain-map metadata, and structural problems
/// met while reading.
///
/// A movie (MP4, QuickTime, Matroska, WebM) has one image per video track, with role
/// ``ImageTags/Role/videoTrack(id:)`` and its ``ImageTags/video``; ``movie`` describes the file. Movies are read by
/// seeking: only box or element headers, the track list and each video track's first sample.
///
/// Reading never throws for problems inside a file it recognises (CRC errors, truncations, duplicate or misplaced
/// chunks): those become ``problems`` and then findings. It throws ``ColorTagsError`` only when the file cannot be
/// read at all: missing, unrecognised, or beyond a ``ReadLimits`` cap.
public struct ColorTagging: Sendable {
    /// The file format, from its signature.
    public var format: MediaFileFormat
    /// The file size in bytes.
    public var byteCount: Int
    /// The images: the primary image first, then gain-map, auxiliary and other images.
    public var images: [ImageTags]
    /// Gain-map metadata and structure.
    public var gainMap: GainMapTags
    /// Structural problems (each becomes a finding of its rule).
    public var problems: [ReadProblem]
    /// The HEIF/AVIF/MP4 `ftyp` brands (major brand first), or a Matroska file's EBML DocType (`matroska`, `webm`).
    public var brands: [String]
    /// What a movie file says as a whole (container, duration, tracks, bytes read); nil for images and profiles.
    public var movie: MovieTags?
    /// The item structure of a HEIF/AVIF file, for pixel decoders in this package.
    package var itemGraph: ISOBMFFItemGraph?

    /// The primary image.
    public var primary: ImageTags { images[0] }

    init(
        format: MediaFileFormat, byteCount: Int, images: [ImageTags], gainMap: GainMapTags = GainMapTags(),
        problems: [ReadProblem] = [], brands: [String] = []
    ) {
        self.format = format
        self.byteCount = byteCount
        self.images = images.isEmpty ? [ImageTags(role: .primary)] : images
        self.gainMap = gainMap
        self.problems = problems
        self.brands = brands
    }

    /// Reads the tags of a file's bytes.
    ///
    /// - Throws: ``ColorTagsError/unrecognizedFormat(leadingBytes:)`` when no signature matches,
    ///   ``ColorTagsError/limitExceeded(_:limit:)`` for input beyond `limits` (file size, chunk, segment, box and item
    ///   counts, box nesting, inflated `iCCP` size, image dimensions, movie box and track counts),
    ///   ``ColorTagsError/invalidICCProfile(_:)`` for an `.icc` file that does not parse,
    ///   ``ColorTagsError/malformed(_:_:)`` for a movie without a track list.
    public init(bytes: [UInt8], limits: ReadLimits = .default) throws(ColorTagsError) {
        guard bytes.count <= limits.maximumFileSize else {
            throw .limitExceeded("file size \(bytes.count) bytes", limit: limits.maximumFileSize)
        }
        guard let format = MediaFileFormat(signatureOf: bytes) else {
            throw .unrecognizedFormat(leadingBytes: Array(bytes.prefix(8)))
        }
        switch format {
        case .png: self = try PNGReader(bytes: bytes, limits: limits).read()
        case .jpeg: self = try JPEGReader(bytes: bytes, limits: limits).read()
        case .heif, .avif:
            var reader = ISOBMFFReader(bytes: bytes, limits: limits, format: format)
            self = try reader.read()
        case .icc: self = try ICCFileReader.read(bytes, limits: limits)
        case .mp4, .mov, .matroska, .mpegTS, .hevcStream, .avcStream, .av1Stream, .ivf, .dolbyVisionRPU:
            self = try MovieContainerReader.read(ArrayByteSource(bytes), format: format, limits: limits)
        case .raw: throw .unrecognizedFormat(leadingBytes: Array(bytes.prefix(8)))  // no signature: never detected
        }
        for image in images {
            guard let width = image.width, let height = image.height else { continue }
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !overflow, pixels <= limits.maximumPixelCount else {
                let count = overflow ? "more than \(Int.max)" : "\(pixels)"
                throw .limitExceeded(
                    "\(format) image dimensions \(width)×\(height) (\(count) pixels)", limit: limits.maximumPixelCount)
            }
        }
    }

    /// Reads the tags of a file. A movie is read by seeking (its first bytes, box or element headers, the track list
    /// and each video track's first sample, through `pread`), so its size does not matter; any other file is read
    /// whole.
    ///
    /// - Throws: ``ColorTagsError/unreadableFile(path:reason:)`` when the file is missing, a folder or unreadable,
    ///   ``ColorTagsError/limitExceeded(_:limit:)`` when a file other than a movie is larger than
    ///   `limits.maximumFileSize`, otherwise as ``init(bytes:limits:)``.
    public init(contentsOf url: URL, limits: ReadLimits = .default) throws(ColorTagsError) {
        let file = try FileAccess.open(url)
        let head = try file.bytes(at: 0, length: 4096)
        if let format = MediaFileFormat(signatureOf: head), format.isMovie || format.isElementaryStream {
            self = try MovieContainerReader.read(file, format: format, limits: limits)
            return
        }
        guard file.count <= limits.maximumFileSize else {
            throw .limitExceeded("file size \(file.count) bytes", limit: limits.maximumFileSize)
        }
        let rest = head.count < file.count ? try file.bytes(at: head.count, length: file.count - head.count) : []
        let bytes = head + rest
        try self.init(bytes: bytes, limits: limits)
    }
}

/// A structural problem met while reading; the rule engine turns it into a finding of ``rule``.
public struct ReadProblem: Hashable, Sendable {
    /// The rule it belongs to.
    public var rule: RuleID
    /// What is wrong, naming the structure and numbers involved.
    public var message: String
    /// Where.
    public var location: TagLocation?
    /// The image it concerns (index into ``ColorTagging/images``); nil for the file as a whole.
    public var imageIndex: Int?

    /// Creates a problem.
    public init(_ rule: RuleID, _ message: String, at location: TagLocation? = nil, image imageIndex: Int? = nil) {
        self.rule = rule
        self.message = message
        self.location = location
        self.imageIndex = imageIndex
    }
}
