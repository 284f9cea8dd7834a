import Testing
@testable import PixelConversion
