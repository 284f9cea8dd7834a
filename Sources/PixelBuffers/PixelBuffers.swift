// PixelBuffers: under construction in this session.
