import MediaSyntax

extension ReadProblem {
    /// A walk's syntax problem as a read problem of rule `structure.truncated` or `structure.malformed`, its message
    /// unchanged; `image` is the image it concerns.
    init(_ problem: SyntaxProblem, image: Int? = nil) {
        self.init(problem.kind == .truncated ? .truncated : .malformed, problem.message, image: image)
    }
}

extension ColorTagsError {
    /// A box walk beyond ``ReadLimits/maximumBoxDepth`` or ``ReadLimits/maximumBoxCount``.
    init(_ error: ISOBMFFBoxLimitError) {
        switch error {
        case .depth(let limit, let path):
            self = .limitExceeded("ISOBMFF box nesting deeper than \(limit) (at \(path))", limit: limit)
        case .count(let limit):
            self = .limitExceeded("ISOBMFF box count above \(limit)", limit: limit)
        }
    }
}

extension ISOBMFFBoxWalker {
    /// A walker within `limits`' box depth and count.
    init(limits: ReadLimits) {
        self.init(maximumDepth: limits.maximumBoxDepth, maximumBoxCount: limits.maximumBoxCount)
    }
}

extension ISOBMFFBoxWalker.List {
    /// The boxes, after appending the problem that ended the list (if any) to `problems`.
    func boxes(reporting problems: inout [ReadProblem]) -> [ISOBMFFBox] {
        if let problem { problems.append(ReadProblem(problem)) }
        return boxes
    }
}
