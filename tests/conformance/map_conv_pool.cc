// Mappings of convolution and pooling ONNX nodes. 1-D forms ([N, C, L]) are
// adapted to 2-D by UNSQUEEZE(axis 2) -> op with a [1, k] window ->
// SQUEEZE(axis 2).
#include <algorithm>

#include "mappers.h"
#include "nnadapter/utility/modeling.h"

namespace conformance {
namespace {

struct Window {
  std::vector<int32_t> kernel, strides, dilations, pads;  // pads: t, b, l, r
  int32_t auto_pad = NNADAPTER_AUTO_PAD_NONE;
};

// Reads kernel_shape/strides/dilations/pads/auto_pad for a `spatial`-D node
// (1 or 2) and converts them to the 2-D NNAdapter form. `in_hw` are the
// input spatial dims (for SAME_LOWER, which is made explicit).
bool ReadWindow(const onnx::NodeProto& n, int spatial,
                const std::vector<int32_t>& in_hw,
                const std::vector<int32_t>& kernel_hint, Window* w,
                std::string* error) {
  std::vector<int32_t> k = ToI32(AttrInts(n, "kernel_shape"));
  if (k.empty()) k = kernel_hint;
  std::vector<int32_t> s = ToI32(AttrInts(n, "strides"));
  std::vector<int32_t> d = ToI32(AttrInts(n, "dilations"));
  std::vector<int32_t> p = ToI32(AttrInts(n, "pads"));
  if (s.empty()) s.assign(static_cast<size_t>(spatial), 1);
  if (d.empty()) d.assign(static_cast<size_t>(spatial), 1);
  if (p.empty()) p.assign(static_cast<size_t>(2 * spatial), 0);
  if (static_cast<int>(k.size()) != spatial) {
    *error = "kernel_shape has " + std::to_string(k.size()) + " values";
    return false;
  }
  if (spatial == 1) {
    w->kernel = {1, k[0]};
    w->strides = {1, s[0]};
    w->dilations = {1, d[0]};
    w->pads = {0, 0, p[0], p[1]};
  } else {
    w->kernel = k;
    w->strides = s;
    w->dilations = d;
    w->pads = {p[0], p[2], p[1], p[3]};
  }
  const std::string ap = AttrString(n, "auto_pad", "NOTSET");
  if (ap == "SAME_UPPER") {
    w->auto_pad = NNADAPTER_AUTO_PAD_SAME;
  } else if (ap == "VALID") {
    w->auto_pad = NNADAPTER_AUTO_PAD_VALID;
  } else if (ap == "SAME_LOWER") {
    // Explicit pads, the larger half at the beginning.
    std::vector<int32_t> hw = in_hw;
    if (spatial == 1) hw.insert(hw.begin(), 1);
    for (int i = 0; i < 2; ++i) {
      const int32_t out = (hw[i] + w->strides[i] - 1) / w->strides[i];
      const int32_t eff = (w->kernel[i] - 1) * w->dilations[i] + 1;
      const int32_t total =
          std::max(0, (out - 1) * w->strides[i] + eff - hw[i]);
      w->pads[2 * i] = total - total / 2;
      w->pads[2 * i + 1] = total / 2;
    }
  } else if (ap != "NOTSET") {
    *error = "unknown auto_pad " + ap;
    return false;
  }
  return true;
}

// For 1-D nodes: x [N,C,L] -> [N,C,1,L].
int Lift(MapContext* c, int x) {
  const int t = c->spec()->Temp(NNADAPTER_FLOAT32);
  c->spec()->Op(NNADAPTER_UNSQUEEZE, {x, c->spec()->ConstI32s({2})}, {t});
  return t;
}
// For 1-D nodes: the 2-D result [N,C,1,L] -> ONNX output [N,C,L].
void Lower(MapContext* c, int y4, const std::string& name) {
  const int out = c->NewOutput(name, NNADAPTER_FLOAT32);
  c->spec()->Op(NNADAPTER_SQUEEZE, {y4, c->spec()->ConstI32s({2})}, {out});
}

Tensor Reshape(const Tensor& t, std::vector<int32_t> dims) {
  Tensor r = t;
  r.dims = std::move(dims);
  return r;
}

// Slice [begin, begin+count) of dim 0 of a tensor (weights of one group).
Tensor SliceDim0(const Tensor& t, int32_t begin, int32_t count) {
  Tensor r = t;
  const size_t inner = static_cast<size_t>(t.NumElements() / t.dims[0]) *
                       nnadapter::GetOperandPrecisionDataLength(t.precision);
  r.dims[0] = count;
  r.bytes.assign(t.bytes.begin() + static_cast<long>(begin * inner),
                 t.bytes.begin() + static_cast<long>((begin + count) * inner));
  return r;
}

}  // namespace

// Conv(X, W, B?) -> CONV_2D. Groups other than 1 and depthwise
// (group == C_in == C_out) are adapted as SPLIT -> per-group CONV_2D ->
// CONCAT.
MapStatus MapConv(const onnx::NodeProto& n, MapContext* c) {
  const std::vector<int32_t> xdims = c->DimsOf(n.input(0));
  const Tensor* wt = c->Value(n.input(1));
  if (!wt) return c->Error("Conv: weights must be known before running");
  if (xdims.size() != 3 && xdims.size() != 4) {
    return c->Error("Conv: input rank " + std::to_string(xdims.size()));
  }
  const int spatial = static_cast<int>(xdims.size()) - 2;
  Window w;
  std::string err;
  std::vector<int32_t> khint(wt->dims.begin() + 2, wt->dims.end());
  if (!ReadWindow(n, spatial, {xdims.begin() + 2, xdims.end()}, khint, &w, &err)) {
    return c->Error("Conv: " + err);
  }
  Tensor weight = *wt;
  if (spatial == 1) weight = Reshape(weight, {wt->dims[0], wt->dims[1], 1, wt->dims[2]});
  const int32_t cout = weight.dims[0];
  Tensor bias = F32({cout}, std::vector<float>(static_cast<size_t>(cout), 0.f));
  if (c->HasInput(n, 2)) {
    const Tensor* b = c->Value(n.input(2));
    if (!b) return c->Error("Conv: bias must be known before running");
    bias = *b;
  }
  const int32_t group = static_cast<int32_t>(AttrInt(n, "group", 1));
  const int32_t cin = xdims[1];
  int x = c->Operand(n.input(0));
  if (spatial == 1) x = Lift(c, x);
  CaseSpec* s = c->spec();
  auto conv = [&](int in, const Tensor& wg, const Tensor& bg, int32_t g, int out) {
    s->Op(NNADAPTER_CONV_2D,
          {in, s->Const(wg), s->Const(bg), s->ConstI32(w.auto_pad),
           s->ConstI32s(w.pads), s->ConstI32s(w.strides), s->ConstI32(g),
           s->ConstI32s(w.dilations), s->ConstI32(NNADAPTER_FUSED_NONE)},
          {out});
  };
  int y;
  const bool last = spatial == 2;
  if (group == 1 || (group == cin && group == cout)) {
    y = last ? c->NewOutput(n.output(0), NNADAPTER_FLOAT32) : s->Temp(NNADAPTER_FLOAT32);
    conv(x, weight, bias, group, y);
  } else {
    if (cin % group || cout % group) return c->Error("Conv: channels not divisible by group");
    std::vector<int> parts;
    for (int32_t g = 0; g < group; ++g) parts.push_back(s->Temp(NNADAPTER_FLOAT32));
    s->Op(NNADAPTER_SPLIT,
          {x, s->ConstI32(1), s->ConstI32s(std::vector<int32_t>(static_cast<size_t>(group), cin / group))},
          parts);
    std::vector<int> outs;
    const int32_t og = cout / group;
    for (int32_t g = 0; g < group; ++g) {
      const int o = s->Temp(NNADAPTER_FLOAT32);
      conv(parts[static_cast<size_t>(g)], SliceDim0(weight, g * og, og),
           SliceDim0(bias, g * og, og), 1, o);
      outs.push_back(o);
    }
    y = last ? c->NewOutput(n.output(0), NNADAPTER_FLOAT32) : s->Temp(NNADAPTER_FLOAT32);
    outs.push_back(s->ConstI32(1));
    s->Op(NNADAPTER_CONCAT, outs, {y});
  }
  if (spatial == 1) Lower(c, y, n.output(0));
  return MapStatus::kOk;
}

// ConvTranspose(X, W, B?) -> CONV_2D_TRANSPOSE. The filter is passed in the
// ONNX/Paddle layout [C_in, C_out / group, kh, kw]. SAME_* auto_pad and
// 1-D forms are adapted (explicit pads; UNSQUEEZE/SQUEEZE).
MapStatus MapConvTranspose(const onnx::NodeProto& n, MapContext* c) {
  const std::vector<int32_t> xdims = c->DimsOf(n.input(0));
  const Tensor* wt = c->Value(n.input(1));
  if (!wt) return c->Error("ConvTranspose: weights must be known before running");
  if (xdims.size() != 3 && xdims.size() != 4) {
    return c->Error("ConvTranspose: input rank " + std::to_string(xdims.size()));
  }
  const int spatial = static_cast<int>(xdims.size()) - 2;
  const std::string ap = AttrString(n, "auto_pad", "NOTSET");
  onnx::NodeProto plain = n;  // auto_pad handled here, not by ReadWindow
  for (int i = 0; i < plain.attribute_size(); ++i) {
    if (plain.attribute(i).name() == "auto_pad") {
      plain.mutable_attribute()->DeleteSubrange(i, 1);
      break;
    }
  }
  Window w;
  std::string err;
  std::vector<int32_t> khint(wt->dims.begin() + 2, wt->dims.end());
  if (!ReadWindow(plain, spatial, {}, khint, &w, &err)) {
    return c->Error("ConvTranspose: " + err);
  }
  std::vector<int32_t> out_pad = ToI32(AttrInts(n, "output_padding"));
  if (out_pad.empty()) out_pad.assign(static_cast<size_t>(spatial), 0);
  if (spatial == 1) out_pad.insert(out_pad.begin(), 0);
  std::vector<int32_t> out_shape = ToI32(AttrInts(n, "output_shape"));
  if (spatial == 1 && !out_shape.empty()) out_shape.insert(out_shape.begin(), 1);
  std::vector<int32_t> hw(xdims.begin() + 2, xdims.end());
  if (spatial == 1) hw.insert(hw.begin(), 1);
  if (ap == "SAME_UPPER" || ap == "SAME_LOWER") {
    for (int i = 0; i < 2; ++i) {
      const int32_t eff = (w.kernel[i] - 1) * w.dilations[i] + 1;
      const int32_t total = w.strides[i] * (hw[i] - 1) + out_pad[i] + eff -
                            hw[i] * w.strides[i];
      const int32_t small = total / 2, large = total - total / 2;
      w.pads[2 * i] = ap == "SAME_UPPER" ? small : large;
      w.pads[2 * i + 1] = ap == "SAME_UPPER" ? large : small;
    }
  } else if (ap != "NOTSET") {
    return c->Error("ConvTranspose: auto_pad " + ap);
  }
  Tensor weight = *wt;
  if (spatial == 1) weight = Reshape(weight, {wt->dims[0], wt->dims[1], 1, wt->dims[2]});
  const int32_t group = static_cast<int32_t>(AttrInt(n, "group", 1));
  const int32_t cout = weight.dims[1] * group;
  Tensor bias = F32({cout}, std::vector<float>(static_cast<size_t>(cout), 0.f));
  if (c->HasInput(n, 2)) {
    const Tensor* b = c->Value(n.input(2));
    if (!b) return c->Error("ConvTranspose: bias must be known before running");
    bias = *b;
  }
  int x = c->Operand(n.input(0));
  if (spatial == 1) x = Lift(c, x);
  CaseSpec* s = c->spec();
  const int y = spatial == 2 ? c->NewOutput(n.output(0), NNADAPTER_FLOAT32)
                             : s->Temp(NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_CONV_2D_TRANSPOSE,
        {x, s->Const(weight), s->Const(bias), s->ConstI32(NNADAPTER_AUTO_PAD_NONE),
         s->ConstI32s(w.pads), s->ConstI32s(w.strides), s->ConstI32(group),
         s->ConstI32s(w.dilations), s->ConstI32s(out_pad),
         out_shape.empty() ? -1 : s->ConstI32s(out_shape),
         s->ConstI32(NNADAPTER_FUSED_NONE)},
        {y});
  if (spatial == 1) Lower(c, y, n.output(0));
  return MapStatus::kOk;
}

// AveragePool / MaxPool -> AVERAGE_POOL_2D / MAX_POOL_2D.
static MapStatus MapPool(const onnx::NodeProto& n, MapContext* c, bool is_max) {
  // The input of a pool may be an intermediate value whose dims are not
  // known here: the window rank tells 1-D from 2-D.
  std::vector<int32_t> xdims = c->DimsOf(n.input(0));
  const int spatial = static_cast<int>(AttrInts(n, "kernel_shape").size());
  if (spatial != 1 && spatial != 2) {
    return c->Error(n.op_type() + ": kernel_shape of rank " + std::to_string(spatial));
  }
  if (xdims.size() != static_cast<size_t>(spatial) + 2) {
    xdims.assign(static_cast<size_t>(spatial) + 2, -1);
  }
  Window w;
  std::string err;
  if (!ReadWindow(n, spatial, {xdims.begin() + 2, xdims.end()}, {}, &w, &err)) {
    return c->Error(n.op_type() + ": " + err);
  }
  if (w.dilations != std::vector<int32_t>{1, 1}) {
    return c->Error(n.op_type() + ": dilations are not expressible");
  }
  int x = c->Operand(n.input(0));
  if (spatial == 1) x = Lift(c, x);
  CaseSpec* s = c->spec();
  const int y = spatial == 2 ? c->NewOutput(n.output(0), NNADAPTER_FLOAT32)
                             : s->Temp(NNADAPTER_FLOAT32);
  const bool ceil_mode = AttrInt(n, "ceil_mode", 0) != 0;
  std::vector<int> ins = {x, s->ConstI32(w.auto_pad), s->ConstI32s(w.pads),
                          s->ConstI32s(w.kernel), s->ConstI32s(w.strides),
                          s->ConstBool(ceil_mode)};
  std::vector<int> outs = {y};
  if (is_max) {
    const bool indices = n.output_size() > 1 && !n.output(1).empty();
    ins.push_back(s->ConstBool(indices));
    ins.push_back(s->ConstI32(NNADAPTER_INT64));
    if (indices) {
      if (spatial != 2) return c->Error("MaxPool: indices of 1-D pooling");
      outs.push_back(c->NewOutput(n.output(1), NNADAPTER_INT64));
    }
  } else {
    ins.push_back(s->ConstBool(AttrInt(n, "count_include_pad", 0) != 0));
  }
  ins.push_back(s->ConstI32(NNADAPTER_FUSED_NONE));
  s->Op(is_max ? NNADAPTER_MAX_POOL_2D : NNADAPTER_AVERAGE_POOL_2D, ins, outs);
  if (spatial == 1) Lower(c, y, n.output(0));
  return MapStatus::kOk;
}
MapStatus MapAveragePool(const onnx::NodeProto& n, MapContext* c) { return MapPool(n, c, false); }
MapStatus MapMaxPool(const onnx::NodeProto& n, MapContext* c) { return MapPool(n, c, true); }

// GlobalAveragePool / GlobalMaxPool -> ADAPTIVE_*_POOL_2D to [1, 1].
MapStatus MapGlobalAveragePool(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {x, s->ConstI32s({1, 1})}, {y});
  return MapStatus::kOk;
}
MapStatus MapGlobalMaxPool(const onnx::NodeProto& n, MapContext* c) {
  CaseSpec* s = c->spec();
  const int x = c->Operand(n.input(0));
  const int y = c->NewOutput(n.output(0), NNADAPTER_FLOAT32);
  s->Op(NNADAPTER_ADAPTIVE_MAX_POOL_2D,
        {x, s->ConstI32s({1, 1}), s->ConstBool(false), s->ConstI32(NNADAPTER_INT64)},
        {y});
  return MapStatus::kOk;
}

}  // namespace conformance
