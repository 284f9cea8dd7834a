// zlib (Debian zlib1g-dev), found by pkg-config: inflate for PNG iCCP/iTXt/zTXt chunks.
#include <zlib.h>
