// Converters of elementwise ops, activations and scale, and the fused
// activation helpers shared by all converters.
#include <map>

#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

FusedAct ReadFusedAct(const cpp::OpDesc& op, const std::string& attr) {
  FusedAct act;
  act.type = op.GetAttr<std::string>(attr, "");
  if (op.HasAttr("with_act") && !op.GetAttr<bool>("with_act")) act.type.clear();
  if (act.type.empty() && op.GetAttr<bool>("fuse_relu", false)) act.type = "relu";
  if (act.type == "identity") act.type.clear();
  if (act.type == "relu") {
    act.fuse_code = NNADAPTER_FUSED_RELU;
  } else if (act.type == "relu6" && op.GetAttr<float>("fuse_brelu_threshold", 6.f) == 6.f) {
    act.fuse_code = NNADAPTER_FUSED_RELU6;
  }
  return act;
}

void AddActivation(Converter& c, const cpp::OpDesc& op, const std::string& t, bool fused,
                   NNAdapterOperand* in, NNAdapterOperand* out) {
  // Attribute names: the activation op's own, or the fused names.
  auto attr = [&](const std::string& plain, const std::string& fused_name, float dflt) {
    return op.GetAttr<float>(fused ? fused_name : plain, dflt);
  };
  static const std::map<std::string, NNAdapterOperationType> kUnary = {
      {"relu", NNADAPTER_RELU}, {"sigmoid", NNADAPTER_SIGMOID}, {"tanh", NNADAPTER_TANH},
      {"exp", NNADAPTER_EXP},   {"log", NNADAPTER_LOG},         {"abs", NNADAPTER_ABS}};
  auto unary = kUnary.find(t);
  if (unary != kUnary.end()) {
    c.AddOperation(unary->second, {in}, {out});
  } else if (t == "relu6") {
    float threshold = attr("threshold", "fuse_brelu_threshold", 6.f);
    if (threshold == 6.f) {
      c.AddOperation(NNADAPTER_RELU6, {in}, {out});
    } else {
      c.AddOperation(NNADAPTER_CLIP, {in, c.Float32(0.f), c.Float32(threshold)}, {out});
    }
  } else if (t == "leaky_relu") {
    c.AddOperation(NNADAPTER_LEAKY_RELU, {in, c.Float32(attr("alpha", "leaky_relu_alpha", 0.02f))},
                   {out});
  } else if (t == "hard_swish") {
    const float threshold = attr("threshold", "hard_swish_threshold", 6.f);
    const float scale = attr("scale", "hard_swish_scale", 6.f);
    const float offset = attr("offset", "hard_swish_offset", 3.f);
    // Paddle: x * min(max(x + offset, 0), threshold) / scale
    //      == x * clip(x / threshold + offset / threshold, 0, 1) * threshold / scale.
    LITE_ENFORCE(threshold == scale, "op '", op.Type(),
                 "': hard_swish with threshold != scale is not converted");
    c.AddOperation(NNADAPTER_HARD_SWISH,
                   {in, c.Float32(1.f / threshold), c.Float32(offset / threshold)}, {out});
  } else if (t == "hard_sigmoid") {
    c.AddOperation(NNADAPTER_HARD_SIGMOID,
                   {in, c.Float32(attr("slope", "hard_sigmoid_slope", 0.2f)),
                    c.Float32(attr("offset", "hard_sigmoid_offset", 0.5f))},
                   {out});
  } else if (t == "swish") {
    LITE_ENFORCE(attr("beta", "swish_beta", 1.f) == 1.f, "op '", op.Type(),
                 "': swish with beta != 1 is not converted");
    c.AddOperation(NNADAPTER_SWISH, {in}, {out});
  } else if (t == "gelu") {
    c.AddOperation(NNADAPTER_GELU, {in, c.Bool(op.GetAttr<bool>("approximate", false))}, {out});
  } else {
    ThrowError("op '", op.Type(), "': activation '", t, "' has no NNAdapter conversion");
  }
}

void AddWithActivation(Converter& c, const cpp::OpDesc& op, NNAdapterOperationType type,
                       std::vector<NNAdapterOperand*> inputs, const std::string& out,
                       const FusedAct& act) {
  if (act.type.empty() || act.fuse_code != NNADAPTER_FUSED_NONE) {
    c.AddOperation(type, inputs, {c.Output(out)});
    return;
  }
  NNAdapterOperand* tmp = c.Temporary();
  c.AddOperation(type, inputs, {tmp});
  AddActivation(c, op, act.type, true, tmp, c.Output(out));
}

void ConvertActivation(Converter& c, const cpp::OpDesc& op) {
  AddActivation(c, op, op.Type(), false, c.Input(One(op, "X")), c.Output(One(op, "Out", false)));
}

void ConvertElementwise(Converter& c, const cpp::OpDesc& op) {
  static const std::map<std::string, NNAdapterOperationType> kTypes = {
      {"elementwise_add", NNADAPTER_ADD}, {"elementwise_sub", NNADAPTER_SUB},
      {"elementwise_mul", NNADAPTER_MUL}, {"elementwise_div", NNADAPTER_DIV},
      {"elementwise_max", NNADAPTER_MAX}, {"elementwise_min", NNADAPTER_MIN},
      {"elementwise_pow", NNADAPTER_POW}};
  const std::string& x = One(op, "X");
  const std::string& y = One(op, "Y");
  const DDim xd = c.Dims(x), yd = c.Dims(y);
  const int axis = op.GetAttr<int32_t>("axis", -1);
  NNAdapterOperand* y_operand = nullptr;
  const int xr = static_cast<int>(xd.size()), yr = static_cast<int>(yd.size());
  if (axis == -1 || axis == xr - yr || yr > xr) {
    y_operand = c.Input(y);  // numpy broadcasting
  } else {
    // Paddle aligns Y at `axis`: append ones so numpy broadcasting matches.
    const Tensor* w = c.Weight(y);
    LITE_ENFORCE(w != nullptr, "op '", op.Type(), "': axis ", axis,
                 " broadcasting of a non-constant Y is not converted");
    DDim dims = yd;
    while (static_cast<int>(dims.size()) < xr - axis) dims.push_back(1);
    LITE_ENFORCE(axis >= 0 && static_cast<int>(dims.size()) == xr - axis, "op '", op.Type(),
                 "': axis ", axis, " does not fit X dims ", DimsToString(xd), " and Y dims ",
                 DimsToString(yd));
    y_operand = c.ConstantTensor(*w, dims);
  }
  FusedAct act = ReadFusedAct(op);
  AddWithActivation(c, op, kTypes.at(op.Type()), {c.Input(x), y_operand, c.Int32(act.fuse_code)},
                    One(op, "Out", false), act);
}

void ConvertScale(Converter& c, const cpp::OpDesc& op) {
  LITE_ENFORCE(!op.HasInput("ScaleTensor"), "op 'scale': ScaleTensor input is not converted");
  const float scale = op.GetAttr<float>("scale", 1.f);
  const float bias = op.GetAttr<float>("bias", 0.f);
  const bool after = op.GetAttr<bool>("bias_after_scale", true);
  // scale * x + bias, or scale * (x + bias) == scale * x + scale * bias.
  const float b = after ? bias : scale * bias;
  NNAdapterOperand* x = c.Input(One(op, "X"));
  NNAdapterOperand* out = c.Output(One(op, "Out", false));
  const int32_t none = NNADAPTER_FUSED_NONE;
  if (b == 0.f) {
    c.AddOperation(NNADAPTER_MUL, {x, c.Float32(scale), c.Int32(none)}, {out});
  } else if (scale == 1.f) {
    c.AddOperation(NNADAPTER_ADD, {x, c.Float32(b), c.Int32(none)}, {out});
  } else {
    NNAdapterOperand* tmp = c.Temporary();
    c.AddOperation(NNADAPTER_MUL, {x, c.Float32(scale), c.Int32(none)}, {tmp});
    c.AddOperation(NNADAPTER_ADD, {tmp, c.Float32(b), c.Int32(none)}, {out});
  }
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
