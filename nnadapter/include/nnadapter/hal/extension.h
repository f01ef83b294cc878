// Optional driver entry points beyond hal::Device. They need no HAL
// version bump: a driver that does not export the table keeps working (the
// runtime then reports no refusal reasons and capabilities "not reported").
//
// A driver exports, next to __nnadapter_device__<name>,
//   extern "C" nnadapter::hal::DeviceExtension
//       __nnadapter_device_extension__<name>;
// (NNADAPTER_KIT_EXPORT_DEVICE_EXTENSION in utility/driver_kit.h does it).
// `struct_size` is sizeof(DeviceExtension) as the driver was built; the
// runtime reads only the members it covers, so members are only ever
// appended. Every entry may be null; none may throw or abort.
#ifndef NNADAPTER_HAL_EXTENSION_H_
#define NNADAPTER_HAL_EXTENSION_H_

#include <cstddef>
#include <cstdint>

#include "nnadapter/nnadapter.h"

#define NNADAPTER_DEVICE_EXTENSION_SYMBOL_PREFIX "__nnadapter_device_extension__"

namespace nnadapter {
namespace hal {

struct DeviceExtension {
  uint32_t struct_size;
  // Why operation `index` (model->operations order) of the last
  // validate_program call on the calling thread was refused; "" if it was
  // supported or the driver knows no reason. Never null.
  const char* (*unsupported_reason)(uint32_t index);
  // Fills `capabilities` (NNAdapterCapabilities in nnadapter.h) for the
  // device opened as `device`. Returns an NNAdapterResultCode.
  int (*get_capabilities)(void* device, NNAdapterCapabilities* capabilities);
};

// True if a table of `struct_size` bytes has the member at `offset`.
inline bool ExtensionHas(const DeviceExtension* e, size_t offset,
                         size_t size) {
  return e && e->struct_size >= offset + size;
}

}  // namespace hal
}  // namespace nnadapter

#endif  // NNADAPTER_HAL_EXTENSION_H_
