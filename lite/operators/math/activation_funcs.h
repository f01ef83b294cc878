// Unary activations, described by the table activations.inc (names,
// attributes, defaults, fusion, NNAdapter mapping) and computed by ApplyAct;
// shared by the activation ops, the fused activation of elementwise_* ops,
// scale's activation, conv/fc/matmul kernels (nn_common.h), the fusion passes
// and the NNAdapter converters.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "lite/api/paddle_place.h"
#include "lite/core/program_desc.h"

namespace paddle {
namespace lite {
namespace operators {

// One enumerator per row of activations.inc, plus kNone (no activation).
enum class ActType {
  kNone,
#define LITE_ACT(op_type__, type__, impl__, precision__, fusion__, nnadapter__) type__,
#include "lite/operators/math/activations.inc"
};

// Where an activation may be fused (the `fusion` column of activations.inc).
enum class ActFusion { kNo, kKernels, kPass };

// The parameters of an activation: one member per attribute line of
// activations.inc, initialized to Paddle's default.
struct ActParam {
  ActType type{ActType::kNone};
#define LITE_ACT_FLOAT(type__, field__, plain__, fused__, default__) float field__{default__};
#define LITE_ACT_DIVISOR(type__, field__, plain__, fused__, default__) float field__{default__};
#define LITE_ACT_BOOL(type__, field__, plain__, default__) bool field__{default__};
#include "lite/operators/math/activations.inc"
};

// A row of activations.inc.
struct ActInfo {
  const char* op_type;
  ActType type;
  lite_api::PrecisionType precision;
  ActFusion fusion;
};

// An attribute line of activations.inc; exactly one of `f`, `b` is set.
struct ActAttrInfo {
  ActType type;
  const char* plain;
  const char* fused;  // "" when the fused op uses the plain name
  float ActParam::*f;
  bool ActParam::*b;
  bool divisor;  // must not be 0
};

// The rows of activations.inc in table order.
const std::vector<ActInfo>& Activations();
// The row of `type` (not kNone).
const ActInfo& ActivationInfo(ActType type);
// The attribute lines of `type`, in table order (empty for kNone).
std::vector<ActAttrInfo> ActivationAttrs(ActType type);

// Paddle op type ("relu6", "hard_swish", ...; "" and "identity" are kNone)
// to ActType. Returns false for an unknown name.
bool ActTypeFromName(const std::string& name, ActType* type);

// Which attribute names ReadActAttrs reads.
enum class ActAttrNames {
  kPlain,         // the activation op's own (Paddle) names
  kFused,         // the fused names (the plain one where there is none)
  kFusedOrPlain,  // the fused name when the op has it, else the plain one
};

// The activation's parameters from the op's attributes (Paddle defaults for
// absent ones). Throws an Error naming the op and the attribute when a
// divisor is 0.
ActParam ReadActAttrs(ActType type, const cpp::OpDesc& desc, ActAttrNames names);

// min(max(x, lo), hi) where a NaN x gives lo (IEEE 754-2008 maxNum/minNum):
// the clamp rule every path follows (oneDNN's post-ops and XNNPACK's clamps
// do it in hardware), so relu(NaN) = 0 on the CPU and on every device.
inline float ClampNum(float x, float lo, float hi) { return x > lo ? (x < hi ? x : hi) : lo; }

// The parameters of the activation op `desc` (plain names).
inline ActParam ReadActParam(ActType type, const cpp::OpDesc& desc) {
  return ReadActAttrs(type, desc, ActAttrNames::kPlain);
}

// True when every parameter of p's activation has Paddle's default value.
bool HasDefaultParams(const ActParam& p);

// The name of the activation fused into `desc`: attribute `type_attr`
// ("act_type", or "activation_type" for fc; "" when absent), cleared when
// "with_act" is false; legacy "fuse_relu" = true means "relu".
std::string FusedActName(const cpp::OpDesc& desc, const std::string& type_attr = "act_type");

// Reads `act_type` (optional, "" = none) of an elementwise/fused op and the
// activation's parameters, under Paddle Lite's fused names when present
// (activations.inc; written by lite/graph's activation fusion passes), else
// under the plain Paddle names. Throws an Error naming the op for an unknown
// activation.
ActParam ReadFusedActParam(const cpp::OpDesc& desc);

// Whether `op_type` is an activation that fuses into the op producing its
// input (fusion kPass in activations.inc); its ActType in `*type` (may be
// null) when it is.
bool IsFusibleActivation(const std::string& op_type, ActType* type = nullptr);

// When `act` is an activation that fuses into the op producing its input
// (fusion kPass in activations.inc), writes act_type and the activation's
// attributes under their fused names (booleans keep the plain one) into
// `into` and returns true; otherwise changes nothing and returns false.
// Used by lite/graph's activation fusion passes and by the light runtime's
// plan for Paddle Lite programs.
bool FuseActivationAttrs(const cpp::OpDesc& act, cpp::OpDesc* into);

// y[i] = act(x[i]) for i < n (x may equal y). Single-threaded; callers
// parallelize over chunks.
void ApplyAct(const ActParam& p, const float* x, float* y, int64_t n);

// Same, parallel over `threads` OpenMP threads for large n.
void ApplyActParallel(const ActParam& p, const float* x, float* y, int64_t n,
                      int threads);

}  // namespace operators
}  // namespace lite
}  // namespace paddle
