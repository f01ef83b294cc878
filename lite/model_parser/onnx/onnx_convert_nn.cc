// ONNX nn operators → Paddle ops: normalization, Gemm/MatMul, Softmax, Flatten, DepthToSpace.
#include <algorithm>
#include <cmath>

#include "lite/model_parser/onnx/onnx_context.h"

namespace paddle {
namespace lite {
namespace onnx_import {
void ConvertBatchNorm(ConvertContext& c) {
  c.Check(c.AttrInt("training_mode", 0) == 0, "training_mode 1 is not supported (inference only)");
  c.Check(!c.HasOutput(1), "the training outputs (running mean/var) are not supported");
  auto* op = c.AddOp("batch_norm");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Scale", {c.Input(1)});
  op->SetInput("Bias", {c.Input(2)});
  op->SetInput("Mean", {c.Input(3)});
  op->SetInput("Variance", {c.Input(4)});
  op->SetOutput("Y", {c.Output(0)});
  op->SetAttr("epsilon", c.AttrFloat("epsilon", 1e-5f));
  op->SetAttr("is_test", true);
  op->SetAttr("data_layout", std::string("NCHW"));
}

void ConvertInstanceNorm(ConvertContext& c) {
  auto* op = c.AddOp("instance_norm");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Scale", {c.Input(1)});
  op->SetInput("Bias", {c.Input(2)});
  op->SetOutput("Y", {c.Output(0)});
  op->SetAttr("epsilon", c.AttrFloat("epsilon", 1e-5f));
}

void ConvertLayerNorm(ConvertContext& c) {
  const int rank = c.RequireRank(0, "LayerNormalization");
  int axis = static_cast<int>(c.AxisAttr("axis", -1));
  if (axis < 0) axis += rank;
  // Paddle's layer_norm keeps at least one leading dim: normalizing every
  // dim (axis 0) runs on X with a leading 1 added.
  std::string x_in = c.Input(0), y_out = c.Output(0);
  if (axis == 0) {
    x_in = c.Temp("x1");
    y_out = c.Temp("y1");
    auto* u = c.AddOp("unsqueeze2");
    u->SetInput("X", {c.Input(0)});
    u->SetOutput("Out", {x_in});
    u->SetAttr("axes", std::vector<int32_t>{0});
  }
  const float eps = c.AttrFloat("epsilon", 1e-5f);
  // Paddle's layer_norm takes Scale/Bias flattened over the normalized dims.
  std::string params[3];
  for (int i = 1; i <= 2; ++i) {
    if (!c.HasInput(i)) continue;
    params[i] = c.Input(i);
    const Tensor* w = c.Constant(c.Input(i));
    if (w && w->dims().size() != 1) {
      Tensor flat;
      flat.CopyFrom(*w);
      flat.Resize({w->numel()});
      params[i] = c.AddWeight("flat", flat);
    }
  }
  // Mean / InvStdDev: Paddle's Mean and Variance come flattened; ONNX keeps
  // X's leading dims with 1 for the normalized ones and 1/sqrt(var + eps).
  const std::string mean = c.HasOutput(1) ? c.Temp("mean") : "";
  const std::string var = c.HasOutput(2) ? c.Temp("var") : "";
  cpp::OpDesc ln("layer_norm");
  ln.SetInput("X", {x_in});
  ln.SetInput("Scale", {params[1]});
  if (!params[2].empty()) ln.SetInput("Bias", {params[2]});
  ln.SetOutput("Y", {y_out});
  if (!mean.empty()) ln.SetOutput("Mean", {mean});
  if (!var.empty()) ln.SetOutput("Variance", {var});
  ln.SetAttr("epsilon", eps);
  ln.SetAttr("begin_norm_axis", static_cast<int32_t>(axis == 0 ? 1 : axis));
  *c.AddOp("layer_norm") = ln;
  if (axis == 0) {
    auto* sq = c.AddOp("squeeze2");
    sq->SetInput("X", {y_out});
    sq->SetOutput("Out", {c.Output(0)});
    sq->SetAttr("axes", std::vector<int32_t>{0});
  }
  std::vector<int64_t> stat_shape(static_cast<size_t>(rank), 1);
  if (c.HasOutput(1) || c.HasOutput(2)) {
    const ValueInfo x = c.Info(c.Input(0));
    for (int i = 0; i < axis; ++i) {
      c.Check(x.dims[i] >= 0, "the Mean / InvStdDev outputs with dynamic leading dims are not supported");
      stat_shape[i] = x.dims[i];
    }
  }
  auto reshape = [&](const std::string& x, const std::string& out) {
    auto* r = c.AddOp("reshape2");
    r->SetInput("X", {x});
    r->SetOutput("Out", {out});
    r->SetAttr("shape", stat_shape);
  };
  if (!mean.empty()) reshape(mean, c.Output(1));
  if (!var.empty()) {
    const std::string shifted = c.Temp("var_eps"), inv = c.Temp("inv_std");
    auto* s = c.AddOp("scale");
    s->SetInput("X", {var});
    s->SetOutput("Out", {shifted});
    s->SetAttr("scale", 1.f);
    s->SetAttr("bias", eps);
    s->SetAttr("bias_after_scale", true);
    auto* r = c.AddOp("rsqrt");
    r->SetInput("X", {shifted});
    r->SetOutput("Out", {inv});
    reshape(inv, c.Output(2));
  }
}

void ConvertGemm(ConvertContext& c) {
  const float alpha = c.AttrFloat("alpha", 1.f), beta = c.AttrFloat("beta", 1.f);
  const std::string product = c.HasInput(2) ? c.Temp("gemm") : c.Output(0);
  auto* mm = c.AddOp("matmul");
  mm->SetInput("X", {c.Input(0)});
  mm->SetInput("Y", {c.Input(1)});
  mm->SetOutput("Out", {product});
  mm->SetAttr("transpose_X", c.AttrInt("transA", 0) != 0);
  mm->SetAttr("transpose_Y", c.AttrInt("transB", 0) != 0);
  mm->SetAttr("alpha", alpha);
  if (!c.HasInput(2)) return;
  std::string bias = c.Input(2);
  if (beta != 1.f) {
    std::string scaled = c.Temp("beta");
    auto* s = c.AddOp("scale");
    s->SetInput("X", {bias});
    s->SetOutput("Out", {scaled});
    s->SetAttr("scale", beta);
    s->SetAttr("bias", 0.f);
    bias = scaled;
  }
  auto* add = c.AddOp("elementwise_add");
  add->SetInput("X", {product});
  add->SetInput("Y", {bias});
  add->SetOutput("Out", {c.Output(0)});
  add->SetAttr("axis", -1);
}

void ConvertMatMul(ConvertContext& c) {
  auto* op = c.AddOp("matmul_v2");
  op->SetInput("X", {c.Input(0)});
  op->SetInput("Y", {c.Input(1)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("trans_x", false);
  op->SetAttr("trans_y", false);
}

// Softmax/LogSoftmax: from opset 13 along `axis`; before, over the input
// coerced to 2-D at `axis` (the same thing when axis is the last dim).
void ConvertSoftmax(ConvertContext& c) {
  const std::string type = c.op_type() == "Softmax" ? "softmax" : "log_softmax";
  const int64_t axis64 = c.AttrInt("axis", c.opset() >= 13 ? -1 : 1);
  const int rank = c.Rank(0);
  c.Check(rank < 0 ? (axis64 >= -64 && axis64 < 64) : (axis64 >= -rank && axis64 < std::max(rank, 1)),
          "attribute 'axis' is ", axis64, "; expected a value in [-rank, rank - 1] (rank ",
          rank < 0 ? std::string("unknown") : std::to_string(rank), ")");
  int axis = static_cast<int>(axis64);
  if (axis < 0 && rank >= 0) axis += rank;
  if (c.opset() >= 13 || (rank >= 0 && axis == rank - 1) || axis == -1) {
    auto* op = c.AddOp(type);
    op->SetInput("X", {c.Input(0)});
    op->SetOutput("Out", {c.Output(0)});
    op->SetAttr("axis", static_cast<int32_t>(axis));
    return;
  }
  c.Check(axis >= 0, "a negative axis needs a known rank");
  const std::string flat = c.Temp("flat"), soft = c.Temp("soft"), shape = c.Temp("shape");
  auto* f = c.AddOp("flatten");
  f->SetInput("X", {c.Input(0)});
  f->SetOutput("Out", {flat});
  f->SetAttr("axis", static_cast<int32_t>(axis));
  auto* s = c.AddOp(type);
  s->SetInput("X", {flat});
  s->SetOutput("Out", {soft});
  s->SetAttr("axis", -1);
  auto* sh = c.AddOp("shape");
  sh->SetInput("Input", {c.Input(0)});
  sh->SetOutput("Out", {shape});
  auto* r = c.AddOp("reshape2");
  r->SetInput("X", {soft});
  r->SetInput("Shape", {shape});
  r->SetOutput("Out", {c.Output(0)});
}

void ConvertFlatten(ConvertContext& c) {
  int axis = static_cast<int>(c.AxisAttr("axis", 1, 1));
  if (axis < 0) axis += c.RequireRank(0, "a negative axis");
  auto* op = c.AddOp("flatten");
  op->SetInput("X", {c.Input(0)});
  op->SetOutput("Out", {c.Output(0)});
  op->SetAttr("axis", static_cast<int32_t>(axis));
}

// CRD is Paddle's pixel_shuffle; DCR (the default) reads the block offsets
// from the leading channels: [N, b, b, C', H, W] → transpose to
// [N, C', H, b, W, b] → [N, C', H*b, W*b], with C', H, W known at import.
void ConvertDepthToSpace(ConvertContext& c) {
  const std::string mode = c.AttrString("mode", "DCR");
  const int64_t b = c.AttrInt("blocksize");
  if (mode == "CRD") {
    auto* op = c.AddOp("pixel_shuffle");
    op->SetInput("X", {c.Input(0)});
    op->SetOutput("Out", {c.Output(0)});
    op->SetAttr("upscale_factor", static_cast<int32_t>(b));
    return;
  }
  c.Check(mode == "DCR", "mode '" + mode + "' is not supported (DCR, CRD are)");
  const ValueInfo x = c.Info(c.Input(0));
  c.Check(x.rank == 4 && x.dims[1] > 0 && x.dims[2] > 0 && x.dims[3] > 0 && b > 0 &&
              x.dims[1] % (b * b) == 0,
          "mode DCR needs static C, H, W with C divisible by blocksize^2");
  const int64_t cc = x.dims[1] / (b * b), h = x.dims[2], w = x.dims[3];
  const std::string split = c.Temp("blocks"), moved = c.Temp("moved");
  auto* r1 = c.AddOp("reshape2");
  r1->SetInput("X", {c.Input(0)});
  r1->SetOutput("Out", {split});
  r1->SetAttr("shape", std::vector<int64_t>{0, b, b, cc, h, w});
  auto* t = c.AddOp("transpose2");
  t->SetInput("X", {split});
  t->SetOutput("Out", {moved});
  t->SetAttr("axis", std::vector<int32_t>{0, 3, 4, 1, 5, 2});
  auto* r2 = c.AddOp("reshape2");
  r2->SetInput("X", {moved});
  r2->SetOutput("Out", {c.Output(0)});
  r2->SetAttr("shape", std::vector<int64_t>{0, cc, h * b, w * b});
}

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
