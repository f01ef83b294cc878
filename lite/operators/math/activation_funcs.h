// Elementwise float activations shared by the activation ops and the fused
// activation of elementwise_* ops (attribute `act_type`, see
// ReadFusedActParam for the parameter attribute names).
#pragma once
#include <cstdint>
#include <string>

#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace operators {

enum class ActType {
  kNone,
  kRelu,
  kRelu6,
  kLeakyRelu,
  kSigmoid,
  kTanh,
  kHardSigmoid,
  kHardSwish,
  kSwish,
  kGelu,
  kExp,
  kLog,
  kSqrt,
  kRsqrt,
  kPow,
  kAbs,
  kSquare,
  kSoftplus,
  kElu,
  kFloor,
  kCeil,
  kRound,
  kSign,
};

struct ActParam {
  ActType type{ActType::kNone};
  float alpha{0.f};      // leaky_relu (0.02), elu (1)
  float threshold{0.f};  // relu6 (6), hard_swish (6), softplus (20)
  float scale{0.f};      // hard_swish (6)
  float offset{0.f};     // hard_swish (3), hard_sigmoid (0.5)
  float slope{0.f};      // hard_sigmoid (0.2)
  float beta{1.f};       // swish, softplus
  float factor{1.f};     // pow
  bool approximate{false};  // gelu
};

// Paddle op type ("relu6", "hard_swish", ...; "" and "identity" are kNone)
// to ActType. Returns false for an unknown name.
bool ActTypeFromName(const std::string& name, ActType* type);

// The activation's parameters from the op's attributes (Paddle defaults for
// absent ones). `op` names the op in error messages.
ActParam ReadActParam(ActType type, const cpp::OpDesc& desc);

// Reads `act_type` (optional, "" = none) of an elementwise/fused op and the
// activation's parameters, under Paddle Lite's fused names when present
// (fuse_brelu_threshold, leaky_relu_alpha, hard_swish_threshold/_scale/
// _offset, hard_sigmoid_slope/_offset, swish_beta; written by lite/graph's
// activation fusion pass), else under the plain Paddle names. Throws an Error
// naming the op for an unknown activation.
ActParam ReadFusedActParam(const cpp::OpDesc& desc);

// y[i] = act(x[i]) for i < n (x may equal y). Single-threaded; callers
// parallelize over chunks.
void ApplyAct(const ActParam& p, const float* x, float* y, int64_t n);

// Same, parallel over `threads` OpenMP threads for large n.
void ApplyActParallel(const ActParam& p, const float* x, float* y, int64_t n,
                      int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
