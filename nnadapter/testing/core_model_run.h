// Runs a core::Model (e.g. the result of an optimizer-toolkit pass) on
// builtin_device through the public C API. builtin_device knows NCHW only:
// an operation whose input 0 is marked NNADAPTER_NHWC (what the layout pass
// makes of CONV_2D, the 2-D poolings, BATCH_NORMALIZATION, PRELU and the
// resizes) runs here as
// its NCHW form between TRANSPOSEs, its filter repacked back; this lowering
// is the test's own, written from the NNAdapter operand definitions, not
// from the pass.
#ifndef NNADAPTER_TESTING_CORE_MODEL_RUN_H_
#define NNADAPTER_TESTING_CORE_MODEL_RUN_H_

#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "testing/tensor.h"

namespace nnadapter_test {

// `inputs` in the order of model.input_operands; false with `error` if the
// runtime refuses the model.
bool RunOnBuiltinDevice(const nnadapter::core::Model& model,
                        std::vector<Tensor> inputs, std::vector<Tensor>* outputs,
                        std::string* error);

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_CORE_MODEL_RUN_H_
