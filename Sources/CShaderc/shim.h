// shaderc's C API (GLSL to SPIR-V through glslang and spirv-opt) for GPUConversion's ShaderCompiler. Only
// `GPUConversion` imports this module (with `internal import`), so no shaderc type reaches the public API.
#ifndef HDRCOLOR_CSHADERC_SHIM_H
#define HDRCOLOR_CSHADERC_SHIM_H

#include <shaderc/shaderc.h>

#endif
