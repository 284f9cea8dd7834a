// MediaConversion: the file-to-file job of `hdrcolor convert` as library API. A `MediaConverter` reads a file and
// its colour tags, decides the target (colour space, rendition of a gain map, tone mapping), converts the pixels
// (PixelConverter, or LittleCMS for an ICC profile no catalog space matches), writes the file with its tags and checks
// what it wrote (`ColorTagging.findings`), returning a `ConversionReport`.
