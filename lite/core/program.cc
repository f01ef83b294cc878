#include "lite/core/program.h"

#include <glog/logging.h>
#include <omp.h>

#include <algorithm>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>

#include "lite/core/op_inputs.h"
#include "lite/core/registry.h"

namespace paddle {
namespace lite {

namespace {
void PlaceByCol(const cpp::OpDesc& op, const std::string& name,
                std::vector<std::string>* list) {
  int col = op.GetAttr<int32_t>("col", static_cast<int32_t>(list->size()));
  LITE_ENFORCE(col >= 0 && col < 4096, "op '", op.Type(), "' for variable '",
               name, "' has an invalid col ", col);
  if (static_cast<size_t>(col) >= list->size()) list->resize(col + 1);
  LITE_ENFORCE((*list)[col].empty(), "two '", op.Type(), "' ops use col ",
               col, " ('", (*list)[col], "' and '", name, "')");
  (*list)[col] = name;
}
}  // namespace

void CollectFeedFetch(const cpp::BlockDesc& block,
                      std::vector<std::string>* feeds,
                      std::vector<std::string>* fetches) {
  feeds->clear();
  fetches->clear();
  for (const auto& op : block.ops) {
    if (op.Type() == "feed") {
      PlaceByCol(op, op.Output("Out").empty() ? "" : op.Output("Out")[0], feeds);
    } else if (op.Type() == "fetch") {
      PlaceByCol(op, op.Input("X").empty() ? "" : op.Input("X")[0], fetches);
    }
  }
  for (size_t i = 0; i < feeds->size(); ++i) {
    LITE_ENFORCE(!(*feeds)[i].empty(), "model has no feed op for input col ", i);
  }
  for (size_t i = 0; i < fetches->size(); ++i) {
    LITE_ENFORCE(!(*fetches)[i].empty(), "model has no fetch op for output col ", i);
  }
}

namespace {
// Paddle's training ops write some outputs in place onto weights
// (batch_norm's MeanOut/VarianceOut, fake quantization's OutScale). At
// inference these writes never change the value, and weights are shared by
// cloned predictors: such outputs go to a private variable instead, so the
// weight is neither shadowed nor written.
cpp::OpDesc RedirectWeightOutputs(const cpp::OpDesc& desc, const Scope& scope) {
  cpp::OpDesc out = desc;
  for (auto& slot : out.mutable_outputs()) {
    for (auto& name : slot.second) {
      const Tensor* t = scope.FindVar(name);
      if (t && t->persistable() && !scope.FindLocalVar(name)) name += "@inplace_out";
    }
  }
  return out;
}
}  // namespace

namespace {
// Errors name an op by its type and first few variables per slot, and give
// the first line of the cause; the rest is logged at GLOG_v=1.
constexpr size_t kMessageNamesPerSlot = 4;
std::string FirstLine(const std::string& s) {
  const size_t nl = s.find('\n');
  return nl == std::string::npos ? s : s.substr(0, nl) + " (more at GLOG_v=1)";
}
}  // namespace

namespace {
void ValidateBlock(const cpp::ProgramDesc& program, int32_t block_idx, Scope* scope);
}  // namespace

void ValidateOps(const cpp::ProgramDesc& program, std::shared_ptr<const Scope> weights) {
  if (program.blocks.empty()) return;
  cpp::ValidateControlFlow(program);
  const cpp::BlockDesc& block = program.blocks[0];
  Scope scratch(std::move(weights));
  for (const auto& op : block.ops) {
    if (op.Type() != "feed") continue;
    for (const auto& name : op.Output("Out")) scratch.Var(name);
  }
  ValidateBlock(program, 0, &scratch);
}

namespace {
// Binds the ops of `block_idx` in program order; a control-flow op's block
// right after the op (its variables exist for the ops that follow).
void ValidateBlock(const cpp::ProgramDesc& program, int32_t block_idx, Scope* scope) {
  Scope& scratch = *scope;
  int index = 0;
  for (const auto& desc : program.blocks[block_idx].ops) {
    ++index;
    // Unregistered types are reported together by the runtime program.
    if (desc.Type() == "feed" || desc.Type() == "fetch" || !IsOpRegistered(desc.Type())) continue;
    try {
      auto op = CreateOp(desc.Type());
      op->SetEnv(OpEnv{&program, nullptr});
      cpp::OpDesc checked = RedirectWeightOutputs(desc, scratch);
      // conv_nhwc_to_nchw_pass turns an NHWC conv into transposes around an
      // NCHW conv: check the slots and attributes of the conv it will run.
      if (checked.HasAttr("data_format") &&
          checked.GetAttr<std::string>("data_format") == "NHWC" &&
          (desc.Type() == "conv2d" || desc.Type() == "depthwise_conv2d")) {
        checked.SetAttr("data_format", std::string("NCHW"));
      }
      AttachChecked(op.get(), checked, &scratch);
    } catch (const Error& e) {
      ThrowError("op #", index, " '", desc.Type(), "' of block ", block_idx, ": ", e.what());
    }
    const int32_t sub = cpp::ControlFlowSubBlock(desc);
    if (sub > 0) ValidateBlock(program, sub, scope);
  }
}
}  // namespace

RuntimeProgram::RuntimeProgram(const cpp::ProgramDesc& program, Scope* scope,
                               const std::vector<Place>& places,
                               const NNAdapterOptions* nnadapter,
                               const std::vector<KernelKey>* kernel_keys,
                               const std::map<int32_t, std::vector<KernelKey>>* sub_block_kernel_keys) {
  LITE_ENFORCE(!program.blocks.empty(), "the program has no blocks");
  scope_ = scope;
  const cpp::BlockDesc& block = program.blocks[0];
  CollectFeedFetch(block, &feed_names_, &fetch_names_);
  LITE_ENFORCE(!feed_names_.empty(), "the model has no feed op (no inputs)");
  LITE_ENFORCE(!fetch_names_.empty(), "the model has no fetch op (no outputs)");
  LITE_ENFORCE(!kernel_keys || kernel_keys->size() == block.ops.size(), "expected ",
               block.ops.size(), " kernel keys (one per op of block 0), got ",
               kernel_keys ? kernel_keys->size() : 0);
  const std::vector<int32_t> sub_blocks = cpp::ControlFlowBlocks(program);

  // Report every unsupported op type at once, before doing any work.
  std::map<std::string, int> unsupported;
  std::vector<int32_t> run_blocks = {0};
  run_blocks.insert(run_blocks.end(), sub_blocks.begin(), sub_blocks.end());
  for (int32_t b : run_blocks) {
    for (const auto& op : program.blocks[b].ops) {
      if (op.Type() != "feed" && op.Type() != "fetch" && !IsOpRegistered(op.Type())) {
        unsupported[op.Type()]++;
      }
    }
  }
  if (!unsupported.empty()) {
    std::string list;
    for (auto& kv : unsupported) {
      const char* why = UnsupportedOpReason(kv.first);
      list += StrCat(list.empty() ? "" : ", ", kv.first, " (", kv.second, "x",
                     why ? std::string(": ") + why : std::string(), ")");
    }
    ThrowError("the model uses op types this build does not support: ", list);
  }

  for (const auto& name : feed_names_) {
    Tensor* t = scope->Var(name);
    if (const cpp::VarDesc* v = block.FindVar(name)) {
      t->set_dtype(v->dtype);
      if (t->dims().empty()) t->Resize(v->dims);
    }
  }
  sub_block_kernel_keys_ = sub_block_kernel_keys;
  instructions_ = BuildBlock(program, 0, places, nnadapter, kernel_keys);
  sub_block_kernel_keys_ = nullptr;
  for (const auto& name : cpp::TensorArrayNames(program)) {
    if (TensorArray* a = scope->FindArray(name)) arrays_.push_back(a);
  }
  PlanReleases(program);
}

void RuntimeProgram::PlanReleases(const cpp::ProgramDesc& program) {
  const std::set<std::string> control_flow = cpp::ControlFlowVarNames(program);
  if (control_flow.empty()) return;
  const std::set<std::string> arrays = cpp::TensorArrayNames(program);
  std::set<std::string> keep(feed_names_.begin(), feed_names_.end());
  keep.insert(fetch_names_.begin(), fetch_names_.end());
  // Variables block 0's own ops name stay readable after Run (GetTensor).
  for (const auto& op : program.blocks[0].ops) {
    for (const auto& n : op.InputArgumentNames()) keep.insert(n);
    for (const auto& n : op.OutputArgumentNames()) keep.insert(n);
  }
  std::map<std::string, size_t> last_use;
  size_t index = 0;
  for (const auto& op : program.blocks[0].ops) {
    if (op.Type() == "feed" || op.Type() == "fetch") continue;
    std::set<std::string> names;
    for (const auto& n : op.InputArgumentNames()) names.insert(n);
    for (const auto& n : op.OutputArgumentNames()) names.insert(n);
    const int32_t sub = cpp::ControlFlowSubBlock(op);
    if (sub > 0) cpp::BlockVarNames(program, sub, &names, &names);
    for (const auto& n : names) {
      if (control_flow.count(n)) last_use[n] = index;
    }
    ++index;
  }
  LITE_ENFORCE(index == instructions_.size(), "release plan: ", index, " ops for ",
               instructions_.size(), " instructions");
  for (const auto& [name, at] : last_use) {
    if (keep.count(name) || arrays.count(name)) continue;
    Tensor* t = scope_->FindLocalVar(name);
    if (!t || t->persistable()) continue;
    instructions_[at].release_after.push_back(t);
  }
}

std::vector<Instruction> RuntimeProgram::BuildBlock(const cpp::ProgramDesc& program,
                                                    int32_t block_idx,
                                                    const std::vector<Place>& places,
                                                    const NNAdapterOptions* nnadapter,
                                                    const std::vector<KernelKey>* kernel_keys) {
  Scope* scope = scope_;
  std::vector<Instruction> instructions;
  const std::string of_block = block_idx == 0 ? "" : StrCat(" of block ", block_idx);
  int index = 0;
  for (const auto& desc : program.blocks[block_idx].ops) {
    ++index;
    if (desc.Type() == "feed" || desc.Type() == "fetch") {
      LITE_ENFORCE(block_idx == 0, "op #", index, " '", desc.Type(), "'", of_block,
                   ": feed/fetch ops belong to block 0");
      continue;
    }
    Instruction inst;
    try {
      inst.op = CreateOp(desc.Type());
      inst.op->SetEnv(OpEnv{&program, nnadapter});
      AttachChecked(inst.op.get(), RedirectWeightOutputs(desc, *scope), scope);
      if (kernel_keys) {
        const KernelKey& key = (*kernel_keys)[index - 1];
        LITE_ENFORCE(key.op_type == desc.Type(), "kernel key '", key.ToString(),
                     "' is for another op type");
        inst.kernel = CreateKernel(key);
      } else {
        inst.kernel = CreateKernel(PickKernel(*inst.op, places)->key);
      }
      inst.kernel->BindParam(inst.op->param());
      const auto inputs = inst.op->desc().InputArgumentNames();
      for (const auto& name : inst.op->desc().OutputArgumentNames()) {
        Tensor* t = scope->FindVar(name);
        if (t && !t->persistable() &&
            std::find(inputs.begin(), inputs.end(), name) == inputs.end()) {
          inst.lod_reset.push_back(t);
        }
      }
    } catch (const Error& e) {
      VLOG(1) << "op #" << index << of_block << " in full: " << desc.Repr();
      ThrowError("while loading op #", index, of_block, " ", desc.Repr(kMessageNamesPerSlot),
                 ": ", FirstLine(e.what()));
    }
    instructions.push_back(std::move(inst));
    // A control-flow op's block is bound right after the op, so the
    // variables it creates exist for the ops that follow (program order).
    const int32_t sub = cpp::ControlFlowSubBlock(desc);
    if (sub > 0) {
      const std::vector<KernelKey>* keys = nullptr;
      if (sub_block_kernel_keys_) {
        auto it = sub_block_kernel_keys_->find(sub);
        if (it != sub_block_kernel_keys_->end()) keys = &it->second;
      }
      LITE_ENFORCE(!keys || keys->size() == program.blocks[sub].ops.size(), "expected ",
                   program.blocks[sub].ops.size(), " kernel keys for block ", sub, ", got ",
                   keys ? keys->size() : 0);
      sub_blocks_[sub] = BuildBlock(program, sub, places, nnadapter, keys);
    }
  }
  return instructions;
}

const std::vector<Instruction>& RuntimeProgram::block_instructions(int32_t idx) const {
  auto it = sub_blocks_.find(idx);
  LITE_ENFORCE(it != sub_blocks_.end(), "block ", idx,
               " is not run by any control-flow op of this program");
  return it->second;
}

void RuntimeProgram::Run(int threads, int max_threads) {
  // Never more threads than OpenMP grants (OMP_THREAD_LIMIT): oneDNN splits
  // its work among the threads it asks for and computes nothing for the
  // ones the team lacks.
  const int limit = std::max(1, omp_get_thread_limit());
  RunContext ctx;
  ctx.threads = std::min(std::max(1, threads), limit);
  ctx.max_threads = std::min(std::max(ctx.threads, max_threads), limit);
  ctx.blocks = this;
  omp_set_num_threads(ctx.threads);
  // Every run computes from scratch: arrays start empty, as in a fresh
  // Paddle scope.
  for (TensorArray* a : arrays_) a->clear();
  RunInstructions(&instructions_, 0, ctx);
}

void RuntimeProgram::RunBlock(int32_t block_idx, const RunContext& ctx) {
  auto it = sub_blocks_.find(block_idx);
  LITE_ENFORCE(it != sub_blocks_.end(), "block ", block_idx,
               " is not run by any control-flow op of this program");
  RunInstructions(&it->second, block_idx, ctx);
}

void RuntimeProgram::RunInstructions(std::vector<Instruction>* insts, int32_t block_idx,
                                     const RunContext& ctx) {
  for (size_t i = 0; i < insts->size(); ++i) {
    Instruction& inst = (*insts)[i];
    for (Tensor* t : inst.lod_reset) t->set_lod({});
    try {
      if (profile_ && block_idx == 0) {
        auto t0 = std::chrono::steady_clock::now();
        inst.op->InferShape();
        inst.kernel->Run(ctx);
        auto t1 = std::chrono::steady_clock::now();
        inst.total_ms += std::chrono::duration<double, std::milli>(t1 - t0).count();
        for (const auto& names : {inst.op->desc().InputArgumentNames(),
                                  inst.op->desc().OutputArgumentNames()}) {
          for (const auto& n : names) {
            if (const Tensor* t = scope_->FindVar(n)) inst.last_dims[n] = t->dims();
          }
        }
      } else {
        inst.op->InferShape();
        inst.kernel->Run(ctx);
      }
      for (Tensor* t : inst.release_after) t->Release();
    } catch (const Error& e) {
      VLOG(1) << "op #" << i << " of block " << block_idx << " in full: "
              << inst.op->desc().Repr() << "\nfailed: " << e.what();
      ThrowError("op #", i, block_idx == 0 ? "" : StrCat(" of block ", block_idx), " ",
                 inst.op->desc().Repr(kMessageNamesPerSlot), " failed: ", FirstLine(e.what()));
    }
  }
}

std::string RuntimeProgram::ProfileReport(int runs) const {
  struct Row { int count = 0; double ms = 0; };
  std::map<std::string, Row> rows;
  double total = 0;
  for (const auto& inst : instructions_) {
    Row& r = rows[inst.op->type() + " [" + inst.kernel->key().ToString() + "]"];
    r.count++;
    r.ms += inst.total_ms;
    total += inst.total_ms;
  }
  std::vector<std::pair<std::string, Row>> sorted(rows.begin(), rows.end());
  std::sort(sorted.begin(), sorted.end(),
            [](auto& a, auto& b) { return a.second.ms > b.second.ms; });
  std::ostringstream os;
  int n = std::max(1, runs);
  os << std::left << std::setw(56) << "op [kernel]" << std::right << std::setw(6)
     << "count" << std::setw(12) << "ms/run" << std::setw(9) << "%" << "\n";
  for (auto& kv : sorted) {
    os << std::left << std::setw(56) << kv.first << std::right << std::setw(6)
       << kv.second.count << std::setw(12) << std::fixed << std::setprecision(3)
       << kv.second.ms / n << std::setw(8) << std::setprecision(1)
       << (total > 0 ? 100.0 * kv.second.ms / total : 0.0) << "%\n";
  }
  os << std::left << std::setw(56) << "total" << std::right << std::setw(6)
     << instructions_.size() << std::setw(12) << std::setprecision(3) << total / n
     << "\n";
  return os.str();
}

}  // namespace lite
}  // namespace paddle
