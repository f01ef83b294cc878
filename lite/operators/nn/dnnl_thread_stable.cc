#include "lite/operators/nn/dnnl_thread_stable.h"

#include <algorithm>
#include <memory>
#include <string>

namespace paddle {
namespace lite {
namespace operators {

std::unique_ptr<dnnl::convolution_forward::primitive_desc> ThreadStableConvPd(
    const std::function<dnnl::convolution_forward::primitive_desc()>& make, int max_threads) {
  try {
    const int most = std::max(1, max_threads);
    std::string first;
    for (int threads = 1; threads <= most; ++threads) {
      x86::ScopedDnnlThreads guard(threads);
      const std::string name = make().impl_info_str();
      if (threads == 1) first = name;
      if (name != first) return nullptr;
    }
    return std::make_unique<dnnl::convolution_forward::primitive_desc>(make());
  } catch (const dnnl::error&) {
    return nullptr;
  }
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
