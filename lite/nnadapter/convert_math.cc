// Converters of the math ops: comparisons and logical ops, where,
// reductions, arg_max/arg_min, top_k, arg_sort, clip, log_softmax, sum, reciprocal,
// assign, fill_*_like, dropout, prelu.
#include <limits>
#include <cmath>
#include <map>

#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
constexpr int32_t kNone = NNADAPTER_FUSED_NONE;

// Paddle's broadcast `axis` other than -1 (or the trailing alignment) would
// need an explicit reshape of Y: declined unless it equals numpy's rule.
void NumpyBroadcastOnly(Converter& c, const cpp::OpDesc& op) {
  const int axis = op.GetAttr<int32_t>("axis", -1);
  if (axis == -1) return;
  const int xr = static_cast<int>(c.Dims(One(op, "X")).size());
  const int yr = static_cast<int>(c.Dims(One(op, "Y")).size());
  LITE_ENFORCE(axis == xr - yr, "op '", op.Type(), "': broadcast axis ", axis,
               " other than numpy's (", xr - yr, ") is not converted");
}

std::vector<int32_t> AllAxes(size_t rank) {
  std::vector<int32_t> axes(rank);
  for (size_t i = 0; i < rank; ++i) axes[i] = static_cast<int32_t>(i);
  return axes;
}
}  // namespace

// axpy (Paddle Lite's Out = Scale[n, c] * X + Bias) as MUL by Scale
// unsqueezed to [N, C, 1, ...] and ADD of Bias.
void ConvertAxpy(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const std::string& scale = One(op, "Scale");
  const size_t rank = c.Dims(x).size();
  LITE_ENFORCE(rank >= 2 && c.Dims(scale).size() == 2, "op 'axpy': X ", DimsToString(c.Dims(x)),
               " and a 2-D Scale [N, C] are converted, got Scale ", DimsToString(c.Dims(scale)));
  NNAdapterOperand* s = c.Input(scale);
  if (rank > 2) {
    std::vector<int32_t> axes;
    for (size_t i = 2; i < rank; ++i) axes.push_back(static_cast<int32_t>(i));
    NNAdapterOperand* column = c.Temporary();
    c.AddOperation(NNADAPTER_UNSQUEEZE, {s, c.Int32s(axes)}, {column});
    s = column;
  }
  NNAdapterOperand* product = c.Temporary();
  c.AddOperation(NNADAPTER_MUL, {c.Input(x), s, c.Int32(kNone)}, {product});
  c.AddOperation(NNADAPTER_ADD, {product, c.Input(One(op, "Bias")), c.Int32(kNone)},
                 {c.Output(One(op, "Out", false))});
}

// p_norm over `axis` (every axis with asvector): porder p > 0 as
// POW(REDUCE_SUM(POW(ABS(x), p)), 1 / p); inf as REDUCE_MAX(ABS(x)); -inf as
// -REDUCE_MAX(-ABS(x)); 0 as the count REDUCE_SUM(CAST(NOT_EQUAL(x, 0))).
// Other negative orders are declined.
void ConvertPNorm(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const size_t rank = c.Dims(x).size();
  const float p = op.GetAttr<float>("porder", 2.f);
  const bool keep = op.GetAttr<bool>("keepdim", false);
  std::vector<int32_t> axes = AllAxes(rank);
  if (!op.GetAttr<bool>("asvector", false)) axes = {op.GetAttr<int32_t>("axis", -1)};
  LITE_ENFORCE(p >= 0.f || std::isinf(p), "op 'p_norm': porder ", p, " is not converted");
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  auto reduce = [&](NNAdapterOperationType type, NNAdapterOperand* in, NNAdapterOperand* to) {
    c.AddOperation(type, {in, c.Int32s(axes), c.Bool(keep)}, {to});
  };
  auto temp = [&](NNAdapterOperationType type, std::vector<NNAdapterOperand*> in) {
    NNAdapterOperand* t = c.Temporary(type == NNADAPTER_NOT_EQUAL ? NNADAPTER_BOOL8 : NNADAPTER_FLOAT32);
    c.AddOperation(type, std::move(in), {t});
    return t;
  };
  if (p == 0.f) {
    NNAdapterOperand* nonzero = temp(NNADAPTER_NOT_EQUAL, {c.Input(x), c.Float32(0.f)});
    reduce(NNADAPTER_REDUCE_SUM, temp(NNADAPTER_CAST, {nonzero, c.Int32(NNADAPTER_FLOAT32)}), out);
    return;
  }
  NNAdapterOperand* a = temp(NNADAPTER_ABS, {c.Input(x)});
  if (std::isinf(p) && p > 0) {
    reduce(NNADAPTER_REDUCE_MAX, a, out);
  } else if (std::isinf(p)) {
    NNAdapterOperand* m = c.Temporary();
    reduce(NNADAPTER_REDUCE_MAX, temp(NNADAPTER_MUL, {a, c.Float32(-1.f), c.Int32(kNone)}), m);
    c.AddOperation(NNADAPTER_MUL, {m, c.Float32(-1.f), c.Int32(kNone)}, {out});
  } else {
    NNAdapterOperand* sum = c.Temporary();
    reduce(NNADAPTER_REDUCE_SUM, temp(NNADAPTER_POW, {a, c.Float32(p), c.Int32(kNone)}), sum);
    c.AddOperation(NNADAPTER_POW, {sum, c.Float32(1.f / p), c.Int32(kNone)}, {out});
  }
}

// cos_sim over the rows of X and Y (flattened after dim 0; Y [1, ...]
// broadcasts): Out = REDUCE_SUM(x * y) / (|x| |y|) with the norms
// POW(REDUCE_SUM(x * x), 0.5), which are also XNorm / YNorm when the op has
// them. Sums in float (the CPU sums in double).
void ConvertCosSim(Converter& c, const cpp::OpDesc& op) {
  auto rows = [&](const std::string& slot) {
    const std::string& v = One(op, slot);
    NNAdapterOperand* in = c.Input(v);
    if (c.Dims(v).size() == 2) return in;
    NNAdapterOperand* flat = c.Temporary();
    c.AddOperation(NNADAPTER_FLATTEN, {in, c.Int32(1), c.Int32(-1)}, {flat});
    return flat;
  };
  auto dot = [&](NNAdapterOperand* a, NNAdapterOperand* b) {
    NNAdapterOperand* prod = c.Temporary();
    NNAdapterOperand* sum = c.Temporary();
    c.AddOperation(NNADAPTER_MUL, {a, b, c.Int32(kNone)}, {prod});
    c.AddOperation(NNADAPTER_REDUCE_SUM, {prod, c.Int32s({1}), c.Bool(true)}, {sum});
    return sum;
  };
  auto norm = [&](NNAdapterOperand* v, const char* slot) {
    NNAdapterOperand* n = op.HasOutput(slot) ? c.Output(One(op, slot, false)) : c.Temporary();
    c.AddOperation(NNADAPTER_POW, {dot(v, v), c.Float32(0.5f), c.Int32(kNone)}, {n});
    return n;
  };
  NNAdapterOperand* x = rows("X");
  NNAdapterOperand* y = rows("Y");
  NNAdapterOperand* norms = c.Temporary();
  c.AddOperation(NNADAPTER_MUL, {norm(x, "XNorm"), norm(y, "YNorm"), c.Int32(kNone)}, {norms});
  c.AddOperation(NNADAPTER_DIV, {dot(x, y), norms, c.Int32(kNone)},
                 {c.Output(One(op, "Out", false))});
}

// mean (the average of every element, a 0-D Out) as REDUCE_MEAN over every
// axis without keepdim (NNAdapter's rank-0 result is the same 0-D tensor).
void ConvertMean(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  c.AddOperation(NNADAPTER_REDUCE_MEAN,
                 {c.Input(x), c.Int32s(AllAxes(c.Dims(x).size())), c.Bool(false)},
                 {c.Output(One(op, "Out", false))});
}

void ConvertCompare(Converter& c, const cpp::OpDesc& op) {
  static const std::map<std::string, NNAdapterOperationType> kTypes = {
      {"equal", NNADAPTER_EQUAL},          {"not_equal", NNADAPTER_NOT_EQUAL},
      {"less_than", NNADAPTER_LESS},       {"less_equal", NNADAPTER_LESS_EQUAL},
      {"greater_than", NNADAPTER_GREATER}, {"greater_equal", NNADAPTER_GREATER_EQUAL},
      {"logical_and", NNADAPTER_AND},      {"logical_or", NNADAPTER_OR}};
  NumpyBroadcastOnly(c, op);
  c.AddOperation(kTypes.at(op.Type()), {c.Input(One(op, "X")), c.Input(One(op, "Y"))},
                 {c.Output(One(op, "Out", false))});
}

void ConvertLogicalXor(Converter& c, const cpp::OpDesc& op) {
  NumpyBroadcastOnly(c, op);
  c.AddOperation(NNADAPTER_XOR, {c.Input(One(op, "X")), c.Input(One(op, "Y"))},
                 {c.Output(One(op, "Out", false))});
}

// reduce_sum/mean/max directly; reduce_min as -reduce_max(-x); reduce_any /
// reduce_all as reduce_max / reduce_min of the bools cast to 0.f / 1.f (both
// casts are exact), cast back to bool.
void ConvertReduce(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x);
  LITE_ENFORCE(op.GetAttr<int32_t>("out_dtype", -1) == -1, "op '", op.Type(),
               "': out_dtype is not converted");
  std::vector<int32_t> axes = op.GetAttr<std::vector<int32_t>>("dim", {0});
  if (op.GetAttr<bool>("reduce_all", false) || axes.empty()) axes = AllAxes(xd.size());
  const bool keep = op.GetAttr<bool>("keep_dim", false);
  // Reducing every axis without keep_dim gives Paddle's [1] (NNAdapter would
  // give a rank-0 tensor): keep the dims and reshape to [1].
  const bool to_one = !keep && axes.size() == xd.size();
  const bool logical = op.Type() == "reduce_any" || op.Type() == "reduce_all";
  NNAdapterOperand* in = c.Input(x);
  if (logical) {
    NNAdapterOperand* numbers = c.Temporary();
    c.AddOperation(NNADAPTER_CAST, {in, c.Int32(NNADAPTER_FLOAT32)}, {numbers});
    in = numbers;
  }
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  NNAdapterOperand* result = logical ? c.Temporary() : out;
  NNAdapterOperand* reduced = to_one ? c.Temporary() : result;
  if (op.Type() == "reduce_min" || op.Type() == "reduce_all") {
    NNAdapterOperand* neg = c.Temporary();
    NNAdapterOperand* max = c.Temporary();
    c.AddOperation(NNADAPTER_MUL, {in, c.Float32(-1.f), c.Int32(kNone)}, {neg});
    c.AddOperation(NNADAPTER_REDUCE_MAX, {neg, c.Int32s(axes), c.Bool(keep || to_one)}, {max});
    c.AddOperation(NNADAPTER_MUL, {max, c.Float32(-1.f), c.Int32(kNone)}, {reduced});
  } else {
    static const std::map<std::string, NNAdapterOperationType> kTypes = {
        {"reduce_sum", NNADAPTER_REDUCE_SUM},
        {"reduce_mean", NNADAPTER_REDUCE_MEAN},
        {"reduce_max", NNADAPTER_REDUCE_MAX},
        {"reduce_any", NNADAPTER_REDUCE_MAX}};
    c.AddOperation(kTypes.at(op.Type()), {in, c.Int32s(axes), c.Bool(keep || to_one)}, {reduced});
  }
  if (to_one) c.AddOperation(NNADAPTER_RESHAPE, {reduced, c.Int32s({1})}, {result});
  if (logical) c.AddOperation(NNADAPTER_CAST, {result, c.Int32(NNADAPTER_BOOL8)}, {out});
}

void ConvertArgMax(Converter& c, const cpp::OpDesc& op) {
  const int dtype = op.GetAttr<int32_t>("dtype", 3);
  LITE_ENFORCE(dtype == 2 || dtype == 3 || dtype == -1, "op '", op.Type(), "': dtype ", dtype,
               " is not converted (int32 or int64)");
  NNAdapterOperand* in = c.Input(One(op, "X"));
  int32_t axis = static_cast<int32_t>(op.GetAttr<int64_t>("axis", -1));
  bool keep = op.GetAttr<bool>("keepdims", false);
  if (op.GetAttr<bool>("flatten", false)) {
    NNAdapterOperand* flat = c.Temporary();
    c.AddOperation(NNADAPTER_RESHAPE, {in, c.Int32s({-1})}, {flat});
    in = flat;
    axis = 0;
  }
  c.AddOperation(op.Type() == "arg_max" ? NNADAPTER_ARG_MAX : NNADAPTER_ARG_MIN,
                 {in, c.Int32(axis), c.Bool(keep), c.Int32(dtype == 2 ? NNADAPTER_INT32
                                                                      : NNADAPTER_INT64)},
                 {c.Output(One(op, "Out", false))});
}

void ConvertTopK(Converter& c, const cpp::OpDesc& op) {
  LITE_ENFORCE(!op.HasInput("K") || op.Input("K").empty() || c.IsWeight(One(op, "K")), "op '",
               op.Type(), "': a run-time K tensor is not converted");
  int32_t k = op.GetAttr<int32_t>("k", 1);
  if (op.HasInput("K") && !op.Input("K").empty()) {
    const Tensor* t = c.Weight(One(op, "K"));
    k = t->dtype() == DataType::kInt64 ? static_cast<int32_t>(t->data<int64_t>()[0])
                                       : t->data<int32_t>()[0];
  }
  const bool v2 = op.Type() == "top_k_v2";
  const int32_t axis = v2 ? op.GetAttr<int32_t>("axis", -1) : -1;
  const bool largest = v2 ? op.GetAttr<bool>("largest", true) : true;
  c.AddOperation(NNADAPTER_TOP_K,
                 {c.Input(One(op, "X")), c.Int32(k), c.Int32(axis), c.Bool(largest), c.Bool(true),
                  c.Int32(NNADAPTER_INT64)},
                 {c.Output(One(op, "Out", false)), c.Output(One(op, "Indices", false))});
}

// arg_sort as TOP_K over the whole axis (k = its static extent), largest =
// `descending`. NNAdapter's TOP_K does not define the order of equal
// elements, so ties come in the device's order where the CPU kernel keeps the
// lower index first; NaN ordering may differ too (the CPU puts NaN above
// every number).
void ConvertArgSort(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x);
  const int rank = static_cast<int>(xd.size());
  int axis = op.GetAttr<int32_t>("axis", -1);
  if (axis < 0) axis += rank;
  LITE_ENFORCE(axis >= 0 && axis < rank && xd[axis] > 0, "op '", op.Type(), "': axis ",
               op.GetAttr<int32_t>("axis", -1), " of X ", DimsToString(xd),
               " needs a known extent to be converted");
  c.AddOperation(NNADAPTER_TOP_K,
                 {c.Input(x), c.Int32(static_cast<int32_t>(xd[axis])), c.Int32(axis),
                  c.Bool(op.GetAttr<bool>("descending", false)), c.Bool(true),
                  c.Int32(NNADAPTER_INT64)},
                 {c.Output(One(op, "Out", false)), c.Output(One(op, "Indices", false))});
}

void ConvertClip(Converter& c, const cpp::OpDesc& op) {
  auto bound = [&](const char* slot, const char* attr, float fallback) {
    if (op.HasInput(slot) && !op.Input(slot).empty()) {
      const Tensor* t = c.Weight(One(op, slot));
      LITE_ENFORCE(t && t->dtype() == DataType::kFloat32 && t->numel() == 1, "op 'clip': input '",
                   slot, "' must be a one-element float weight to be converted");
      return t->data<float>()[0];
    }
    return op.GetAttr<float>(attr, fallback);
  };
  const std::string& x = One(op, "X");
  LITE_ENFORCE(c.DType(x) == DataType::kFloat32, "op 'clip': only float X is converted");
  const float lo = bound("Min", "min", std::numeric_limits<float>::lowest());
  const float hi = bound("Max", "max", std::numeric_limits<float>::max());
  c.AddOperation(NNADAPTER_CLIP, {c.Input(x), c.Float32(lo), c.Float32(hi)},
                 {c.Output(One(op, "Out", false))});
}

void ConvertSum(Converter& c, const cpp::OpDesc& op) {
  std::vector<NNAdapterOperand*> in;
  for (const auto& x : op.Input("X")) in.push_back(c.Input(x));
  LITE_ENFORCE(!in.empty(), "op 'sum': input 'X' is empty");
  const std::string& out = One(op, "Out", false);
  if (in.size() == 1) {
    c.AddOperation(NNADAPTER_ASSIGN, in, {c.Output(out)});
  } else {
    c.AddOperation(NNADAPTER_SUM, in, {c.Output(out)});
  }
}

void ConvertFillLike(Converter& c, const cpp::OpDesc& op) {
  const int dtype = op.GetAttr<int32_t>("dtype", -1);
  LITE_ENFORCE(dtype == -1 || dtype == 5, "op '", op.Type(), "': dtype ", dtype,
               " is not converted (float only)");
  const float value =
      op.Type() == "fill_zeros_like" ? 0.f : static_cast<float>(op.GetAttr<double>("value", 0.0));
  const std::string& x = One(op, "X");
  LITE_ENFORCE(c.DType(x) == DataType::kFloat32, "op '", op.Type(),
               "': only float X is converted");
  c.AddOperation(NNADAPTER_FILL_LIKE, {c.Input(x), c.Float32(value)},
                 {c.Output(One(op, "Out", false))});
}

// Inference dropout: identity (upscale_in_train) or a scale by 1 - p.
void ConvertDropout(Converter& c, const cpp::OpDesc& op) {
  const std::string impl = op.GetAttr<std::string>("dropout_implementation", "downgrade_in_infer");
  const float p = op.GetAttr<float>("dropout_prob", 0.5f);
  NNAdapterOperand* x = c.Input(One(op, "X"));
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  if (impl == "upscale_in_train") {
    c.AddOperation(NNADAPTER_ASSIGN, {x}, {out});
  } else {
    c.AddOperation(NNADAPTER_MUL, {x, c.Float32(1.f - p), c.Int32(kNone)}, {out});
  }
}

void ConvertPrelu(Converter& c, const cpp::OpDesc& op) {
  const std::string mode = op.GetAttr<std::string>("mode", "all");
  LITE_ENFORCE(mode == "all" || mode == "channel", "op 'prelu': mode '", mode,
               "' is not converted (all, channel)");
  LITE_ENFORCE(op.GetAttr<std::string>("data_format", "NCHW") == "NCHW",
               "op 'prelu': only NCHW is converted");
  c.AddOperation(NNADAPTER_PRELU, {c.Input(One(op, "X")), c.Input(One(op, "Alpha"))},
                 {c.Output(One(op, "Out", false))});
}

// cumsum as CUM_SUM (flatten: RESHAPE to 1-D first).
void ConvertCumsum(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  NNAdapterOperand* in = c.Input(x);
  int32_t axis = op.GetAttr<int32_t>("axis", -1);
  if (op.GetAttr<bool>("flatten", false)) {
    NNAdapterOperand* flat = c.Temporary(PrecisionOf(c.DType(x)));
    c.AddOperation(NNADAPTER_RESHAPE, {in, c.Int32s({-1})}, {flat});
    in = flat;
    axis = 0;
  }
  c.AddOperation(NNADAPTER_CUM_SUM,
                 {in, c.Int32(axis), c.Bool(op.GetAttr<bool>("exclusive", false)),
                  c.Bool(op.GetAttr<bool>("reverse", false))},
                 {c.Output(One(op, "Out", false))});
}

// norm (L2 normalization) as LP_NORMALIZATION with p = 2. Paddle divides by
// sqrt(sum + epsilon), the operation by the norm guarded by epsilon: equal
// to float precision unless the sum of squares is near epsilon (1e-10 by
// default). Out only; the Norm output is not produced.
void ConvertNorm(Converter& c, const cpp::OpDesc& op) {
  c.AddOperation(NNADAPTER_LP_NORMALIZATION,
                 {c.Input(One(op, "X")), c.Int32(op.GetAttr<int32_t>("axis", -1)), c.Int32(2),
                  c.Float32(op.GetAttr<float>("epsilon", 1e-10f))},
                 {c.Output(One(op, "Out", false))});
}

// affine_channel as MUL and ADD by Scale and Bias (weights) shaped to
// broadcast along the channel axis.
void ConvertAffineChannel(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x);
  const bool nhwc = op.GetAttr<std::string>("data_layout", "AnyLayout") == "NHWC";
  LITE_ENFORCE(xd.size() >= 2, "op 'affine_channel': X ", DimsToString(xd), " needs rank >= 2");
  auto channel_constant = [&](const char* slot) {
    const Tensor* t = c.Weight(One(op, slot));
    LITE_ENFORCE(t != nullptr, "op 'affine_channel': a run-time '", slot, "' is not converted");
    DDim shape(xd.size(), 1);
    shape[nhwc ? xd.size() - 1 : 1] = t->numel();
    return c.ConstantTensor(*t, shape);
  };
  const int32_t none = NNADAPTER_FUSED_NONE;
  NNAdapterOperand* scaled = c.Temporary();
  c.AddOperation(NNADAPTER_MUL, {c.Input(x), channel_constant("Scale"), c.Int32(none)}, {scaled});
  c.AddOperation(NNADAPTER_ADD, {scaled, channel_constant("Bias"), c.Int32(none)},
                 {c.Output(One(op, "Out", false))});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
