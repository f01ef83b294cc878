// Element types of tensors, and dims helpers.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace paddle {
namespace lite {

enum class DataType : int {
  kUnknown = 0,
  kFloat32,
  kFloat64,
  kFloat16,
  kInt8,
  kUInt8,
  kInt16,
  kInt32,
  kInt64,
  kBool,
};

size_t SizeOf(DataType type);
const char* DataTypeName(DataType type);

template <typename T>
struct DataTypeTrait;
#define LITE_DATA_TYPE_TRAIT(cpp_type, enum_value) \
  template <>                                      \
  struct DataTypeTrait<cpp_type> {                 \
    static constexpr DataType value = enum_value;  \
  };
LITE_DATA_TYPE_TRAIT(float, DataType::kFloat32)
LITE_DATA_TYPE_TRAIT(double, DataType::kFloat64)
LITE_DATA_TYPE_TRAIT(int8_t, DataType::kInt8)
LITE_DATA_TYPE_TRAIT(uint8_t, DataType::kUInt8)
LITE_DATA_TYPE_TRAIT(int16_t, DataType::kInt16)
LITE_DATA_TYPE_TRAIT(int32_t, DataType::kInt32)
LITE_DATA_TYPE_TRAIT(int64_t, DataType::kInt64)
LITE_DATA_TYPE_TRAIT(bool, DataType::kBool)
#undef LITE_DATA_TYPE_TRAIT

using DDim = std::vector<int64_t>;
// Product of dims (1 for a scalar, i.e. empty dims).
int64_t Numel(const DDim& dims);
// "[1, 3, 224, 224]"
std::string DimsToString(const DDim& dims);
// Product of dims[begin, end).
int64_t DimsProduct(const DDim& dims, size_t begin, size_t end);

// LoD (level of detail) offsets, as in Paddle.
using LoD = std::vector<std::vector<uint64_t>>;

}  // namespace lite
}  // namespace paddle
