// Attaching an op so that no input slot of its desc is silently ignored.
#pragma once
#include "lite/core/op.h"

namespace paddle {
namespace lite {

// op->Attach(desc, scope), then throws Error naming the op, the slot and its
// variable when desc carries a non-empty input slot that the op's AttachImpl
// never read through GetInput/GetOptionalInput/GetInputList: a Paddle input
// form this build does not implement (a ...Tensor override, a fused input)
// stops the load instead of being ignored. Training-only inputs (dropout's
// Seed, batch_norm's MomentumTensor) and the subgraph op are exempt; the
// table is in op.cc. Attributes are not refused: one the op never looked up
// is logged once per op type and attribute at GLOG_v=3, except the training-
// only and device-hint attributes of op.cc's IsIgnorableAttr table.
void AttachChecked(Operator* op, const cpp::OpDesc& desc, Scope* scope);

}  // namespace lite
}  // namespace paddle
