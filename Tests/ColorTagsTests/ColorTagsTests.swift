import Testing
@testable import ColorTags
