@testable import GPUConversion
import TestSupport
import Testing

/// The device the GPU tests share: the default Vulkan device (a GPU, else lavapipe), opened once; nil without a
/// Vulkan loader or driver, and then the tests that need it skip with `GPUTestSupport.skipReason`.
enum GPUTestSupport {
    static let opened: Result<VulkanDevice, GPUError> = Result { () throws(GPUError) in try VulkanDevice() }

    static var device: VulkanDevice? { try? opened.get() }

    static var hasDevice: Bool { device != nil }

    /// Why the device tests skip, with the error the runner gave.
    static var skipReason: Comment {
        switch opened {
        case .success: "a Vulkan device is present"
        case .failure(let error): "skipped: \(error)"
        }
    }

    /// The device, for tests enabled only when it exists.
    static func requireDevice() throws -> VulkanDevice {
        try opened.get()
    }

    /// Compiles GLSL with the default compiler.
    static func spirv(_ source: String, optimization: ShaderCompiler.Optimization = .none) throws -> [UInt32] {
        try ShaderCompiler(optimization: optimization).compile(source)
    }

    /// `count` 32-bit floats from `seed`: finite values across the whole exponent range of normal numbers (both
    /// signs), plus zeros and infinities; no NaNs or subnormals.
    static func normalFloats(count: Int, seed: UInt64) -> [Float] {
        var random = SplitMix64(state: seed)
        return (0..<count).map { index in
            switch index % 97 {
            case 0: return 0
            case 1: return -0.0
            case 2: return .infinity
            case 3: return -.infinity
            default:
                let sign = UInt32.random(in: 0...1, using: &random) << 31
                let exponent = UInt32.random(in: 1...254, using: &random) << 23
                let mantissa = UInt32.random(in: 0...0x7F_FFFF, using: &random)
                return Float(bitPattern: sign | exponent | mantissa)
            }
        }
    }
}
