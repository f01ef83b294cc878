#include "lite/model_parser/onnx/onnx_validate.h"

#include <climits>
#include <cstring>
#include <set>

#include "lite/core/error.h"

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

void CheckGraph(const std::string& label, const onnx::GraphProto& g) {
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
