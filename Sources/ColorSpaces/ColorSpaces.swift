// CICP code points, signal ranges and quantisation live in SignalCoding, the base every layer shares; ColorSpaces
// re-exports it so that `import ColorSpaces` keeps bringing them, with the CICP ⇄ colour-space conversions added here.
@_exported import SignalCoding
