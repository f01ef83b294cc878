// Sixteen floats as one GCC vector, for kernels compiled as CPU clones
// (cpu_clones.h): one AVX-512 register, two AVX2 ones, four SSE ones. Used
// only inside always_inline helpers of a clone and in the clones
// themselves: a function taking or returning a V16 would change the
// calling convention between the clones.
#pragma once
#include <cstdint>

namespace paddle {
namespace lite {
namespace operators {

constexpr int64_t kV16Lanes = 16;
typedef float V16
    __attribute__((vector_size(kV16Lanes * sizeof(float)), aligned(sizeof(float))));

}  // namespace operators
}  // namespace lite
}  // namespace paddle

// The 16 floats at p (any alignment) as an lvalue / a value.
#define LITE_V16(p) (*reinterpret_cast<::paddle::lite::operators::V16*>(p))
#define LITE_CONST_V16(p) (*reinterpret_cast<const ::paddle::lite::operators::V16*>(p))
