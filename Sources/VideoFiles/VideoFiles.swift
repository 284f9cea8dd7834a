// A movie's frame rate, time base and time stamps are SignalCoding's `Rational`, and a frame's chroma siting its
// `ChromaLocation`: re-exported so that `import VideoFiles` alone can name them, as ColorSpaces does for its users.
@_exported import SignalCoding
