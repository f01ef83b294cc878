#include "lite/operators/nn/dnnl_context.h"

#include <omp.h>

#include <cstdlib>
#include <memory>

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

dnnl::primitive_attr DnnlAttr() {
  dnnl::primitive_attr attr;
  attr.set_scratchpad_mode(dnnl::scratchpad_mode::user);
  return attr;
}

namespace {

struct FreeDeleter {
  void operator()(void* p) const { std::free(p); }
};

// The calling thread's scratchpad memory of at least `bytes`.
void* ThreadScratch(size_t bytes) {
  thread_local std::unique_ptr<void, FreeDeleter> buffer;
  thread_local size_t capacity = 0;
  if (bytes > capacity) {
    const size_t rounded = (bytes + 63) / 64 * 64;
    buffer.reset(std::aligned_alloc(64, rounded));
    if (!buffer) throw std::bad_alloc();
    capacity = rounded;
  }
  return buffer.get();
}

}  // namespace

void DnnlExecute(const dnnl::primitive& prim, dnnl::stream& stream,
                 std::unordered_map<int, dnnl::memory> args) {
  const dnnl_memory_desc_t* md =
      dnnl_primitive_desc_query_md(prim.get_primitive_desc(), dnnl_query_scratchpad_md, 0);
  if (md) {
    dnnl::memory::desc scratch(*md);
    const size_t bytes = scratch.get_size();
    if (bytes > 0) {
      args[DNNL_ARG_SCRATCHPAD] = dnnl::memory(scratch, DnnlEngine(), ThreadScratch(bytes));
    }
  }
  prim.execute(stream, args);
  stream.wait();
}

ScopedDnnlThreads::ScopedDnnlThreads(int threads) : previous_(omp_get_max_threads()) {
  omp_set_num_threads(threads > 0 ? threads : 1);
}

ScopedDnnlThreads::~ScopedDnnlThreads() { omp_set_num_threads(previous_); }

}  // namespace x86
}  // namespace lite
}  // namespace paddle
