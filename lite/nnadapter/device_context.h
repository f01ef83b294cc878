// The NNAdapter devices and context of a predictor's settings (RAII).
#pragma once
#include <nnadapter/nnadapter.h>

#include <string>
#include <vector>

#include "lite/core/nnadapter_options.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

class DeviceContext {
 public:
  // Acquires every device (in order) and creates the context. Throws Error
  // naming the device and NNAdapter's message (which lists the driver
  // libraries tried) when one is missing, or the properties when malformed.
  explicit DeviceContext(const NNAdapterOptions& options);
  ~DeviceContext();
  DeviceContext(const DeviceContext&) = delete;
  DeviceContext& operator=(const DeviceContext&) = delete;

  NNAdapterContext* context() const { return context_; }
  // "name:version;name:version" of the devices (part of cache tokens).
  const std::string& device_signature() const { return signature_; }

 private:
  std::vector<NNAdapterDevice*> devices_;
  NNAdapterContext* context_{nullptr};
  std::string signature_;
};

// True when `name` can be acquired (its driver library loads).
bool DeviceAvailable(const std::string& name);

// The device names NNAdapter enumerates (NNAdapter_getDeviceName), comma
// separated, for messages that tell the user what to choose from.
std::string EnumeratedDeviceNames();

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
