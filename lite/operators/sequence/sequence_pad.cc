// sequence_pad: X [T, ...] with a LoD -> Out [N, L, ...] (L = padded_length,
//   or the longest sequence when it is -1), the rows past each sequence's end
//   filled with PadValue (one value, or one row of X's row shape); Length [N]
//   int64 holds the sequence lengths.
// sequence_unpad: X [N, L, ...] and Length [N] (int64) -> Out [sum, ...] with
//   the first Length[n] rows of each X[n] and a LoD of their offsets.
// sequence_mask: X (lengths, int32/int64, any shape) -> Y = X.dims + [maxlen]
//   with Y[..., j] = j < X[...] (maxlen attribute or MaxLenTensor; -1 = the
//   largest length), in out_dtype (Paddle's VarType: 0 bool, 2 int32,
//   3 int64, 5 float32).
#include <algorithm>
#include <cstring>

#include "lite/core/registry.h"
#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

struct SequencePadParam {
  std::string op;
  const Tensor* x{nullptr};
  const Tensor* pad_value{nullptr};
  const Tensor* length_in{nullptr};  // unpad
  const Tensor* maxlen_tensor{nullptr};  // mask
  Tensor* out{nullptr};
  Tensor* length_out{nullptr};  // pad
  int64_t padded_length{-1};
  int64_t maxlen{-1};
  int out_dtype{3};
  std::vector<uint64_t> offsets;
};

namespace {
std::vector<int64_t> ReadLengths(const Tensor& t) {
  std::vector<int64_t> v(t.numel());
  if (t.dtype() == DataType::kInt32) {
    std::copy(t.data<int32_t>(), t.data<int32_t>() + t.numel(), v.begin());
  } else {
    std::copy(t.data<int64_t>(), t.data<int64_t>() + t.numel(), v.begin());
  }
  return v;
}
DataType MaskType(int v) {
  switch (v) {
    case 0: return DataType::kBool;
    case 2: return DataType::kInt32;
    case 3: return DataType::kInt64;
    case 5: return DataType::kFloat32;
  }
  ThrowError("op 'sequence_mask': attribute 'out_dtype' = ", v,
             " is not one of 0 (bool), 2 (int32), 3 (int64), 5 (float32)");
}
}  // namespace

class SequencePadOp : public OperatorBase<SequencePadParam> {
 public:
  void InferShape() override {
    auto& p = param_;
    DDim dims = p.x->dims();
    if (p.op == "sequence_pad") {
      p.offsets = SequenceOffsets(p.op, "X", *p.x);
      int64_t longest = 0;
      for (size_t s = 0; s + 1 < p.offsets.size(); ++s) {
        longest = std::max<int64_t>(longest, p.offsets[s + 1] - p.offsets[s]);
      }
      const int64_t len = p.padded_length == -1 ? longest : p.padded_length;
      LITE_ENFORCE(len >= longest, "op 'sequence_pad': attribute 'padded_length' = ", len,
                   " is shorter than the longest sequence (", longest, ")");
      const int64_t width = dims[0] > 0 ? p.x->numel() / dims[0] : 0;
      LITE_ENFORCE(p.pad_value->numel() == 1 || p.pad_value->numel() == width,
                   "op 'sequence_pad': input 'PadValue' must hold 1 or ", width, " values, got ",
                   p.pad_value->numel());
      const int64_t n = static_cast<int64_t>(p.offsets.size()) - 1;
      DDim out = {n, len};
      out.insert(out.end(), dims.begin() + 1, dims.end());
      p.out->Resize(out);
      p.out->set_dtype(p.x->dtype());
      p.length_out->Resize({n});
      p.length_out->set_dtype(DataType::kInt64);
    } else if (p.op == "sequence_unpad") {
      LITE_ENFORCE(dims.size() >= 2 && p.length_in->numel() == dims[0], "op 'sequence_unpad': ",
                   "input 'X' ", DimsToString(dims), " must be [N, L, ...] with N = the ",
                   p.length_in->numel(), " values of 'Length'");
      auto lens = ReadLengths(*p.length_in);
      std::vector<uint64_t> offsets = {0};
      for (size_t n = 0; n < lens.size(); ++n) {
        LITE_ENFORCE(lens[n] >= 0 && lens[n] <= dims[1], "op 'sequence_unpad': input 'Length'[",
                     n, "] = ", lens[n], " is outside [0, ", dims[1], "]");
        offsets.push_back(offsets.back() + lens[n]);
      }
      p.offsets = offsets;
      DDim out = {static_cast<int64_t>(offsets.back())};
      out.insert(out.end(), dims.begin() + 2, dims.end());
      p.out->Resize(out);
      p.out->set_dtype(p.x->dtype());
      p.out->set_lod({offsets});
    } else {  // sequence_mask
      auto lens = ReadLengths(*p.x);
      int64_t maxlen = p.maxlen_tensor ? ReadLengths(*p.maxlen_tensor).at(0) : p.maxlen;
      if (maxlen < 0) {
        maxlen = 0;
        for (int64_t v : lens) maxlen = std::max(maxlen, v);
      }
      dims.push_back(maxlen);
      p.out->Resize(dims);
      p.out->set_dtype(MaskType(p.out_dtype));
    }
  }

 protected:
  void AttachImpl(const cpp::OpDesc& desc, Scope* scope) override {
    auto& p = param_;
    p.op = desc.Type();
    p.x = GetInput(desc, scope, "X");
    if (p.op == "sequence_pad") {
      p.pad_value = GetInput(desc, scope, "PadValue");
      p.out = GetOutput(desc, scope, "Out");
      p.length_out = GetOutput(desc, scope, "Length");
      p.padded_length = desc.GetAttr<int>("padded_length", -1);
    } else if (p.op == "sequence_unpad") {
      p.length_in = GetInput(desc, scope, "Length");
      p.out = GetOutput(desc, scope, "Out");
    } else {
      p.maxlen_tensor = GetOptionalInput(desc, scope, "MaxLenTensor");
      p.out = GetOutput(desc, scope, "Y");
      // Paddle's OpMaker: maxlen defaults to -1 (the largest length) and must
      // be negative or at least 1; out_dtype has no default.
      p.maxlen = desc.GetAttr<int>("maxlen", -1);
      LITE_ENFORCE(p.maxlen < 0 || p.maxlen >= 1, "op 'sequence_mask': attribute 'maxlen' = ",
                   p.maxlen, " must be negative (the largest length) or at least 1");
      p.out_dtype = desc.GetAttr<int>("out_dtype");
      MaskType(p.out_dtype);
    }
  }
};

class SequencePadKernel : public KernelBase<SequencePadParam> {
 public:
  void Run(const RunContext&) override {
    auto& p = param();
    if (p.op == "sequence_mask") return Mask();
    const size_t elem = SizeOf(p.x->dtype());
    const auto* x = static_cast<const uint8_t*>(p.x->raw_data());
    auto* out = static_cast<uint8_t*>(p.out->mutable_data(p.x->dtype()));
    const int64_t steps = p.op == "sequence_pad" ? p.out->dims()[1] : p.x->dims()[1];
    const int64_t rows = p.op == "sequence_pad" ? p.out->dims()[0] * steps : p.x->dims()[0] * steps;
    const size_t row = rows > 0 ? (p.op == "sequence_pad" ? p.out->numel() : p.x->numel()) / rows * elem : 0;
    int64_t* lens = p.op == "sequence_pad" ? p.length_out->mutable_data<int64_t>() : nullptr;
    for (size_t s = 0; s + 1 < p.offsets.size(); ++s) {
      const int64_t b = p.offsets[s], len = p.offsets[s + 1] - b;
      if (p.op == "sequence_unpad") {
        std::memcpy(out + b * row, x + s * steps * row, len * row);
        continue;
      }
      lens[s] = len;
      std::memcpy(out + s * steps * row, x + b * row, len * row);
      const auto* pad = static_cast<const uint8_t*>(p.pad_value->raw_data());
      for (int64_t t = len; t < steps; ++t) {
        uint8_t* dst = out + (s * steps + t) * row;
        if (p.pad_value->numel() == 1) {
          for (size_t k = 0; k < row; k += elem) std::memcpy(dst + k, pad, elem);
        } else {
          std::memcpy(dst, pad, row);
        }
      }
    }
  }

 private:
  void Mask() {
    auto& p = param();
    auto lens = ReadLengths(*p.x);
    const int64_t maxlen = p.out->dims().back();
    const DataType t = MaskType(p.out_dtype);
    void* raw = p.out->mutable_data(t);
    for (size_t i = 0; i < lens.size(); ++i) {
      for (int64_t j = 0; j < maxlen; ++j) {
        const bool v = j < lens[i];
        const size_t k = i * maxlen + j;
        switch (t) {
          case DataType::kBool: static_cast<bool*>(raw)[k] = v; break;
          case DataType::kInt32: static_cast<int32_t*>(raw)[k] = v; break;
          case DataType::kInt64: static_cast<int64_t*>(raw)[k] = v; break;
          default: static_cast<float*>(raw)[k] = v ? 1.f : 0.f;
        }
      }
    }
  }
};

}  // namespace operators
}  // namespace lite
}  // namespace paddle

LITE_OP_CLASS(SequencePadOp)
LITE_KERNEL_CLASS(SequencePadKernel)
