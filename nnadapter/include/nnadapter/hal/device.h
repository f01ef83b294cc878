// The driver ABI: the function table a device driver exports.
//
// A driver is a shared library lib<name>.so exporting
//   extern "C" nnadapter::hal::Device __nnadapter_device__<name>;
// (use NNADAPTER_EXPORT_DEVICE(name) to declare it). The runtime refuses a
// table whose hal_version differs from NNADAPTER_HAL_VERSION.
//
// Every function returns an NNAdapterResultCode; none may throw or abort.
// Before returning an error a driver records a readable reason, which the
// runtime fetches with last_error_message and appends to the message of
// NNAdapter_getLastErrorMessage. utility/driver_kit.h does both: kit::Guard
// around each entry point, kit::Fail for the reason.
#ifndef NNADAPTER_HAL_DEVICE_H_
#define NNADAPTER_HAL_DEVICE_H_

#include <cstdint>

#include "nnadapter/hal/types.h"
#include "nnadapter/nnadapter.h"

// Bump whenever hal::Device or core:: types change layout or meaning.
// 2: hal::Device::last_error_message.
#define NNADAPTER_HAL_VERSION 2

#define NNADAPTER_DEVICE_SYMBOL_PREFIX "__nnadapter_device__"

// Usage: NNADAPTER_EXPORT_DEVICE(my_device) = { NNADAPTER_HAL_VERSION, ... };
#define NNADAPTER_EXPORT_DEVICE(name)                                   \
  extern "C" __attribute__((visibility("default")))                     \
  nnadapter::hal::Device __nnadapter_device__##name;                    \
  nnadapter::hal::Device __nnadapter_device__##name

namespace nnadapter {
namespace hal {

struct Device {
  // Must be NNADAPTER_HAL_VERSION.
  uint32_t hal_version;
  // Device name; must equal <name> of lib<name>.so and of the symbol.
  const char* name;
  const char* vendor;
  NNAdapterDeviceType type;  // NNAdapterDeviceCode
  int32_t version;           // driver version; part of every cache key
  // Opens the hardware; `*device` is the driver's device handle.
  int (*open_device)(void** device);
  void (*close_device)(void* device);
  // `properties` is the context's "KEY=VALUE;..." string (never null; keys
  // the driver does not know must be ignored; malformed values of its own
  // keys are an error). `callback` may be null.
  int (*create_context)(void* device, const char* properties,
                        int (*callback)(int event_id, void* user_data),
                        void** context);
  void (*destroy_context)(void* context);
  // For each operation of `model` (in model->operations list order) stores
  // whether this device can run it, given its inputs/outputs as in `model`.
  int (*validate_program)(void* context, const core::Model* model,
                          bool* supported_operations);
  // Compiles `model` (or loads `cache->buffer` if not empty, see
  // core::Cache). `model` is only valid during the call.
  int (*create_program)(void* context, core::Model* model, core::Cache* cache,
                        void** program);
  void (*destroy_program)(void* program);
  // Runs the program. The runtime serializes calls on one program (a mutex
  // per program), so drivers may keep per-program scratch state; different
  // programs may run concurrently.
  int (*execute_program)(void* program, uint32_t input_count,
                         core::Argument* input_arguments,
                         uint32_t output_count,
                         core::Argument* output_arguments);
  // The reason for the last failed call into this driver on the calling
  // thread ("" if it gave none); never null. The runtime calls it right
  // after an entry point returned an error, before any other call into the
  // driver on that thread. Use nnadapter::kit::LastErrorMessage.
  const char* (*last_error_message)(void);
};

}  // namespace hal
}  // namespace nnadapter

#endif  // NNADAPTER_HAL_DEVICE_H_
