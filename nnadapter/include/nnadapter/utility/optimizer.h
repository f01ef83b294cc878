// Graph passes a driver may run on its (copy of the) model before
// converting it: the start of the driver optimizer toolkit Paddle Lite's
// NNAdapter has. Each pass keeps the model's meaning and its inputs and
// outputs; each is tested in utility/optimizer_test.cc.
//
// Available: RemoveIdentityOperations (google_xnnpack runs it on its copy
// of each sub-model).
// Not yet (docs/porting-a-driver.md): NCHW->NHWC layout conversion,
// symmetric->asymmetric quantization, constant folding, conv + batch-norm /
// add / activation fusion.
#ifndef NNADAPTER_UTILITY_OPTIMIZER_H_
#define NNADAPTER_UTILITY_OPTIMIZER_H_

#include <cstddef>

#include "nnadapter/hal/types.h"

namespace nnadapter {

// Removes operations that copy their input unchanged: ASSIGN, and RESHAPE /
// FLATTEN / SQUEEZE / UNSQUEEZE whose output has the input's precision and
// (known) dimensions. Consumers read the input instead; the output operand
// is erased. An identity whose output is a model output (the model's
// outputs stay the operands it was given) or whose input is a constant (its
// consumers keep a tensor operand) is kept. Returns how many operations
// were removed.
size_t RemoveIdentityOperations(core::Model* model);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_OPTIMIZER_H_
