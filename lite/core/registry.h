// The op and kernel registries. Their single source of truth is the table
// lite/operators/all_ops.inc (which includes one ops.inc per op family); each
// line there names a key and the class that implements it:
//   LITE_OP(op_type, OpClass)
//   LITE_KERNEL(op_type, target, precision, layout, alias, KernelClass)
// The key strings are stored in .nb files, so they never change meaning.
//
// The .cc file that defines a class (in paddle::lite::operators, possibly in
// an anonymous namespace) says once, at global namespace scope, that it
// provides that class's factory:
//   LITE_OP_CLASS(ConvOp)
//   LITE_KERNEL_CLASS(ConvDnnlKernel)
// however many table lines name the class. A class provided twice, or a table
// line naming a class no .cc provides, fails at link time.
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
// Why this runtime refuses a known Paddle Lite op type (lite/core/
// unsupported_ops.inc), or nullptr.
const char* UnsupportedOpReason(const std::string& op_type);
// Throws Error "op 'x' is not supported by this build" when unknown (with
// UnsupportedOpReason when there is one).
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

// Defines paddle::lite::<namespace__>::New<class__>() returning a new
// paddle::lite::operators::class__ as a base__.
#define LITE_CLASS_FACTORY_(namespace__, base__, class__)           \
  namespace paddle {                                                \
  namespace lite {                                                  \
  namespace namespace__ {                                           \
  std::unique_ptr<base__> New##class__() {                          \
    return std::make_unique<::paddle::lite::operators::class__>();  \
  }                                                                 \
  }                                                                 \
  }                                                                 \
  }

#define LITE_OP_CLASS(class__) LITE_CLASS_FACTORY_(op_factory, Operator, class__)
#define LITE_KERNEL_CLASS(class__) LITE_CLASS_FACTORY_(kernel_factory, Kernel, class__)
