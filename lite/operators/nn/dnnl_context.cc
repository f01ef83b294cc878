#include "lite/operators/nn/dnnl_context.h"

#include <omp.h>

namespace paddle {
namespace lite {
namespace x86 {

const dnnl::engine& DnnlEngine() {
  static const dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

dnnl::stream& DnnlStream() {
  thread_local dnnl::stream stream(DnnlEngine());
  return stream;
}

ScopedDnnlThreads::ScopedDnnlThreads(int threads) : previous_(omp_get_max_threads()) {
  omp_set_num_threads(threads > 0 ? threads : 1);
}

ScopedDnnlThreads::~ScopedDnnlThreads() { omp_set_num_threads(previous_); }

}  // namespace x86
}  // namespace lite
}  // namespace paddle
