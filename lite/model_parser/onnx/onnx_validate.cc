#include "lite/model_parser/onnx/onnx_validate.h"

#include <climits>
#include <cstring>
#include <map>
#include <set>

#include "lite/core/error.h"
#include "lite/model_parser/onnx/onnx_shape_values.h"

namespace paddle {
namespace lite {
namespace onnx_import {
namespace {

enum class Rule {
  kPositive,     // every value in [1, INT32_MAX]
  kNonNegative,  // every value in [0, INT32_MAX]
  kDistinct,     // axes: each in int32 range, no axis twice
  kInt32,        // a single int in int32 range (axis-like)
};

// One row per (operators, attribute): the only table of these rules.
struct AttrRule {
  const char* ops;  // comma-separated operator types
  const char* attr;
  Rule rule;
};

#define CONV_AND_POOL "Conv,ConvTranspose,ConvInteger,QLinearConv,MaxPool,AveragePool,LpPool,MaxUnpool"
constexpr const char* kConvAndPool = CONV_AND_POOL;
#define REDUCE_OPS                                                                               \
  "ReduceMean,ReduceSum,ReduceMax,ReduceMin,ReduceProd,ReduceL1,ReduceL2,ReduceLogSum,"         \
  "ReduceLogSumExp,ReduceSumSquare"
constexpr AttrRule kAttrRules[] = {
    {CONV_AND_POOL, "strides", Rule::kPositive},
    {CONV_AND_POOL, "dilations", Rule::kPositive},
    {CONV_AND_POOL, "kernel_shape", Rule::kPositive},
    {CONV_AND_POOL, "pads", Rule::kNonNegative},
    {"ConvTranspose", "output_padding", Rule::kNonNegative},
    {"ConvTranspose", "output_shape", Rule::kPositive},
    {"Conv,ConvTranspose,ConvInteger,QLinearConv", "group", Rule::kPositive},
    {"Squeeze,Unsqueeze," REDUCE_OPS, "axes", Rule::kDistinct},
    {"Softmax,LogSoftmax,Hardmax,Concat,Gather,GatherElements,Split,Flatten,ArgMax,ArgMin,"
     "CumSum,TopK,Compress,OneHot,ScatterElements,LRN,DepthToSpace,QuantizeLinear,"
     "DequantizeLinear",
     "axis", Rule::kInt32},
};
#undef CONV_AND_POOL
#undef REDUCE_OPS

bool Lists(const char* ops, const std::string& op) {
  const char* p = ops;
  while (*p) {
    const char* end = std::strchr(p, ',');
    const size_t n = end ? static_cast<size_t>(end - p) : std::strlen(p);
    if (op.size() == n && op.compare(0, n, p, n) == 0) return true;
    if (!end) break;
    p = end + 1;
  }
  return false;
}

std::string NodeName(const onnx::NodeProto& n) {
  if (!n.name().empty()) return n.name();
  return n.output_size() ? n.output(0) : std::string("?");
}

[[noreturn]] void FailAttr(const std::string& label, const onnx::NodeProto& n,
                           const onnx::AttributeProto& a, const std::string& what) {
  ThrowError("ONNX model '", label, "': node '", NodeName(n), "' (operator ", n.op_type(),
             "): attribute '", a.name(), "'", what);
}

void CheckRule(const std::string& label, const onnx::NodeProto& n, const onnx::AttributeProto& a,
               Rule rule) {
  if (rule == Rule::kInt32) {
    if (a.type() != onnx::AttributeProto::INT) return;
    if (a.i() < INT32_MIN || a.i() > INT32_MAX) {
      FailAttr(label, n, a, StrCat(" is ", a.i(), "; expected an axis within the input's rank"));
    }
    return;
  }
  if (a.type() != onnx::AttributeProto::INTS && a.type() != onnx::AttributeProto::INT) return;
  std::vector<int64_t> v;
  if (a.type() == onnx::AttributeProto::INT) {
    v.push_back(a.i());
  } else {
    v.assign(a.ints().begin(), a.ints().end());
  }
  std::set<int64_t> seen;
  for (size_t i = 0; i < v.size(); ++i) {
    const int64_t x = v[i];
    const std::string at = a.type() == onnx::AttributeProto::INTS ? StrCat("[", i, "]") : "";
    switch (rule) {
      case Rule::kPositive:
        if (x < 1 || x > INT32_MAX) {
          FailAttr(label, n, a, StrCat(at, " is ", x, "; expected a positive value (at most ",
                                       INT32_MAX, ")"));
        }
        break;
      case Rule::kNonNegative:
        if (x < 0 || x > INT32_MAX) {
          FailAttr(label, n, a, StrCat(at, " is ", x, "; expected a value in [0, ", INT32_MAX,
                                       "]"));
        }
        break;
      case Rule::kDistinct:
        if (x < INT32_MIN || x > INT32_MAX) {
          FailAttr(label, n, a, StrCat(at, " is ", x, "; expected an axis within the rank"));
        }
        if (!seen.insert(x).second) {
          FailAttr(label, n, a, StrCat(" names axis ", x, " twice; each axis may appear once"));
        }
        break;
      case Rule::kInt32:
        break;
    }
  }
}

void CheckValueInfo(const std::string& label, const onnx::ValueInfoProto& vi, const char* kind) {
  if (!vi.type().has_tensor_type() || !vi.type().tensor_type().has_shape()) return;
  const auto& shape = vi.type().tensor_type().shape();
  for (int i = 0; i < shape.dim_size(); ++i) {
    const auto& d = shape.dim(i);
    if (d.has_dim_value() && d.dim_value() < 0) {
      ThrowError("ONNX model '", label, "': ", kind, " '", vi.name(), "' has dim ", i, " = ",
                 d.dim_value(), "; expected a non-negative extent or a named (dynamic) dim");
    }
  }
}

// Every graph output is a graph input, an initializer or a node's output
// (ONNX's checker lets an undefined one pass and libonnx's IR import then
// dereferences null: found by the ONNX fuzzer).
void CheckOutputsDefined(const std::string& label, const onnx::GraphProto& g) {
  std::set<std::string> defined;
  for (const auto& vi : g.input()) defined.insert(vi.name());
  for (const auto& t : g.initializer()) defined.insert(t.name());
  for (const auto& n : g.node()) defined.insert(n.output().begin(), n.output().end());
  for (const auto& vi : g.output()) {
    if (!defined.count(vi.name())) {
      ThrowError("ONNX model '", label, "': graph output '", vi.name(),
                 "' is produced by no node and is neither a graph input nor an initializer");
    }
  }
}

// Conv, ConvTranspose and the pools: where the ranks of X (and W) are
// known before shape inference (graph inputs, value_info, initializers),
// X has N, C and at least one spatial dim, W the same rank as X, and the
// per-spatial-dim lists fit it (libonnx's ConvTranspose inference read
// past them: found by the ONNX fuzzer).
void CheckConvRanks(const std::string& label, const onnx::GraphProto& g) {
  std::map<std::string, int> ranks;
  auto note = [&](const onnx::ValueInfoProto& vi) {
    if (vi.type().has_tensor_type() && vi.type().tensor_type().has_shape()) {
      ranks[vi.name()] = vi.type().tensor_type().shape().dim_size();
    }
  };
  for (const auto& vi : g.input()) note(vi);
  for (const auto& vi : g.value_info()) note(vi);
  for (const auto& t : g.initializer()) ranks[t.name()] = t.dims_size();
  auto rank_of = [&](const onnx::NodeProto& n, int i) {
    if (i >= n.input_size()) return -1;
    auto it = ranks.find(n.input(i));
    return it == ranks.end() ? -1 : it->second;
  };
  for (const auto& n : g.node()) {
    if (!Lists(kConvAndPool, n.op_type())) continue;
    const bool weighted =
        n.op_type() == "Conv" || n.op_type() == "ConvTranspose" || n.op_type() == "ConvInteger";
    const int x = rank_of(n, 0), w = weighted ? rank_of(n, 1) : -1;
    if (x >= 0 && x < 3) {
      ThrowError("ONNX model '", label, "': node '", NodeName(n), "' (operator ", n.op_type(),
                 "): input '", n.input(0), "' has rank ", x,
                 "; expected N, C and at least one spatial dim (rank >= 3)");
    }
    if (w >= 0 && (w < 3 || (x >= 0 && w != x))) {
      ThrowError("ONNX model '", label, "': node '", NodeName(n), "' (operator ", n.op_type(),
                 "): weight '", n.input(1), "' has rank ", w, "; expected the rank of input '",
                 n.input(0), "' (", x, ") and at least 3");
    }
    const int spatial = x >= 0 ? x - 2 : (w >= 0 ? w - 2 : -1);
    for (const auto& a : n.attribute()) {
      if (a.type() != onnx::AttributeProto::INTS) continue;
      const int size = a.ints_size();
      int want = -1;
      if (a.name() == "strides" || a.name() == "dilations" || a.name() == "kernel_shape" ||
          a.name() == "output_padding") {
        want = spatial;
      } else if (a.name() == "pads") {
        want = spatial < 0 ? -1 : 2 * spatial;
      } else if (a.name() == "output_shape" && size == spatial + 2) {
        continue;
      } else if (a.name() == "output_shape") {
        want = spatial;
      }
      if (want >= 0 && size != want) {
        FailAttr(label, n, a, StrCat(" has ", size, " values; expected ", want, " for ", spatial,
                                     " spatial dims"));
      }
    }
  }
}

// Inputs whose values are a shape: the output's rank is their length.
// libonnx's inference builds an output of that many dims, so a declared
// length of 2^63 - 1 made it run for minutes (found by the ONNX fuzzer):
// where the length is declared before shape inference, it is at most
// kMaxTensorRank.
struct ShapeInput {
  const char* op;
  int input;
};
constexpr ShapeInput kShapeInputs[] = {{"ConstantOfShape", 0}, {"Reshape", 1}, {"Expand", 1}};

void CheckShapeInputLengths(const std::string& label, const onnx::GraphProto& g) {
  std::map<std::string, int64_t> lengths;  // declared 1-D lengths
  auto note = [&](const onnx::ValueInfoProto& vi) {
    if (!vi.type().has_tensor_type() || !vi.type().tensor_type().has_shape()) return;
    const auto& shape = vi.type().tensor_type().shape();
    if (shape.dim_size() == 1 && shape.dim(0).has_dim_value()) {
      lengths[vi.name()] = shape.dim(0).dim_value();
    }
  };
  for (const auto& vi : g.input()) note(vi);
  for (const auto& vi : g.value_info()) note(vi);
  for (const auto& t : g.initializer()) {
    if (t.dims_size() == 1) lengths[t.name()] = t.dims(0);
  }
  for (const auto& n : g.node()) {
    for (const ShapeInput& s : kShapeInputs) {
      if (n.op_type() != s.op || s.input >= n.input_size()) continue;
      auto it = lengths.find(n.input(s.input));
      if (it == lengths.end() || it->second <= kMaxTensorRank) continue;
      ThrowError("ONNX model '", label, "': node '", NodeName(n), "' (operator ", n.op_type(),
                 "): input '", n.input(s.input), "' is a shape but declares ", it->second,
                 " entries; expected at most ", kMaxTensorRank, " (the output's rank)");
    }
  }
}

void CheckGraph(const std::string& label, const onnx::GraphProto& g) {
  CheckOutputsDefined(label, g);
  CheckConvRanks(label, g);
  CheckShapeInputLengths(label, g);
  for (const auto& vi : g.input()) CheckValueInfo(label, vi, "graph input");
  for (const auto& vi : g.output()) CheckValueInfo(label, vi, "graph output");
  for (const auto& vi : g.value_info()) CheckValueInfo(label, vi, "value");
  for (const auto& n : g.node()) {
    for (const auto& a : n.attribute()) {
      for (const auto& r : kAttrRules) {
        if (a.name() == r.attr && Lists(r.ops, n.op_type())) CheckRule(label, n, a, r.rule);
      }
      if (a.has_g()) CheckGraph(label, a.g());
      for (const auto& sub : a.graphs()) CheckGraph(label, sub);
    }
  }
}

}  // namespace

int CheckedOpset(const onnx::OperatorSetIdProto& o, const std::string& label) {
  const std::string domain = o.domain().empty() ? "ai.onnx" : o.domain();
  if (o.version() < 1 || o.version() > INT32_MAX) {
    ThrowError("ONNX model '", label, "': opset_import of domain '", domain, "' has version ",
               o.version(), "; expected a positive opset number (1..", INT32_MAX, ")");
  }
  return static_cast<int>(o.version());
}

void ValidateModelProto(const onnx::ModelProto& model, const std::string& label) {
  const int64_t ir = model.ir_version();
  // IR 11 is ONNX 1.18's; libonnx here knows 8, but a newer exporter's IR
  // with an opset this importer supports (<= 17) reads fine.
  constexpr int64_t newest = 11;
  if (ir < 1) {
    ThrowError("ONNX model '", label, "': ir_version is ", ir,
               "; expected the IR version the model was written with (1..", newest, ")");
  }
  if (ir > newest) {
    ThrowError("ONNX model '", label, "': ir_version ", ir,
               " is newer than this importer reads (ONNX IR version ", newest,
               "); re-export with an older ONNX, or check that the file is an ONNX model");
  }
  for (const auto& o : model.opset_import()) CheckedOpset(o, label);
  CheckGraph(label, model.graph());
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
