// Shared oneDNN state for x86 kernels: one CPU engine per process and one
// stream per calling thread, so cloned predictors running in different
// threads never share a stream. Threads: oneDNN (Debian build) runs on GNU
// OpenMP; ScopedDnnlThreads sets the calling thread's OpenMP team size, which
// oneDNN reads both when a primitive is created and when it executes, so
// kernels build and run their primitives under the same guard.
#pragma once
#include <unordered_map>

#include <dnnl.hpp>

namespace paddle {
namespace lite {
namespace x86 {

// The process-wide CPU engine (index 0), created on first use.
const dnnl::engine& DnnlEngine();
// A stream bound to DnnlEngine(), private to the calling thread.
dnnl::stream& DnnlStream();

// The attributes every primitive starts from: its scratchpad is passed by
// DnnlExecute instead of being owned by the primitive. oneDNN's primitive
// cache hands the same primitive to every kernel that asks for the same
// descriptor on one thread (cloned predictors warmed up on one thread), and
// with the library-owned scratchpad (the default of Debian's build, without
// concurrent execution) two threads executing it would share that memory.
dnnl::primitive_attr DnnlAttr();

// Executes `prim` on `stream` with `args` plus a scratchpad from the calling
// thread's buffer (grown as needed, 64-byte aligned); waits for completion so
// the next primitive on this thread may reuse the buffer.
void DnnlExecute(const dnnl::primitive& prim, dnnl::stream& stream,
                 std::unordered_map<int, dnnl::memory> args);

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
