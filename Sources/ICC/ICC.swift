// ICC: under construction in this session.
