// lite_api::Tensor: a view of a lite::Tensor.
#include <cstring>

#include "lite/api/paddle_api.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite_api {

namespace {
lite::Tensor* Raw(void* p) { return static_cast<lite::Tensor*>(p); }
}  // namespace

Tensor::Tensor(void* raw) : raw_tensor_(raw) {}
Tensor::Tensor(const void* raw) : raw_tensor_(const_cast<void*>(raw)) {}

void Tensor::Resize(const shape_t& shape) {
  for (int64_t d : shape) {
    LITE_ENFORCE(d >= 0, "Tensor::Resize: negative extent in shape ",
                 lite::DimsToString(shape));
  }
  int64_t numel = 1;
  for (int64_t d : shape) {
    LITE_ENFORCE(!__builtin_mul_overflow(numel, d, &numel), "Tensor::Resize: the element count of ",
                 lite::DimsToString(shape), " overflows int64");
  }
  Raw(raw_tensor_)->Resize(shape);
}

template <typename T>
const T* Tensor::data() const {
  return Raw(raw_tensor_)->data<T>();
}

template <typename T>
T* Tensor::mutable_data(TargetType) const {
  return Raw(raw_tensor_)->mutable_data<T>();
}

template <typename T, TargetType type>
void Tensor::CopyFromCpu(const T* data) {
  T* dst = Raw(raw_tensor_)->mutable_data<T>();
  // An empty tensor copies nothing; memcpy's pointers must be valid even for
  // 0 bytes, and an empty std::vector's data() may be null.
  const int64_t n = Raw(raw_tensor_)->numel();
  if (n > 0) std::memcpy(dst, data, n * sizeof(T));
}

template <typename T>
void Tensor::CopyToCpu(T* data) const {
  const T* src = Raw(raw_tensor_)->data<T>();
  const int64_t n = Raw(raw_tensor_)->numel();
  if (n > 0) std::memcpy(data, src, n * sizeof(T));
}

shape_t Tensor::shape() const { return Raw(raw_tensor_)->dims(); }
TargetType Tensor::target() const { return TargetType::kHost; }

PrecisionType Tensor::precision() const {
  switch (Raw(raw_tensor_)->dtype()) {
    case lite::DataType::kFloat32: return PrecisionType::kFloat;
    case lite::DataType::kFloat64: return PrecisionType::kFP64;
    case lite::DataType::kFloat16: return PrecisionType::kFP16;
    case lite::DataType::kInt8: return PrecisionType::kInt8;
    case lite::DataType::kUInt8: return PrecisionType::kUInt8;
    case lite::DataType::kInt16: return PrecisionType::kInt16;
    case lite::DataType::kInt32: return PrecisionType::kInt32;
    case lite::DataType::kInt64: return PrecisionType::kInt64;
    case lite::DataType::kBool: return PrecisionType::kBool;
    case lite::DataType::kUnknown: break;
  }
  return PrecisionType::kUnk;
}

void* Tensor::mutable_metal_data(void*) const {
  throw Error("Tensor::mutable_metal_data: this build has no Metal backend");
}

namespace {
lite::DataType ToDataType(PrecisionType p) {
  switch (p) {
    case PrecisionType::kFloat: return lite::DataType::kFloat32;
    case PrecisionType::kFP64: return lite::DataType::kFloat64;
    case PrecisionType::kFP16: return lite::DataType::kFloat16;
    case PrecisionType::kInt8: return lite::DataType::kInt8;
    case PrecisionType::kUInt8: return lite::DataType::kUInt8;
    case PrecisionType::kInt16: return lite::DataType::kInt16;
    case PrecisionType::kInt32: return lite::DataType::kInt32;
    case PrecisionType::kInt64: return lite::DataType::kInt64;
    case PrecisionType::kBool: return lite::DataType::kBool;
    default: break;
  }
  return lite::DataType::kUnknown;
}
}  // namespace

void Tensor::SetPrecision(PrecisionType precision) {
  lite::DataType type = ToDataType(precision);
  LITE_ENFORCE(type != lite::DataType::kUnknown, "Tensor::SetPrecision: ",
               PrecisionToStr(precision), " is not an element type (expected kFloat, kFP64, "
               "kFP16, kInt8, kUInt8, kInt16, kInt32, kInt64 or kBool)");
  Raw(raw_tensor_)->set_dtype(type);
}

void Tensor::ShareExternalMemory(void* data, size_t memory_size, TargetType target) {
  LITE_ENFORCE(target == TargetType::kHost || target == TargetType::kX86,
               "Tensor::ShareExternalMemory: target ", TargetToStr(target),
               " is not host memory on this build (expected kHost or kX86)");
  LITE_ENFORCE(data != nullptr || memory_size == 0,
               "Tensor::ShareExternalMemory: null data with memory_size ", memory_size);
  lite::Tensor* t = Raw(raw_tensor_);
  lite::DataType type =
      t->dtype() == lite::DataType::kUnknown ? lite::DataType::kFloat32 : t->dtype();
  size_t elem = lite::SizeOf(type);
  lite::DDim dims = t->dims();
  if (dims.empty()) dims = {static_cast<int64_t>(memory_size / elem)};
  size_t need = static_cast<size_t>(lite::Numel(dims)) * elem;
  LITE_ENFORCE(need <= memory_size, "Tensor::ShareExternalMemory: shape ",
               lite::DimsToString(dims), " of ", lite::DataTypeName(type), " needs ", need,
               " bytes but the external memory has ", memory_size);
  t->ResetExternal(data, type, dims, nullptr);
}

lod_t Tensor::lod() const { return Raw(raw_tensor_)->lod(); }
void Tensor::SetLoD(const lod_t& lod) { Raw(raw_tensor_)->set_lod(lod); }
bool Tensor::IsInitialized() const { return Raw(raw_tensor_)->initialized(); }

std::shared_ptr<const void> Tensor::data_holder() const {
  const lite::Tensor* t = Raw(raw_tensor_);
  if (!t->initialized()) return nullptr;
  // Aliases the buffer: the Buffer (and whatever keeps external memory
  // alive) lives as long as the holder; Tensor::mutable_data never writes
  // into a buffer someone else holds.
  return std::shared_ptr<const void>(t->buffer(), t->raw_data());
}

#define LITE_API_TENSOR_TYPE(T)                                        \
  template const T* Tensor::data<T>() const;                           \
  template T* Tensor::mutable_data<T>(TargetType) const;               \
  template void Tensor::CopyFromCpu<T, TargetType::kHost>(const T*);   \
  template void Tensor::CopyToCpu<T>(T*) const;
LITE_API_TENSOR_TYPE(float)
LITE_API_TENSOR_TYPE(double)
LITE_API_TENSOR_TYPE(int8_t)
LITE_API_TENSOR_TYPE(uint8_t)
LITE_API_TENSOR_TYPE(int16_t)
LITE_API_TENSOR_TYPE(int32_t)
LITE_API_TENSOR_TYPE(int64_t)
LITE_API_TENSOR_TYPE(bool)
#undef LITE_API_TENSOR_TYPE

}  // namespace lite_api
}  // namespace paddle
