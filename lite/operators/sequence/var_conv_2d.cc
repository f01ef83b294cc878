// var_conv_2d (Baidu search models; Paddle's op, Paddle Lite's x86 kernel
// lite/kernels/x86/var_conv_2d_compute.h): a 2-D convolution over a batch
// of images of different sizes. float32.
// Sample b of X (its element range from X's LoD level 0) is an
// [InputChannel, h_b, w_b] image; h_b and w_b come from the LoD of ROW and
// COLUMN (level 0: Paddle's inputs) or, when those are not given, from
// levels 1 and 2 of X's 3-level LoD (Paddle Lite's form). With
// oh = ceil(h_b / StrideH), ow = ceil(w_b / StrideW) (0 for an empty side),
// the kernel window centred at (y, x) = (StrideH * oy, StrideW * ox) starts
// at (y - KernelH / 2, x - KernelW / 2), zero outside the image:
//   Col (sample b) [InputChannel * KernelH * KernelW, oh * ow] (im2col),
//   Out (sample b) [OutputChannel, oh * ow] = W . Col,
// W [OutputChannel, InputChannel * KernelH * KernelW]; max(., 0) when
// `fuse_relu` (Paddle Lite's fused relu). Out and Col are [total, 1] with
// the per-sample offsets as LoD.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

constexpr const char* kOp = "var_conv_2d";

struct VarConvParam {
  const Tensor *x{nullptr}, *row{nullptr}, *col_in{nullptr}, *w{nullptr};
  Tensor *out{nullptr}, *col{nullptr};
  int out_c{1}, in_c{1}, kh{1}, kw{1}, sh{1}, sw{1};
  bool fuse_relu{false};
  std::vector<uint64_t> off_x, heights, widths, off_col, off_out;
};

int64_t Steps(uint64_t size, int stride) { return size == 0 ? 0 : (static_cast<int64_t>(size) - 1) / stride + 1; }

class VarConv2dOp : public OperatorBase<VarConvParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32 && p.w->dtype() == DataType::kFloat32, "op '",
                 kOp, "': inputs 'X' and 'W' must be float32");
    const int64_t k = static_cast<int64_t>(p.in_c) * p.kh * p.kw;
    LITE_ENFORCE(p.w->numel() == p.out_c * k, "op '", kOp, "': input 'W' must hold OutputChannel (",
                 p.out_c, ") x InputChannel (", p.in_c, ") x KernelH (", p.kh, ") x KernelW (",
                 p.kw, ") values, got dims ", DimsToString(p.w->dims()));
    std::vector<uint64_t> off_h, off_w;
    if (p.row && p.col_in) {
      p.off_x = SequenceOffsets(kOp, "X", *p.x);
      off_h = SequenceOffsets(kOp, "ROW", *p.row);
      off_w = SequenceOffsets(kOp, "COLUMN", *p.col_in);
    } else {
      const LoD& lod = p.x->lod();
      LITE_ENFORCE(lod.size() == 3, "op '", kOp, "': without inputs 'ROW' and 'COLUMN' the LoD of "
                   "input 'X' must have 3 levels (samples, heights, widths), got ", lod.size());
      p.off_x = lod[0];
      LITE_ENFORCE(p.off_x.size() >= 2 && p.off_x.front() == 0 &&
                       std::is_sorted(p.off_x.begin(), p.off_x.end()) &&
                       p.off_x.back() == static_cast<uint64_t>(p.x->dims().at(0)),
                   "op '", kOp, "': LoD level 0 of input 'X' must run from 0 up to its ",
                   p.x->dims().at(0), " rows");
      off_h = lod[1];
      off_w = lod[2];
    }
    const size_t n = p.off_x.size() - 1;
    LITE_ENFORCE(off_h.size() == n + 1 && off_w.size() == n + 1, "op '", kOp, "': ", n,
                 " samples in X but ", off_h.size() - 1, " heights and ", off_w.size() - 1,
                 " widths");
    const int64_t row_elems = p.x->numel() / std::max<int64_t>(p.x->dims()[0], 1);
    p.heights.assign(n, 0);
    p.widths.assign(n, 0);
    p.off_col.assign(1, 0);
    p.off_out.assign(1, 0);
    for (size_t b = 0; b < n; ++b) {
      LITE_ENFORCE(off_h[b + 1] >= off_h[b] && off_w[b + 1] >= off_w[b], "op '", kOp,
                   "': height/width offsets decrease at sample ", b);
      p.heights[b] = off_h[b + 1] - off_h[b];
      p.widths[b] = off_w[b + 1] - off_w[b];
      const uint64_t have = static_cast<uint64_t>(row_elems) * (p.off_x[b + 1] - p.off_x[b]);
      LITE_ENFORCE(have == static_cast<uint64_t>(p.in_c) * p.heights[b] * p.widths[b], "op '", kOp,
                   "': sample ", b, " of input 'X' holds ", have, " values, expected InputChannel (",
                   p.in_c, ") x height (", p.heights[b], ") x width (", p.widths[b], ")");
      const int64_t positions = Steps(p.heights[b], p.sh) * Steps(p.widths[b], p.sw);
      p.off_col.push_back(p.off_col.back() + static_cast<uint64_t>(k * positions));
      p.off_out.push_back(p.off_out.back() + static_cast<uint64_t>(p.out_c * positions));
    }
    p.col->Resize({static_cast<int64_t>(p.off_col.back()), 1});
    p.col->set_lod({p.off_col});
    p.out->Resize({static_cast<int64_t>(p.off_out.back()), 1});
    p.out->set_lod({p.off_out});
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.x = GetInput(desc, scope, "X");
    p.row = GetOptionalInput(desc, scope, "ROW");
    p.col_in = GetOptionalInput(desc, scope, "COLUMN");
    p.w = GetInput(desc, scope, "W");
    p.out = GetOutput(desc, scope, "Out");
    p.col = GetOutput(desc, scope, "Col");
    p.out_c = desc.GetAttr<int32_t>("OutputChannel");
    p.in_c = desc.GetAttr<int32_t>("InputChannel");
    p.kh = desc.GetAttr<int32_t>("KernelH");
    p.kw = desc.GetAttr<int32_t>("KernelW");
    p.sh = desc.GetAttr<int32_t>("StrideH");
    p.sw = desc.GetAttr<int32_t>("StrideW");
    p.fuse_relu = desc.GetAttr<bool>("fuse_relu", false);
    LITE_ENFORCE(p.out_c > 0 && p.in_c > 0 && p.kh > 0 && p.kw > 0 && p.sh > 0 && p.sw > 0, "op '",
                 kOp, "': attributes 'OutputChannel', 'InputChannel', 'KernelH', 'KernelW', "
                 "'StrideH', 'StrideW' must be > 0, got ", p.out_c, ", ", p.in_c, ", ", p.kh, ", ",
                 p.kw, ", ", p.sh, ", ", p.sw);
    LITE_ENFORCE(!p.row == !p.col_in, "op '", kOp, "': inputs 'ROW' and 'COLUMN' are given "
                 "together or not at all");
  }
};

class VarConv2dKernel : public KernelBase<VarConvParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const float* x = p.x->data<float>();
    const float* w = p.w->data<float>();
    float* col = p.col->mutable_data<float>();
    float* out = p.out->mutable_data<float>();
    const int64_t row_elems = p.x->numel() / std::max<int64_t>(p.x->dims()[0], 1);
    const int64_t k = static_cast<int64_t>(p.in_c) * p.kh * p.kw;
    for (size_t b = 0; b < p.heights.size(); ++b) {
      const int64_t h = static_cast<int64_t>(p.heights[b]), wd = static_cast<int64_t>(p.widths[b]);
      const int64_t oh = Steps(p.heights[b], p.sh), ow = Steps(p.widths[b], p.sw), n = oh * ow;
      if (n == 0) continue;
      const float* img = x + static_cast<int64_t>(p.off_x[b]) * row_elems;
      float* c = col + p.off_col[b];
      for (int64_t z = 0; z < p.in_c; ++z)
        for (int64_t ky = 0; ky < p.kh; ++ky)
          for (int64_t kx = 0; kx < p.kw; ++kx)
            for (int64_t oy = 0; oy < oh; ++oy)
              for (int64_t ox = 0; ox < ow; ++ox) {
                const int64_t iy = oy * p.sh + ky - p.kh / 2, ix = ox * p.sw + kx - p.kw / 2;
                const bool in = iy >= 0 && iy < h && ix >= 0 && ix < wd;
                c[((z * p.kh + ky) * p.kw + kx) * n + oy * ow + ox] = in ? img[(z * h + iy) * wd + ix] : 0.f;
              }
      float* o = out + p.off_out[b];
      std::fill_n(o, p.out_c * n, 0.f);
      AddMatMat(w, p.out_c, k, c, k, n, o, n);
      if (p.fuse_relu) {
        for (int64_t i = 0; i < p.out_c * n; ++i) o[i] = std::max(o[i], 0.f);
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(VarConv2dOp)
LITE_KERNEL_CLASS(VarConv2dKernel)
