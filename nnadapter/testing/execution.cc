#include "testing/execution.h"

#include <gtest/gtest.h>

namespace nnadapter_test {

Devices::Devices(std::vector<std::string> names,
                 const std::string& properties) {
  for (const auto& n : names) {
    NNAdapterDevice* d = nullptr;
    EXPECT_EQ(NNAdapterDevice_acquire(n.c_str(), &d), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    devices_.push_back(d);
  }
  EXPECT_EQ(NNAdapterContext_create(devices_.data(),
                                    static_cast<uint32_t>(devices_.size()),
                                    properties.c_str(), &context_),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
}

Devices::~Devices() {
  NNAdapterContext_destroy(context_);
  for (auto* d : devices_) NNAdapterDevice_release(d);
}

}  // namespace nnadapter_test
