// Mappings of matrix, normalization, reduction, index, resampling and
// quantization ONNX nodes.
#include <cmath>

#include "mappers.h"

namespace conformance {
namespace {

// Transposes a 2-D FLOAT32 tensor.
Tensor Transpose2D(const Tensor& t) {
  Tensor r = t;
  const int32_t rows = t.dims[0], cols = t.dims[1];
  r.dims = {cols, rows};
  const float* src = t.data<float>();
  float* dst = r.mutable_data<float>();
  for (int32_t i = 0; i < rows; ++i)
    for (int32_t j = 0; j < cols; ++j) dst[j * rows + i] = src[i * cols + j];
  return r;
}

}  // namespace

// Gemm(A, B, C?) alpha, beta, transA, transB -> FULLY_CONNECTED(A', W, bias)
// with W = alpha * (transB ? B : B^T) (constant), bias = beta * C when C is
// a vector/scalar; a matrix C is added after the FC (ADD); transA inserts a
// TRANSPOSE of A.
MapStatus MapGemm(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* b = c->Value(n.input(1));
  if (!b || b->precision != NNADAPTER_FLOAT32 || b->dims.size() != 2) {
    return c->Error("Gemm: B must be a known 2-D FLOAT32 tensor");
  }
  const float alpha = AttrFloat(n, "alpha", 1.f);
  const float beta = AttrFloat(n, "beta", 1.f);
  Tensor w = AttrInt(n, "transB", 0) ? *b : Transpose2D(*b);
  for (int64_t i = 0; i < w.NumElements(); ++i) w.mutable_data<float>()[i] *= alpha;
  const int32_t units = w.dims[0];
  CaseSpec* s = c->spec();
  int a = c->Operand(n.input(0));
  if (AttrInt(n, "transA", 0)) {
    const int t = s->Temp(NNADAPTER_FLOAT32);
    s->Op(NNADAPTER_TRANSPOSE, {a, s->ConstI32s({1, 0})}, {t});
    a = t;
  }
  std::vector<float> bias(static_cast<size_t>(units), 0.f);
  int matrix_c = -1;
  if (c->HasInput(n, 2) && beta != 0.f) {
    const Tensor* cv = c->Value(n.input(2));
    const std::vector<int32_t> cdims = cv ? cv->dims : c->DimsOf(n.input(2));
    const int64_t count = cv ? cv->NumElements() : -1;
    const bool vector_like = cv && (count == 1 || count == units) &&
                             (cdims.size() < 2 || cdims[0] == 1);
    if (vector_like) {
      for (int32_t i = 0; i < units; ++i) {
        bias[static_cast<size_t>(i)] =
            beta * static_cast<float>(cv->At(count == 1 ? 0 : i));
      }
    } else {
      matrix_c = c->Operand(n.input(2));
      if (beta != 1.f) return c->Error("Gemm: matrix C with beta != 1");
    }
  }
  const int fc_out = matrix_c >= 0 ? s->Temp(NNADAPTER_FLOAT32)
                                   : c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_FULLY_CONNECTED,
        {a, s->Const(w), s->Const(F32({units}, bias)), s->ConstI32(NNADAPTER_FUSED_NONE)},
        {fc_out});
  if (matrix_c >= 0) {
    const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
    s->Op(NNADAPTER_ADD, {fc_out, matrix_c, s->ConstI32(NNADAPTER_FUSED_NONE)}, {y});
  }
  return MapStatus::kOk;
}

// MatMul(A, B) -> MAT_MUL(A, B, false, false).
MapStatus MapMatMul(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  const int a = c->Operand(n.input(0));
  const int b = c->Operand(n.input(1));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_MAT_MUL, {a, b, s->ConstBool(false), s->ConstBool(false)}, {y});
  return MapStatus::kOk;
}

static bool KnownConsts(const onnx::NodeProto& n, MapContext* c, int first,
                        int last, std::vector<int>* out) {
  for (int i = first; i <= last; ++i) {
    const Tensor* v = c->Value(n.input(i));
    if (!v) return false;
    out->push_back(c->spec()->Const(*v));
  }
  return true;
}

// BatchNormalization(X, scale, B, mean, var) (inference) ->
// BATCH_NORMALIZATION(X, scale, B, mean, var, epsilon).
MapStatus MapBatchNorm(const onnx::NodeProto& n, MapContext* c) {
  if (AttrInt(n, "training_mode", 0)) return c->Error("BatchNormalization: training_mode");
  std::vector<int> ins = {c->Operand(n.input(0))};
  if (!KnownConsts(n, c, 1, 4, &ins)) return c->Error("BatchNormalization: parameters must be known");
  ins.push_back(c->spec()->ConstF32(AttrFloat(n, "epsilon", 1e-5f)));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  c->spec()->Op(NNADAPTER_BATCH_NORMALIZATION, ins, {y});
  return MapStatus::kOk;
}

// InstanceNormalization(X, scale, B) -> INSTANCE_NORMALIZATION(X, scale, B, eps).
MapStatus MapInstanceNorm(const onnx::NodeProto& n, MapContext* c) {
  std::vector<int> ins = {c->Operand(n.input(0))};
  if (!KnownConsts(n, c, 1, 2, &ins)) return c->Error("InstanceNormalization: parameters must be known");
  ins.push_back(c->spec()->ConstF32(AttrFloat(n, "epsilon", 1e-5f)));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  c->spec()->Op(NNADAPTER_INSTANCE_NORMALIZATION, ins, {y});
  return MapStatus::kOk;
}

// LayerNormalization(X, Scale, B?, axis, epsilon) -> LAYER_NORMALIZATION(X,
// scale, bias, begin_norm_axis, epsilon). The optional Mean / InvStdDev
// outputs have no NNAdapter counterpart and are not compared.
MapStatus MapLayerNorm(const onnx::NodeProto& n, MapContext* c) {
  const int rank = c->RankOf(n.input(0));
  if (rank < 0) return c->Error("LayerNormalization: rank unknown");
  const int32_t axis = static_cast<int32_t>(NormAxis(AttrInt(n, "axis", -1), rank));
  const Tensor* scale = c->Value(n.input(1));
  if (!scale) return c->Error("LayerNormalization: scale must be known");
  Tensor bias = *scale;
  for (int64_t i = 0; i < bias.NumElements(); ++i) bias.mutable_data<float>()[i] = 0.f;
  if (c->HasInput(n, 2)) {
    const Tensor* b = c->Value(n.input(2));
    if (!b) return c->Error("LayerNormalization: bias must be known");
    bias = *b;
  }
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_LAYER_NORMALIZATION,
        {x, s->Const(*scale), s->Const(bias), s->ConstI32(axis),
         s->ConstF32(AttrFloat(n, "epsilon", 1e-5f))},
        {y});
  for (int i = 1; i < n.output_size(); ++i) c->IgnoreOutput(n.output(i));
  return MapStatus::kOk;
}

// ReduceMax/Mean/Sum(axes attr or input, keepdims) -> REDUCE_*(x, axes,
// keepdim); absent axes = all dimensions.
static MapStatus MapReduce(const onnx::NodeProto& n, MapContext* c,
                           NNAdapterOperationType type) {
  std::vector<int64_t> axes = AttrInts(n, "axes");
  if (!FindAttr(n, "axes") && c->HasInput(n, 1)) {
    const Tensor* v = c->Value(n.input(1));
    if (!v) return c->Error(n.op_type() + ": axes must be known");
    axes = ToInt64(*v);
  }
  if (axes.empty()) {
    if (AttrInt(n, "noop_with_empty_axes", 0)) return c->Error(n.op_type() + ": noop_with_empty_axes");
    const int rank = c->RankOf(n.input(0));
    for (int i = 0; i < rank; ++i) axes.push_back(i);
  }
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  s->Op(type, {x, s->ConstI32s(ToI32(axes)), s->ConstBool(AttrInt(n, "keepdims", 1) != 0)}, {y});
  return MapStatus::kOk;
}
MapStatus MapReduceMax(const onnx::NodeProto& n, MapContext* c) { return MapReduce(n, c, NNADAPTER_REDUCE_MAX); }
MapStatus MapReduceMean(const onnx::NodeProto& n, MapContext* c) { return MapReduce(n, c, NNADAPTER_REDUCE_MEAN); }
MapStatus MapReduceSum(const onnx::NodeProto& n, MapContext* c) { return MapReduce(n, c, NNADAPTER_REDUCE_SUM); }

// ArgMax/ArgMin(axis, keepdims) -> ARG_*(x, axis, keepdim, INT64).
static MapStatus MapArg(const onnx::NodeProto& n, MapContext* c,
                        NNAdapterOperationType type) {
  if (AttrInt(n, "select_last_index", 0)) return c->Error(n.op_type() + ": select_last_index");
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), NNADAPTER_INT64);
  s->Op(type,
        {x, s->ConstI32(static_cast<int32_t>(AttrInt(n, "axis", 0))),
         s->ConstBool(AttrInt(n, "keepdims", 1) != 0), s->ConstI32(NNADAPTER_INT64)},
        {y});
  return MapStatus::kOk;
}
MapStatus MapArgMax(const onnx::NodeProto& n, MapContext* c) { return MapArg(n, c, NNADAPTER_ARG_MAX); }
MapStatus MapArgMin(const onnx::NodeProto& n, MapContext* c) { return MapArg(n, c, NNADAPTER_ARG_MIN); }

// TopK(x, k, axis, largest, sorted) -> TOP_K(x, k, axis, largest, sorted,
// INT64) with outputs (values, indices).
MapStatus MapTopK(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* k = c->Value(n.input(1));
  if (!k) return c->Error("TopK: k must be known");
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int values = c->NewOutput(n.output(0), c->PrecisionOf(n.input(0)));
  const int indices = c->NewOutput(n.output(1), NNADAPTER_INT64);
  s->Op(NNADAPTER_TOP_K,
        {x, s->Const(I64({1}, {ToInt64(*k)[0]})),
         s->ConstI32(static_cast<int32_t>(AttrInt(n, "axis", -1))),
         s->ConstBool(AttrInt(n, "largest", 1) != 0),
         s->ConstBool(AttrInt(n, "sorted", 1) != 0), s->ConstI32(NNADAPTER_INT64)},
        {values, indices});
  return MapStatus::kOk;
}

// Resize(X, roi, scales, sizes) / Upsample(X, scales): the spatial part of
// scales/sizes -> RESIZE_NEAREST(x, shape, scales, align_corners) or
// RESIZE_LINEAR(x, shape, scales, align_corners, align_mode).
static MapStatus MapResize(const onnx::NodeProto& n, MapContext* c, bool linear) {
  const std::string mode = AttrString(n, "mode", "nearest");
  const bool is_linear = mode == "linear" || mode == "bilinear";
  if (is_linear != linear) return MapStatus::kDecline;
  const std::vector<int32_t> xdims = c->DimsOf(n.input(0));
  if (xdims.size() != 4) return c->Error(n.op_type() + ": input must be 4-D");
  std::vector<float> scales;
  std::vector<int32_t> sizes;
  const bool upsample = n.op_type() == "Upsample";
  const int scales_index = upsample ? 1 : 2;
  if (c->HasInput(n, scales_index)) {
    const Tensor* v = c->Value(n.input(scales_index));
    if (!v) return c->Error(n.op_type() + ": scales must be known");
    if (v->NumElements() == 4) scales = {static_cast<float>(v->At(2)), static_cast<float>(v->At(3))};
  } else if (upsample) {
    const std::vector<float> a = AttrFloats(n, "scales");
    if (a.size() == 4) scales = {a[2], a[3]};
  }
  if (!upsample && c->HasInput(n, 3)) {
    const Tensor* v = c->Value(n.input(3));
    if (!v) return c->Error("Resize: sizes must be known");
    if (v->NumElements() == 4) sizes = {static_cast<int32_t>(v->At(2)), static_cast<int32_t>(v->At(3))};
  }
  if (scales.empty() && sizes.empty()) return c->Error(n.op_type() + ": neither scales nor sizes");
  // Linear: pass what the ONNX node gives. Explicit sizes take priority
  // over scales in NNAdapter, and ONNX computes the source coordinates from
  // the given scales (not from the rounded output size), so with scales only
  // the shape operand is omitted.
  // Nearest: ONNX half_pixel + round_prefer_floor equals NNAdapter's
  // floor(dst * in / out) when in / out is an integer, so the output size is
  // always passed (input adaptation for downsampling by scales).
  const bool with_sizes = !sizes.empty() || !linear;
  if (sizes.empty() && !linear) {
    for (int i = 0; i < 2; ++i) {
      sizes.push_back(static_cast<int32_t>(std::floor(xdims[2 + i] * scales[i])));
    }
  }
  if (scales.empty()) {
    for (int i = 0; i < 2; ++i) scales.push_back(static_cast<float>(sizes[i]) / xdims[2 + i]);
  }
  const std::string ctm = AttrString(n, "coordinate_transformation_mode",
                                     upsample ? "asymmetric" : "half_pixel");
  const bool align_corners = ctm == "align_corners";
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  std::vector<int> ins = {x, with_sizes ? s->ConstI32s(sizes) : -1, s->Const(F32({2}, scales)),
                          s->ConstBool(align_corners)};
  if (linear) {
    if (ctm != "half_pixel" && ctm != "align_corners" && ctm != "asymmetric") {
      return c->Error("Resize: coordinate_transformation_mode " + ctm);
    }
    ins.push_back(s->ConstI32(ctm == "asymmetric" ? 1 : 0));
  }
  s->Op(linear ? NNADAPTER_RESIZE_LINEAR : NNADAPTER_RESIZE_NEAREST, ins, {y});
  return MapStatus::kOk;
}
MapStatus MapResizeNearest(const onnx::NodeProto& n, MapContext* c) { return MapResize(n, c, false); }
MapStatus MapResizeLinear(const onnx::NodeProto& n, MapContext* c) { return MapResize(n, c, true); }

// GridSample(X, grid) align_corners, mode, padding_mode -> GRID_SAMPLE.
MapStatus MapGridSample(const onnx::NodeProto& n, MapContext* c) {
  const std::string mode = AttrString(n, "mode", "bilinear");
  const std::string pad = AttrString(n, "padding_mode", "zeros");
  int32_t m, p;
  if (mode == "bilinear") m = NNADAPTER_INTERPOLATE_MODE_BILINEAR;
  else if (mode == "nearest") m = NNADAPTER_INTERPOLATE_MODE_NEAREST;
  else return c->Error("GridSample: mode " + mode);
  if (pad == "zeros") p = NNADAPTER_PAD_MODE_CONSTANT;
  else if (pad == "border") p = NNADAPTER_PAD_MODE_EDGE;
  else if (pad == "reflection") p = NNADAPTER_PAD_MODE_REFLECT;
  else return c->Error("GridSample: padding_mode " + pad);
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int grid = c->Operand(n.input(1));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_GRID_SAMPLE,
        {x, grid, s->ConstBool(AttrInt(n, "align_corners", 0) != 0), s->ConstI32(m), s->ConstI32(p)},
        {y});
  return MapStatus::kOk;
}

// RoiAlign(X, rois, batch_indices) mode avg -> ROI_ALIGN; coordinate mode
// half_pixel == aligned.
MapStatus MapRoiAlign(const onnx::NodeProto& n, MapContext* c) {
  if (AttrString(n, "mode", "avg") != "avg") return c->Error("RoiAlign: mode max");
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int rois = c->Operand(n.input(1));
  const int idx = c->Operand(n.input(2));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_ROI_ALIGN,
        {x, rois, idx, s->ConstI32(static_cast<int32_t>(AttrInt(n, "output_height", 1))),
         s->ConstI32(static_cast<int32_t>(AttrInt(n, "output_width", 1))),
         s->ConstI32(static_cast<int32_t>(AttrInt(n, "sampling_ratio", 0))),
         s->ConstF32(AttrFloat(n, "spatial_scale", 1.f)),
         s->ConstBool(AttrString(n, "coordinate_transformation_mode", "half_pixel") == "half_pixel")},
        {y});
  return MapStatus::kOk;
}

// QuantizeLinear(x, scale, zero_point uint8), per tensor -> QUANTIZE(x,
// axis 1, scale[1], zero_point[1]) producing QUANT_UINT8_ASYMM_PER_LAYER.
MapStatus MapQuantize(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* scale = c->Value(n.input(1));
  const Tensor* zp = c->HasInput(n, 2) ? c->Value(n.input(2)) : nullptr;
  if (!scale || scale->NumElements() != 1) return c->Error("QuantizeLinear: per-tensor scale must be known");
  if (zp && zp->precision != NNADAPTER_UINT8) return c->Error("QuantizeLinear: zero point must be uint8");
  CaseSpec* s = c->spec();
  // The axis only matters per channel; use 1 (the default) where it is a
  // valid axis of x, else 0.
  const int32_t axis = c->RankOf(n.input(0)) > 1 ? 1 : 0;
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER);
  s->Op(NNADAPTER_QUANTIZE,
        {x, s->ConstI32(axis), s->ConstF32(static_cast<float>(scale->At(0))),
         s->ConstI32(zp ? static_cast<int32_t>(zp->At(0)) : 0)},
        {y});
  return MapStatus::kOk;
}

// DequantizeLinear(x uint8, scale, zero_point) per tensor -> the input
// becomes a QUANT_UINT8_ASYMM_PER_LAYER operand -> DEQUANTIZE(x).
MapStatus MapDequantize(const onnx::NodeProto& n, MapContext* c) {
  const Tensor* x = c->Value(n.input(0));
  const Tensor* scale = c->Value(n.input(1));
  const Tensor* zp = c->HasInput(n, 2) ? c->Value(n.input(2)) : nullptr;
  if (!x || x->precision != NNADAPTER_UINT8) return c->Error("DequantizeLinear: input must be uint8");
  if (!scale || scale->NumElements() != 1) return c->Error("DequantizeLinear: per-tensor scale must be known");
  Tensor q = *x;
  q.precision = NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER;
  q.scale = static_cast<float>(scale->At(0));
  q.zero_point = zp ? static_cast<int32_t>(zp->At(0)) : 0;
  const int in = c->InputWithValue(n.input(0), q);
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  c->spec()->Op(NNADAPTER_DEQUANTIZE, {in}, {y});
  return MapStatus::kOk;
}

}  // namespace conformance
