#include "lite/core/types.h"

#include "lite/core/error.h"

#include <sstream>

namespace paddle {
namespace lite {

size_t SizeOf(DataType type) {
  switch (type) {
    case DataType::kFloat32: return 4;
    case DataType::kFloat64: return 8;
    case DataType::kFloat16: return 2;
    case DataType::kInt8: return 1;
    case DataType::kUInt8: return 1;
    case DataType::kInt16: return 2;
    case DataType::kInt32: return 4;
    case DataType::kInt64: return 8;
    case DataType::kBool: return 1;
    case DataType::kUnknown: break;
  }
  return 0;
}

const char* DataTypeName(DataType type) {
  switch (type) {
    case DataType::kFloat32: return "float32";
    case DataType::kFloat64: return "float64";
    case DataType::kFloat16: return "float16";
    case DataType::kInt8: return "int8";
    case DataType::kUInt8: return "uint8";
    case DataType::kInt16: return "int16";
    case DataType::kInt32: return "int32";
    case DataType::kInt64: return "int64";
    case DataType::kBool: return "bool";
    case DataType::kUnknown: break;
  }
  return "unknown";
}

int64_t Numel(const DDim& dims) { return DimsProduct(dims, 0, dims.size()); }

int64_t DimsProduct(const DDim& dims, size_t begin, size_t end) {
  int64_t n = 1;
  for (size_t i = begin; i < end && i < dims.size(); ++i) {
    // A product past int64 would wrap into a small or negative size that
    // kernels then index with: refuse it where the shape becomes a size.
    LITE_ENFORCE(!__builtin_mul_overflow(n, dims[i], &n), "dims ", DimsToString(dims),
                 ": the element count overflows int64");
  }
  return n;
}

std::string DimsToString(const DDim& dims) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < dims.size(); ++i) os << (i ? ", " : "") << dims[i];
  os << "]";
  return os.str();
}

}  // namespace lite
}  // namespace paddle
