import Testing

/// Every VideoFiles suite runs inside this one, one test at a time: the tests set FFmpeg's process-wide log level, and
/// the memory test reads the process's resident size, which other movies encoded at the same time would move.
@Suite(.serialized) enum VideoFilesSuite {}
