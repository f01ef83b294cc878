// layout, layout_once: Paddle Lite's memory-layout transfer ops
// (lite/operators/layout_op.cc; kernels lite/kernels/arm/layout_compute.cc,
// opencl/layout_image_compute.cc). Input -> Out, any element type:
//   NCHW -> NHWC: Out[n, h, w, c] = Input[n, c, h, w], dims [N, H, W, C]
//   NHWC -> NCHW: the inverse, dims [N, C, H, W]
//   a copy for the OpenCL image/buffer conversions (their logical values
//   are unchanged; tensors here are host buffers) and, as Paddle Lite's ARM
//   kernels do, for a permuting direction on an input that is not 4-D
//   (logged at GLOG_v=2).
// Out takes Input's LoD. The direction is not an attribute: Paddle Lite
// records it as the alias of the kernel it chose, in
// `__@kernel_type_attr@__` ("layout/nchw2nhwc/4/1/1"). Without that
// attribute, Out's VarDesc dims must be Input's VarDesc dims permuted one
// way and not the other (no -1 in either); otherwise the op is refused at
// load, naming the attribute and both variables. `process_type` (OpenCL's
// fp16 image storage) has no meaning for host tensors and is not read.
// layout_once (a weight's layout changed once) runs on every run here.
#include <cstring>
#include <vector>

#include <glog/logging.h>

#include "lite/core/registry.h"
#include "lite/operators/tensor/transfer_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

enum class LayoutDir { kToNhwc, kToNchw, kCopy };

// Paddle Lite's layout / layout_once kernel aliases (ARM, OpenCL).
constexpr struct {
  const char* alias;
  LayoutDir dir;
} kAliases[] = {
    {"nchw2nhwc", LayoutDir::kToNhwc},
    {"int8_nchw2nhwc", LayoutDir::kToNhwc},
    {"nhwc2nchw", LayoutDir::kToNchw},
    {"int8_nhwc2nchw", LayoutDir::kToNchw},
    {"def", LayoutDir::kCopy},
    {"NCHW_to_ImageDefault", LayoutDir::kCopy},
    {"ImageDefault_to_NCHW", LayoutDir::kCopy},
    {"NCHW_to_ImageFolder", LayoutDir::kCopy},
    {"ImageFolder_to_NCHW", LayoutDir::kCopy},
    {"ImageDefault_to_ImageFolder", LayoutDir::kCopy},
    {"ImageFolder_to_ImageDefault", LayoutDir::kCopy},
    {"ImageFolder_to_Any", LayoutDir::kCopy},
};

// NCHW -> NHWC moves dim 1 last; NHWC -> NCHW moves dim 3 to position 1.
DDim Permuted(const DDim& d, LayoutDir dir) {
  if (d.size() != 4 || dir == LayoutDir::kCopy) return d;
  return dir == LayoutDir::kToNhwc ? DDim{d[0], d[2], d[3], d[1]} : DDim{d[0], d[3], d[1], d[2]};
}

struct LayoutParam {
  std::string op;
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  LayoutDir dir{LayoutDir::kCopy};
};

class LayoutOp : public OperatorBase<LayoutParam> {
 public:
  void SetEnv(const OpEnv& env) override { program_ = env.program; }

  void InferShape() override {
    auto& p = param_;
    p.out->Resize(Permuted(p.x->dims(), p.dir));
    p.out->set_lod(p.x->lod());
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    p.x = GetInput(desc, scope, "Input");
    p.out = GetOutput(desc, scope, "Out");
    const std::string alias = RecordedKernelAlias(desc);
    if (!alias.empty()) {
      std::string known;
      for (const auto& a : kAliases) {
        if (alias == a.alias) {
          p.dir = a.dir;
          return;
        }
        known += StrCat(known.empty() ? "" : ", ", a.alias);
      }
      ThrowError("op '", p.op, "': attribute '", kPaddleLiteKernelAttr, "' records kernel alias '",
                 alias, "', which is not a layout conversion (known: ", known, ")");
    }
    p.dir = DirectionFromVarDescs(desc);
  }

 private:
  // The one direction under which Out's recorded dims are Input's permuted.
  LayoutDir DirectionFromVarDescs(const cpp::OpDesc& desc) const {
    const std::string& x = desc.Input("Input")[0];
    const std::string& y = desc.Output("Out")[0];
    const cpp::VarDesc* xd = FindVarDesc(program_, x);
    const cpp::VarDesc* yd = FindVarDesc(program_, y);
    std::vector<LayoutDir> fits;
    auto known = [](const cpp::VarDesc* v) {
      if (!v || v->dims.size() != 4) return false;
      for (int64_t d : v->dims) {
        if (d < 0) return false;
      }
      return true;
    };
    if (known(xd) && known(yd)) {
      for (LayoutDir dir : {LayoutDir::kToNhwc, LayoutDir::kToNchw}) {
        if (Permuted(xd->dims, dir) == yd->dims) fits.push_back(dir);
      }
    }
    if (fits.size() == 1) return fits[0];
    ThrowError("op '", desc.Type(), "': cannot tell NCHW->NHWC from NHWC->NCHW: the op has no "
               "attribute '", kPaddleLiteKernelAttr, "' (Paddle Lite records the direction "
               "there) and the VarDescs of input 'Input' ('", x, "': ",
               xd ? DimsToString(xd->dims) : std::string("none"), ") and output 'Out' ('", y,
               "': ", yd ? DimsToString(yd->dims) : std::string("none"), ") are ",
               fits.empty() ? "not 4-D dims permuted one way" : "permuted both ways");
  }

  const cpp::ProgramDesc* program_{nullptr};
};

class LayoutKernel : public KernelBase<LayoutParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const DDim& d = p.x->dims();
    const size_t elem = SizeOf(p.x->dtype());
    const char* src = static_cast<const char*>(p.x->raw_data());
    char* dst = static_cast<char*>(p.out->mutable_data(p.x->dtype()));
    if (p.dir == LayoutDir::kCopy || d.size() != 4) {
      if (p.dir != LayoutDir::kCopy) {
        VLOG(2) << "op '" << p.op << "': input has dims " << DimsToString(d)
                << ", not 4-D; copied unchanged (as Paddle Lite does)";
      }
      if (dst != src) std::memcpy(dst, src, p.x->memory_size());
      return;
    }
    // Both directions are [N, A, B] -> [N, B, A] transposes of the inner
    // planes: NCHW->NHWC with A = C, B = H*W; NHWC->NCHW with A = H*W, B = C.
    const int64_t a = p.dir == LayoutDir::kToNhwc ? d[1] : d[1] * d[2];
    const int64_t b = p.dir == LayoutDir::kToNhwc ? d[2] * d[3] : d[3];
    for (int64_t n = 0; n < d[0]; ++n) {
      const char* s = src + n * a * b * elem;
      char* t = dst + n * a * b * elem;
      for (int64_t i = 0; i < a; ++i) {
        for (int64_t j = 0; j < b; ++j) std::memcpy(t + (j * a + i) * elem, s + (i * b + j) * elem, elem);
      }
    }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(LayoutOp)
LITE_KERNEL_CLASS(LayoutKernel)
