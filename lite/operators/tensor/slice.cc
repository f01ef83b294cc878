// slice and strided_slice (Paddle semantics, any element type).
// slice: for each axes[i], starts/ends are made non-negative by adding the
//   extent, then clamped to [0, extent]; end < start is an error. Optional
//   StartsTensor / StartsTensorList / EndsTensor / EndsTensorList override
//   the attributes. decrease_axis drops those (extent-1) dims; if every dim
//   is dropped the output has dims [1] (Paddle before 2.5), or is 0-d with
//   the attribute out_0d (Paddle >= 2.5; the PIR reader sets it when the
//   program declares a 0-d result). infer_flags only matter at export.
// strided_slice: Python-style strided ranges per axis (negative strides
//   walk backwards; end == -1 with a negative stride means "through index
//   0", as in Paddle); StridesTensor(/List) may override strides.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct SliceParam {
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::vector<int64_t> axes, starts, ends, strides;
  std::vector<int64_t> decrease_axis;
  bool out_0d{false};
  const Tensor* starts_tensor{nullptr};
  const Tensor* ends_tensor{nullptr};
  const Tensor* strides_tensor{nullptr};
  std::vector<Tensor*> starts_list, ends_list, strides_list;
  bool strided{false};
  // Resolved by InferShape: per input dim, first index, step and count.
  std::vector<int64_t> begin, step, count;
};

std::vector<int64_t> ResolveList(const std::string& op, const char* name,
                                 const std::vector<int64_t>& attr,
                                 const Tensor* tensor,
                                 const std::vector<Tensor*>& list) {
  if (tensor) return ReadInts(*tensor, StrCat("op '", op, "': input '", name, "Tensor'"));
  if (!list.empty()) {
    return ReadIntList(list, StrCat("op '", op, "': input '", name, "TensorList'"));
  }
  return attr;
}

class SliceOp : public OperatorBase<SliceParam> {
 public:
  void InferShape() override {
    const std::string& op = type();
    const DDim& in = param_.x->dims();
    const int64_t rank = static_cast<int64_t>(in.size());
    auto starts = ResolveList(op, "Starts", param_.starts, param_.starts_tensor,
                              param_.starts_list);
    auto ends = ResolveList(op, "Ends", param_.ends, param_.ends_tensor, param_.ends_list);
    std::vector<int64_t> strides(param_.axes.size(), 1);
    if (param_.strided) {
      strides = ResolveList(op, "Strides", param_.strides, param_.strides_tensor,
                            param_.strides_list);
    }
    const auto& axes = param_.axes;
    LITE_ENFORCE(starts.size() == axes.size() && ends.size() == axes.size() &&
                     strides.size() == axes.size(),
                 "op '", op, "': axes ", DimsToString(axes), ", starts ",
                 DimsToString(starts), ", ends ", DimsToString(ends),
                 (param_.strided ? StrCat(", strides ", DimsToString(strides)) : ""),
                 " must have the same length");
    param_.begin.assign(rank, 0);
    param_.step.assign(rank, 1);
    param_.count.assign(in.begin(), in.end());
    for (size_t i = 0; i < axes.size(); ++i) {
      int axis = NormalizeAxis(axes[i], rank, op, "attribute 'axes' value");
      const int64_t extent = in[axis];
      int64_t s = starts[i], e = ends[i], st = strides[i];
      LITE_ENFORCE(st != 0, "op '", op, "': stride for axis ", axis, " is 0");
      if (!param_.strided) {
        if (s < 0) s += extent;
        if (e < 0) e += extent;
        s = std::min(std::max<int64_t>(s, 0), extent);
        e = std::min(std::max<int64_t>(e, 0), extent);
        LITE_ENFORCE(e >= s, "op '", op, "': for axis ", axis, " (extent ", extent,
                     ") end ", ends[i], " is before start ", starts[i]);
        param_.begin[axis] = s;
        param_.count[axis] = e - s;
      } else {
        if (s < 0) s += extent;
        if (e < 0 && !(e == -1 && st < 0)) e += extent;
        int64_t n = 0;
        if (st > 0) {
          s = std::min(std::max<int64_t>(s, 0), extent);
          e = std::min(std::max<int64_t>(e, 0), extent);
          n = e > s ? (e - s + st - 1) / st : 0;
        } else {
          s = std::min(std::max<int64_t>(s, -1), extent - 1);
          e = std::min(std::max<int64_t>(e, -1), extent - 1);
          n = s > e ? (s - e + (-st) - 1) / (-st) : 0;
        }
        param_.begin[axis] = s;
        param_.step[axis] = st;
        param_.count[axis] = n;
      }
    }
    DDim out;
    std::vector<bool> drop(rank, false);
    for (int64_t a : param_.decrease_axis) {
      int axis = NormalizeAxis(a, rank, op, "attribute 'decrease_axis' value");
      LITE_ENFORCE(param_.count[axis] == 1, "op '", op, "': decrease_axis ", axis,
                   " but the sliced extent there is ", param_.count[axis],
                   " (must be 1)");
      drop[axis] = true;
    }
    for (int64_t i = 0; i < rank; ++i) {
      if (!drop[i]) out.push_back(param_.count[i]);
    }
    if (out.empty() && !param_.out_0d) out.push_back(1);
    param_.out->Resize(out);
    param_.out->set_dtype(param_.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    param_.strided = desc.Type() == "strided_slice";
    param_.x = GetInput(desc, scope, "Input");
    param_.out = GetOutput(desc, scope, "Out");
    param_.axes = desc.GetAttr<std::vector<int64_t>>("axes");
    param_.starts = desc.GetAttr<std::vector<int64_t>>("starts", {});
    param_.ends = desc.GetAttr<std::vector<int64_t>>("ends", {});
    param_.decrease_axis = desc.GetAttr<std::vector<int64_t>>("decrease_axis", {});
    param_.out_0d = desc.GetAttr<bool>("out_0d", false);
    param_.starts_tensor = GetOptionalInput(desc, scope, "StartsTensor");
    param_.ends_tensor = GetOptionalInput(desc, scope, "EndsTensor");
    param_.starts_list = GetOptionalInputList(desc, scope, "StartsTensorList");
    param_.ends_list = GetOptionalInputList(desc, scope, "EndsTensorList");
    if (param_.strided) {
      param_.strides = desc.GetAttr<std::vector<int64_t>>("strides", {});
      param_.strides_tensor = GetOptionalInput(desc, scope, "StridesTensor");
      param_.strides_list = GetOptionalInputList(desc, scope, "StridesTensorList");
    }
  }
};

template <typename T>
void SliceImpl(const T* x, T* out, const DDim& in, const std::vector<int64_t>& begin,
               const std::vector<int64_t>& step, const std::vector<int64_t>& count) {
  const int rank = static_cast<int>(in.size());
  const int64_t total = Numel(DDim(count.begin(), count.end()));
  if (total == 0) return;
  std::vector<int64_t> stride(rank, 1);
  for (int i = rank - 2; i >= 0; --i) stride[i] = stride[i + 1] * in[i + 1];
  int64_t base = 0;
  for (int i = 0; i < rank; ++i) base += begin[i] * stride[i];
  const int64_t inner = rank ? count[rank - 1] : 1;
  const int64_t inner_step = rank ? step[rank - 1] * stride[rank - 1] : 1;
  const int64_t rows = total / inner;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t rem = r, src = base;
    for (int d = rank - 2; d >= 0; --d) {
      src += (rem % count[d]) * step[d] * stride[d];
      rem /= count[d];
    }
    T* o = out + r * inner;
    for (int64_t k = 0; k < inner; ++k) o[k] = x[src + k * inner_step];
  }
}

class SliceKernel : public KernelBase<SliceParam> {
 public:
  void Run(const RunContext&) override {
    const Tensor& x = *param().x;
    Tensor* out = param().out;
    DispatchBySize(x.dtype(), "slice", [&](auto tag) {
      using U = decltype(tag);
      out->mutable_data(x.dtype());
      SliceImpl<U>(static_cast<const U*>(x.raw_data()), static_cast<U*>(out->raw_data_mut()),
                   x.dims(), param().begin, param().step, param().count);
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SliceOp)
LITE_KERNEL_CLASS(SliceKernel)
