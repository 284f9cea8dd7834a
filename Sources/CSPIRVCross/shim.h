// SPIRV-Cross's C API (SPIR-V reflection, and translation to Metal Shading Language and HLSL) for GPUConversion's
// ShaderTranslator and its checks of a kernel's SPIR-V. Only `GPUConversion` imports this module (with
// `internal import`), so no SPIRV-Cross type reaches the public API. pkg-config `spirv-cross-c-shared` adds
// -I/usr/include/spirv_cross, where spirv_cross_c.h finds its spirv.h.
#ifndef HDRCOLOR_CSPIRVCROSS_SHIM_H
#define HDRCOLOR_CSPIRVCROSS_SHIM_H

#include <spirv_cross_c.h>

#endif
