// RuntimeProgram: block 0 of a ProgramDesc turned into a list of
// (Operator, Kernel) instructions bound to a scope, run in order; every
// block a control-flow op (while, conditional_block) runs gets its own
// instruction list, bound to the same scope, run by that op's kernel
// through BlockRunner.
#pragma once
#include <chrono>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "lite/core/op.h"
#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {

struct Instruction {
  std::unique_ptr<Operator> op;
  std::unique_ptr<Kernel> kernel;
  // Activation outputs that are not also inputs: their LoD is cleared before
  // each run, so an op without a LoD rule gives none (as in Paddle) instead
  // of a stale one left by an earlier run or by a variable that shared the
  // tensor after memory reuse.
  std::vector<Tensor*> lod_reset;
  // Tensors whose buffers are released once this instruction has run (block
  // 0's control-flow ops only): their blocks' own temporaries (see
  // RuntimeProgram::PlanReleases).
  std::vector<Tensor*> release_after;
  // Accumulated time of this instruction when profiling is on.
  double total_ms{0};
  // Dims of every input/output variable at the last profiled run (variables
  // may share storage after memory reuse, so read them here, not from the
  // scope afterwards).
  std::map<std::string, DDim> last_dims;
};

class RuntimeProgram : public BlockRunner {
 public:
  // Builds the instructions of block 0. feed/fetch ops are not executed:
  // they name the model inputs/outputs (by their `col`), whose tensors live
  // in `scope`. Every op type must be registered: all unsupported op types
  // are reported together in one Error at load time. `scope`'s parent holds
  // the weights. `kernel_keys` (optional, one per op of block 0, ignored for
  // feed/fetch) fixes each op's kernel instead of picking it among `places`
  // (the light predictor replays the kernels `opt` chose);
  // `sub_block_kernel_keys` does the same for the control-flow blocks (block
  // index -> one key per op); a block without keys picks among `places`.
  // The control-flow blocks (cpp::ControlFlowBlocks) are built in the same
  // scope, each right after the op that runs it (program order): a sub-block sees and writes its parent's variables,
  // and the variables it declares live beside them (Paddle gives every
  // variable of a program a unique name).
  RuntimeProgram(const cpp::ProgramDesc& program, Scope* scope,
                 const std::vector<Place>& places,
                 const NNAdapterOptions* nnadapter = nullptr,
                 const std::vector<KernelKey>* kernel_keys = nullptr,
                 const std::map<int32_t, std::vector<KernelKey>>* sub_block_kernel_keys = nullptr);

  // Runs every instruction: shape inference, then the kernel. Errors are
  // rethrown with the op's index, type and output names prefixed.
  // `max_threads` (>= threads): the most any run of this program uses.
  void Run(int threads, int max_threads = 0);

  const std::vector<std::string>& feed_names() const { return feed_names_; }
  const std::vector<std::string>& fetch_names() const { return fetch_names_; }
  const std::vector<Instruction>& instructions() const { return instructions_; }
  // The instructions of control-flow block `idx` (Error if it has none).
  const std::vector<Instruction>& block_instructions(int32_t idx) const;
  const std::map<int32_t, std::vector<Instruction>>& sub_blocks() const { return sub_blocks_; }

  // BlockRunner.
  void RunBlock(int32_t block_idx, const RunContext& ctx) override;
  int64_t max_loop_iterations() const override { return max_loop_iterations_; }
  // 0 (the default) = no limit; n > 0: a loop that would start iteration
  // n + 1 fails with an Error naming the op.
  void set_max_loop_iterations(int64_t n) { max_loop_iterations_ = n < 0 ? 0 : n; }

  void set_profile(bool on) { profile_ = on; }
  // Clears the accumulated per-instruction times.
  void ResetProfile() {
    for (auto& inst : instructions_) inst.total_ms = 0;
  }
  // Per-op-type time summary ("op_type count total_ms avg_ms percent")
  // accumulated over `runs` profiled runs.
  std::string ProfileReport(int runs) const;

 private:
  // One instruction per op of `block` (feed/fetch skipped).
  std::vector<Instruction> BuildBlock(const cpp::ProgramDesc& program, int32_t block_idx,
                                      const std::vector<Place>& places,
                                      const NNAdapterOptions* nnadapter,
                                      const std::vector<KernelKey>* kernel_keys);
  void RunInstructions(std::vector<Instruction>* insts, int32_t block_idx,
                       const RunContext& ctx);
  // Activation memory of control flow. memory_optimize_pass never shares
  // the variables a loop body or branch names (it cannot rename them), so
  // each loop's temporaries would hold their buffers for the whole run. A
  // variable only control-flow blocks name (a loop body's temporary: block
  // 0's ops never name it) is released (Tensor::Release: dims and type
  // kept, the buffer freed) right after the block-0 control-flow op whose
  // blocks use it, so loops one after another reuse the memory instead of
  // adding up. Never released: what block 0's ops name, weights, tensor
  // arrays. The next run allocates again (once per loop, not per
  // iteration). GetTensor on such a temporary after Run finds no data.
  void PlanReleases(const cpp::ProgramDesc& program);

  std::vector<Instruction> instructions_;
  std::map<int32_t, std::vector<Instruction>> sub_blocks_;
  // The program's tensor arrays, emptied at the start of every Run.
  std::vector<TensorArray*> arrays_;
  // Set while the constructor builds the blocks.
  const std::map<int32_t, std::vector<KernelKey>>* sub_block_kernel_keys_{nullptr};
  int64_t max_loop_iterations_{0};
  Scope* scope_{nullptr};
  std::vector<std::string> feed_names_;
  std::vector<std::string> fetch_names_;
  bool profile_{false};
};

// feed/fetch names by `col` of block 0 (empty strings are errors).
// Binds every registered op of block 0 (in program order, feeds first) to a
// scratch scope over `weights`, as the runtime program will: an op missing a
// required slot (a renamed "Out"), naming a variable nothing produced, or
// with a bad attribute is an Error naming the op, before any graph pass
// relies on its slots.
void ValidateOps(const cpp::ProgramDesc& program, std::shared_ptr<const Scope> weights);

void CollectFeedFetch(const cpp::BlockDesc& block,
                      std::vector<std::string>* feeds,
                      std::vector<std::string>* fetches);

}  // namespace lite
}  // namespace paddle
