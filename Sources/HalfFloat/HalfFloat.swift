// HalfFloat: under construction in this session.
