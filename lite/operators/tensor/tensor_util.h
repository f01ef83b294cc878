// Helpers shared by the tensor-manipulation and detection ops: reading
// integer shape/index tensors, axis normalization, element-size dispatch.
#pragma once
#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "lite/core/op.h"

namespace paddle {
namespace lite {
namespace operators {

// Values of an integer (int32/int64) tensor, as int64. `what` names the op
// and slot for error messages, e.g. "op 'reshape2': input 'Shape'".
inline std::vector<int64_t> ReadInts(const Tensor& t, const std::string& what) {
  std::vector<int64_t> v(static_cast<size_t>(t.numel()));
  if (t.dtype() == DataType::kInt32) {
    const int32_t* p = t.data<int32_t>();
    for (size_t i = 0; i < v.size(); ++i) v[i] = p[i];
  } else if (t.dtype() == DataType::kInt64) {
    const int64_t* p = t.data<int64_t>();
    for (size_t i = 0; i < v.size(); ++i) v[i] = p[i];
  } else {
    ThrowError(what, " must be an int32 or int64 tensor, got ",
               DataTypeName(t.dtype()), " with dims ", DimsToString(t.dims()));
  }
  return v;
}

// Values of a list of one-element integer tensors (e.g. "ShapeTensor").
inline std::vector<int64_t> ReadIntList(const std::vector<Tensor*>& list,
                                        const std::string& what) {
  std::vector<int64_t> v;
  for (size_t i = 0; i < list.size(); ++i) {
    auto one = ReadInts(*list[i], what);
    LITE_ENFORCE(one.size() == 1, what, ": element ", i,
                 " must hold exactly one value, got dims ",
                 DimsToString(list[i]->dims()));
    v.push_back(one[0]);
  }
  return v;
}

// Values of a numeric tensor (float32/float64/int8/uint8/int16/int32/int64)
// as floats.
inline std::vector<float> ReadFloats(const Tensor& t, const std::string& what) {
  std::vector<float> v(static_cast<size_t>(t.numel()));
  switch (t.dtype()) {
    case DataType::kFloat32: {
      const float* p = t.data<float>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = p[i];
      break;
    }
    case DataType::kFloat64: {
      const double* p = t.data<double>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(p[i]);
      break;
    }
    case DataType::kInt32:
    case DataType::kInt64: {
      auto ints = ReadInts(t, what);
      for (size_t i = 0; i < v.size(); ++i) v[i] = static_cast<float>(ints[i]);
      break;
    }
    case DataType::kInt8: {
      const int8_t* p = t.data<int8_t>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = p[i];
      break;
    }
    case DataType::kUInt8: {
      const uint8_t* p = t.data<uint8_t>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = p[i];
      break;
    }
    case DataType::kInt16: {
      const int16_t* p = t.data<int16_t>();
      for (size_t i = 0; i < v.size(); ++i) v[i] = p[i];
      break;
    }
    default:
      ThrowError(what, " must be a numeric tensor, got ",
                 DataTypeName(t.dtype()));
  }
  return v;
}

// The optional list input `slot`, or an empty list when absent.
inline std::vector<Tensor*> GetOptionalInputList(const cpp::OpDesc& desc,
                                                 Scope* scope,
                                                 const std::string& slot) {
  if (!desc.HasInput(slot)) return {};
  return GetInputList(desc, scope, slot);
}

// Maps axis in [-rank, rank) to [0, rank); throws naming op and attribute.
inline int NormalizeAxis(int64_t axis, int64_t rank, const std::string& op,
                         const std::string& attr) {
  LITE_ENFORCE(axis >= -rank && axis < rank, "op '", op, "': ", attr, " ",
               axis, " is out of range for an input of rank ", rank,
               " (expected [", -rank, ", ", rank, "))");
  return static_cast<int>(axis < 0 ? axis + rank : axis);
}

// The Paddle VarType numbering used by `dtype` attributes.
inline DataType DataTypeFromAttr(int dtype, const std::string& op) {
  DataType t = cpp::DataTypeFromVarKind(static_cast<cpp::VarKind>(dtype));
  LITE_ENFORCE(t != DataType::kUnknown && t != DataType::kFloat16, "op '", op,
               "': attribute 'dtype' = ", dtype,
               " is not a supported element type (expected one of 0 bool, "
               "1 int16, 2 int32, 3 int64, 5 float32, 6 float64, 20 uint8, "
               "21 int8)");
  return t;
}

// Calls f(T{}) with T the C++ type of `type` (all numeric types and bool).
template <typename F>
void DispatchType(DataType type, const std::string& op, F&& f) {
  switch (type) {
    case DataType::kFloat32: f(float{}); break;
    case DataType::kFloat64: f(double{}); break;
    case DataType::kInt8: f(int8_t{}); break;
    case DataType::kUInt8: f(uint8_t{}); break;
    case DataType::kInt16: f(int16_t{}); break;
    case DataType::kInt32: f(int32_t{}); break;
    case DataType::kInt64: f(int64_t{}); break;
    case DataType::kBool: f(bool{}); break;
    default:
      ThrowError("op '", op, "': element type ", DataTypeName(type),
                 " is not supported");
  }
}

// Calls f(U{}) with U an unsigned integer of the same size as the element
// type (for ops that only move elements around).
template <typename F>
void DispatchBySize(DataType type, const std::string& op, F&& f) {
  switch (SizeOf(type)) {
    case 1: f(uint8_t{}); break;
    case 2: f(uint16_t{}); break;
    case 4: f(uint32_t{}); break;
    case 8: f(uint64_t{}); break;
    default:
      ThrowError("op '", op, "': element type ", DataTypeName(type),
                 " is not supported");
  }
}

// Copies the whole of `x` into `out` (whose dims were set by InferShape).
inline void CopyElements(const Tensor& x, Tensor* out) {
  void* dst = out->mutable_data(x.dtype());
  if (x.numel() > 0) std::memcpy(dst, x.raw_data(), x.memory_size());
}

// Sets XShape = [0, dims...] with the input's element type and no data
// (Paddle's convention for reshape2/transpose2/... backward information).
inline void SetXShape(Tensor* xshape, const Tensor& x) {
  if (!xshape) return;
  DDim d{0};
  d.insert(d.end(), x.dims().begin(), x.dims().end());
  xshape->Resize(d);
  xshape->set_dtype(x.dtype());
  xshape->set_lod(x.lod());
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
