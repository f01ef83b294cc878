// Converters of the NN ops: conv2d/depthwise_conv2d, conv2d_transpose,
// pool2d, batch_norm, fc, mul, matmul(_v2), layer_norm, instance_norm,
// softmax.
#include <algorithm>
#include <cstring>

#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
// A float constant of zeros of length n (missing biases).
NNAdapterOperand* Zeros(Converter& c, int64_t n) {
  Tensor t;
  t.Resize({n});
  std::memset(t.mutable_data<float>(), 0, n * sizeof(float));
  return c.ConstantTensor(t, {n});
}

// The transposed copy of a 2-D weight [K, N] as [N, K].
NNAdapterOperand* Transposed2D(Converter& c, const Tensor& w) {
  const int64_t k = w.dims()[0], n = w.dims()[1];
  Tensor t;
  t.Resize({n, k});
  float* dst = t.mutable_data<float>();
  const float* src = w.data<float>();
  for (int64_t i = 0; i < k; ++i) {
    for (int64_t j = 0; j < n; ++j) dst[j * k + i] = src[i * n + j];
  }
  return c.ConstantTensor(t, {n, k});
}
}  // namespace

void ConvertConv2d(Converter& c, const cpp::OpDesc& op) {
  if (IsInt8Conv(c, op)) {
    ConvertConv2dInt8(c, op);
    return;
  }
  LITE_ENFORCE(op.GetAttr<std::string>("data_format", "NCHW") != "NHWC",
               "op '", op.Type(), "': NHWC data_format is not converted");
  const Tensor* filter = c.Weight(One(op, "Filter"));
  LITE_ENFORCE(filter && filter->dims().size() == 4, "op '", op.Type(),
               "': Filter must be a 4-D weight");
  auto* input = c.Input(One(op, "Input"));
  auto* w = c.Input(One(op, "Filter"));
  auto* b = op.HasInput("Bias") ? c.Input(One(op, "Bias")) : Zeros(c, filter->dims()[0]);
  FusedAct act = ReadFusedAct(op);
  std::vector<NNAdapterOperand*> in = {input, w, b};
  for (NNAdapterOperand* a : ConvAttributeOperands(c, op, act.fuse_code)) in.push_back(a);
  AddWithActivation(c, op, NNADAPTER_CONV_2D, in, One(op, "Output", false), act);
}

void ConvertConv2dTranspose(Converter& c, const cpp::OpDesc& op) {
  const Tensor* filter = c.Weight(One(op, "Filter"));
  LITE_ENFORCE(filter && filter->dims().size() == 4, "op '", op.Type(),
               "': Filter must be a 4-D weight");
  const int groups = op.GetAttr<int32_t>("groups", 1);
  // The filter keeps Paddle's layout [C_in, C_out / groups, kh, kw], which
  // is what NNAdapter's CONV_2D_TRANSPOSE validation and kernels use.
  const int64_t cout = filter->dims()[1] * groups;
  NNAdapterOperand* w = c.Input(One(op, "Filter"));
  auto* input = c.Input(One(op, "Input"));
  auto* b = op.HasInput("Bias") ? c.Input(One(op, "Bias")) : Zeros(c, cout);
  auto output_padding = op.GetAttr<std::vector<int32_t>>("output_padding", {});
  auto output_size = op.GetAttr<std::vector<int32_t>>("output_size", {});
  FusedAct act = ReadFusedAct(op);
  std::vector<NNAdapterOperand*> in = {
      input, w, b, c.Int32(AutoPad(op)), c.Int32s(Pads(op)),
      c.Int32s(op.GetAttr<std::vector<int32_t>>("strides", {1, 1})), c.Int32(groups),
      c.Int32s(op.GetAttr<std::vector<int32_t>>("dilations", {1, 1})),
      output_padding.empty() ? nullptr : c.Int32s(output_padding),
      output_size.empty() ? nullptr : c.Int32s(output_size), c.Int32(act.fuse_code)};
  AddWithActivation(c, op, NNADAPTER_CONV_2D_TRANSPOSE, in, One(op, "Output", false), act);
}

void ConvertPool2d(Converter& c, const cpp::OpDesc& op) {
  LITE_ENFORCE(op.GetAttr<std::string>("data_format", "NCHW") != "NHWC",
               "op '", op.Type(), "': NHWC data_format is not converted");
  const std::string type = op.GetAttr<std::string>("pooling_type");
  LITE_ENFORCE(type == "max" || type == "avg", "op 'pool2d': pooling_type '", type, "'");
  auto ksize = op.GetAttr<std::vector<int32_t>>("ksize");
  const bool global = op.GetAttr<bool>("global_pooling", false);
  const bool adaptive = op.GetAttr<bool>("adaptive", false);
  auto* input = c.Input(One(op, "X"));
  auto* out = c.Output(One(op, "Out", false));
  if (global || adaptive) {
    std::vector<int32_t> shape = global ? std::vector<int32_t>{1, 1} : ksize;
    if (type == "avg") {
      c.AddOperation(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {input, c.Int32s(shape)}, {out});
    } else {
      c.AddOperation(NNADAPTER_ADAPTIVE_MAX_POOL_2D,
                     {input, c.Int32s(shape), c.Bool(false), c.Int32(NNADAPTER_INT32)}, {out});
    }
    return;
  }
  auto strides = op.GetAttr<std::vector<int32_t>>("strides", {1, 1});
  const bool ceil_mode = op.GetAttr<bool>("ceil_mode", false);
  if (type == "avg") {
    const bool exclusive = op.GetAttr<bool>("exclusive", true);
    c.AddOperation(NNADAPTER_AVERAGE_POOL_2D,
                   {input, c.Int32(AutoPad(op)), c.Int32s(Pads(op)), c.Int32s(ksize),
                    c.Int32s(strides), c.Bool(ceil_mode), c.Bool(!exclusive),
                    c.Int32(NNADAPTER_FUSED_NONE)},
                   {out});
  } else {
    c.AddOperation(NNADAPTER_MAX_POOL_2D,
                   {input, c.Int32(AutoPad(op)), c.Int32s(Pads(op)), c.Int32s(ksize),
                    c.Int32s(strides), c.Bool(ceil_mode), c.Bool(false),
                    c.Int32(NNADAPTER_INT32), c.Int32(NNADAPTER_FUSED_NONE)},
                   {out});
  }
}

void ConvertBatchNorm(Converter& c, const cpp::OpDesc& op) {
  std::vector<NNAdapterOperand*> in = {
      c.Input(One(op, "X")), c.Input(One(op, "Scale")), c.Input(One(op, "Bias")),
      c.Input(One(op, "Mean")), c.Input(One(op, "Variance")),
      c.Float32(op.GetAttr<float>("epsilon", 1e-5f))};
  c.AddOperation(NNADAPTER_BATCH_NORMALIZATION, in, {c.Output(One(op, "Y", false))});
}

void ConvertFc(Converter& c, const cpp::OpDesc& op) {
  if (IsInt8Fc(c, op)) {
    ConvertFcInt8(c, op);
    return;
  }
  const Tensor* w = c.Weight(One(op, "W"));
  LITE_ENFORCE(w && w->dims().size() == 2, "op 'fc': W must be a 2-D weight");
  const int in_num_col_dims = op.GetAttr<int32_t>("in_num_col_dims", 1);
  const bool padded = op.GetAttr<bool>("padding_weights", false);
  LITE_ENFORCE(in_num_col_dims == 1 || (in_num_col_dims == -1 && !padded), "op 'fc': in_num_col_dims ",
               in_num_col_dims, " is not converted (FULLY_CONNECTED flattens to [batch, K])");
  auto* b = op.HasInput("Bias") ? c.Input(One(op, "Bias")) : Zeros(c, w->dims()[1]);
  FusedAct act = ReadFusedAct(op, "activation_type");
  if (in_num_col_dims == -1) {
    // fc_fuse_pass's matmul + bias over the last dim of an X of any rank:
    // MAT_MUL and ADD, as the unfused ops converted.
    NNAdapterOperand* product = c.Temporary();
    c.AddOperation(NNADAPTER_MAT_MUL,
                   {c.Input(One(op, "Input")), c.Input(One(op, "W")), c.Bool(false), c.Bool(false)},
                   {product});
    AddWithActivation(c, op, NNADAPTER_ADD, {product, b, c.Int32(act.fuse_code)},
                      One(op, "Out", false), act);
    return;
  }
  AddWithActivation(c, op, NNADAPTER_FULLY_CONNECTED,
                    {c.Input(One(op, "Input")), Transposed2D(c, *w), b, c.Int32(act.fuse_code)},
                    One(op, "Out", false), act);
}

void ConvertMul(Converter& c, const cpp::OpDesc& op) {
  if (IsInt8Fc(c, op)) {
    ConvertFcInt8(c, op);
    return;
  }
  const Tensor* w = c.Weight(One(op, "Y"));
  LITE_ENFORCE(w && w->dims().size() == 2, "op 'mul': Y must be a 2-D weight");
  LITE_ENFORCE(op.GetAttr<int32_t>("x_num_col_dims", 1) == 1 &&
                   op.GetAttr<int32_t>("y_num_col_dims", 1) == 1,
               "op 'mul': only x_num_col_dims == y_num_col_dims == 1 is converted");
  c.AddOperation(NNADAPTER_FULLY_CONNECTED,
                 {c.Input(One(op, "X")), Transposed2D(c, *w), Zeros(c, w->dims()[1]),
                  c.Int32(NNADAPTER_FUSED_NONE)},
                 {c.Output(One(op, "Out", false))});
}

void ConvertMatmul(Converter& c, const cpp::OpDesc& op) {
  const bool v2 = op.Type() == "matmul_v2";
  const bool tx = op.GetAttr<bool>(v2 ? "trans_x" : "transpose_X", false);
  const bool ty = op.GetAttr<bool>(v2 ? "trans_y" : "transpose_Y", false);
  const float alpha = v2 ? 1.f : op.GetAttr<float>("alpha", 1.f);
  std::vector<NNAdapterOperand*> in = {c.Input(One(op, "X")), c.Input(One(op, "Y")),
                                       c.Bool(tx), c.Bool(ty)};
  const std::string& out = One(op, "Out", false);
  if (alpha == 1.f) {
    c.AddOperation(NNADAPTER_MAT_MUL, in, {c.Output(out)});
  } else {
    NNAdapterOperand* tmp = c.Temporary();
    c.AddOperation(NNADAPTER_MAT_MUL, in, {tmp});
    c.AddOperation(NNADAPTER_MUL, {tmp, c.Float32(alpha), c.Int32(NNADAPTER_FUSED_NONE)},
                   {c.Output(out)});
  }
}

// layer_norm: Scale/Bias hold the normalized size flat; LAYER_NORMALIZATION
// wants the normalized dims, so constants are re-shaped (missing ones are
// ones and zeros).
void ConvertLayerNorm(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim xd = c.Dims(x);
  const int rank = static_cast<int>(xd.size());
  const int attr = op.GetAttr<int32_t>("begin_norm_axis", 1);
  const int axis = attr < 0 ? attr + rank : attr;  // negative: from the end (layer_norm_fuse_pass)
  LITE_ENFORCE(axis > 0 && axis < rank, "op 'layer_norm': begin_norm_axis ",
               attr, " out of range for X ", DimsToString(xd));
  DDim norm(xd.begin() + axis, xd.end());
  int64_t n = 1;
  for (int64_t d : norm) {
    LITE_ENFORCE(d > 0, "op 'layer_norm': normalized dims of X ", DimsToString(xd),
                 " must be known");
    n *= d;
  }
  auto param = [&](const char* slot, float fill) {
    if (op.HasInput(slot) && !op.Input(slot).empty()) {
      const Tensor* t = c.Weight(One(op, slot));
      LITE_ENFORCE(t && t->numel() == n && t->dtype() == DataType::kFloat32, "op 'layer_norm': '",
                   slot, "' must be a float weight of ", n, " elements");
      return c.ConstantTensor(*t, norm);
    }
    Tensor t;
    t.Resize(norm);
    std::fill(t.mutable_data<float>(), t.mutable_data<float>() + n, fill);
    return c.ConstantTensor(t, norm);
  };
  c.AddOperation(NNADAPTER_LAYER_NORMALIZATION,
                 {c.Input(x), param("Scale", 1.f), param("Bias", 0.f), c.Int32(axis),
                  c.Float32(op.GetAttr<float>("epsilon", 1e-5f))},
                 {c.Output(One(op, "Y", false))});
}

namespace {
// The per-channel input `slot` of a normalization op, or a constant [C] of
// `fill` when the op has none (the operations require it).
NNAdapterOperand* ChannelsOrFill(Converter& c, const cpp::OpDesc& op, const char* slot,
                                 int64_t channels, float fill) {
  if (op.HasInput(slot) && !op.Input(slot).empty()) return c.Input(One(op, slot));
  Tensor t;
  t.Resize({channels});
  std::fill(t.mutable_data<float>(), t.mutable_data<float>() + channels, fill);
  return c.ConstantTensor(t, {channels});
}
// X's channel count (dims[1]), which must be known at conversion time.
int64_t KnownChannels(Converter& c, const cpp::OpDesc& op, const std::string& x) {
  const DDim xd = c.Dims(x);
  LITE_ENFORCE(xd.size() > 2 && xd[1] > 0, "op '", op.Type(), "': X ", DimsToString(xd),
               " needs rank > 2 and known channels");
  return xd[1];
}
}  // namespace

void ConvertInstanceNorm(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const int64_t channels = KnownChannels(c, op, x);
  c.AddOperation(NNADAPTER_INSTANCE_NORMALIZATION,
                 {c.Input(x), ChannelsOrFill(c, op, "Scale", channels, 1.f),
                  ChannelsOrFill(c, op, "Bias", channels, 0.f),
                  c.Float32(op.GetAttr<float>("epsilon", 1e-5f))},
                 {c.Output(One(op, "Y", false))});
}

// group_norm as GROUP_NORMALIZATION (Y only: the Mean/Variance statistics
// are not produced, as batch_norm's saved statistics).
void ConvertGroupNorm(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const int64_t channels = KnownChannels(c, op, x);
  c.AddOperation(NNADAPTER_GROUP_NORMALIZATION,
                 {c.Input(x), ChannelsOrFill(c, op, "Scale", channels, 1.f),
                  ChannelsOrFill(c, op, "Bias", channels, 0.f),
                  c.Float32(op.GetAttr<float>("epsilon", 1e-5f)),
                  c.Int32(op.GetAttr<int32_t>("groups", 1))},
                 {c.Output(One(op, "Y", false))});
}

// lrn as LRN: Paddle's alpha multiplies the sum of squares, the
// operation's (ONNX's) is divided by the size, so alpha * n is passed
// (Out only; MidOut is not produced).
void ConvertLrn(Converter& c, const cpp::OpDesc& op) {
  const int32_t n = op.GetAttr<int32_t>("n", 5);
  c.AddOperation(NNADAPTER_LRN,
                 {c.Input(One(op, "X")), c.Int32(n), c.Float32(op.GetAttr<float>("k", 2.f)),
                  c.Float32(op.GetAttr<float>("alpha", 1e-4f) * static_cast<float>(n)),
                  c.Float32(op.GetAttr<float>("beta", 0.75f))},
                 {c.Output(One(op, "Out", false))});
}

// temporal_shift (NCHW, float32, seg_num T >= 2) as RESHAPE to
// [N, T, C, H, W]; channels [0, c1) from frame t - 1 (SLICE of frames
// [0, T - 1), PAD of one zero frame before), [c1, c2) from frame t + 1
// (frames [1, T), a zero frame after), the rest as they are; CONCAT on the
// channels; RESHAPE back.
void ConvertTemporalShift(Converter& c, const cpp::OpDesc& op) {
  const std::string& x = One(op, "X");
  const DDim d = c.Dims(x);
  const int32_t t = op.GetAttr<int32_t>("seg_num", 1);
  const float ratio = op.GetAttr<float>("shift_ratio", 0.25f);
  LITE_ENFORCE(op.GetAttr<std::string>("data_format", "NCHW") == "NCHW" && d.size() == 4 &&
                   d[1] > 0 && d[2] > 0 && d[3] > 0 && t >= 2 && c.DType(x) == DataType::kFloat32,
               "op 'temporal_shift': NCHW float32 X with known C, H, W and seg_num >= 2 are "
               "converted, got X ", DimsToString(d), " and seg_num ", t);
  const int32_t ch = static_cast<int32_t>(d[1]), h = static_cast<int32_t>(d[2]),
                w = static_cast<int32_t>(d[3]);
  const int32_t c1 = static_cast<int32_t>(ch * ratio), c2 = static_cast<int32_t>(ch * 2 * ratio);
  NNAdapterOperand* clip = c.Temporary();
  c.AddOperation(NNADAPTER_RESHAPE, {c.Input(x), c.Int32s({-1, t, ch, h, w})}, {clip});
  auto slice = [&](std::vector<int32_t> axes, std::vector<int32_t> starts,
                   std::vector<int32_t> ends) {
    NNAdapterOperand* o = c.Temporary();
    const std::vector<int32_t> steps(axes.size(), 1);
    c.AddOperation(NNADAPTER_SLICE,
                   {clip, c.Int32s(axes), c.Int32s(starts), c.Int32s(ends), c.Int32s(steps)}, {o});
    return o;
  };
  auto pad_frame = [&](NNAdapterOperand* in, bool before) {
    NNAdapterOperand* o = c.Temporary();
    c.AddOperation(NNADAPTER_PAD,
                   {in, c.Int32s({0, 0, before ? 1 : 0, before ? 0 : 1, 0, 0, 0, 0, 0, 0}),
                    c.Int32(NNADAPTER_PAD_MODE_CONSTANT), c.Float32(0.f)},
                   {o});
    return o;
  };
  std::vector<NNAdapterOperand*> parts;
  if (c1 > 0) parts.push_back(pad_frame(slice({1, 2}, {0, 0}, {t - 1, c1}), true));
  if (c2 > c1) parts.push_back(pad_frame(slice({1, 2}, {1, c1}, {t, c2}), false));
  if (ch > c2) parts.push_back(slice({2}, {c2}, {ch}));
  NNAdapterOperand* shifted = c.Temporary();
  parts.push_back(c.Int32(2));
  c.AddOperation(NNADAPTER_CONCAT, parts, {shifted});
  c.AddOperation(NNADAPTER_RESHAPE, {shifted, c.Int32s({-1, ch, h, w})},
                 {c.Output(One(op, "Out", false))});
}

// grid_sampler as GRID_SAMPLE (same position, padding and rounding rules).
void ConvertGridSampler(Converter& c, const cpp::OpDesc& op) {
  const std::string mode = op.GetAttr<std::string>("mode", "bilinear");
  const std::string pad = op.GetAttr<std::string>("padding_mode", "zeros");
  const int32_t mode_code =
      mode == "nearest" ? NNADAPTER_INTERPOLATE_MODE_NEAREST : NNADAPTER_INTERPOLATE_MODE_BILINEAR;
  const int32_t pad_code = pad == "border"       ? NNADAPTER_PAD_MODE_EDGE
                           : pad == "reflection" ? NNADAPTER_PAD_MODE_REFLECT
                                                 : NNADAPTER_PAD_MODE_CONSTANT;
  c.AddOperation(NNADAPTER_GRID_SAMPLE,
                 {c.Input(One(op, "X")), c.Input(One(op, "Grid")),
                  c.Bool(op.GetAttr<bool>("align_corners", true)), c.Int32(mode_code),
                  c.Int32(pad_code)},
                 {c.Output(One(op, "Output", false))});
}

// deformable_conv as DEFORMABLE_CONV_2D (same sampling rule; no Mask is a
// null operand, no Bias a zero bias).
void ConvertDeformableConv(Converter& c, const cpp::OpDesc& op) {
  auto ints = [&](const char* attr, std::vector<int32_t> dflt) {
    return op.GetAttr<std::vector<int32_t>>(attr, std::move(dflt));
  };
  std::vector<int32_t> pads = ints("paddings", {0, 0});
  if (pads.size() == 2) pads = {pads[0], pads[0], pads[1], pads[1]};
  LITE_ENFORCE(pads.size() == 4, "op 'deformable_conv': paddings must have 2 or 4 values");
  auto optional = [&](const char* slot) {
    return op.HasInput(slot) && !op.Input(slot).empty() ? c.Input(One(op, slot)) : nullptr;
  };
  NNAdapterOperand* bias = optional("Bias");
  if (!bias) bias = Zeros(c, c.Dims(One(op, "Filter"))[0]);
  c.AddOperation(NNADAPTER_DEFORMABLE_CONV_2D,
                 {c.Input(One(op, "Input")), c.Input(One(op, "Offset")), optional("Mask"),
                  c.Input(One(op, "Filter")),
                  bias,
                  c.Int32s(pads),
                  c.Int32s(ints("strides", {1, 1})), c.Int32(op.GetAttr<int32_t>("groups", 1)),
                  c.Int32(op.GetAttr<int32_t>("deformable_groups", 1)),
                  c.Int32s(ints("dilations", {1, 1})), c.Int32(NNADAPTER_FUSED_NONE)},
                 {c.Output(One(op, "Output", false))});
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
