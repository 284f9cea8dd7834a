internal import CPixelKernels

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One instruction set's build of the C kernels (CPixelKernels): the program interpreter and the row kernels around it.
/// Every build writes the same bytes.
struct Kernels: @unchecked Sendable {  // a pointer to an immutable static table
    let path: PixelConverter.CodePath
    let table: UnsafePointer<HDRKKernels>

    /// The build for `path` (one of ``available``).
    init(_ path: PixelConverter.CodePath) {
        self.path = path
        table = hdrk_kernels(path.instructionSet)!
    }

    /// The code paths this process may use, slowest first: the builds the CPU runs (decided once per process), all but
    /// those above `HDRCOLOR_CPU` (`baseline`, `avx2` or `avx512`) when that environment variable is set.
    static let available: [PixelConverter.CodePath] = {
        #if arch(x86_64)
        let all: [PixelConverter.CodePath] = [.baseline, .avx2, .avx512]
        #else
        let all: [PixelConverter.CodePath] = [.neon]
        #endif
        let supported = all.filter {
            hdrk_kernels($0.instructionSet) != nil && hdrk_isa_supported($0.instructionSet) != 0
        }
        guard let cap = getenv("HDRCOLOR_CPU").map({ String(cString: $0) }),
            let limit = all.firstIndex(where: { $0.environmentName == cap.lowercased() })
        else { return supported }
        return supported.filter { all.firstIndex(of: $0)! <= limit }
    }()

    /// Pixels per block of a program: 8, or 16 on AVX-512.
    var lanes: Int { Int(hdrk_isa_lanes(path.instructionSet)) }

    /// `count` rounded up to whole blocks of the widest build (16), the room a float plane needs.
    @inline(__always)
    static func padded(_ count: Int) -> Int { (count + 15) & ~15 }
}

extension PixelConverter.CodePath {
    /// The C build of the path (`automatic` is resolved before this is asked).
    var instructionSet: HDRKISA {
        switch self {
        case .avx2: HDRK_ISA_AVX2
        case .avx512: HDRK_ISA_AVX512
        case .automatic, .baseline, .neon: HDRK_ISA_BASELINE
        }
    }

    /// The value of `HDRCOLOR_CPU` that stops at this path.
    var environmentName: String {
        switch self {
        case .automatic: "automatic"
        case .baseline: "baseline"
        case .neon: "neon"
        case .avx2: "avx2"
        case .avx512: "avx512"
        }
    }
}
