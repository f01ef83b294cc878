// Shared oneDNN state for x86 kernels: one CPU engine per process and one
// stream per calling thread, so cloned predictors running in different
// threads never share a stream. Threads: oneDNN (Debian build) runs on GNU
// OpenMP; ScopedDnnlThreads sets the calling thread's OpenMP team size, which
// oneDNN reads both when a primitive is created and when it executes, so
// kernels build and run their primitives under the same guard.
#pragma once
#include <dnnl.hpp>

namespace paddle {
namespace lite {
namespace x86 {

// The process-wide CPU engine (index 0), created on first use.
const dnnl::engine& DnnlEngine();
// A stream bound to DnnlEngine(), private to the calling thread.
dnnl::stream& DnnlStream();

// Sets omp_set_num_threads(threads) for the calling thread and restores the
// previous value on destruction.
class ScopedDnnlThreads {
 public:
  explicit ScopedDnnlThreads(int threads);
  ~ScopedDnnlThreads();
  ScopedDnnlThreads(const ScopedDnnlThreads&) = delete;
  ScopedDnnlThreads& operator=(const ScopedDnnlThreads&) = delete;

 private:
  int previous_;
};

}  // namespace x86
}  // namespace lite
}  // namespace paddle
