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
// Subgraph ops that fell back to the CPU after a device failure (all
// predictors, since the process started).
std::atomic<int64_t>& CpuFallbackCount();

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
