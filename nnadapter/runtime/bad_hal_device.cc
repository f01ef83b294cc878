// A driver whose HAL version is wrong: the runtime must refuse to load it.
// 999 is a version no runtime has (the test names it in the expected
// message).
#include "nnadapter/hal/device.h"

static int Open(void** device) {
  *device = nullptr;
  return NNADAPTER_NO_ERROR;
}
static void Close(void*) {}

NNADAPTER_EXPORT_DEVICE(bad_hal_device) = {
    999,
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
    nullptr,
};
