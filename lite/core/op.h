// Operator (definition + shape inference) and Kernel (computation).
//
// An op type is implemented by one Operator subclass that reads its
// attributes and binds its tensors (Attach), computes output dims
// (InferShape), and by one or more Kernel subclasses (one per target /
// precision / layout / alias) that compute. Op, kernel(s) and test live side
// by side in lite/operators/<family>/; the family's ops.inc maps each op
// type and kernel key to its class, and the class's .cc provides the class
// with LITE_OP_CLASS / LITE_KERNEL_CLASS (lite/core/registry.h,
// docs/adding-an-op.md).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lite/api/paddle_place.h"
#include "lite/core/error.h"
#include "lite/core/nnadapter_options.h"
#include "lite/core/program_desc.h"
#include "lite/core/scope.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

using lite_api::DataLayoutType;
using lite_api::Place;
using lite_api::PrecisionType;
using lite_api::TargetType;

struct RunContext;

// Runs the blocks of control-flow ops (implemented by RuntimeProgram; a
// `while` kernel calls RunBlock once per iteration).
class BlockRunner {
 public:
  virtual ~BlockRunner() = default;
  // Runs every op of block `block_idx` once, in order (shape inference, then
  // the kernel), in the scope of the program. Errors name the block and op.
  virtual void RunBlock(int32_t block_idx, const RunContext& ctx) = 0;
  // The most iterations one loop may run (0: no limit, Paddle's behaviour);
  // set by CxxConfig/MobileConfig::set_max_loop_iterations.
  virtual int64_t max_loop_iterations() const = 0;
};

// Per-run settings handed to kernels.
struct RunContext {
  int threads{1};
  // The most threads any run of this program may use (set_threads; the run's
  // own count may be lower, lite/core/thread_governor.h). Kernels whose
  // oneDNN implementation would depend on the count choose one that is the
  // same at every count up to this, so outputs do not change from run to run.
  int max_threads{1};
  // The blocks of control-flow ops; null outside a RuntimeProgram (a
  // control-flow kernel then refuses to run).
  BlockRunner* blocks{nullptr};
};

// A portable kernel key: op type, target, precision, layout, alias.
struct KernelKey {
  std::string op_type;
  TargetType target{TargetType::kHost};
  PrecisionType precision{PrecisionType::kFloat};
  DataLayoutType layout{DataLayoutType::kNCHW};
  std::string alias{"def"};

  // "conv2d/kX86/kFloat/kNCHW/def"
  std::string ToString() const;
  // Inverse of ToString; returns false on malformed text.
  static bool FromString(const std::string& text, KernelKey* key);
  bool operator==(const KernelKey& o) const {
    return op_type == o.op_type && target == o.target &&
           precision == o.precision && layout == o.layout && alias == o.alias;
  }
};

class Kernel {
 public:
  virtual ~Kernel() = default;
  // Binds the op's parameter struct (owned by the Operator).
  virtual void BindParam(void* param) = 0;
  // Computes. Called after the op's InferShape on every run; input dims may
  // change between runs (dynamic shapes), so anything cached (packed weights,
  // oneDNN primitives) must be keyed on the dims it was built for. Weight
  // tensors are shared between cloned predictors: never modify them.
  virtual void Run(const RunContext& ctx) = 0;

  const KernelKey& key() const { return key_; }
  void set_key(const KernelKey& key) { key_ = key; }

 private:
  KernelKey key_;
};

// Kernel for an op whose parameter struct is ParamT.
template <typename ParamT>
class KernelBase : public Kernel {
 public:
  void BindParam(void* param) override { param_ = static_cast<ParamT*>(param); }

 protected:
  ParamT& param() { return *param_; }
  const ParamT& param() const { return *param_; }

 private:
  ParamT* param_{nullptr};
};

// What an op may need besides its desc and scope: the whole program (the
// subgraph op runs its own block) and the predictor's NNAdapter settings.
struct OpEnv {
  const cpp::ProgramDesc* program{nullptr};
  const NNAdapterOptions* nnadapter{nullptr};
};

class Operator {
 public:
  virtual ~Operator() = default;
  // Called before Attach by the runtime program.
  virtual void SetEnv(const OpEnv&) {}
  // Reads attributes and binds input/output tensors from scope. Throws Error
  // naming the op type, the slot/attribute and what was expected.
  void Attach(const cpp::OpDesc& desc, Scope* scope) {
    desc_ = desc;
    AttachImpl(desc_, scope);
  }
  // Computes output dims (and element types) from input dims/attributes.
  // Throws Error naming the op and the offending input on a shape mismatch.
  virtual void InferShape() = 0;
  // The parameter struct bound into kernels.
  virtual void* param() = 0;
  // Precision this op instance wants its kernel in (e.g. kInt8 when a
  // quantization pass attached scales); kFloat by default.
  virtual PrecisionType PreferredPrecision() const { return PrecisionType::kFloat; }

  const std::string& type() const { return desc_.Type(); }
  const cpp::OpDesc& desc() const { return desc_; }

 protected:
  virtual void AttachImpl(const cpp::OpDesc& desc, Scope* scope) = 0;

 private:
  cpp::OpDesc desc_;
};

template <typename ParamT>
class OperatorBase : public Operator {
 public:
  void* param() override { return &param_; }

 protected:
  ParamT param_;
};

// Helpers for AttachImpl: each throws Error naming op, slot and variable.
// The single variable of a required input slot (must exist in scope).
Tensor* GetInput(const cpp::OpDesc& desc, Scope* scope, const std::string& slot);
// nullptr when the slot is absent or empty.
Tensor* GetOptionalInput(const cpp::OpDesc& desc, Scope* scope,
                         const std::string& slot);
// All variables of an input slot (at least one required).
std::vector<Tensor*> GetInputList(const cpp::OpDesc& desc, Scope* scope,
                                  const std::string& slot);
// The single variable of a required output slot (created in the local scope
// if absent).
Tensor* GetOutput(const cpp::OpDesc& desc, Scope* scope, const std::string& slot);
Tensor* GetOptionalOutput(const cpp::OpDesc& desc, Scope* scope,
                          const std::string& slot);
std::vector<Tensor*> GetOutputList(const cpp::OpDesc& desc, Scope* scope,
                                   const std::string& slot);
// The tensor array of a single-variable input slot (must exist: written by
// an earlier write_to_array) / output slot (created if absent).
TensorArray* GetInputArray(const cpp::OpDesc& desc, Scope* scope, const std::string& slot);
TensorArray* GetOutputArray(const cpp::OpDesc& desc, Scope* scope, const std::string& slot);
// For control-flow ops: checks that every variable of the optional input
// slot exists, as a tensor or a tensor array, without binding it (their
// sub-blocks use them by name).
void CheckInputNames(const cpp::OpDesc& desc, Scope* scope, const std::string& slot);

}  // namespace lite
}  // namespace paddle
