// HDRColor: one import for the whole library.
@_exported import ColorSpaces
@_exported import ColorTags
@_exported import HalfFloat
@_exported import ICC
@_exported import MediaSyntax
@_exported import PixelBuffers
@_exported import PixelConversion
@_exported import SignalCoding
@_exported import TagValidation
@_exported import ToneMapping
@_exported import TransferFunctions
