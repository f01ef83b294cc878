#include "drivers/builtin_device/registry.h"

namespace nnadapter {
namespace builtin_device {

namespace {

// Codes are 1..kOperationCount in table order (operation_layout.h checks
// it), so kOperationLayouts[code - 1] is the operation's layout.
#define NNADAPTER_OPERATION(name, code)                                   \
  {code,                                                                  \
   #name,                                                                 \
   &Compute_##name,                                                       \
   &kOperationLayouts[(code) - 1],                                        \
   kOperationLayouts[(code) - 1].min_inputs(),                            \
   kOperationLayouts[(code) - 1].fuse_code_index(),                       \
   kOperationLayouts[(code) - 1].auto_pad_index()},
const KernelInfo kKernels[] = {
#include "nnadapter/operation_types.inc"
};

}  // namespace

bool IsOptionalInput(NNAdapterOperationType type, size_t index) {
  const OperationLayout* layout = FindOperationLayout(type);
  return layout && index < layout->input_count &&
         layout->inputs[index].kind == OperandKind::kOptional;
}

const KernelInfo* FindKernel(NNAdapterOperationType type) {
  for (const KernelInfo& k : kKernels) {
    if (k.type == type) return &k;
  }
  return nullptr;
}

const KernelInfo* KernelTable(size_t* count) {
  *count = sizeof(kKernels) / sizeof(kKernels[0]);
  return kKernels;
}

}  // namespace builtin_device
}  // namespace nnadapter
