// ToneMapping: under construction in this session.
