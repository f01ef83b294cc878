// builtin_device skeleton: registers the device and supports no operation
// yet. The builtin_device helper owns this directory and replaces this file
// with the reference kernels of every standard operation.
#include "nnadapter/hal/device.h"
#include "nnadapter/utility/logging.h"

namespace nnadapter {
namespace builtin_device {

static int OpenDevice(void** device) {
  *device = nullptr;
  return NNADAPTER_NO_ERROR;
}
static void CloseDevice(void*) {}
static int CreateContext(void*, const char*, int (*)(int, void*),
                         void** context) {
  *context = nullptr;
  return NNADAPTER_NO_ERROR;
}
static void DestroyContext(void*) {}
static int ValidateProgram(void*, const core::Model* model, bool* supported) {
  size_t i = 0;
  for (auto it = model->operations.begin(); it != model->operations.end();
       ++it) {
    supported[i++] = false;
  }
  return NNADAPTER_NO_ERROR;
}
static int CreateProgram(void*, core::Model*, core::Cache*, void**) {
  NNADAPTER_LOG(ERROR) << "builtin_device: no kernels yet";
  return NNADAPTER_FEATURE_NOT_SUPPORTED;
}
static void DestroyProgram(void*) {}
static int ExecuteProgram(void*, uint32_t, core::Argument*, uint32_t,
                          core::Argument*) {
  return NNADAPTER_FEATURE_NOT_SUPPORTED;
}

}  // namespace builtin_device
}  // namespace nnadapter

NNADAPTER_EXPORT_DEVICE(builtin_device) = {
    NNADAPTER_HAL_VERSION,
    "builtin_device",
    "PaddleLite-NNA",
    NNADAPTER_CPU,
    1,
    nnadapter::builtin_device::OpenDevice,
    nnadapter::builtin_device::CloseDevice,
    nnadapter::builtin_device::CreateContext,
    nnadapter::builtin_device::DestroyContext,
    nnadapter::builtin_device::ValidateProgram,
    nnadapter::builtin_device::CreateProgram,
    nnadapter::builtin_device::DestroyProgram,
    nnadapter::builtin_device::ExecuteProgram,
};
