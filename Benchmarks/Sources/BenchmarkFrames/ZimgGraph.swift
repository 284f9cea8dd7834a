// zimg 3's graph for the benchmarks' anchor rows, shared by PixelConversionBenchmarks and KernelRatios: planar 10-bit
// (low bits) 4:2:0 BT.2020 NCL, narrow range, top-left siting, bilinear chroma, 1.0 = 203 cd/m², one thread.
import Foundation
import HDRColor
import ZimgBench

/// One zimg filter graph with its scratch memory, run on pixel views whose planes it reads and writes.
public final class ZimgGraph: @unchecked Sendable {  // used by one benchmark or workload at a time
    /// What zimg writes.
    public enum Output: Sendable {
        /// Planar half linear P3-D65 (ST 432-1), 16-bit half samples: zimg's counterpart of S1.
        case linearP3Half
        /// Planar 10-bit 4:2:0 BT.2020 NCL HLG (ARIB STD-B67), narrow range: a PQ → HLG export.
        case hlg420
    }

    private let graph: OpaquePointer
    private let temporary: UnsafeMutableRawPointer
    /// The format of the planes zimg writes.
    public let destinationFormat: PixelFormat

    /// A graph from 4:2:0 10-bit of `transfer` to `output`, with zimg's SIMD path at `cpu` and its approximate gamma
    /// when `approximateGamma` (its fastest: the anchor of the issues' ratios).
    public init(
        width: Int, height: Int, transfer: zimg_transfer_characteristics_e = ZIMG_TRANSFER_ST2084,
        to output: Output = .linearP3Half, approximateGamma: Bool = true, cpu: zimg_cpu_type_e = ZIMG_CPU_AUTO_64B
    ) {
        var source = zimg_image_format(), destination = zimg_image_format()
        zimg_image_format_default(&source, HDRCOLOR_ZIMG_API_VERSION)
        zimg_image_format_default(&destination, HDRCOLOR_ZIMG_API_VERSION)
        for format in [withUnsafeMutablePointer(to: &source) { $0 }, withUnsafeMutablePointer(to: &destination) { $0 }]
        {
            format.pointee.width = UInt32(width)
            format.pointee.height = UInt32(height)
        }
        source.pixel_type = ZIMG_PIXEL_WORD
        source.subsample_w = 1
        source.subsample_h = 1
        source.color_family = ZIMG_COLOR_YUV
        source.matrix_coefficients = ZIMG_MATRIX_BT2020_NCL
        source.transfer_characteristics = transfer
        source.color_primaries = ZIMG_PRIMARIES_BT2020
        source.depth = 10
        source.pixel_range = ZIMG_RANGE_LIMITED
        source.chroma_location = ZIMG_CHROMA_TOP_LEFT
        switch output {
        case .linearP3Half:
            destination.pixel_type = ZIMG_PIXEL_HALF
            destination.color_family = ZIMG_COLOR_RGB
            destination.matrix_coefficients = ZIMG_MATRIX_RGB
            destination.transfer_characteristics = ZIMG_TRANSFER_LINEAR
            destination.color_primaries = ZIMG_PRIMARIES_ST432_1
            destination.depth = 16
            destination.pixel_range = ZIMG_RANGE_FULL
            destinationFormat = try! .planarYCbCr(.s444, bitDepth: 16, range: .full)
        case .hlg420:
            destination = source
            destination.transfer_characteristics = ZIMG_TRANSFER_ARIB_B67
            destinationFormat = try! .planarYCbCr(.s420, bitDepth: 10, range: .narrow)
        }
        var parameters = zimg_graph_builder_params()
        zimg_graph_builder_params_default(&parameters, HDRCOLOR_ZIMG_API_VERSION)
        parameters.resample_filter_uv = ZIMG_RESIZE_BILINEAR
        parameters.nominal_peak_luminance = 203
        parameters.allow_approximate_gamma = approximateGamma ? 1 : 0
        parameters.cpu_type = cpu
        guard let graph = zimg_filter_graph_build(&source, &destination, &parameters) else { fatalError("zimg graph") }
        self.graph = graph
        var temporarySize = 0
        zimg_filter_graph_get_tmp_size(graph, &temporarySize)
        temporary = UnsafeMutableRawPointer.allocate(byteCount: temporarySize, alignment: 64)
        memset(temporary, 0, temporarySize)
    }

    deinit {
        zimg_filter_graph_free(graph)
        temporary.deallocate()
    }

    /// Runs the graph from the three planes of `source` into those of `destination` (a ``destinationFormat`` frame).
    public func process(_ source: PixelBufferView, into destination: MutablePixelBufferView) {
        var src = zimg_image_buffer_const(), dst = zimg_image_buffer()
        for i in 0..<3 {
            hdrcolor_zimg_set_input_plane(&src, Int32(i), source.plane(i).baseAddress, source.plane(i).bytesPerRow)
            hdrcolor_zimg_set_output_plane(
                &dst, Int32(i), destination.plane(i).baseAddress, destination.plane(i).bytesPerRow)
        }
        zimg_filter_graph_process(graph, &src, &dst, temporary, nil, nil, nil, nil)
    }
}
