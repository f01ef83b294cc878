// Counters of the subgraph kernels, for tests and benchmarks that check the
// per-shape program cache stays bounded.
#pragma once
#include <cstdint>

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

// Compiled NNAdapter programs alive in this process (all predictors).
int64_t LiveSubgraphPrograms();

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
