import Foundation

/// The repository's `action.yml` read the way GitHub runs a composite action: its inputs with their defaults, and
/// each step's `env:` and `run:` script. ``run(inputs:in:path:)`` substitutes `${{ … }}` expressions and runs every
/// step with bash, passing `$GITHUB_OUTPUT` values from step to step, as the runner does. The parser reads the
/// layout `action.yml` uses (two-space indentation, `run: |` blocks), not YAML at large.
struct CompositeAction {
    struct Step {
        var name: String
        var id: String?
        var env: [(String, String)] = []
        var run: String = ""
    }

    var defaults: [String: String] = [:]
    var steps: [Step] = []

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static func load() throws -> CompositeAction {
        let text = try String(contentsOf: root.appendingPathComponent("action.yml"), encoding: .utf8)
        var action = CompositeAction()
        var section = ""
        var input: String?
        var inEnv = false
        var runIndent: Int?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if let depth = runIndent {
                if trimmed.isEmpty || indent >= depth {
                    action.steps[action.steps.count - 1].run += String(line.dropFirst(Swift.min(depth, indent))) + "\n"
                    continue
                }
                runIndent = nil
            }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            if indent == 0 {
                section = String(trimmed.prefix { $0 != ":" })
                continue
            }
            switch section {
            case "inputs":
                if indent == 2 {
                    input = String(trimmed.dropLast())
                } else if let input, trimmed.hasPrefix("default:") {
                    action.defaults[input] = unquote(String(trimmed.dropFirst("default:".count)))
                }
            case "runs":
                if trimmed.hasPrefix("- name:") {
                    action.steps.append(Step(name: unquote(String(trimmed.dropFirst("- name:".count)))))
                    inEnv = false
                } else if !action.steps.isEmpty, indent == 6 {
                    inEnv = trimmed == "env:"
                    if trimmed.hasPrefix("id:") {
                        action.steps[action.steps.count - 1].id = unquote(String(trimmed.dropFirst(3)))
                    } else if trimmed == "run: |" {
                        runIndent = 8
                    }
                } else if inEnv, indent == 8, let colon = trimmed.firstIndex(of: ":") {
                    action.steps[action.steps.count - 1].env.append(
                        (String(trimmed[..<colon]), unquote(String(trimmed[trimmed.index(after: colon)...]))))
                }
            default:
                break
            }
        }
        return action
    }

    static func unquote(_ text: String) -> String {
        let value = text.trimmingCharacters(in: .whitespaces)
        if value.count >= 2, value.first == "\"", value.last == "\"" { return String(value.dropFirst().dropLast()) }
        return value
    }

    struct Result {
        var status: Int32
        var output: String
        var outputs: [String: [String: String]]
    }

    /// Runs the steps in `directory` with `inputs` over the defaults and `path` as `PATH`; stops at the first step
    /// that fails, as GitHub does.
    func run(inputs: [String: String], in directory: URL, path: String) throws -> Result {
        let values = defaults.merging(inputs) { $1 }
        var outputs: [String: [String: String]] = [:]
        var log = ""
        for step in steps {
            func substitute(_ text: String) -> String {
                var result = text
                while let start = result.range(of: "${{"),
                    let end = result.range(of: "}}", range: start.upperBound..<result.endIndex)
                {
                    let expression = result[start.upperBound..<end.lowerBound].trimmingCharacters(in: .whitespaces)
                    var value = ""
                    if expression.hasPrefix("inputs.") {
                        value = values[String(expression.dropFirst("inputs.".count))] ?? ""
                    } else if expression == "github.action_path" {
                        value = Self.root.path
                    } else if expression.hasPrefix("steps.") {
                        let parts = expression.split(separator: ".").map(String.init)  // steps.ID.outputs.KEY
                        if parts.count == 4 { value = outputs[parts[1]]?[parts[3]] ?? "" }
                    }
                    result.replaceSubrange(start.lowerBound..<end.upperBound, with: value)
                }
                return result
            }
            let outputFile = directory.appendingPathComponent(".github-output-\(UUID().uuidString)")
            try Data().write(to: outputFile)
            defer { try? FileManager.default.removeItem(at: outputFile) }
            var environment = ["PATH": path, "HOME": NSTemporaryDirectory(), "GITHUB_OUTPUT": outputFile.path]
            for (key, value) in step.env { environment[key] = substitute(value) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            // The command line GitHub uses for `shell: bash`.
            process.arguments = ["--noprofile", "--norc", "-eo", "pipefail", "-c", substitute(step.run)]
            process.environment = environment
            process.currentDirectoryURL = directory
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            log += String(decoding: data, as: UTF8.self)
            let written = (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
            var stepOutputs: [String: String] = [:]
            for line in written.split(separator: "\n") {
                if let equals = line.firstIndex(of: "=") {
                    stepOutputs[String(line[..<equals])] = String(line[line.index(after: equals)...])
                }
            }
            if let id = step.id { outputs[id] = stepOutputs }
            if process.terminationStatus != 0 {
                return Result(status: process.terminationStatus, output: log, outputs: outputs)
            }
        }
        return Result(status: 0, output: log, outputs: outputs)
    }
}
