// The op and kernel registries. Their single source of truth is the table
// lite/operators/all_ops.inc (which includes one ops.inc per op family); each
// line there is LITE_OP(op_type) or
// LITE_KERNEL(op_type, target, precision, layout, alias).
//
// In the op's .cc file (at global namespace scope):
//   LITE_REGISTER_OP(conv2d, paddle::lite::operators::Conv2dOp)
//   LITE_REGISTER_KERNEL(conv2d, kX86, kFloat, kNCHW, def,
//                        paddle::lite::operators::Conv2dDnnlKernel)
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lite/core/op.h"

namespace paddle {
namespace lite {

using OpFactory = std::unique_ptr<Operator> (*)();
using KernelFactory = std::unique_ptr<Kernel> (*)();

struct KernelInfo {
  KernelKey key;
  KernelFactory create;
};

bool IsOpRegistered(const std::string& op_type);
// Sorted list of all registered op types.
std::vector<std::string> RegisteredOps();
// Throws Error "op 'x' is not supported by this build" when unknown.
std::unique_ptr<Operator> CreateOp(const std::string& op_type);
// All kernels of an op type, in table order.
std::vector<const KernelInfo*> KernelsFor(const std::string& op_type);
const KernelInfo* FindKernel(const KernelKey& key);
// Creates the kernel with exactly this key; throws Error naming the key and
// the kernels this runtime has for the op when absent.
std::unique_ptr<Kernel> CreateKernel(const KernelKey& key);
// Picks the kernel for an op instance among `places` (in preference order):
// first by the op's preferred precision, then kFloat, then kAny. Throws Error
// naming the op and the targets tried when none fits.
const KernelInfo* PickKernel(const Operator& op, const std::vector<Place>& places);

}  // namespace lite
}  // namespace paddle

#define LITE_REGISTER_OP(op_type__, class__)                  \
  namespace paddle {                                          \
  namespace lite {                                            \
  namespace op_factory {                                      \
  std::unique_ptr<Operator> create_##op_type__() {            \
    return std::unique_ptr<Operator>(new class__());          \
  }                                                           \
  }                                                           \
  }                                                           \
  }

#define LITE_REGISTER_KERNEL(op_type__, target__, precision__, layout__,      \
                             alias__, class__)                                \
  namespace paddle {                                                          \
  namespace lite {                                                            \
  namespace kernel_factory {                                                  \
  std::unique_ptr<Kernel>                                                     \
      create_##op_type__##__##target__##__##precision__##__##layout__##__##alias__() { \
    return std::unique_ptr<Kernel>(new class__());                           \
  }                                                                           \
  }                                                                           \
  }                                                                           \
  }
