// C API: library, devices and contexts.
#include <cstring>
#include <list>
#include <map>
#include <memory>
#include <mutex>

#include "nnadapter/nnadapter.h"
#include "nnadapter/utility/logging.h"
#include "nnadapter/utility/performance_info.h"
#include "nnadapter/utility/properties.h"
#include "runtime/cost.h"
#include "runtime/device_manager.h"
#include "runtime/api_common.h"
#include "runtime/error.h"
#include "runtime/objects.h"

using nnadapter::runtime::Guard;
using nnadapter::runtime::GuardVoid;
using nnadapter::runtime::SetLastError;

namespace {
// Device names handed out by NNAdapter_getDeviceName: a list, so that the
// strings never move and stay valid for the life of the process.
const char* StableDeviceName(const std::string& name) {
  static std::mutex mutex;
  static std::list<std::string> names;
  std::lock_guard<std::mutex> lock(mutex);
  for (const auto& n : names) {
    if (n == name) return n.c_str();
  }
  names.push_back(name);
  return names.back().c_str();
}
}  // namespace

extern "C" {

NNADAPTER_API_EXPORT int NNAdapter_getVersion(uint32_t* version) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(version);
    *version = NNADAPTER_VERSION;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapter_getDeviceCount(uint32_t* count) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(count);
    auto names = nnadapter::runtime::EnumerateDevices();
    *count = static_cast<uint32_t>(names.size());
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapter_getDeviceName(uint32_t index,
                                                 const char** name) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(name);
    auto names = nnadapter::runtime::EnumerateDevices();
    if (index >= names.size()) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "index " + std::to_string(index) +
                         " is out of range (" + std::to_string(names.size()) +
                         " devices)");
    }
    *name = StableDeviceName(names[index]);
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterDevice_acquire(const char* name,
                                                 NNAdapterDevice** device) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(name);
    NNADAPTER_REQUIRE_NOT_NULL(device);
    *device = nullptr;
    nnadapter::runtime::Driver* driver = nullptr;
    std::string message;
    int code = nnadapter::runtime::FindDriver(name, &driver, &message);
    if (code != NNADAPTER_NO_ERROR) NNADAPTER_FAIL(code, message);
    auto handle = std::make_unique<NNAdapterDevice>();
    handle->driver = driver;
    code = driver->hal->open_device(&handle->handle);
    if (code != NNADAPTER_NO_ERROR) {
      NNADAPTER_FAIL(code, std::string("device '") + name +
                               "': open_device failed with code " +
                               std::to_string(code) +
                               nnadapter::runtime::DriverReason(driver));
    }
    nnadapter::runtime::Devices().Add(handle.get());
    *device = handle.release();
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT void NNAdapterDevice_release(NNAdapterDevice* device) {
  GuardVoid(__func__, [&] {
    if (!device || !nnadapter::runtime::Devices().Contains(device)) return;
    nnadapter::runtime::Devices().Remove(device);
    device->driver->hal->close_device(device->handle);
    delete device;
  });
}

#define NNADAPTER_REQUIRE_DEVICE(device)                                    \
  NNADAPTER_REQUIRE_NOT_NULL(device);                                       \
  if (!nnadapter::runtime::Devices().Contains(device))                      \
  NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,                               \
                 "'" #device "' is not a live device (released or invalid)")

NNADAPTER_API_EXPORT int NNAdapterDevice_getName(const NNAdapterDevice* device,
                                                 const char** name) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_DEVICE(device);
    NNADAPTER_REQUIRE_NOT_NULL(name);
    *name = device->driver->hal->name;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterDevice_getVendor(
    const NNAdapterDevice* device, const char** vendor) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_DEVICE(device);
    NNADAPTER_REQUIRE_NOT_NULL(vendor);
    *vendor = device->driver->hal->vendor;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterDevice_getType(const NNAdapterDevice* device,
                                                 NNAdapterDeviceType* type) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_DEVICE(device);
    NNADAPTER_REQUIRE_NOT_NULL(type);
    *type = device->driver->hal->type;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterDevice_getVersion(
    const NNAdapterDevice* device, int32_t* version) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_DEVICE(device);
    NNADAPTER_REQUIRE_NOT_NULL(version);
    *version = device->driver->hal->version;
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterDevice_getCapabilities(
    const NNAdapterDevice* device, NNAdapterCapabilities* capabilities) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_DEVICE(device);
    NNADAPTER_REQUIRE_NOT_NULL(capabilities);
    const auto* driver = device->driver;
    int code = nnadapter::runtime::GetCapabilities(driver, device->handle,
                                                   capabilities);
    if (code != NNADAPTER_NO_ERROR) {
      NNADAPTER_FAIL(code, "device '" + driver->name +
                               "' failed to report its capabilities" +
                               nnadapter::runtime::DriverReason(driver));
    }
    if (capabilities->operation_count > NNADAPTER_MAX_OPERATION_PERFORMANCES) {
      NNADAPTER_FAIL(NNADAPTER_DEVICE_INTERNAL_ERROR,
                     "device '" + driver->name + "' reported " +
                         std::to_string(capabilities->operation_count) +
                         " operation figures (at most " +
                         std::to_string(NNADAPTER_MAX_OPERATION_PERFORMANCES) +
                         ")");
    }
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT int NNAdapterContext_create(
    NNAdapterDevice** devices, uint32_t num_devices, const char* properties,
    int (*callback)(int event_id, void* user_data), NNAdapterContext** context) {
  return Guard(__func__, [&]() -> int {
    NNADAPTER_REQUIRE_NOT_NULL(context);
    *context = nullptr;
    NNADAPTER_REQUIRE_NOT_NULL(devices);
    if (num_devices == 0) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                     "'num_devices' must be at least 1");
    }
    auto ctx = std::make_unique<NNAdapterContext>();
    for (uint32_t i = 0; i < num_devices; i++) {
      if (!devices[i] || !nnadapter::runtime::Devices().Contains(devices[i])) {
        NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                       "devices[" + std::to_string(i) +
                           "] is NULL or not a live device");
      }
      for (auto* d : ctx->devices) {
        if (d->driver == devices[i]->driver) {
          NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER,
                         "devices[" + std::to_string(i) + "] ('" +
                             devices[i]->driver->name +
                             "') appears more than once");
        }
      }
      ctx->devices.push_back(devices[i]);
      ctx->drivers.push_back(devices[i]->driver);
    }
    ctx->properties = properties ? properties : "";
    std::map<std::string, std::string> parsed;
    std::string error;
    if (!nnadapter::ParseProperties(ctx->properties, &parsed, &error)) {
      NNADAPTER_FAIL(NNADAPTER_INVALID_PARAMETER, error);
    }
    for (auto* d : ctx->devices) {
      void* driver_context = nullptr;
      int code = d->driver->hal->create_context(
          d->handle, ctx->properties.c_str(), callback, &driver_context);
      if (code != NNADAPTER_NO_ERROR) {
        const std::string reason = nnadapter::runtime::DriverReason(d->driver);
        for (size_t k = 0; k < ctx->contexts.size(); k++) {
          ctx->drivers[k]->hal->destroy_context(ctx->contexts[k]);
        }
        NNADAPTER_FAIL(code, "device '" + d->driver->name +
                                 "' rejected the context (properties '" +
                                 ctx->properties + "'), code " +
                                 std::to_string(code) + reason);
      }
      ctx->contexts.push_back(driver_context);
    }
    nnadapter::runtime::Contexts().Add(ctx.get());
    *context = ctx.release();
    return NNADAPTER_NO_ERROR;
  });
}

NNADAPTER_API_EXPORT void NNAdapterContext_destroy(NNAdapterContext* context) {
  GuardVoid(__func__, [&] {
    if (!context || !nnadapter::runtime::Contexts().Contains(context)) return;
    nnadapter::runtime::Contexts().Remove(context);
    for (size_t k = 0; k < context->contexts.size(); k++) {
      context->drivers[k]->hal->destroy_context(context->contexts[k]);
    }
    delete context;
  });
}

}  // extern "C"

namespace nnadapter {
namespace runtime {

int ContextCapabilities(const NNAdapterContext* context,
                        std::vector<NNAdapterCapabilities>* capabilities,
                        std::string* message) {
  capabilities->clear();
  for (size_t d = 0; d < context->devices.size(); d++) {
    const Driver* driver = context->drivers[d];
    NNAdapterCapabilities c;
    int code = GetCapabilities(driver, context->devices[d]->handle, &c);
    if (code != NNADAPTER_NO_ERROR) {
      *message = "device '" + driver->name +
                 "' failed to report its capabilities" + DriverReason(driver);
      return code;
    }
    NNADAPTER_VLOG(2) << "capabilities of " << driver->name << ":\n"
                      << FormatCapabilities(c);
    capabilities->push_back(c);
  }
  return NNADAPTER_NO_ERROR;
}

}  // namespace runtime
}  // namespace nnadapter
