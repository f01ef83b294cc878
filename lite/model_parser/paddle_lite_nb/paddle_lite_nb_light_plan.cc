// PlanForLightRuntime (paddle_lite_nb.h): what the light runtime decides at
// load for a Paddle Lite program it runs as stored. Each rewrite reads only
// the op list and the VarDescs, in one pass over the ops, and gives the
// program our opt would write for the same ops: the decisions are the
// optimizer's (operators::FuseActivationAttrs, the plus_x attribute of
// elementwise_mul, lite/core/memory_reuse.h); the matching is on names,
// interned once (the load time of a Paddle Lite file is a goal too).
#include <algorithm>
#include <unordered_map>

#include "lite/core/error.h"
#include "lite/core/memory_reuse.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"
#include "lite/operators/math/activation_funcs.h"

namespace paddle {
namespace lite {
namespace plnb {

namespace {

using Slots = std::map<std::string, std::vector<std::string>>;

// The block's names as ids, and per id who writes and reads it.
class NameUses {
 public:
  explicit NameUses(const cpp::BlockDesc& block) : ins_(block.ops.size()), outs_(block.ops.size()) {
    for (size_t i = 0; i < block.ops.size(); ++i) {
      for (const auto& kv : block.ops[i].inputs()) {
        for (const auto& n : kv.second) ins_[i].push_back(Intern(n));
      }
      for (const auto& kv : block.ops[i].outputs()) {
        for (const auto& n : kv.second) outs_[i].push_back(Intern(n));
      }
    }
    uses_.resize(names_.size());
    for (size_t i = 0; i < ins_.size(); ++i) {
      for (int id : outs_[i]) uses_[id].writers.push_back(i);
      for (int id : ins_[i]) {
        auto& r = uses_[id].readers;
        if (r.empty() || r.back() != i) r.push_back(i);
      }
    }
  }
  int Id(const std::string& n) const {
    auto it = ids_.find(n);
    return it == ids_.end() ? -1 : it->second;
  }
  const std::string& Name(int id) const { return *names_[id]; }
  size_t size() const { return names_.size(); }
  const std::vector<size_t>& Writers(int id) const { return uses_[id].writers; }
  const std::vector<size_t>& Readers(int id) const { return uses_[id].readers; }
  // Written once, at `at`, and read only after it.
  bool WrittenOnceAt(int id, size_t at) const {
    const Use& u = uses_[id];
    return u.writers.size() == 1 && u.writers[0] == at &&
           (u.readers.empty() || u.readers.front() > at);
  }
  // Written once, before `at`, and read only by op `at`.
  bool OnlyFeeds(int id, size_t at) const {
    const Use& u = uses_[id];
    return u.writers.size() == 1 && u.writers[0] < at && u.readers.size() == 1 &&
           u.readers[0] == at;
  }
  // Op `from`'s write of `out` moves to op `to` (which drops its own
  // output `old`): the bookkeeping of a fusion.
  void MoveWrite(int out, size_t from, size_t to, int old) {
    uses_[out].writers = {to};
    std::replace(outs_[to].begin(), outs_[to].end(), old, out);
    outs_[from].clear();
    ins_[from].clear();
    uses_[old] = Use();
  }
  // Op `at` now also reads `id` (an input added by a fusion).
  void AddRead(int id, size_t at) {
    ins_[at].push_back(id);
    auto& r = uses_[id].readers;
    r.insert(std::lower_bound(r.begin(), r.end(), at), at);
  }
  const std::vector<std::vector<int>>& ins() const { return ins_; }
  const std::vector<std::vector<int>>& outs() const { return outs_; }

 private:
  struct Use {
    std::vector<size_t> writers, readers;
  };
  int Intern(const std::string& n) {
    auto r = ids_.emplace(n, static_cast<int>(names_.size()));
    if (r.second) names_.push_back(&r.first->first);
    return r.first->second;
  }
  std::unordered_map<std::string, int> ids_;
  std::vector<const std::string*> names_;
  std::vector<std::vector<int>> ins_, outs_;
  std::vector<Use> uses_;
};

// The single name of `slot` as an id, or -1 when the slot has none or several.
int Single(const NameUses& u, const Slots& slots, const std::string& slot) {
  auto it = slots.find(slot);
  return it != slots.end() && it->second.size() == 1 ? u.Id(it->second[0]) : -1;
}

bool IsConvOp(const std::string& t) {
  return t == "conv2d" || t == "depthwise_conv2d" || t == "conv2d_transpose";
}

bool HasFusedActivation(const cpp::OpDesc& op) {
  return !operators::FusedActName(op, "act_type").empty();
}

// conv -> activation (the activation the only reader of the conv's output)
// becomes the conv with act_type, as conv_activation_fuse_pass does.
int FuseConvActivations(cpp::BlockDesc* block, NameUses* u, std::vector<bool>* dropped) {
  int n = 0;
  for (size_t i = 0; i < block->ops.size(); ++i) {
    cpp::OpDesc& conv = block->ops[i];
    if ((*dropped)[i] || !IsConvOp(conv.Type()) || HasFusedActivation(conv)) continue;
    const int out = Single(*u, conv.outputs(), "Output");
    if (out < 0 || !u->WrittenOnceAt(out, i) || u->Readers(out).size() != 1) continue;
    const size_t j = u->Readers(out)[0];
    const cpp::OpDesc& act = block->ops[j];
    const int act_out = Single(*u, act.outputs(), "Out");
    if ((*dropped)[j] || act.inputs().size() != 1 || Single(*u, act.inputs(), "X") != out ||
        act_out < 0 || !u->WrittenOnceAt(act_out, j) ||
        !operators::FuseActivationAttrs(act, &conv)) {
      continue;
    }
    conv.SetOutput("Output", {u->Name(act_out)});
    u->MoveWrite(act_out, j, i, out);
    (*dropped)[j] = true;
    ++n;
  }
  return n;
}

// The block's VarDescs by name (BlockDesc::FindVar searches the list).
class VarIndex {
 public:
  explicit VarIndex(const cpp::BlockDesc& block) {
    by_name_.reserve(block.vars.size());
    for (const auto& v : block.vars) by_name_.emplace(v.name, &v);
  }
  const cpp::VarDesc* Find(const std::string& n) const {
    auto it = by_name_.find(n);
    return it == by_name_.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<std::string, const cpp::VarDesc*> by_name_;
};

// Y of elementwise_mul provably broadcasts into X (so Out has X's dims):
// float32, equal ranks, and per axis Y's dim is 1 or X's (both unknown only
// on the batch axis). From the VarDescs; false when they do not say.
bool BroadcastsIntoX(const VarIndex& vars, const std::string& x, const std::string& y) {
  const cpp::VarDesc* xv = vars.Find(x);
  const cpp::VarDesc* yv = vars.Find(y);
  if (!xv || !yv || xv->dtype != DataType::kFloat32 || yv->dtype != DataType::kFloat32 ||
      xv->dims.empty() || xv->dims.size() != yv->dims.size()) {
    return false;
  }
  for (size_t a = 0; a < xv->dims.size(); ++a) {
    const int64_t xd = xv->dims[a], yd = yv->dims[a];
    if (yd == 1 || (yd > 0 && yd == xd) || (a == 0 && xd < 0 && yd < 0)) continue;
    return false;
  }
  return true;
}

// For each plain elementwise_add at j (no activation, axis -1 when
// `axis_minus1`, two distinct single inputs, its output written only
// there) and each operand `folded` (Y first) that only this add reads:
// fold(i, folded, other, out), i the op writing `folded`. When fold
// rewrites op i to write `out` itself and returns true, the add goes (the
// graph passes' FoldAddsIntoOperand, on names).
template <typename Fold>
int FoldPlainAdds(cpp::BlockDesc* block, NameUses* u, std::vector<bool>* dropped,
                  bool axis_minus1, Fold fold) {
  int n = 0;
  for (size_t j = 0; j < block->ops.size(); ++j) {
    const cpp::OpDesc& add = block->ops[j];
    if ((*dropped)[j] || add.Type() != "elementwise_add" || HasFusedActivation(add) ||
        (axis_minus1 && add.GetAttr<int32_t>("axis", -1) != -1)) {
      continue;
    }
    const int a = Single(*u, add.inputs(), "X"), b = Single(*u, add.inputs(), "Y");
    const int out = Single(*u, add.outputs(), "Out");
    if (a < 0 || b < 0 || a == b || out < 0 || !u->WrittenOnceAt(out, j)) continue;
    for (const int folded : {b, a}) {
      if (!u->OnlyFeeds(folded, j)) continue;
      const size_t i = u->Writers(folded)[0];
      if ((*dropped)[i] || !fold(i, folded, folded == b ? a : b, out)) continue;
      u->MoveWrite(out, j, i, folded);
      (*dropped)[j] = true;
      ++n;
      break;
    }
  }
  return n;
}

// elementwise_add(x, elementwise_mul(x, s)) (either order of the add's
// inputs, the product read only there) becomes elementwise_mul(x, s) with
// plus_x (Out = X * Y + X), as mul_plus_x_fuse_pass does.
int FuseMulPlusX(cpp::BlockDesc* block, const VarIndex& vars, NameUses* u,
                 std::vector<bool>* dropped) {
  return FoldPlainAdds(block, u, dropped, false, [&](size_t i, int prod, int x, int out) {
    cpp::OpDesc& mul = block->ops[i];
    const int s = Single(*u, mul.inputs(), "Y");
    if (mul.Type() != "elementwise_mul" || HasFusedActivation(mul) || mul.HasAttr("plus_x") ||
        Single(*u, mul.inputs(), "X") != x || s < 0 || Single(*u, mul.outputs(), "Out") != prod ||
        u->Writers(x).size() != 1 || !BroadcastsIntoX(vars, u->Name(x), u->Name(s))) {
      return false;
    }
    mul.SetAttr("plus_x", true);
    mul.SetOutput("Out", {u->Name(out)});
    return true;
  });
}

// nearest_interp(_v2) -> elementwise_add(that, r) (either order, axis -1,
// the upsampled map read only there) becomes the interp with Addend r, as
// nearest_interp_add_fuse_pass does: r a float activation written before
// the interp, not a weight and not an [N, C, 1, 1] vector (by its VarDesc).
int FuseInterpAdd(cpp::BlockDesc* block, const VarIndex& vars, NameUses* u,
                  std::vector<bool>* dropped) {
  return FoldPlainAdds(block, u, dropped, true, [&](size_t i, int up, int r, int out) {
    cpp::OpDesc& interp = block->ops[i];
    const cpp::VarDesc* rv = vars.Find(u->Name(r));
    const size_t rank = rv ? rv->dims.size() : 0;
    const bool vector = rank >= 2 && rv->dims[rank - 1] == 1 && rv->dims[rank - 2] == 1;
    if ((interp.Type() != "nearest_interp" && interp.Type() != "nearest_interp_v2") ||
        interp.HasInput("Addend") || Single(*u, interp.outputs(), "Out") != up || !rv ||
        rv->persistable || rv->dtype != DataType::kFloat32 || vector ||
        u->Writers(r).size() != 1 || u->Writers(r)[0] >= i) {
      return false;
    }
    interp.SetInput("Addend", {u->Name(r)});
    interp.SetOutput("Out", {u->Name(out)});
    u->AddRead(r, i);
    return true;
  });
}

// Activations whose lifetimes do not overlap share a name (a tensor). Never
// renamed: weights and persistable variables, feed outputs, fetch inputs,
// tensor arrays, and every name when the block has a subgraph or
// control-flow op. Dropped ops have no names left in `u`.
int ShareMemory(cpp::BlockDesc* block, const Scope& weights, const VarIndex& vars,
                const NameUses& u) {
  std::vector<bool> eligible(u.size(), true);
  for (size_t i = 0; i < block->ops.size(); ++i) {
    const cpp::OpDesc& op = block->ops[i];
    if (op.Type() == "subgraph" || cpp::ControlFlowSubBlock(op) >= 0) return 0;
    if (op.Type() == "feed") {
      for (int id : u.outs()[i]) eligible[id] = false;
    }
    if (op.Type() == "fetch") {
      for (int id : u.ins()[i]) eligible[id] = false;
    }
  }
  for (size_t id = 0; id < u.size(); ++id) {
    if (!eligible[id]) continue;
    const std::string& name = u.Name(static_cast<int>(id));
    const cpp::VarDesc* v = vars.Find(name);
    eligible[id] = v && !v->persistable && v->type == cpp::VarKind::LOD_TENSOR &&
                   !weights.FindLocalVar(name);
  }
  const std::vector<int> current = PlanMemoryReuseIds(u.ins(), u.outs(), eligible);
  int shared = 0;
  for (size_t id = 0; id < current.size(); ++id) shared += current[id] != static_cast<int>(id);
  if (shared == 0) return 0;
  auto rename = [&](Slots* slots) {
    for (auto& kv : *slots) {
      for (auto& name : kv.second) {
        const int id = u.Id(name);
        if (id >= 0 && current[id] != id) name = u.Name(current[id]);
      }
    }
  };
  for (auto& op : block->ops) {
    rename(&op.mutable_inputs());
    rename(&op.mutable_outputs());
  }
  return shared;
}

}  // namespace

void PlanForLightRuntime(cpp::ProgramDesc* program, const Scope& weights,
                         MappingReport* report) {
  if (program->blocks.size() != 1) {
    if (report) report->rules["light runtime plan skipped (a multi-block program)"]++;
    return;
  }
  cpp::BlockDesc* block = &program->blocks[0];
  NameUses uses(*block);
  const VarIndex vars(*block);
  std::vector<bool> dropped(block->ops.size(), false);
  const int acts = FuseConvActivations(block, &uses, &dropped);
  const int plus_x = FuseMulPlusX(block, vars, &uses, &dropped);
  const int interp_add = FuseInterpAdd(block, vars, &uses, &dropped);
  const int shared = ShareMemory(block, weights, vars, uses);
  if (acts + plus_x + interp_add > 0) {
    std::vector<cpp::OpDesc> kept;
    kept.reserve(block->ops.size());
    for (size_t i = 0; i < block->ops.size(); ++i) {
      if (!dropped[i]) kept.push_back(std::move(block->ops[i]));
    }
    block->ops = std::move(kept);
  }
  if (!report) return;
  if (acts) report->rules["light runtime: activation fused into the conv before it"] += acts;
  if (plus_x) report->rules["light runtime: x * s + x fused into elementwise_mul (plus_x)"] += plus_x;
  if (interp_add) {
    report->rules["light runtime: elementwise_add fused into the nearest_interp before it"] +=
        interp_add;
  }
  if (shared) report->rules["light runtime: activations sharing memory"] += shared;
}

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
