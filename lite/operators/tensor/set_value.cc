// set_value: Out = Input with the strided slice Input[starts:ends:steps]
// (on `axes`) replaced by a value broadcast to the slice (Paddle's
// `x[index] = value` in static graphs, e.g. inside a while loop).
// - starts/ends/steps: attributes, overridden by StartsTensorList /
//   EndsTensorList / StepsTensorList (one-element int32/int64 tensors);
//   steps default to 1. Python slice rules as Paddle applies them
//   (CheckAndUpdateSliceAttrs): negative starts/ends count from the end;
//   with step > 0 they clamp to [0, extent] and end < start is an error;
//   with step < 0 start clamps to extent - 1, an end below -1 counts from the
//   end and clamps at -1 (= "through index 0"). An empty slice changes
//   nothing.
// - the value: ValueTensor (same element type as Input), or the attribute
//   list matching it (fp32_values, fp64_values, int32_values, int64_values,
//   bool_values, or Paddle 2.5's `values` Scalars) shaped by `shape`,
//   converted to Input's element type.
// - decrease_axes drop (extent-1) sliced dims and none_axes insert 1s in the
//   shape the value is broadcast to (numpy rules, right-aligned; leading 1s
//   of either shape are ignored, as in Paddle's CheckIsDimsMatch).
// Out may be Input itself (in place, as Paddle exports it); Input is never
// modified through a buffer it shares with another variable.
#include <algorithm>

#include "lite/core/registry.h"
#include "lite/operators/tensor/tensor_util.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct SetValueParam {
  const Tensor* x{nullptr};
  const Tensor* value{nullptr};  // ValueTensor, or null
  Tensor attr_value;             // built from the *_values attributes
  Tensor* out{nullptr};
  std::vector<int64_t> axes, starts, ends, steps, decrease_axes, none_axes;
  std::vector<Tensor*> starts_list, ends_list, steps_list;
  // Resolved by InferShape.
  std::vector<int64_t> begin, step, count;  // per input dim
  DDim assign_dims;                         // the shape the value broadcasts to
  std::vector<int> assign_pos;              // input dim -> assign dim (-1: decreased)
  bool empty{false};
};

// Clamps start/end for one axis as Paddle's CheckAndUpdateSliceAttrs does
// and returns the element count.
int64_t ResolveAxis(const std::string& op, int axis, int64_t extent, int64_t* start,
                    int64_t* end, int64_t step) {
  LITE_ENFORCE(step != 0, "op '", op, "': step for axis ", axis, " is 0");
  if (extent == 0) {
    *start = *end = 0;
    return 0;
  }
  int64_t s = *start < 0 ? *start + extent : *start;
  s = std::max<int64_t>(s, 0);
  int64_t e = (step > 0 && *end < 0) ? *end + extent : *end;
  e = std::min(e, extent);
  if (step > 0) {
    s = std::min(s, extent);
    e = std::max<int64_t>(e, 0);
    LITE_ENFORCE(e >= s, "op '", op, "': for axis ", axis, " (extent ", extent, ") end ",
                 *end, " is before start ", *start, " with step ", step);
  } else {
    s = std::min(s, extent - 1);
    if (e < -1) e += extent;
    e = std::max<int64_t>(e, -1);
    LITE_ENFORCE(s >= e, "op '", op, "': for axis ", axis, " (extent ", extent, ") start ",
                 *start, " is before end ", *end, " with negative step ", step);
  }
  *start = s;
  *end = e;
  return step > 0 ? (e - s + step - 1) / step : (e - s + step + 1) / step;
}

std::vector<int64_t> ListOrAttr(const std::string& op, const char* name,
                                const std::vector<Tensor*>& list,
                                const std::vector<int64_t>& attr) {
  if (list.empty()) return attr;
  return ReadIntList(list, StrCat("op '", op, "': input '", name, "TensorList'"));
}

class SetValueOp : public OperatorBase<SetValueParam> {
 public:
  void InferShape() override {
    const std::string& op = type();
    auto& p = param_;
    const DDim& in = p.x->dims();
    const int64_t rank = static_cast<int64_t>(in.size());
    LITE_ENFORCE(rank >= 1, "op '", op, "': input 'Input' has rank 0 (nothing to slice)");
    auto starts = ListOrAttr(op, "Starts", p.starts_list, p.starts);
    auto ends = ListOrAttr(op, "Ends", p.ends_list, p.ends);
    auto steps = ListOrAttr(op, "Steps", p.steps_list, p.steps);
    if (steps.empty()) steps.assign(p.axes.size(), 1);
    LITE_ENFORCE(starts.size() == p.axes.size() && ends.size() == p.axes.size() &&
                     steps.size() == p.axes.size(),
                 "op '", op, "': axes ", DimsToString(p.axes), ", starts ",
                 DimsToString(starts), ", ends ", DimsToString(ends), ", steps ",
                 DimsToString(steps), " must have the same length");
    p.begin.assign(rank, 0);
    p.step.assign(rank, 1);
    p.count.assign(in.begin(), in.end());
    p.empty = false;
    std::vector<bool> seen(rank, false);
    for (size_t i = 0; i < p.axes.size(); ++i) {
      const int axis = NormalizeAxis(p.axes[i], rank, op, "attribute 'axes' value");
      LITE_ENFORCE(!seen[axis], "op '", op, "': axis ", axis, " appears twice in 'axes'");
      seen[axis] = true;
      int64_t s = starts[i], e = ends[i];
      p.count[axis] = ResolveAxis(op, axis, in[axis], &s, &e, steps[i]);
      p.begin[axis] = s;
      p.step[axis] = steps[i];
      if (s == e) p.empty = true;
    }
    // The dims the value is broadcast to: slice dims without the decreased
    // axes, with a 1 inserted for each none axis (Paddle's order).
    std::vector<bool> decreased(rank, false);
    for (int64_t a : p.decrease_axes) {
      const int axis = NormalizeAxis(a, rank, op, "attribute 'decrease_axes' value");
      LITE_ENFORCE(p.empty || p.count[axis] == 1, "op '", op, "': decrease_axes names axis ",
                   axis, " but the slice there has ", p.count[axis], " elements (must be 1)");
      decreased[axis] = true;
    }
    std::vector<int64_t> none = p.none_axes;
    std::sort(none.begin(), none.end());
    p.assign_dims.clear();
    p.assign_pos.assign(rank, -1);
    size_t nc = 0;
    for (int64_t i = 0; i < rank; ++i) {
      while (nc < none.size() && none[nc] <= i) {
        p.assign_dims.push_back(1);
        ++nc;
      }
      if (decreased[i]) continue;
      p.assign_pos[i] = static_cast<int>(p.assign_dims.size());
      p.assign_dims.push_back(p.count[i]);
    }
    for (; nc < none.size(); ++nc) p.assign_dims.push_back(1);
    if (p.assign_dims.empty()) p.assign_dims.push_back(1);
    CheckValueDims(op);
    p.out->Resize(in);
    p.out->set_dtype(p.x->dtype());
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    const std::string& op = desc.Type();
    p.x = GetInput(desc, scope, "Input");
    p.out = GetOutput(desc, scope, "Out");
    p.value = GetOptionalInput(desc, scope, "ValueTensor");
    p.starts_list = GetOptionalInputList(desc, scope, "StartsTensorList");
    p.ends_list = GetOptionalInputList(desc, scope, "EndsTensorList");
    p.steps_list = GetOptionalInputList(desc, scope, "StepsTensorList");
    p.axes = desc.GetAttr<std::vector<int64_t>>("axes");
    p.starts = desc.GetAttr<std::vector<int64_t>>("starts", {});
    p.ends = desc.GetAttr<std::vector<int64_t>>("ends", {});
    p.steps = desc.GetAttr<std::vector<int64_t>>("steps", {});
    p.decrease_axes = desc.GetAttr<std::vector<int64_t>>("decrease_axes", {});
    p.none_axes = desc.GetAttr<std::vector<int64_t>>("none_axes", {});
    if (!p.value) ReadAttrValues(desc, op);
  }

 private:
  // The value from attributes: the one non-empty typed list, shaped by
  // `shape` (a one-element list with no shape is a scalar).
  void ReadAttrValues(const cpp::OpDesc& desc, const std::string& op) {
    auto& t = param_.attr_value;
    int lists = 0;
    auto take = [&](const char* name, auto tag) {
      using T = decltype(tag);
      std::vector<T> v = desc.GetAttr<std::vector<T>>(name, {});
      if (v.empty()) return;
      ++lists;
      t.Resize({static_cast<int64_t>(v.size())});
      std::copy(v.begin(), v.end(), t.mutable_data<T>());
    };
    take("fp32_values", float{});
    take("fp64_values", double{});
    take("int32_values", int32_t{});
    take("int64_values", int64_t{});
    // bool_values is INTS in Paddle < 2.5 exports, BOOLEANS later.
    if (desc.HasAttr("bool_values")) {
      std::vector<int64_t> b = desc.GetAttr<std::vector<int64_t>>("bool_values");
      if (!b.empty()) {
        ++lists;
        t.Resize({static_cast<int64_t>(b.size())});
        bool* d = t.mutable_data<bool>();
        for (size_t i = 0; i < b.size(); ++i) d[i] = b[i] != 0;
      }
    }
    take("values", double{});
    LITE_ENFORCE(lists == 1, "op '", op, "': without input 'ValueTensor' exactly one of the "
                 "attributes fp32_values, fp64_values, int32_values, int64_values, bool_values, "
                 "values must hold the value, found ", lists);
    std::vector<int64_t> shape = desc.GetAttr<std::vector<int64_t>>("shape", {});
    if (shape.empty()) shape = {t.numel()};
    LITE_ENFORCE(Numel(shape) == t.numel(), "op '", op, "': attribute 'shape' ",
                 DimsToString(shape), " holds ", Numel(shape), " elements but ", t.numel(),
                 " values are given");
    t.Resize(shape);
  }

  void CheckValueDims(const std::string& op) const {
    const DDim& v = ValueTensor().dims();
    const DDim& a = param_.assign_dims;
    size_t lv = 0, la = 0;
    while (lv < v.size() && v[lv] == 1) ++lv;
    while (la < a.size() && a[la] == 1) ++la;
    bool ok = v.size() - lv <= a.size() - la;
    for (size_t k = 0; ok && k < v.size() - lv; ++k) {
      const int64_t vd = v[v.size() - 1 - k], ad = a[a.size() - 1 - k];
      ok = vd == 1 || vd == ad;
    }
    LITE_ENFORCE(ok, "op '", op, "': the value of dims ", DimsToString(v),
                 " cannot be broadcast to the slice of dims ", DimsToString(a));
  }

  const Tensor& ValueTensor() const {
    return param_.value ? *param_.value : param_.attr_value;
  }
};

// Offsets of the value element for each slice element: per input dim, the
// value stride (0 where the value broadcasts or the dim is decreased).
std::vector<int64_t> ValueStrides(const SetValueParam& p, const DDim& vdims) {
  const size_t rank = p.count.size();
  const int64_t na = static_cast<int64_t>(p.assign_dims.size());
  const int64_t nv = static_cast<int64_t>(vdims.size());
  std::vector<int64_t> vstride(vdims.size(), 1);
  for (int64_t i = nv - 2; i >= 0; --i) vstride[i] = vstride[i + 1] * vdims[i + 1];
  std::vector<int64_t> out(rank, 0);
  for (size_t d = 0; d < rank; ++d) {
    if (p.assign_pos[d] < 0) continue;
    const int64_t vpos = p.assign_pos[d] - (na - nv);  // right-aligned
    if (vpos >= 0 && vdims[vpos] != 1) out[d] = vstride[vpos];
  }
  return out;
}

template <typename T>
void WriteSlice(const SetValueParam& p, const T* value, const DDim& vdims, T* out,
                const DDim& in) {
  const int rank = static_cast<int>(in.size());
  const int64_t total = Numel(DDim(p.count.begin(), p.count.end()));
  if (total == 0) return;
  std::vector<int64_t> stride(rank, 1);
  for (int i = rank - 2; i >= 0; --i) stride[i] = stride[i + 1] * in[i + 1];
  const std::vector<int64_t> vs = ValueStrides(p, vdims);
  int64_t base = 0;
  for (int i = 0; i < rank; ++i) base += p.begin[i] * stride[i];
  const int64_t inner = p.count[rank - 1];
  const int64_t out_step = p.step[rank - 1] * stride[rank - 1];
  const int64_t v_step = vs[rank - 1];
  std::vector<int64_t> idx(rank, 0);
  const int64_t rows = total / inner;
  for (int64_t r = 0; r < rows; ++r) {
    int64_t o = base, v = 0;
    for (int d = 0; d < rank - 1; ++d) {
      o += idx[d] * p.step[d] * stride[d];
      v += idx[d] * vs[d];
    }
    T* dst = out + o;
    const T* src = value + v;
    for (int64_t k = 0; k < inner; ++k) dst[k * out_step] = src[k * v_step];
    for (int d = rank - 2; d >= 0; --d) {  // odometer over the outer dims
      if (++idx[d] < p.count[d]) break;
      idx[d] = 0;
    }
  }
}

template <typename To>
void ConvertValues(const Tensor& from, Tensor* to, const std::string& op) {
  to->Resize(from.dims());
  To* d = to->mutable_data<To>();
  DispatchType(from.dtype(), op, [&](auto tag) {
    using From = decltype(tag);
    const From* s = from.data<From>();
    for (int64_t i = 0; i < from.numel(); ++i) d[i] = static_cast<To>(s[i]);
  });
}

class SetValueKernel : public KernelBase<SetValueParam> {
 public:
  void Run(const RunContext&) override {
    const auto& p = param();
    const Tensor& x = *p.x;
    Tensor* out = p.out;
    LITE_ENFORCE(x.initialized(), "op 'set_value': input 'Input' has no data");
    if (out == &x) {
      // In place: never write into a buffer another variable shares.
      if (out->buffer().use_count() > 1 || !out->buffer()->owned()) {
        Tensor copy;
        copy.CopyFrom(x);
        out->ShareDataWith(copy);
      }
    } else {
      CopyElements(x, out);
      out->set_lod(x.lod());
    }
    if (p.empty) return;
    const Tensor* value = p.value ? p.value : &p.attr_value;
    if (p.value) {
      LITE_ENFORCE(p.value->dtype() == x.dtype(), "op 'set_value': input 'ValueTensor' is ",
                   DataTypeName(p.value->dtype()), " but 'Input' is ",
                   DataTypeName(x.dtype()), " (they must match)");
    }
    DispatchType(x.dtype(), "set_value", [&](auto tag) {
      using T = decltype(tag);
      Tensor converted;
      const Tensor* v = value;
      if (v->dtype() != x.dtype()) {
        ConvertValues<T>(*v, &converted, "set_value");
        v = &converted;
      }
      WriteSlice<T>(p, v->data<T>(), v->dims(), out->data_mut<T>(), x.dims());
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SetValueOp)
LITE_KERNEL_CLASS(SetValueKernel)
