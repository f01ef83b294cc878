#include "fake_ddk_oracle.h"

#include <algorithm>
#include <vector>

#include "converter.h"  // nnadapter/drivers/fake_device

namespace conformance {

bool FakeDdkAccepts(const nnadapter::core::Operation& op, std::string* reason) {
  namespace fd = nnadapter::fake_device;
  if (!fd::ImplementedOperations().count(op.type)) {
    *reason = "not implemented by fake_ddk";
    return false;
  }
  for (const auto* o : op.output_operands) {
    if (!o) {
      *reason = "null output";
      return false;
    }
  }
  fake_ddk::Graph graph;
  fd::Converter converter(&graph);
  converter.set_create_missing(true);
  if (!converter.Convert(op, reason)) return false;
  std::vector<int32_t> inputs;
  for (const auto& node : graph.nodes()) {
    for (int32_t t : node.inputs) {
      if (!graph.tensors()[t].constant &&
          std::find(inputs.begin(), inputs.end(), t) == inputs.end()) {
        inputs.push_back(t);
      }
    }
  }
  graph.SetInputsAndOutputs(inputs, {converter.TensorOf(op.output_operands[0])});
  return graph.Validate(reason) == fake_ddk::Status::kSuccess;
}

}  // namespace conformance
