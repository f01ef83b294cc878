// calib, calib_once, calib_inplace: Paddle Lite's precision-transfer ops
// (lite/operators/calib_op.cc, calib_inplace_op.cc; kernels
// lite/kernels/{x86,arm}/calib_compute.cc, arm/calib_inplace_compute.cc).
// Input -> Out, same dims and LoD, attribute `scale` (default 1):
//   fp32 -> int8:  clamp(round(x / scale), -127, 127), ties away from zero
//                  (Paddle Lite's ARM kernels and x86's scalar tail; its x86
//                  AVX body rounds ties to even: the two differ only when
//                  x / scale is exactly k + 0.5)
//   int8 -> fp32:  x * scale
//   the rest:      a plain conversion (float -> integer truncates toward
//                  zero, saturating, NaN -> 0; fp16 rounds to nearest
//                  even), scale unused.
// The direction is not an attribute. It is taken, in this order, from
//   1. the alias of the kernel Paddle Lite recorded in
//      `__@kernel_type_attr@__` ("calib/fp32_to_int8/2/2/1"), which must
//      name a row of kPairs;
//   2. the element type of Input at run time and the element type the
//      program's VarDesc records for Out (calib_inplace: Out is Input, so
//      the type Input does not hold among its two rows, fp32 <-> fp16).
// A pair that is not a row is an error naming the op, both variables and
// types, and the supported pairs. calib_once (a weight converted once) runs
// on every run here, with the same result (constant folding, which does not
// see the program's VarDescs, folds it on a weight only when the recorded
// kernel alias gives the direction). calib_inplace converts Input in place
// (Paddle Lite ignores Out; here Out must name Input, and Input may not be
// a weight, which cloned predictors share).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>
#include <vector>

#include "lite/core/registry.h"
#include "lite/operators/tensor/half_float.h"
#include "lite/operators/tensor/transfer_common.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

struct CalibPair {
  const char* alias;  // Paddle Lite's kernel alias
  DataType in;
  DataType out;
  bool inplace;  // also a calib_inplace kernel (ARM fp16)
};

// The union of Paddle Lite's x86 and ARM calib / calib_once kernels and the
// ARM calib_inplace ones. fp32 -> int8 quantizes and int8 -> fp32
// dequantizes with `scale`; the others convert.
constexpr CalibPair kPairs[] = {
    {"fp32_to_int8", DataType::kFloat32, DataType::kInt8, false},
    {"int8_to_fp32", DataType::kInt8, DataType::kFloat32, false},
    {"fp32_to_int32", DataType::kFloat32, DataType::kInt32, false},
    {"int32_to_fp32", DataType::kInt32, DataType::kFloat32, false},
    {"fp32_to_int64", DataType::kFloat32, DataType::kInt64, false},
    {"int64_to_fp32", DataType::kInt64, DataType::kFloat32, false},
    {"int32_to_int64", DataType::kInt32, DataType::kInt64, false},
    {"int64_to_int32", DataType::kInt64, DataType::kInt32, false},
    {"bool_to_float", DataType::kBool, DataType::kFloat32, false},
    {"fp32_to_fp16", DataType::kFloat32, DataType::kFloat16, true},
    {"fp16_to_fp32", DataType::kFloat16, DataType::kFloat32, true},
    {"int32_to_fp16", DataType::kInt32, DataType::kFloat16, false},
    {"int64_to_fp16", DataType::kInt64, DataType::kFloat16, false},
    {"fp16_to_int32", DataType::kFloat16, DataType::kInt32, false},
};

std::string PairList(bool inplace) {
  std::string s;
  for (const CalibPair& p : kPairs) {
    if (inplace && !p.inplace) continue;
    s += StrCat(s.empty() ? "" : ", ", DataTypeName(p.in), "->", DataTypeName(p.out));
  }
  return s;
}

struct CalibParam {
  std::string op;
  bool inplace{false};
  const Tensor* x{nullptr};
  Tensor* out{nullptr};
  std::string x_name, out_name;
  float scale{1.f};
  const CalibPair* recorded{nullptr};  // from the recorded kernel alias
  const cpp::VarDesc* out_desc{nullptr};
  const CalibPair* pair{nullptr};  // chosen by InferShape
};

// fp16 tensors hold IEEE half bits.
struct Half {
  uint16_t bits;
};

template <typename T>
struct Tag {
  using type = T;
};

// Calls fn(Tag<T>{}) for the C++ type of every element type kPairs uses.
template <typename Fn>
void WithType(DataType t, Fn&& fn) {
  switch (t) {
    case DataType::kFloat32: return fn(Tag<float>{});
    case DataType::kFloat16: return fn(Tag<Half>{});
    case DataType::kInt8: return fn(Tag<int8_t>{});
    case DataType::kInt32: return fn(Tag<int32_t>{});
    case DataType::kInt64: return fn(Tag<int64_t>{});
    case DataType::kBool: return fn(Tag<bool>{});
    default: ThrowError("calib: unexpected element type ", DataTypeName(t));
  }
}

// A plain conversion: integers to integers as C++ casts them (Paddle Lite's
// kernels); float to integer truncates toward zero, saturating, NaN -> 0
// (where the C++ cast is undefined); to / from fp16 through float.
template <typename O, typename I>
O Convert(I x) {
  if constexpr (std::is_same_v<I, Half>) {
    return Convert<O>(HalfToFloat(x.bits));
  } else if constexpr (std::is_same_v<O, Half>) {
    return Half{FloatToHalf(static_cast<float>(x))};
  } else if constexpr (std::is_integral_v<O> && std::is_floating_point_v<I>) {
    if (std::isnan(x)) return 0;
    if (x <= static_cast<I>(std::numeric_limits<O>::min())) return std::numeric_limits<O>::min();
    if (x >= static_cast<I>(std::numeric_limits<O>::max())) return std::numeric_limits<O>::max();
    return static_cast<O>(x);
  } else {
    return static_cast<O>(x);
  }
}

// y = x converted element by element: fp32 -> int8 quantizes with 1/scale
// (NaN gives 0), int8 -> fp32 dequantizes with scale, the other pairs
// convert the values. (A function template, not a branch of the generic
// lambda below: clang-14 instantiates discarded `if constexpr` branches of
// nested generic lambdas.)
template <typename I, typename O>
void ConvertElements(const I* x, O* y, int64_t n, float scale, float inv) {
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_same_v<I, float> && std::is_same_v<O, int8_t>) {
      const float q = std::round(x[i] * inv);
      y[i] = std::isnan(q) ? 0 : static_cast<int8_t>(std::min(127.f, std::max(-127.f, q)));
    } else if constexpr (std::is_same_v<I, int8_t> && std::is_same_v<O, float>) {
      y[i] = static_cast<float>(x[i]) * scale;
    } else {
      y[i] = Convert<O>(x[i]);
    }
  }
}

class CalibOp : public OperatorBase<CalibParam> {
 public:
  void SetEnv(const OpEnv& env) override { program_ = env.program; }

  void InferShape() override {
    auto& p = param_;
    LITE_ENFORCE(p.x->initialized(), "op '", p.op, "': input 'Input' ('", p.x_name,
                 "') has no data");
    const DataType in = p.x->dtype();
    p.pair = nullptr;
    if (p.recorded) {
      LITE_ENFORCE(in == p.recorded->in, "op '", p.op, "': the recorded kernel '",
                   p.recorded->alias, "' (attribute '", kPaddleLiteKernelAttr, "') converts ",
                   DataTypeName(p.recorded->in), " but input 'Input' ('", p.x_name,
                   "') holds ", DataTypeName(in));
      p.pair = p.recorded;
    } else {
      for (const CalibPair& c : kPairs) {
        const bool match = p.inplace ? (c.inplace && c.in == in)
                                     : (p.out_desc && c.in == in && c.out == p.out_desc->dtype);
        if (match) p.pair = &c;
      }
      LITE_ENFORCE(p.inplace || p.out_desc, "op '", p.op, "': cannot tell what to convert input ",
                   "'Input' ('", p.x_name, "', ", DataTypeName(in), ") to: the op has no "
                   "attribute '", kPaddleLiteKernelAttr, "' and output 'Out' ('", p.out_name,
                   "') has no VarDesc in the program");
      LITE_ENFORCE(p.pair, "op '", p.op, "': no conversion from input 'Input' ('", p.x_name,
                   "', ", DataTypeName(in), ")",
                   p.inplace ? std::string()
                             : StrCat(" to output 'Out' ('", p.out_name, "', recorded ",
                                      DataTypeName(p.out_desc->dtype), ")"),
                   "; supported: ", PairList(p.inplace));
    }
    p.out->Resize(p.x->dims());
    p.out->set_lod(p.x->lod());
    p.out->set_dtype(p.pair->out);
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    p.inplace = p.op == "calib_inplace";
    p.x = GetInput(desc, scope, "Input");
    p.x_name = desc.Input("Input")[0];
    p.out = GetOutput(desc, scope, "Out");
    p.out_name = desc.Output("Out")[0];
    p.scale = desc.GetAttr<float>("scale", 1.f);
    LITE_ENFORCE(std::isfinite(p.scale) && p.scale > 0.f, "op '", p.op, "': attribute 'scale' is ",
                 p.scale, ", expected a positive finite number");
    if (p.inplace) {
      LITE_ENFORCE(p.out_name == p.x_name, "op '", p.op, "': output 'Out' ('", p.out_name,
                   "') must name input 'Input' ('", p.x_name, "'): the op converts in place");
      LITE_ENFORCE(!p.x->persistable(), "op '", p.op, "': input 'Input' ('", p.x_name,
                   "') is a weight; converting it in place would change the weight cloned "
                   "predictors share");
    }
    const std::string alias = RecordedKernelAlias(desc);
    p.recorded = nullptr;
    for (const CalibPair& c : kPairs) {
      if (alias == c.alias && (!p.inplace || c.inplace)) p.recorded = &c;
    }
    LITE_ENFORCE(alias.empty() || p.recorded, "op '", p.op, "': attribute '",
                 kPaddleLiteKernelAttr, "' records kernel alias '", alias,
                 "', which names no conversion this op has (supported: ", PairList(p.inplace),
                 ")");
    p.out_desc = p.inplace ? nullptr : FindVarDesc(program_, p.out_name);
  }

 private:
  const cpp::ProgramDesc* program_{nullptr};
};

class CalibKernel : public KernelBase<CalibParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    const CalibPair& c = *p.pair;
    const int64_t n = p.x->numel();
    // In place: convert from a copy of the input (whose dtype InferShape
    // already set to the output's).
    std::vector<char> copy;
    const void* src = p.x->raw_data();
    if (p.inplace) {
      copy.assign(static_cast<const char*>(src),
                  static_cast<const char*>(src) + n * static_cast<int64_t>(SizeOf(c.in)));
      src = copy.data();
    }
    void* dst = p.out->mutable_data(c.out);
    const float scale = p.scale, inv = 1.f / p.scale;
    WithType(c.in, [&](auto in_tag) {
      using I = typename decltype(in_tag)::type;
      const I* x = static_cast<const I*>(src);
      WithType(c.out, [&](auto out_tag) {
        using O = typename decltype(out_tag)::type;
        ConvertElements(x, static_cast<O*>(dst), n, scale, inv);
      });
    });
  }
};

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(CalibOp)
LITE_KERNEL_CLASS(CalibKernel)
