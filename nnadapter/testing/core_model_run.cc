#include "testing/core_model_run.h"

#include "nnadapter/utility/api_model.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/optimizer.h"
#include "testing/execution.h"
#include "utility/optimizer_graph.h"

namespace nnadapter_test {

namespace {

using nnadapter::core::Operand;
using nnadapter::core::Operation;
namespace opt = nnadapter::optimizer;

// An operation the layout pass put in NHWC (its table says which types).
bool IsNhwcOperation(const Operation& op) {
  return opt::RunsInNhwc(op.type) && !op.input_operands.empty() &&
         op.input_operands[0]->type.layout == NNADAPTER_NHWC;
}

// A TRANSPOSE of `x` by `perm` into a new operand (returned).
Operand* Transposed(nnadapter::OwnedModel* m, Operand* x, const opt::Permutation& perm) {
  NNAdapterOperandType type = x->type;
  opt::PermuteDimensions(&type.dimensions, perm);
  type.layout = NNADAPTER_NCHW;
  Operand* y = opt::AddOperand(m, type);
  opt::AddOperation(&m->model, NNADAPTER_TRANSPOSE,
                    {x, opt::AddInt32Constant(m, perm, false)}, {y});
  return y;
}

// NHWC operation -> TRANSPOSE, NCHW operation, TRANSPOSE.
void Lower(nnadapter::OwnedModel* m, Operation* op) {
  const opt::Permutation to_nchw = {0, 3, 1, 2}, to_nhwc = {0, 2, 3, 1};
  op->input_operands[0] = Transposed(m, op->input_operands[0], to_nchw);
  if (op->type == NNADAPTER_CONV_2D) {
    // [Cout, kh, kw, Cin/g] -> [Cout, Cin/g, kh, kw]; depthwise
    // [1, kh, kw, Cout] -> [Cout, 1, kh, kw].
    Operand* filter = op->input_operands[1];
    int32_t group = 1;
    nnadapter::GetConstantInt32(op->input_operands[6], &group);
    const int32_t channels = op->input_operands[0]->type.dimensions.data[1];
    const bool depthwise = group != 1 && channels == group &&
                           filter->type.dimensions.data[0] == 1;
    op->input_operands[1] = opt::PermutedConstant(
        m, filter, depthwise ? opt::Permutation{3, 0, 1, 2} : to_nchw);
    op->input_operands[1]->type.layout = NNADAPTER_NCHW;
  } else if (op->type == NNADAPTER_CONV_2D_TRANSPOSE) {
    // [Cout, kh, kw, Cin/g] -> [Cin, Cout/g, kh, kw], group by group.
    Operand* filter = op->input_operands[1];
    int32_t group = 1;
    nnadapter::GetConstantInt32(op->input_operands[6], &group);
    const int32_t* d = filter->type.dimensions.data;
    const std::vector<uint8_t> bytes = nnadapter::PermuteBytes(
        filter->buffer, nnadapter::GetOperandPrecisionDataLength(filter->type.precision),
        {group, d[0] / group, d[1], d[2], d[3]}, {0, 4, 1, 2, 3});
    NNAdapterOperandType type = filter->type;
    const int32_t nchw[4] = {d[3] * group, d[0] / group, d[1], d[2]};
    std::copy(nchw, nchw + 4, type.dimensions.data);
    type.layout = NNADAPTER_NCHW;
    op->input_operands[1] = opt::AddConstant(m, type, bytes.data(), bytes.size());
  }
  Operand* y = op->output_operands[0];
  NNAdapterOperandType type = y->type;
  opt::PermuteDimensions(&type.dimensions, to_nchw);
  type.layout = NNADAPTER_NCHW;
  Operand* nchw = opt::AddOperand(m, type);
  op->output_operands[0] = nchw;
  opt::AddOperation(&m->model, NNADAPTER_TRANSPOSE,
                    {nchw, opt::AddInt32Constant(m, to_nhwc, false)}, {y});
}

}  // namespace

bool RunOnBuiltinDevice(const nnadapter::core::Model& model,
                        std::vector<Tensor> inputs, std::vector<Tensor>* outputs,
                        std::string* error) {
  std::vector<const Operation*> all;
  for (const auto& op : model.operations) all.push_back(&op);
  nnadapter::OwnedModel copy;
  std::map<const Operand*, Operand*> mapping;
  nnadapter::ExtractSubModel(
      all, {model.input_operands.begin(), model.input_operands.end()},
      {model.output_operands.begin(), model.output_operands.end()}, true, &copy,
      &mapping);
  std::vector<Operation*> nhwc;
  for (auto& op : copy.model.operations) {
    if (IsNhwcOperation(op)) nhwc.push_back(&op);
  }
  for (auto* op : nhwc) Lower(&copy, op);
  nnadapter::ApiModel api;
  for (const auto* op : nnadapter::SortOperationsInTopologicalOrder(&copy.model)) {
    if (!api.AddOperation(*op, {}, error)) return false;
  }
  std::vector<NNAdapterOperand*> ins, outs;
  for (const auto* o : copy.model.input_operands) ins.push_back(api.Find(o));
  for (const auto* o : copy.model.output_operands) outs.push_back(api.Find(o));
  if (NNAdapterModel_identifyInputsAndOutputs(
          api.model(), static_cast<uint32_t>(ins.size()), ins.data(),
          static_cast<uint32_t>(outs.size()), outs.data()) != NNADAPTER_NO_ERROR ||
      NNAdapterModel_finish(api.model()) != NNADAPTER_NO_ERROR) {
    *error = NNAdapter_getLastErrorMessage();
    return false;
  }
  const int code = CompileAndRun(api.model(), {"builtin_device"}, "",
                                 std::move(inputs), outs.size(), outputs);
  if (code != NNADAPTER_NO_ERROR) *error = NNAdapter_getLastErrorMessage();
  return code == NNADAPTER_NO_ERROR;
}

}  // namespace nnadapter_test
