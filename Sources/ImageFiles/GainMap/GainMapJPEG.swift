/// Gain-map JPEG files (Adobe gain map / UltraHDR / ISO 21496-1): an SDR base JPEG, then (found through the base's
/// APP2 MPF index) a gain-map JPEG with its metadata. Reading is in `GainMapJPEG+Reading.swift`, writing in
/// `GainMapJPEG+Writing.swift`, the container assembly in `GainMapJPEG+Assembly.swift`.
enum GainMapJPEG {}
