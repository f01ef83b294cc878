// The single dispatch table of builtin_device: one entry per standard
// operation, generated from operation_types.inc (a missing Compute_<NAME>
// is a link error); the operand facts come from the operation's layout row.
#ifndef NNADAPTER_DRIVERS_BUILTIN_DEVICE_REGISTRY_H_
#define NNADAPTER_DRIVERS_BUILTIN_DEVICE_REGISTRY_H_

#include <cstddef>
#include <string>

#include "drivers/builtin_device/kernels/kernel.h"
#include "nnadapter/operation_layout.h"

namespace nnadapter {
namespace builtin_device {

struct KernelInfo {
  NNAdapterOperationType type;
  const char* name;
  int (*compute)(KernelContext* ctx);
  const OperationLayout* layout;
  size_t min_inputs;    // operands before the first trailing one
  int fuse_code_index;  // -1 if the operation has no fuse_code
  int auto_pad_index;   // -1 if the operation has no auto_pad
};

// nullptr for an unknown operation type.
const KernelInfo* FindKernel(NNAdapterOperationType type);
// True if input `index` of `type` may be absent (nullptr) although it is
// within the mandatory operand count (OPT operands of the layout).
bool IsOptionalInput(NNAdapterOperationType type, size_t index);
// Every entry (in operation_types.inc order) and their count.
const KernelInfo* KernelTable(size_t* count);
// validate_program's check for one operation (driver.cc).
bool CheckOperation(const core::Operation& op, std::string* reason);

}  // namespace builtin_device
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_BUILTIN_DEVICE_REGISTRY_H_
