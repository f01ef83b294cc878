#include "onnx_mapping.h"

namespace conformance {

MapContext::MapContext(const OnnxTest& test, size_t data_set, CaseSpec* spec)
    : test_(test), data_set_(data_set), spec_(spec) {
  const auto& ds = test.data_sets[data_set];
  for (size_t i = 0; i < test.input_names.size() && i < ds.inputs.size(); ++i) {
    known_dims_[test.input_names[i]] = ds.inputs[i].dims;
  }
  for (const auto& kv : test.initializers) known_dims_[kv.first] = kv.second.dims;
  const auto& graph = test.model.graph();
  auto add_info = [this](const onnx::ValueInfoProto& vi) {
    if (known_dims_.count(vi.name()) || !vi.type().has_tensor_type() ||
        !vi.type().tensor_type().has_shape()) {
      return;
    }
    std::vector<int32_t> dims;
    for (const auto& d : vi.type().tensor_type().shape().dim()) {
      dims.push_back(d.has_dim_value() ? static_cast<int32_t>(d.dim_value())
                                       : -1);
    }
    known_dims_[vi.name()] = dims;
  };
  for (const auto& vi : graph.value_info()) add_info(vi);
  for (const auto& vi : graph.output()) add_info(vi);
}

const Tensor* MapContext::Value(const std::string& name) const {
  auto it = test_.initializers.find(name);
  if (it != test_.initializers.end()) return &it->second;
  const auto& ds = test_.data_sets[data_set_];
  for (size_t i = 0; i < test_.input_names.size(); ++i) {
    if (test_.input_names[i] == name && i < ds.inputs.size()) {
      return &ds.inputs[i];
    }
  }
  return nullptr;
}

int MapContext::Operand(const std::string& name) {
  if (name.empty()) return -1;
  auto it = operands_.find(name);
  if (it != operands_.end()) return it->second;
  auto init = test_.initializers.find(name);
  int index = -1;
  if (init != test_.initializers.end()) {
    index = spec_->Const(init->second);
  } else {
    const Tensor* v = Value(name);
    if (!v) return -1;
    index = spec_->Input(*v);
  }
  operands_[name] = index;
  return index;
}

int64_t MapContext::opset() const {
  for (const auto& o : test_.model.opset_import()) {
    if (o.domain().empty() || o.domain() == "ai.onnx") return o.version();
  }
  return 1;
}

int MapContext::NewOutput(const std::string& name, int32_t precision) {
  const int index = spec_->Temp(precision);
  operands_[name] = index;
  return index;
}

int32_t MapContext::PrecisionOf(const std::string& name) {
  const int i = Operand(name);
  if (i < 0) return NNADAPTER_UNKNOWN_PRECISION;
  return spec_->operands[static_cast<size_t>(i)].tensor.precision;
}

int MapContext::RankOf(const std::string& name) const {
  auto it = known_dims_.find(name);
  return it == known_dims_.end() ? -1 : static_cast<int>(it->second.size());
}

std::vector<int32_t> MapContext::DimsOf(const std::string& name) const {
  auto it = known_dims_.find(name);
  return it == known_dims_.end() ? std::vector<int32_t>() : it->second;
}

std::vector<int32_t> ToI32(const std::vector<int64_t>& v) {
  std::vector<int32_t> out;
  for (int64_t x : v) {
    if (x > INT32_MAX) x = INT32_MAX;
    if (x < INT32_MIN) x = INT32_MIN;
    out.push_back(static_cast<int32_t>(x));
  }
  return out;
}

MapStatus MapUnary(const onnx::NodeProto& node, MapContext* ctx,
                   NNAdapterOperationType type) {
  if (node.input_size() < 1 || node.output_size() < 1) {
    return ctx->Error(node.op_type() + ": expected 1 input and 1 output");
  }
  const int in = ctx->Operand(node.input(0));
  if (in < 0) return ctx->Error(node.op_type() + ": unknown input " + node.input(0));
  const int out = ctx->NewOutput(node.output(0), ctx->PrecisionOf(node.input(0)));
  ctx->spec()->Op(type, {in}, {out});
  return MapStatus::kOk;
}

MapStatus MapBinary(const onnx::NodeProto& node, MapContext* ctx,
                    NNAdapterOperationType type, bool with_fuse,
                    int32_t out_precision) {
  if (node.input_size() != 2 || node.output_size() < 1) {
    return ctx->Error(node.op_type() + ": expected 2 inputs and 1 output");
  }
  const int a = ctx->Operand(node.input(0));
  const int b = ctx->Operand(node.input(1));
  if (a < 0 || b < 0) return ctx->Error(node.op_type() + ": unknown input");
  if (out_precision == NNADAPTER_UNKNOWN_PRECISION) {
    out_precision = ctx->PrecisionOf(node.input(0));
  }
  const int out = ctx->NewOutput(node.output(0), out_precision);
  std::vector<int> ins = {a, b};
  if (with_fuse) ins.push_back(ctx->spec()->ConstI32(NNADAPTER_FUSED_NONE));
  ctx->spec()->Op(type, ins, {out});
  return MapStatus::kOk;
}

bool BuildOnnxCase(const OnnxTest& test, size_t data_set,
                   const std::string& nnadapter_op, CaseSpec* spec,
                   std::string* error) {
  MapContext ctx(test, data_set, spec);
  const auto& graph = test.model.graph();
  for (const auto& node : graph.node()) {
    if (node.op_type() == "Constant") continue;  // folded into constants
    bool mapped = false;
    // Mappers of the case's own operation first, then all others.
    for (int pass = 0; pass < 2 && !mapped; ++pass) {
      for (const Mapper& m : Mappers()) {
        if (node.op_type() != m.onnx_op) continue;
        if ((pass == 0) != (nnadapter_op == m.nnadapter_op)) continue;
        const MapStatus s = m.fn(node, &ctx);
        if (s == MapStatus::kError) {
          *error = std::string("mapping ") + node.op_type() + " -> " +
                   m.nnadapter_op + ": " + ctx.error();
          return false;
        }
        if (s == MapStatus::kOk) {
          mapped = true;
          break;
        }
      }
    }
    if (!mapped) {
      *error = "no mapper accepts ONNX node " + node.op_type() + " '" +
               node.name() + "'";
      return false;
    }
  }
  const auto& ds = test.data_sets[data_set];
  for (int i = 0; i < graph.output_size(); ++i) {
    if (ctx.IsIgnored(graph.output(i).name())) continue;
    const int operand = ctx.Operand(graph.output(i).name());
    if (operand < 0) {
      *error = "graph output '" + graph.output(i).name() + "' is not produced";
      return false;
    }
    if (spec->operands[static_cast<size_t>(operand)].kind !=
        OperandSpec::kTemporary) {
      *error = "graph output '" + graph.output(i).name() +
               "' is not an operation output";
      return false;
    }
    Tensor expected = ds.outputs[static_cast<size_t>(i)];
    if (ctx.negate()) {
      if (expected.precision != NNADAPTER_BOOL8) {
        *error = "negated expectation of a non-bool output";
        return false;
      }
      for (auto& b : expected.bytes) b = b ? 0 : 1;
    }
    spec->Output(operand, expected);
  }
  return true;
}

}  // namespace conformance
