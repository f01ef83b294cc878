#include "lite/model_parser/onnx/onnx_shape_values.h"

#include <onnx/defs/tensor_proto_util.h>
#include <onnx/shape_inference/implementation.h>

#include <algorithm>
#include <cstdint>
#include <exception>
#include <map>
#include <set>
#include <string>
#include <vector>

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

// Dims and the elements of shape values. A dim that is not a number is
// encoded far below any real value (-1 is Reshape's "infer this dim"):
// kUnknownValue when nothing is known, or a symbol (ONNX's dim_param, e.g.
// p2o.DynamicDimension.0) so that equal dynamic dims cancel when Reshape
// infers its -1 ([N, 3, 4, 5] to [N, 3, -1] gives 20).
using Dims = std::vector<int64_t>;
constexpr int64_t kUnknownValue = INT64_MIN;
constexpr int64_t kLastSymbol = INT64_MIN + (int64_t{1} << 20);

bool IsSymbol(int64_t v) { return v > kUnknownValue && v <= kLastSymbol; }
bool IsDynamic(int64_t v) { return v <= kLastSymbol; }

struct Known {
  std::map<std::string, Dims> shapes;  // a tensor's dims (rank known)
  std::map<std::string, int32_t> types;
  std::map<std::string, Dims> values;  // the elements of small int tensors
  std::map<std::string, int64_t> symbol_ids;
  std::vector<std::string> symbol_names;

  int64_t Symbol(const std::string& name) {
    auto it = symbol_ids.find(name);
    if (it != symbol_ids.end()) return it->second;
    const int64_t id = kUnknownValue + 1 + static_cast<int64_t>(symbol_names.size());
    symbol_names.push_back(name);
    return symbol_ids[name] = id;
  }
  const std::string& SymbolName(int64_t v) const {
    return symbol_names[static_cast<size_t>(v - kUnknownValue - 1)];
  }
};

void AddTyped(const onnx::ValueInfoProto& vi, Known* k) {
  if (!vi.type().has_tensor_type()) return;
  const auto& tt = vi.type().tensor_type();
  if (tt.elem_type() != 0) k->types[vi.name()] = tt.elem_type();
  if (!tt.has_shape()) return;
  Dims d;
  for (const auto& dim : tt.shape().dim()) {
    d.push_back(dim.has_dim_value()   ? dim.dim_value()
                : dim.has_dim_param() ? k->Symbol(dim.dim_param())
                                      : kUnknownValue);
  }
  k->shapes[vi.name()] = d;
}

// The int values of a small constant tensor (shapes, indices, axes).
bool IntValues(const onnx::TensorProto& t, Dims* out) {
  if (t.data_location() == onnx::TensorProto::EXTERNAL) return false;
  int64_t n = 1;
  for (auto d : t.dims()) n *= d;
  if (t.dims_size() > 1 || n > 64) return false;
  try {
    if (t.data_type() == onnx::TensorProto::INT64) {
      *out = onnx::ParseData<int64_t>(&t);
    } else if (t.data_type() == onnx::TensorProto::INT32) {
      auto v = onnx::ParseData<int32_t>(&t);
      out->assign(v.begin(), v.end());
    } else {
      return false;
    }
  } catch (const std::exception&) {
    return false;
  }
  return static_cast<int64_t>(out->size()) == n;
}

Known Collect(const onnx::GraphProto& g) {
  Known k;
  for (const auto& vi : g.input()) AddTyped(vi, &k);
  for (const auto& vi : g.value_info()) AddTyped(vi, &k);
  for (const auto& vi : g.output()) AddTyped(vi, &k);
  for (const auto& t : g.initializer()) {
    k.shapes[t.name()] = Dims(t.dims().begin(), t.dims().end());
    k.types[t.name()] = t.data_type();
    Dims v;
    if (IntValues(t, &v)) k.values[t.name()] = v;
  }
  return k;
}

const onnx::AttributeProto* Attr(const onnx::NodeProto& n, const char* name) {
  for (const auto& a : n.attribute()) {
    if (a.name() == name) return &a;
  }
  return nullptr;
}

Dims AttrInts(const onnx::NodeProto& n, const char* name) {
  const auto* a = Attr(n, name);
  return a ? Dims(a->ints().begin(), a->ints().end()) : Dims{};
}

const Dims* Find(const std::map<std::string, Dims>& m, const std::string& name) {
  auto it = m.find(name);
  return it == m.end() ? nullptr : &it->second;
}

bool NoUnknownValue(const Dims& d) { return std::none_of(d.begin(), d.end(), IsDynamic); }

// Slice of a 1-D value along axis 0 (steps 1 or given).
bool SliceValues(const onnx::NodeProto& n, const Known& k, const Dims& in, Dims* out) {
  Dims starts, ends, axes, steps;
  if (Attr(n, "starts")) {
    starts = AttrInts(n, "starts");
    ends = AttrInts(n, "ends");
    axes = AttrInts(n, "axes");
  } else {
    auto input = [&](int i, Dims* d) {
      if (n.input_size() <= i || n.input(i).empty()) return true;
      const Dims* v = Find(k.values, n.input(i));
      if (!v || !NoUnknownValue(*v)) return false;
      *d = *v;
      return true;
    };
    if (!input(1, &starts) || !input(2, &ends) || !input(3, &axes) || !input(4, &steps)) return false;
  }
  if (starts.size() != 1 || ends.size() != 1) return false;
  if (!axes.empty() && !(axes.size() == 1 && (axes[0] == 0 || axes[0] == -1))) return false;
  const int64_t step = steps.empty() ? 1 : steps[0];
  if (step != 1) return false;
  const int64_t size = static_cast<int64_t>(in.size());
  auto clamp = [&](int64_t v) { return std::min(std::max(v < 0 ? v + size : v, int64_t{0}), size); };
  const int64_t s = clamp(starts[0]), e = clamp(ends[0]);
  out->assign(in.begin() + s, in.begin() + std::max(s, e));
  return true;
}

// The element values of `n`'s first output, when they follow from known
// shapes and values.
bool FoldValues(const onnx::NodeProto& n, const Known& k, Dims* out) {
  const std::string& t = n.op_type();
  if (t == "Constant") {
    const auto* a = Attr(n, "value");
    return a && a->has_t() && IntValues(a->t(), out);
  }
  if (n.input_size() == 0) return false;
  if (t == "Shape") {
    const Dims* s = Find(k.shapes, n.input(0));
    if (!s) return false;
    const int64_t r = static_cast<int64_t>(s->size());
    auto clamp = [&](int64_t v) { return std::min(std::max(v < 0 ? v + r : v, int64_t{0}), r); };
    const auto* start = Attr(n, "start");
    const auto* end = Attr(n, "end");
    const int64_t b = clamp(start ? start->i() : 0), e = clamp(end ? end->i() : r);
    out->assign(s->begin() + b, s->begin() + std::max(b, e));
    return true;
  }
  if (t == "Concat") {
    for (const auto& in : n.input()) {
      const Dims* v = Find(k.values, in);
      if (!v) return false;
      out->insert(out->end(), v->begin(), v->end());
    }
    return true;
  }
  const Dims* in = Find(k.values, n.input(0));
  if (!in) return false;
  if (t == "Cast" || t == "Squeeze" || t == "Unsqueeze" || t == "Identity") {
    *out = *in;
    return true;
  }
  if (t == "Slice") return SliceValues(n, k, *in, out);
  if (t == "Gather" && n.input_size() == 2) {
    const auto* axis = Attr(n, "axis");
    const Dims* idx = Find(k.values, n.input(1));
    if ((axis && axis->i() != 0) || !idx || !NoUnknownValue(*idx)) return false;
    const int64_t size = static_cast<int64_t>(in->size());
    for (int64_t i : *idx) {
      if (i < 0) i += size;
      if (i < 0 || i >= size) return false;
      out->push_back((*in)[i]);
    }
    return true;
  }
  return false;
}

// The extent Reshape infers for its -1: numel(in) / the other output dims,
// with equal symbols cancelling; kUnknownValue when it does not follow.
int64_t InferredExtent(const Dims& in, const Dims& out, size_t at) {
  std::multiset<int64_t> symbols;
  int64_t num = 1, den = 1;
  for (int64_t d : in) {
    if (d >= 0) {
      num *= d;
    } else if (IsSymbol(d)) {
      symbols.insert(d);
    } else {
      return kUnknownValue;
    }
  }
  for (size_t j = 0; j < out.size(); ++j) {
    if (j == at) continue;
    if (out[j] >= 0) {
      den *= out[j];
      continue;
    }
    auto it = symbols.find(out[j]);
    if (it == symbols.end()) return kUnknownValue;
    symbols.erase(it);
  }
  return symbols.empty() && den > 0 && num % den == 0 ? num / den : kUnknownValue;
}

// Reshape's output dims from its input's dims and the target values (0
// copies, -1 is inferred).
Dims ReshapeDims(const onnx::NodeProto& n, const Dims* in, const Dims& target) {
  const auto* allowzero = Attr(n, "allowzero");
  Dims out = target;
  size_t infer_at = out.size();
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == 0 && !(allowzero && allowzero->i())) {
      out[i] = in && i < in->size() ? (*in)[i] : kUnknownValue;
    } else if (out[i] == -1 && infer_at == out.size()) {
      infer_at = i;
    } else if (out[i] < 0 && !IsDynamic(out[i])) {
      out[i] = kUnknownValue;
    }
  }
  if (infer_at < out.size()) out[infer_at] = in ? InferredExtent(*in, out, infer_at) : kUnknownValue;
  return out;
}

// One pass over the nodes; returns the number of Reshape outputs given a
// shape.
int AnnotateReshapes(onnx::GraphProto* g) {
  Known k = Collect(*g);
  int added = 0;
  for (const auto& n : g->node()) {
    if (n.output_size() == 0) continue;
    Dims v;
    if (FoldValues(n, k, &v)) k.values[n.output(0)] = v;
    if (n.op_type() != "Reshape" || n.input_size() < 2 || k.shapes.count(n.output(0))) continue;
    auto type = k.types.find(n.input(0));
    if (type == k.types.end()) continue;
    Dims target;
    if (const Dims* tv = Find(k.values, n.input(1))) {
      target = *tv;
    } else if (const Dims* ts = Find(k.shapes, n.input(1))) {
      if (ts->size() != 1 || (*ts)[0] < 0 || (*ts)[0] > kMaxTensorRank) continue;
      target.assign(static_cast<size_t>((*ts)[0]), kUnknownValue);  // known rank only
    } else {
      continue;
    }
    Dims dims = ReshapeDims(n, Find(k.shapes, n.input(0)), target);
    auto* vi = g->add_value_info();
    vi->set_name(n.output(0));
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(type->second);
    auto* shape = tt->mutable_shape();
    for (int64_t d : dims) {
      auto* dim = shape->add_dim();
      if (d >= 0) {
        dim->set_dim_value(d);
      } else if (IsSymbol(d)) {
        dim->set_dim_param(k.SymbolName(d));
      }
    }
    k.shapes[n.output(0)] = dims;
    ++added;
  }
  return added;
}

void Infer(onnx::ModelProto* model) {
  try {
    onnx::ShapeInferenceOptions options(false, 0, true);
    onnx::shape_inference::InferShapes(*model, onnx::OpSchemaRegistry::Instance(), options);
  } catch (const std::exception&) {
    // Converters that need a rank inference did not give fail naming the node.
  }
}

}  // namespace

void InferShapesAndReshapeRanks(onnx::ModelProto* model) {
  Infer(model);
  // Each round gives the Reshapes whose shape values became known through
  // the previous round's inference; chains are short (a few per model).
  for (int round = 0; round < 16 && AnnotateReshapes(model->mutable_graph()) > 0; ++round) {
    Infer(model);
  }
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
