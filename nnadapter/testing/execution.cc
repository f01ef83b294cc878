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
                                    properties.c_str(), nullptr, &context_),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
}

Devices::~Devices() {
  NNAdapterContext_destroy(context_);
  for (auto* d : devices_) NNAdapterDevice_release(d);
}

NNAdapterCompilation* Compile(NNAdapterModel* model, NNAdapterContext* context) {
  NNAdapterCompilation* c = nullptr;
  int code = NNAdapterCompilation_create(model, nullptr, nullptr, 0, nullptr,
                                         context, &c);
  if (code == NNADAPTER_NO_ERROR) code = NNAdapterCompilation_finish(c);
  if (code != NNADAPTER_NO_ERROR) {
    ADD_FAILURE() << "compilation failed (" << code
                  << "): " << NNAdapter_getLastErrorMessage();
    NNAdapterCompilation_destroy(c);
    return nullptr;
  }
  return c;
}

}  // namespace nnadapter_test
