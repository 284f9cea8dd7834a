import PixelBuffers
import PixelConversion
import SignalCoding

/// Lowers a ``ProgramListing`` to GLSL: a `loadPixel` for its load, a `pixel` that runs its steps, and a `main` that
/// stores one pixel, a horizontal pair (4:2:2 destinations) or a 2 × 2 block (4:2:0), with the parameter block the
/// code reads. Structural facts (sample layouts, the order of the steps) are code; every number is in the block.
struct ShaderEmitter {
    let listing: ProgramListing
    let interface: ShaderProgram.Interface
    private(set) var block = ParameterBlock()
    /// The parameter word of the gain map's row origin, when there is a gain map.
    private(set) var rowOriginIndex: Int?
    private var functions: [String] = []
    /// The texture bindings (the texture interface): binding, image format qualifier, name.
    private var textures: [(binding: Int, format: String, name: String, writable: Bool)] = []

    init(_ listing: ProgramListing, interface: ShaderProgram.Interface) {
        self.listing = listing
        self.interface = interface
    }

    /// The shader source and what one invocation writes.
    mutating func emit() throws(ShaderError) -> (glsl: String, coverage: ShaderProgram.Coverage) {
        if interface == .textures { try declareTextures() }
        emitLoad()
        try emitStages()
        let (main, coverage) = try emitStore()
        let glsl =
            ShaderLibrary.header + interfaceDeclarations + ShaderLibrary.helpers + functions.joined(separator: "\n")
            + "\n" + main
        return (glsl, coverage)
    }

    // MARK: Textures

    /// The buffer interface's declarations, or the textures and the frame size of the texture interface.
    private var interfaceDeclarations: String {
        guard interface == .textures else { return ShaderLibrary.buffers }
        let images = textures.map { t in
            "layout(set = 0, binding = \(t.binding), \(t.format)) uniform \(t.writable ? "writeonly" : "readonly") "
                + "image2D \(t.name);"
        }
        return "// The frame as textures (Metal: the planes of a CVPixelBuffer through CVMetalTextureCache).\n"
            + images.joined(separator: "\n")
            + "\n\nlayout(push_constant) uniform Frame { int width; int height; } frame;\n\n"
    }

    /// The textures of the source's planes and of the destination: biplanar Y′CbCr (8- or 16-bit: `r8`/`r16` luma,
    /// `rg8`/`rg16` chroma) or four-channel RGB in, four-channel RGB out.
    private mutating func declareTextures() throws(ShaderError) {
        switch listing.load {
        case .yCbCr(let load) where load.cb.plane == 1 && load.cr.plane == 1 && load.luma.container.byteCount < 4:
            let bits = load.luma.container == .uint8 ? "8" : "16"
            textures.append((1, "r\(bits)", "sourcePlane0", false))
            textures.append((2, "rg\(bits)", "sourcePlane1", false))
        case .rgb(let channels, _):
            textures.append((1, try Self.rgbaFormat(channels), "sourcePlane0", false))
        default:
            throw .unsupportedTextures("the source is not biplanar Y′CbCr or four-channel RGB")
        }
        guard case .rgb(let channels, let packed) = listing.store, !packed else {
            throw .unsupportedTextures("the destination is not four-channel RGB")
        }
        textures.append((textures.count + 1, try Self.rgbaFormat(channels), "destination", true))
    }

    /// The image format of interleaved four-channel RGB samples.
    private static func rgbaFormat(_ channels: [ProgramListing.Samples?]) throws(ShaderError) -> String {
        guard channels.count == 4, let first = channels.compactMap({ $0 }).first, channels.allSatisfy({ $0 != nil }),
            channels.allSatisfy({ $0!.stride == 4 && $0!.shift == 0 })
        else { throw .unsupportedTextures("the RGB samples are not four interleaved channels") }
        switch first.container {
        case .uint8: return "rgba8"
        case .uint16: return "rgba16"
        case .half: return "rgba16f"
        case .float: return "rgba32f"
        case .uint32: throw .unsupportedTextures("packed 32-bit pixels have no texture format here")
        }
    }

    /// The largest container value of a unorm texture component (a texel holds it ÷ this).
    private static func unormScale(_ s: ProgramListing.Samples) -> String {
        s.container == .uint8 ? "255.0" : "65535.0"
    }

    // MARK: Loads

    private mutating func emitLoad() {
        var body = ["    precise vec4 v = vec4(0.0, 0.0, 0.0, 1.0);"]
        switch listing.load {
        case .rgb(let channels, let table):
            let tableOffset = table.map { block.append($0) }
            for (c, samples) in channels.enumerated() {
                guard let samples else { continue }
                let read = sourceReader(samples, component: c)
                body.append(
                    "    v[\(c)] = \(decoded(samples, code: "\(read)(x, y)", table: c < 3 ? tableOffset : nil));")
            }
        case .yCbCr(let load):
            let luma = sourceReader(load.luma)
            body.append("    v.x = float(\(luma)(x, y));")
            if load.subsampling == .s444 {
                body.append("    v.y = float(\(sourceReader(load.cb))(x, y));")
                body.append("    v.z = float(\(sourceReader(load.cr))(x, y));")
            } else {
                emitChromaUpsampling(load)
                body.append("    v.y = chromaAt(0, x, y);")
                body.append("    v.z = chromaAt(1, x, y);")
            }
        }
        functions.append(
            "vec4 loadPixel(int x, int y) {\n" + body.joined(separator: "\n") + "\n    return v;\n}\n")
    }

    /// The value of a sample's code: `(code − bias) / scale`, `table[code]`, a half's or a float's bits (a texture
    /// hands half and float samples over as float bits).
    private mutating func decoded(_ s: ProgramListing.Samples, code: String, table: UInt32?) -> String {
        switch s.container {
        case .half: return interface == .textures ? "uintBitsToFloat(\(code))" : "halfToFloat(\(code))"
        case .float: return "uintBitsToFloat(\(code))"
        default:
            if let table { return "pf(\(table)u + \(code))" }
            let constants = block.append([s.bias, s.scale])
            return "normalized(\(code), \(constants)u)"
        }
    }

    /// A function reading the code (or a half's or float's bits) of `s` at plane pixel (x, y) of the source.
    private mutating func sourceReader(_ s: ProgramListing.Samples, component: Int? = nil) -> String {
        let name = "sourceCode\(functions.count)"
        if interface == .textures {
            // A unorm texel is container ÷ (2ⁿ − 1): × (2ⁿ − 1), rounded, gives the container back exactly.
            let c = component ?? s.offset % s.stride
            let texel = "imageLoad(sourcePlane\(s.plane), ivec2(x, y))[\(c)]"
            let body =
                s.container == .half || s.container == .float
                ? "floatBitsToUint(\(texel))"
                : "(uint(floor(\(texel) * \(Self.unormScale(s)) + 0.5)) >> \(s.shift)u) & \(s.mask)u"
            functions.append("uint \(name)(int x, int y) { return \(body); }\n")
            return name
        }
        let bytes = s.container.byteCount
        let field =
            s.container == .half || s.container == .float
            ? "raw" : "(raw >> \(s.shift)u) & \(s.mask)u"
        functions.append(
            """
            uint \(name)(int x, int y) {
                uint address = sourcePlaneOffset(\(s.plane)) + uint(y) * sourcePlaneStride(\(s.plane))
                    + uint(x * \(s.stride) + \(s.offset)) * \(bytes)u;
                uint raw = readContainer(address, \(bytes), \(s.bigEndian));
                return \(field);
            }

            """)
        return name
    }

    /// `chromaAt(channel, x, y)`: a chroma code at luma position (x, y), vertically then horizontally interpolated as
    /// PixelConversion's Y′CbCr reader does (exact: codes below 2¹⁶, weights 0, ¼, ½, ¾).
    private mutating func emitChromaUpsampling(_ load: ProgramListing.YCbCrLoad) {
        let cb = sourceReader(load.cb), cr = sourceReader(load.cr)
        let vertical = load.subsampling == .s420
        let rows: String
        if !vertical {
            rows = "    int upper = y, lower = y; float t = 0.0;"
        } else if load.nearest {
            rows = "    int upper = y >> 1, lower = y >> 1; float t = 0.0;"
        } else {
            let offset = Int(load.location.verticalOffset * 2)
            rows = """
                    int twice = 2 * y - \(offset);
                    int chromaHeight = (frame.height + 1) >> 1;
                    int upper = clamp(twice >> 2, 0, chromaHeight - 1), lower = clamp((twice >> 2) + 1, 0, chromaHeight - 1);
                    float t = float(twice & 3) * 0.25;
                """
        }
        let mode = load.nearest ? 0 : (load.location.isHorizontallyCosited ? 1 : 2)
        functions.append(
            """
            float chromaCode(int channel, int column, int row) {
                return float(channel == 0 ? \(cb)(column, row) : \(cr)(column, row));
            }

            // The chroma column's code between the rows around the pixel: a·(1 − t) + b·t (a alone when t = 0).
            float chromaColumn(int channel, int column, int upper, int lower, float t) {
                int c = clamp(column, 0, ((frame.width + 1) >> 1) - 1);
                precise float a = chromaCode(channel, c, upper);
                if (t == 0.0) return a;
                precise float s = 1.0 - t;
                precise float blended = a * s + chromaCode(channel, c, lower) * t;
                return blended;
            }

            float chromaAt(int channel, int x, int y) {
            \(rows)
                int i = x >> 1;
                bool odd = (x & 1) != 0;
                precise float current = chromaColumn(channel, i, upper, lower, t);
                if (\(mode) == 0) return current;
                if (\(mode) == 1) {
                    if (!odd) return current;
                    precise float pair = current * 0.5 + chromaColumn(channel, i + 1, upper, lower, t) * 0.5;
                    return pair;
                }
                precise float neighbour = chromaColumn(channel, odd ? i + 1 : i - 1, upper, lower, t);
                precise float centred = current * 0.75 + neighbour * 0.25;
                return centred;
            }

            """)
    }

    // MARK: Steps

    private mutating func emitStages() throws(ShaderError) {
        var body = ["    precise vec4 v = loadPixel(x, y);", "    precise vec3 c = v.rgb;"]
        for stage in listing.stages {
            switch stage {
            case .clamp(let low, let high):
                let p = block.append([low, high])
                body.append("    c = clampValues(c, pf(\(p)u), pf(\(p + 1)u));")
            case .affine(let matrix, let offset):
                body.append("    c = affine(\(block.append(matrix + offset))u, c);")
            case .curve(let table):
                body.append("    c = curve3(\(block.appendCurve(table))u, c);")
            case .luminanceGain(let weights, let table, _):
                let w = block.append([weights.x, weights.y, weights.z])
                body.append("    c = luminanceGain(\(w)u, \(block.appendCurve(table))u, c);")
            case .quantizedCurve(let table):
                body.append("    c = quantized3(\(block.appendQuantized(table))u, c);")
            case .headroomFit(let p):
                body.append("    c = headroomFit(\(block.append(p))u, c);")
            case .highlightShoulder(let p):
                body.append("    c = highlightShoulder(\(block.append(p))u, c);")
            case .gamutCompress(let p):
                body.append("    c = gamutCompress(\(block.append(p))u, c);")
            case .toneCurve(let table, let application):
                let (mode, weights): (Int, SIMD3<Float>) =
                    switch application {
                    case .perChannel: (0, .zero)
                    case .maxRGB: (1, .zero)
                    case .luminance(let w): (2, w)
                    }
                let w = block.append([weights.x, weights.y, weights.z, 1e-6])
                body.append("    c = toneCurve(\(block.appendCurve(table))u, \(mode), \(w)u, \(w + 3)u, c);")
            case .bt2446A(let t):
                let p = block.append([t.inputScale, 0.2627, 0.6780, 0.0593, 1.1, 1.8814, 1.4746, 0.1])
                let (encode, luma, decode) = (
                    block.appendCurve(t.encode), block.appendCurve(t.luma), block.appendCurve(t.decode)
                )
                body.append("    c = bt2446A(\(p)u, \(encode)u, \(luma)u, \(decode)u, c);")
            case .ictcpToneCurve(let t):
                let zero: [Float] = [0, 0, 0]
                let m = block.append(t.toLMS + zero + t.toICtCp + zero + t.fromICtCp + zero + t.fromLMS + zero)
                let curves = [t.encode, t.decode, t.intensity, t.curve].map { block.appendCurve($0) }
                body.append(
                    "    c = ictcpToneCurve(\(m)u, \(curves[0])u, \(curves[1])u, \(curves[2])u, \(curves[3])u, c);")
            case .gainMap(let t):
                body.append("    c = gainMap(\(appendGainMap(t))u, x, y, c);")
            case .dolbyVisionReshape(let p):
                body.append("    c = dolbyVisionReshape(\(block.append(p))u, c);")
            case .host(_, let name):
                throw .unsupportedStep(name)
            case .lightMeter:
                throw .unsupportedStep("meter the light")
            }
        }
        functions.append(
            """
            vec4 pixel(int x, int y) {
            \(body.joined(separator: "\n"))
                return vec4(c, v.a);
            }

            """)
    }

    /// A gain map's block: width, the offsets of samples, columns and rows, the offsets, per channel the power curve
    /// (or 0xFFFFFFFF) and the gain curve, then the row origin (`gainMap` in ShaderLibrary).
    private mutating func appendGainMap(_ t: ProgramListing.GainMapTables) -> UInt32 {
        let (samples, columns, rows) = (block.append(t.samples), block.append(t.columns), block.append(t.rows))
        var curves: [UInt32] = []
        for c in 0..<3 {
            curves.append(t.power[c].map { block.appendCurve($0) } ?? UInt32.max)
            curves.append(block.appendCurve(t.gain[c]))
        }
        let offsets =
            [t.baseOffset.x, t.baseOffset.y, t.baseOffset.z, t.alternateOffset.x, t.alternateOffset.y]
            + [t.alternateOffset.z]
        let start = block.append(
            words: [UInt32(t.width), samples, columns, rows] + offsets.map(\.bitPattern) + curves + [0])
        rowOriginIndex = Int(start) + 16
        return start
    }

    // MARK: Stores

    private mutating func emitStore() throws(ShaderError) -> (String, ShaderProgram.Coverage) {
        switch listing.store {
        case .rgb(let channels, _):
            let store = interface == .textures ? textureStore(channels) : rgbStore(channels)
            return (
                """
                void main() {
                    int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
                    if (x >= frame.width || y >= frame.height) return;
                    \(store)(x, y, pixel(x, y));
                }

                """, .pixel
            )
        case .yCbCr(let store):
            let luma = destinationWriter(store.luma, name: "storeLuma")
            let cb = destinationWriter(store.cb, name: "storeCb")
            let cr = destinationWriter(store.cr, name: "storeCr")
            switch store.subsampling {
            case .s444:
                return (
                    """
                    void main() {
                        int x = int(gl_GlobalInvocationID.x), y = int(gl_GlobalInvocationID.y);
                        if (x >= frame.width || y >= frame.height) return;
                        vec4 v = pixel(x, y);
                        \(luma)(x, y, v.x);
                        \(cb)(x, y, v.y);
                        \(cr)(x, y, v.z);
                    }

                    """, .pixel
                )
            case .s422, .s420:
                return (
                    subsampledMain(store, luma: luma, cb: cb, cr: cr),
                    store.subsampling == .s422 ? .horizontalPair : .block
                )
            }
        }
    }

    /// A function storing R, G, B, A at (x, y) into the destination texture: half values rounded to binary16 first
    /// (the texture's conversion then is exact), integer codes as code ÷ (2ⁿ − 1) (which a unorm store rounds back to
    /// the code).
    private mutating func textureStore(_ channels: [ProgramListing.Samples?]) -> String {
        let values = channels.enumerated().map { c, samples -> String in
            guard let s = samples else { return c == 3 ? "1.0" : "0.0" }
            switch s.container {
            case .half: return "halfToFloat(floatToHalf(v[\(c)]))"
            case .float: return "v[\(c)]"
            default: return "float(\(encoded(s, value: "v[\(c)]"))) / \(Self.unormScale(s))"
            }
        }
        functions.append(
            "void storePixel(int x, int y, vec4 v) {\n    imageStore(destination, ivec2(x, y), vec4("
                + values.joined(separator: ", ") + "));\n}\n")
        return "storePixel"
    }

    /// A function storing R, G, B, A at (x, y): each container's fields merged into one value, then written.
    private mutating func rgbStore(_ channels: [ProgramListing.Samples?]) -> String {
        var groups: [(samples: ProgramListing.Samples, fields: [String])] = []
        for (c, samples) in channels.enumerated() {
            guard let samples else { continue }
            let field = encoded(samples, value: "v[\(c)]")
            if let index = groups.firstIndex(where: {
                $0.samples.plane == samples.plane && $0.samples.offset == samples.offset
            }) {
                groups[index].fields.append(field)
            } else {
                groups.append((samples, [field]))
            }
        }
        let writes = groups.map { group in
            let s = group.samples
            return """
                    {
                        uint address = destinationPlaneOffset(\(s.plane)) + uint(y) * destinationPlaneStride(\(s.plane))
                            + uint(x * \(s.stride) + \(s.offset)) * \(s.container.byteCount)u;
                        writeContainer(address, \(s.container.byteCount), \(s.bigEndian), \(group.fields.joined(separator: " | ")));
                    }
                """
        }
        functions.append("void storePixel(int x, int y, vec4 v) {\n" + writes.joined(separator: "\n") + "\n}\n")
        return "storePixel"
    }

    /// A value's container bits: its code (rounded half up, clamped, shifted into its field), half or float bits.
    private mutating func encoded(_ s: ProgramListing.Samples, value: String) -> String {
        switch s.container {
        case .half: return "floatToHalf(\(value))"
        case .float: return "floatBitsToUint(\(value))"
        default:
            let p = block.append([s.scale, s.bias, s.maxCode])
            return "(quantize(\(value), pf(\(p)u), pf(\(p + 1)u), pf(\(p + 2)u)) << \(s.shift)u)"
        }
    }

    /// A function writing one Y′CbCr sample at plane pixel (x, y).
    private mutating func destinationWriter(_ s: ProgramListing.Samples, name: String) -> String {
        functions.append(
            """
            void \(name)(int x, int y, float value) {
                uint address = destinationPlaneOffset(\(s.plane)) + uint(y) * destinationPlaneStride(\(s.plane))
                    + uint(x * \(s.stride) + \(s.offset)) * \(s.container.byteCount)u;
                writeContainer(address, \(s.container.byteCount), \(s.bigEndian), \(encoded(s, value: "value")));
            }

            """)
        return name
    }

    /// `main` of a 4:2:2 or 4:2:0 destination: one invocation per chroma sample computes the pixels its filter needs
    /// (edges repeated), writes the luma of its 2 (4:2:2) or 2 × 2 (4:2:0) pixels, averages chroma horizontally in each
    /// row and then (4:2:0) vertically, as PixelConversion's writer does.
    private func subsampledMain(
        _ store: ProgramListing.YCbCrStore, luma: String, cb: String, cr: String
    ) -> String {
        let cosited = store.location.isHorizontallyCosited
        let columns =
            cosited
            ? "int columns[3] = int[3](2 * i - 1, 2 * i, 2 * i + 1);"
            : "int columns[3] = int[3](2 * i, 2 * i + 1, 2 * i + 1);"
        let columnCount = cosited ? 3 : 2
        let horizontal =
            cosited
            ? "(p[0].yz * 0.25 + p[1].yz * 0.5) + p[2].yz * 0.25" : "p[0].yz * 0.5 + p[1].yz * 0.5"
        let rows: String, rowCount: Int, vertical: String
        if store.subsampling == .s422 {
            (rows, rowCount, vertical) = ("int rows[3] = int[3](j, j, j);", 1, "h[0]")
        } else {
            switch store.location.verticalOffset {
            case 0:
                (rows, rowCount) = ("int rows[3] = int[3](2 * j - 1, 2 * j, 2 * j + 1);", 3)
            case 1:
                (rows, rowCount) = ("int rows[3] = int[3](2 * j, 2 * j + 1, 2 * j + 2);", 3)
            default:
                (rows, rowCount) = ("int rows[3] = int[3](2 * j, 2 * j + 1, 2 * j + 1);", 2)
            }
            vertical = rowCount == 3 ? "(h[0] * 0.25 + h[1] * 0.5) + h[2] * 0.25" : "h[0] * 0.5 + h[1] * 0.5"
        }
        let lumaRows = store.subsampling == .s422 ? "row == j" : "row == 2 * j || row == 2 * j + 1"
        let chromaHeight = store.subsampling == .s422 ? "frame.height" : "(frame.height + 1) >> 1"
        return """
            void main() {
                int i = int(gl_GlobalInvocationID.x), j = int(gl_GlobalInvocationID.y);
                if (i >= (frame.width + 1) >> 1 || j >= \(chromaHeight)) return;
                \(columns)
                \(rows)
                precise vec2 h[3];
                for (int r = 0; r < \(rowCount); r++) {
                    int row = rows[r];
                    int y = clamp(row, 0, frame.height - 1);
                    precise vec4 p[3];
                    for (int k = 0; k < \(columnCount); k++) {
                        int x = clamp(columns[k], 0, frame.width - 1);
                        p[k] = pixel(x, y);
                        if ((\(lumaRows)) && row < frame.height && columns[k] >= 2 * i && columns[k] < frame.width) {
                            \(luma)(columns[k], row, p[k].x);
                        }
                    }
                    precise vec2 averaged = \(horizontal);
                    h[r] = averaged;
                }
                precise vec2 chroma = \(vertical);
                \(cb)(i, j, chroma.x);
                \(cr)(i, j, chroma.y);
            }

            """
    }
}
