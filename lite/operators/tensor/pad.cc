// pad2d: X [N, C, H, W] (data_format NCHW or NHWC), paddings [top, bottom,
//   left, right] (or the Paddings input), mode constant (pad_value) /
//   reflect (mirror without repeating the edge) / edge (repeat the edge).
// pad3d: X [N, C, D, H, W] (NCDHW or NDHWC), paddings [left, right, top,
//   bottom, front, back] (or Paddings), mode constant (value) / reflect /
//   replicate / circular. float32, int32, int64 (the pad value converted).
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

enum class PadMode { kConstant, kReflect, kEdge, kCircular };

struct PadParam {
  const Tensor* x{nullptr};
  const Tensor* paddings_tensor{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> paddings_attr;
  PadMode mode{PadMode::kConstant};
  float value{0};
  bool channels_last{false};
  bool is3d{false};
  // Resolved: per spatial dim (D, H, W; D = 1 for pad2d) the before-pad.
  int64_t before[3]{0, 0, 0};
};

class PadOp : public OperatorBase<PadParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    const std::string& op = type();
    const DDim& d = p.x->dims();
    const size_t rank = p.is3d ? 5 : 4;
    LITE_ENFORCE(d.size() == rank, "op '", op, "': input X must be ", rank, "-D, got ",
                 DimsToString(d));
    LITE_ENFORCE(p.x->dtype() == DataType::kFloat32 || p.x->dtype() == DataType::kInt32 ||
                     p.x->dtype() == DataType::kInt64,
                 "op '", op, "': input X must be float32, int32 or int64, got ",
                 DataTypeName(p.x->dtype()));
    std::vector<int64_t> pads = p.paddings_attr;
    if (p.paddings_tensor) pads = ReadInts(*p.paddings_tensor, "op '" + op + "': input 'Paddings'");
    LITE_ENFORCE(pads.size() == (p.is3d ? 6u : 4u), "op '", op, "': paddings must hold ",
                 p.is3d ? 6 : 4, " values, got ", pads.size());
    // before/after per spatial dim in (D, H, W) order.
    int64_t b[3], a[3];
    if (p.is3d) {
      b[0] = pads[4]; a[0] = pads[5]; b[1] = pads[2]; a[1] = pads[3]; b[2] = pads[0]; a[2] = pads[1];
    } else {
      b[0] = 0; a[0] = 0; b[1] = pads[0]; a[1] = pads[1]; b[2] = pads[2]; a[2] = pads[3];
    }
    const size_t first = p.channels_last ? 1 : 2;
    DDim out = d;
    for (int s = p.is3d ? 0 : 1, k = 0; s < 3; ++s, ++k) {
      const int64_t in = d[first + k];
      LITE_ENFORCE(b[s] >= 0 && a[s] >= 0, "op '", op, "': negative paddings ", DimsToString(pads));
      if (p.mode == PadMode::kReflect) {
        LITE_ENFORCE(b[s] < in && a[s] < in, "op '", op, "': reflect paddings ", DimsToString(pads),
                     " must be smaller than the input extent ", in, " (X dims ", DimsToString(d), ")");
      }
      if (p.mode == PadMode::kEdge || p.mode == PadMode::kCircular) {
        LITE_ENFORCE(in > 0, "op '", op, "': cannot pad an empty dim in this mode");
      }
      out[first + k] = in + b[s] + a[s];
      p.before[s] = b[s];
    }
    p.out->Resize(out);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.is3d = op == "pad3d";
    p.x = GetInput(desc, scope, "X");
    p.out = GetOutput(desc, scope, "Out");
    p.paddings_tensor = GetOptionalInput(desc, scope, "Paddings");
    p.paddings_attr = desc.GetAttr<std::vector<int64_t>>("paddings", std::vector<int64_t>(p.is3d ? 6 : 4, 0));
    std::string mode = desc.GetAttr<std::string>("mode", std::string("constant"));
    if (mode == "constant") {
      p.mode = PadMode::kConstant;
    } else if (mode == "reflect") {
      p.mode = PadMode::kReflect;
    } else if (mode == (p.is3d ? "replicate" : "edge")) {
      p.mode = PadMode::kEdge;
    } else if (p.is3d && mode == "circular") {
      p.mode = PadMode::kCircular;
    } else {
      ThrowError("op '", op, "': attribute 'mode' = \"", mode, "\" is not supported (expected ",
                 p.is3d ? "constant, reflect, replicate or circular" : "constant, reflect or edge",
                 ")");
    }
    p.value = desc.GetAttr<float>(p.is3d ? "value" : "pad_value", 0.f);
    std::string fmt = desc.GetAttr<std::string>("data_format", std::string(p.is3d ? "NCDHW" : "NCHW"));
    LITE_ENFORCE(fmt == "NCHW" || fmt == "NHWC" || fmt == "NCDHW" || fmt == "NDHWC", "op '", op,
                 "': attribute 'data_format' = \"", fmt, "\" is not supported");
    p.channels_last = fmt == "NHWC" || fmt == "NDHWC";
  }
};

class PadKernel : public KernelBase<PadParam> {
 public:
  void Run(const RunContext&) override {
    switch (param().x->dtype()) {
      case DataType::kInt32: return RunTyped<int32_t>();
      case DataType::kInt64: return RunTyped<int64_t>();
      default: return RunTyped<float>();
    }
  }

 private:
  template <typename T>
  void RunTyped() {
    auto& p = param();
    const DDim& d = p.x->dims();
    const DDim& od = p.out->dims();
    // View both as [N, D, H, W, C] (channels last) or [N, C, D, H, W].
    const size_t first = p.channels_last ? 1 : 2;
    int64_t in_s[3] = {1, 1, 1}, out_s[3] = {1, 1, 1};
    for (int s = p.is3d ? 0 : 1, k = 0; s < 3; ++s, ++k) {
      in_s[s] = d[first + k];
      out_s[s] = od[first + k];
    }
    const int64_t n = d[0], c = p.channels_last ? d.back() : d[1];
    const T* x = p.x->data<T>();
    T* o = p.out->mutable_data<T>();
    const T value = static_cast<T>(p.value);
    auto src_index = [&](int64_t i, int s) -> int64_t {
      int64_t v = i - p.before[s];
      const int64_t len = in_s[s];
      if (v >= 0 && v < len) return v;
      switch (p.mode) {
        case PadMode::kConstant: return -1;
        case PadMode::kReflect: v = v < 0 ? -v : 2 * (len - 1) - v; return v;
        case PadMode::kEdge: return std::min(std::max<int64_t>(v, 0), len - 1);
        case PadMode::kCircular: return ((v % len) + len) % len;
      }
      return -1;
    };
    for (int64_t b = 0; b < n; ++b)
      for (int64_t z = 0; z < out_s[0]; ++z)
        for (int64_t y = 0; y < out_s[1]; ++y)
          for (int64_t w = 0; w < out_s[2]; ++w) {
            const int64_t sz = src_index(z, 0), sy = src_index(y, 1), sw = src_index(w, 2);
            const bool inside = sz >= 0 && sy >= 0 && sw >= 0;
            for (int64_t ch = 0; ch < c; ++ch) {
              int64_t oi, ii = 0;
              if (p.channels_last) {
                oi = (((b * out_s[0] + z) * out_s[1] + y) * out_s[2] + w) * c + ch;
                if (inside) ii = (((b * in_s[0] + sz) * in_s[1] + sy) * in_s[2] + sw) * c + ch;
              } else {
                oi = (((b * c + ch) * out_s[0] + z) * out_s[1] + y) * out_s[2] + w;
                if (inside) ii = (((b * c + ch) * in_s[0] + sz) * in_s[1] + sy) * in_s[2] + sw;
              }
              o[oi] = inside ? x[ii] : value;
            }
          }
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(PadOp)
LITE_KERNEL_CLASS(PadKernel)
