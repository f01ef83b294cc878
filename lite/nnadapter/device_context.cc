#include "lite/nnadapter/device_context.h"

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

DeviceContext::DeviceContext(const NNAdapterOptions& options) {
  LITE_ENFORCE(!options.device_names.empty(), "NNAdapter: no device names were set");
  for (size_t i = 0; i < options.device_names.size(); ++i) {
    for (size_t j = 0; j < i; ++j) {
      LITE_ENFORCE(options.device_names[i] != options.device_names[j],
                   "set_nnadapter_device_names: device '", options.device_names[i],
                   "' is listed twice (expected each device once)");
    }
  }
  try {
    for (const auto& name : options.device_names) {
      NNAdapterDevice* device = nullptr;
      int rc = NNAdapterDevice_acquire(name.c_str(), &device);
      LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, "NNAdapter device '", name,
                   "' is not available: ", NNAdapter_getLastErrorMessage());
      devices_.push_back(device);
      int32_t version = 0;
      NNAdapterDevice_getVersion(device, &version);
      signature_ += name + ":" + std::to_string(version) + ";";
    }
    int rc = NNAdapterContext_create(devices_.data(), static_cast<uint32_t>(devices_.size()),
                                     options.context_properties.c_str(),
                                     options.context_callback, &context_);
    LITE_ENFORCE(rc == NNADAPTER_NO_ERROR, "NNAdapter context properties '",
                 options.context_properties, "' rejected: ", NNAdapter_getLastErrorMessage());
  } catch (...) {
    for (auto* d : devices_) NNAdapterDevice_release(d);
    throw;
  }
}

DeviceContext::~DeviceContext() {
  NNAdapterContext_destroy(context_);
  for (auto* d : devices_) NNAdapterDevice_release(d);
}

bool DeviceAvailable(const std::string& name) {
  NNAdapterDevice* device = nullptr;
  if (NNAdapterDevice_acquire(name.c_str(), &device) != NNADAPTER_NO_ERROR) return false;
  NNAdapterDevice_release(device);
  return true;
}

std::string EnumeratedDeviceNames() {
  uint32_t count = 0;
  std::string names;
  if (NNAdapter_getDeviceCount(&count) != NNADAPTER_NO_ERROR) return names;
  for (uint32_t i = 0; i < count; ++i) {
    const char* name = nullptr;
    if (NNAdapter_getDeviceName(i, &name) == NNADAPTER_NO_ERROR && name) {
      names += (names.empty() ? "" : ", ") + std::string(name);
    }
  }
  return names;
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
