// A driver built before the optional extension table (hal/extension.h): it
// exports only hal::Device. The runtime must keep loading it, report its
// capabilities as "not reported" and its refusals without reasons.
#include "nnadapter/hal/device.h"

static int Open(void** device) {
  *device = nullptr;
  return NNADAPTER_NO_ERROR;
}
static void Close(void*) {}
static int CreateContext(void*, const char*, int (*)(int, void*), void** c) {
  *c = nullptr;
  return NNADAPTER_NO_ERROR;
}
static void DestroyContext(void*) {}
// Supports nothing.
static int Validate(void*, const nnadapter::core::Model* model, bool* out) {
  for (size_t i = 0; i < model->operations.size(); i++) out[i] = false;
  return NNADAPTER_NO_ERROR;
}
static int CreateProgram(void*, nnadapter::core::Model*,
                         nnadapter::core::Cache*, void**) {
  return NNADAPTER_FEATURE_NOT_SUPPORTED;
}
static void DestroyProgram(void*) {}
static int Execute(void*, uint32_t, nnadapter::core::Argument*, uint32_t,
                   nnadapter::core::Argument*) {
  return NNADAPTER_FEATURE_NOT_SUPPORTED;
}
static const char* LastError() { return ""; }

NNADAPTER_EXPORT_DEVICE(legacy_hal_device) = {
    NNADAPTER_HAL_VERSION, "legacy_hal_device", "test", NNADAPTER_ACCELERATOR,
    1, Open, Close, CreateContext, DestroyContext, Validate, CreateProgram,
    DestroyProgram, Execute, LastError,
};
