// Counters of the subgraph kernels, for tests and benchmarks that check the
// per-shape program cache stays bounded.
#pragma once
#include <atomic>
#include <cstdint>

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

// Compiled NNAdapter programs alive in this process (all predictors).
int64_t LiveSubgraphPrograms();
// Programs built so far by compiling the converted model, and by loading a
// cache (buffer, file, or the caches embedded in a .nb).
int64_t CompiledSubgraphPrograms();
int64_t CachedSubgraphPrograms();
// Subgraph ops that fell back to the CPU after a device failure (all
// predictors, since the process started).
std::atomic<int64_t>& CpuFallbackCount();

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
