// The Vulkan API's types and constants for GPUConversion, without its prototypes: nothing here links the Vulkan
// loader. GPUConversion opens the loader at run time (dlopen) and fetches every entry point through
// vkGetInstanceProcAddr and vkGetDeviceProcAddr, so that a machine without Vulkan still runs every binary and gets a
// typed error instead of a failure to start. Only `GPUConversion` imports this module (with `internal import`).
#ifndef HDRCOLOR_CVULKAN_SHIM_H
#define HDRCOLOR_CVULKAN_SHIM_H

#ifndef VK_NO_PROTOTYPES
#define VK_NO_PROTOTYPES
#endif
#include <vulkan/vulkan_core.h>

#endif
