// A driver whose HAL version is wrong: the runtime must refuse to load it.
#include "nnadapter/hal/device.h"

static int Open(void** device) {
  *device = nullptr;
  return NNADAPTER_NO_ERROR;
}
static void Close(void*) {}

NNADAPTER_EXPORT_DEVICE(bad_hal_device) = {
    NNADAPTER_HAL_VERSION + 998,
    "bad_hal_device",
    "test",
    NNADAPTER_ACCELERATOR,
    1,
    Open,
    Close,
    nullptr,
    nullptr,
    nullptr,
    nullptr,
    nullptr,
    nullptr,
};
