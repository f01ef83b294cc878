// The NNAdapter bridge in the program fuzzer's minimal build
// (lite/model_parser/fuzz_program.cc): the harness never sets NNAdapter
// devices, so the subgraph pass has nothing to do (as in the real pass
// without devices), and a program naming the `subgraph` op type is refused
// as a build without NNAdapter would. This keeps libnnadapter, its drivers
// and the converters out of the fuzzer's sources.
#include <memory>

#include "lite/core/registry.h"
#include "lite/graph/passes/passes.h"

namespace paddle {
namespace lite {
namespace graph {
int NNAdapterSubgraphPass::Apply(SSAGraph*, const PassContext&) { return 0; }
}  // namespace graph

namespace op_factory {
std::unique_ptr<Operator> NewSubgraphOp() {
  ThrowError("op 'subgraph' is not supported by this build (no NNAdapter bridge)");
}
}  // namespace op_factory

namespace kernel_factory {
std::unique_ptr<Kernel> NewSubgraphKernel() {
  ThrowError("kernel of op 'subgraph' is not supported by this build (no NNAdapter bridge)");
}
}  // namespace kernel_factory
}  // namespace lite
}  // namespace paddle
