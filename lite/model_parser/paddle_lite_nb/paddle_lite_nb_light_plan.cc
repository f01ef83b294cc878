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

// The block's values: one id per write of a name (Paddle Lite's ARM files
// write names again and again), and a value for a name read before any
// write (written by nobody). Per value its writer, readers and the value of
// its name before it; per op slot entry its value. Flat arrays: this runs
// at every load of a Paddle Lite file.
class Values {
 public:
  explicit Values(const cpp::BlockDesc& block) : first_slot_(block.ops.size() + 1, 0) {
    names_.reserve(block.ops.size() * 2);
    name_ids_.reserve(block.ops.size() * 2);
    std::vector<int> latest;  // name id -> its current value, -1 before any
    auto name_id = [&](const std::string& n) {
      auto r = name_ids_.emplace(n, static_cast<int>(names_.size()));
      if (r.second) {
        names_.push_back(&r.first->first);
        latest.push_back(-1);
      }
      return r.first->second;
    };
    for (size_t i = 0; i < block.ops.size(); ++i) {
      first_slot_[i] = static_cast<int>(slots_.size());
      const cpp::OpDesc& op = block.ops[i];
      for (const auto& kv : op.inputs()) {
        slots_.push_back({&kv.first, true, static_cast<int>(entries_.size()), 0});
        for (const auto& n : kv.second) {
          const int id = name_id(n);
          if (latest[id] < 0) latest[id] = New(id, -1, -1);
          entries_.push_back(latest[id]);
          Read(latest[id], i);
          if (op.Type() == "fetch") values_[latest[id]].visible = true;
        }
        slots_.back().end = static_cast<int>(entries_.size());
      }
      for (const auto& kv : op.outputs()) {
        slots_.push_back({&kv.first, false, static_cast<int>(entries_.size()), 0});
        for (const auto& n : kv.second) {
          const int id = name_id(n);
          const int prev = latest[id];
          const int v = New(id, static_cast<int>(i), prev);
          if (prev >= 0) values_[prev].shared = values_[v].shared = true;
          latest[id] = v;
          entries_.push_back(v);
          if (op.Type() == "feed") values_[v].visible = true;
        }
        slots_.back().end = static_cast<int>(entries_.size());
      }
    }
    first_slot_.back() = static_cast<int>(slots_.size());
  }
  const std::string& Name(int v) const { return *names_[values_[v].name]; }
  size_t size() const { return values_.size(); }
  // The op writing `v`; -1 for a value read before any write.
  int Writer(int v) const { return values_[v].writer; }
  int ReaderCount(int v) const { return values_[v].readers; }
  // The first op reading `v` (-1 when none).
  int FirstReader(int v) const { return values_[v].first_reader; }
  // Its name holds other values too (Paddle Lite's memory reuse).
  bool Shared(int v) const { return values_[v].shared; }
  // The value of op `op`'s slot when the slot has exactly one name, else -1.
  int Single(size_t op, bool input, const std::string& slot) const {
    for (int k = first_slot_[op]; k < first_slot_[op + 1]; ++k) {
      const Slot& sl = slots_[k];
      if (sl.input == input && *sl.name == slot) {
        return sl.end - sl.begin == 1 ? entries_[sl.begin] : -1;
      }
    }
    return -1;
  }
  // Whether op `from`'s write of `v` may move to the earlier op `to`:
  // kMovable when the value of the same name before it is neither written
  // nor read from `to` on; kAfterSeparate when it is, but `v` can take a
  // name of its own first (Separate: a Paddle Lite file's reused name, not
  // a feed or fetch name); kNo otherwise.
  enum class Move { kMovable, kAfterSeparate, kNo };
  Move CanMoveWrite(int v, size_t from, size_t to) const {
    if (Writer(v) != static_cast<int>(from)) return Move::kNo;
    const int prev = values_[v].prev;
    if (prev < 0 || (Writer(prev) < static_cast<int>(to) &&
                     values_[prev].last_reader < static_cast<int>(to))) {
      return Move::kMovable;
    }
    return values_[v].visible ? Move::kNo : Move::kAfterSeparate;
  }
  bool AnyFresh() const { return any_fresh_; }
  // Gives `v` a new name ("<name>@plnb<k>"), which its readers take when
  // Rename runs; the other values of its name keep it. Returns
  // {new name, old name}.
  std::pair<std::string, std::string> Separate(int v) {
    const std::string old = Name(v);
    std::string fresh;
    for (int k = v;; ++k) {
      fresh = old + "@plnb" + std::to_string(k);
      if (!name_ids_.count(fresh)) break;
    }
    auto r = name_ids_.emplace(fresh, static_cast<int>(names_.size()));
    names_.push_back(&r.first->first);
    Value& x = values_[v];
    x.name = r.first->second;
    x.prev = -1;
    x.shared = false;
    x.fresh = true;
    any_fresh_ = true;
    return {fresh, old};
  }
  // Written before op `at` and read only by it.
  bool OnlyFeeds(int v, size_t at) const {
    const Value& x = values_[v];
    return x.writer >= 0 && x.writer < static_cast<int>(at) && x.readers == 1 &&
           x.first_reader == static_cast<int>(at);
  }
  // Op `from`'s write of `v` moves to op `to`, in place of its output
  // `old`; op `from` goes: the bookkeeping of a fusion.
  void MoveWrite(int v, size_t from, size_t to, int old) {
    values_[v].writer = static_cast<int>(to);
    for (int k = first_slot_[to]; k < first_slot_[to + 1]; ++k) {
      if (slots_[k].input) continue;
      for (int e = slots_[k].begin; e < slots_[k].end; ++e) {
        if (entries_[e] == old) entries_[e] = v;
      }
    }
    for (int k = first_slot_[from]; k < first_slot_[from + 1]; ++k) {
      slots_[k].end = slots_[k].begin;
    }
    Value gone;
    gone.name = values_[old].name;
    values_[old] = gone;
  }
  // Op `at` now also reads `v` in `slot` (an input added by a fusion).
  void AddRead(int v, size_t at, const std::string& slot) {
    extra_reads_.push_back({at, slot, v});
    Read(v, at);
  }
  // Per op, the values it reads and writes (for PlanMemoryReuseIds).
  void Flatten(std::vector<std::vector<int>>* ins, std::vector<std::vector<int>>* outs) const {
    const size_t ops = first_slot_.size() - 1;
    ins->assign(ops, {});
    outs->assign(ops, {});
    for (size_t i = 0; i < ops; ++i) {
      for (int k = first_slot_[i]; k < first_slot_[i + 1]; ++k) {
        auto* list = slots_[k].input ? &(*ins)[i] : &(*outs)[i];
        list->insert(list->end(), entries_.begin() + slots_[k].begin,
                     entries_.begin() + slots_[k].end);
      }
    }
    for (const auto& x : extra_reads_) (*ins)[x.op].push_back(x.value);
  }
  // Rewrites op `op`'s slots with the names of `names[value]`.
  void Rename(size_t op, const std::vector<int>& names, cpp::OpDesc* desc) const {
    auto rename = [&](Slots* slots, const std::string& slot, const int* values, int n) {
      auto it = slots->find(slot);
      if (it == slots->end() || it->second.size() != static_cast<size_t>(n)) return;
      for (int k = 0; k < n; ++k) {
        const int v = values[k];
        if (names[v] != v || values_[v].fresh) it->second[k] = Name(names[v]);
      }
    };
    for (int k = first_slot_[op]; k < first_slot_[op + 1]; ++k) {
      const Slot& sl = slots_[k];
      rename(sl.input ? &desc->mutable_inputs() : &desc->mutable_outputs(), *sl.name,
             entries_.data() + sl.begin, sl.end - sl.begin);
    }
    for (const auto& x : extra_reads_) {
      if (x.op == op) rename(&desc->mutable_inputs(), x.slot, &x.value, 1);
    }
  }

 private:
  struct Value {
    int name{-1};  // into names_
    int writer{-1}, prev{-1}, readers{0}, first_reader{-1}, last_reader{-1};
    bool shared{false};
    bool visible{false};  // a feed output or a fetch input
    bool fresh{false};    // Separate gave it its name
  };
  // A slot of an op: its name (a key of the op's slot map, which stays put
  // while the plan runs) and its entries [begin, end).
  struct Slot {
    const std::string* name;
    bool input;
    int begin, end;
  };
  struct ExtraRead {
    size_t op;
    std::string slot;
    int value;
  };
  int New(int name, int writer, int prev) {
    values_.emplace_back();
    Value& x = values_.back();
    x.name = name;
    x.writer = writer;
    x.prev = prev;
    return static_cast<int>(values_.size()) - 1;
  }
  void Read(int v, size_t at) {
    Value& x = values_[v];
    const int i = static_cast<int>(at);
    if (x.last_reader == i || x.first_reader == i) return;
    ++x.readers;
    if (x.first_reader < 0 || i < x.first_reader) x.first_reader = i;
    if (i > x.last_reader) x.last_reader = i;
  }
  std::unordered_map<std::string, int> name_ids_;
  std::vector<const std::string*> names_;  // keys of name_ids_
  std::vector<Value> values_;
  std::vector<int> entries_;
  std::vector<Slot> slots_;
  std::vector<int> first_slot_;  // per op, then the end
  std::vector<ExtraRead> extra_reads_;
  bool any_fresh_{false};
};

bool IsConvOp(const std::string& t) {
  return t == "conv2d" || t == "depthwise_conv2d" || t == "conv2d_transpose";
}

bool HasFusedActivation(const cpp::OpDesc& op) {
  return !operators::FusedActName(op, "act_type").empty();
}

// The block's VarDescs by name (BlockDesc::FindVar searches the list).
class VarIndex {
 public:
  explicit VarIndex(const cpp::BlockDesc& block) {
    by_name_.reserve(block.vars.size());
    for (const auto& v : block.vars) by_name_.emplace(v.name, &v);
  }
  // `fresh` (a name Separate gave) is described by `desc`.
  void Alias(const std::string& fresh, const cpp::VarDesc* desc) { by_name_[fresh] = desc; }
  const cpp::VarDesc* Find(const std::string& n) const {
    auto it = by_name_.find(n);
    return it == by_name_.end() ? nullptr : it->second;
  }

 private:
  std::unordered_map<std::string, const cpp::VarDesc*> by_name_;
};

// The plan's state: the values, the VarDescs, the ops fused away and the
// VarDescs of names Separate made (appended to the block at the end).
struct Plan {
  Values* u;
  VarIndex* vars;
  std::vector<bool>* dropped;
  std::vector<cpp::VarDesc> added;

  // Whether op `from`'s write of `v` can move to op `to`; `*separate`
  // says it needs Separate(v) first (done by Moved).
  bool CanMove(int v, size_t from, size_t to, bool* separate) const {
    const Values::Move m = u->CanMoveWrite(v, from, to);
    *separate = m == Values::Move::kAfterSeparate;
    return m != Values::Move::kNo;
  }
  // Gives `v` its own name when `separate`; returns the name it is written under.
  std::string Moved(int v, bool separate) {
    if (!separate) return u->Name(v);
    const auto names = u->Separate(v);
    const cpp::VarDesc* d = vars->Find(names.second);
    cpp::VarDesc copy = d ? *d : cpp::VarDesc();
    copy.name = names.first;
    added.push_back(copy);
    vars->Alias(names.first, d);
    return names.first;
  }
};

// conv -> activation (the activation the only reader of the conv's output)
// becomes the conv with act_type, as conv_activation_fuse_pass does.
int FuseConvActivations(cpp::BlockDesc* block, Plan* plan) {
  Values* u = plan->u;
  std::vector<bool>& dropped = *plan->dropped;
  int n = 0;
  for (size_t i = 0; i < block->ops.size(); ++i) {
    cpp::OpDesc& conv = block->ops[i];
    if (dropped[i] || !IsConvOp(conv.Type()) || HasFusedActivation(conv)) continue;
    const int out = u->Single(i, false, "Output");
    if (out < 0 || u->ReaderCount(out) != 1) continue;
    const size_t j = static_cast<size_t>(u->FirstReader(out));
    const cpp::OpDesc& act = block->ops[j];
    const int act_out = u->Single(j, false, "Out");
    bool separate = false;
    if (dropped[j] || !operators::IsFusibleActivation(act.Type()) || act.inputs().size() != 1 ||
        u->Single(j, true, "X") != out || act_out < 0 ||
        !plan->CanMove(act_out, j, i, &separate)) {
      continue;
    }
    operators::FuseActivationAttrs(act, &conv);
    conv.SetOutput("Output", {plan->Moved(act_out, separate)});
    u->MoveWrite(act_out, j, i, out);
    dropped[j] = true;
    ++n;
  }
  return n;
}

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
int FoldPlainAdds(cpp::BlockDesc* block, Plan* plan, bool axis_minus1, Fold fold) {
  Values* u = plan->u;
  std::vector<bool>& dropped = *plan->dropped;
  int n = 0;
  for (size_t j = 0; j < block->ops.size(); ++j) {
    const cpp::OpDesc& add = block->ops[j];
    if (dropped[j] || add.Type() != "elementwise_add" || HasFusedActivation(add) ||
        (axis_minus1 && add.GetAttr<int32_t>("axis", -1) != -1)) {
      continue;
    }
    const int a = u->Single(j, true, "X"), b = u->Single(j, true, "Y");
    const int out = u->Single(j, false, "Out");
    if (a < 0 || b < 0 || a == b || out < 0) continue;
    for (const int folded : {b, a}) {
      if (!u->OnlyFeeds(folded, j)) continue;
      const size_t i = static_cast<size_t>(u->Writer(folded));
      bool separate = false;
      if (dropped[i] || !plan->CanMove(out, j, i, &separate) ||
          !fold(i, folded, folded == b ? a : b, [&] { return plan->Moved(out, separate); })) {
        continue;
      }
      u->MoveWrite(out, j, i, folded);
      dropped[j] = true;
      ++n;
      break;
    }
  }
  return n;
}

// elementwise_add(x, elementwise_mul(x, s)) (either order of the add's
// inputs, the product read only there) becomes elementwise_mul(x, s) with
// plus_x (Out = X * Y + X), as mul_plus_x_fuse_pass does.
int FuseMulPlusX(cpp::BlockDesc* block, Plan* plan) {
  Values* u = plan->u;
  const VarIndex& vars = *plan->vars;
  return FoldPlainAdds(block, plan, false, [&](size_t i, int prod, int x, auto out_name) {
    cpp::OpDesc& mul = block->ops[i];
    // The add reads the same value of x as the multiply: nothing wrote x
    // between them.
    const int s = u->Single(i, true, "Y");
    if (mul.Type() != "elementwise_mul" || HasFusedActivation(mul) || mul.HasAttr("plus_x") ||
        u->Single(i, true, "X") != x || s < 0 || u->Single(i, false, "Out") != prod ||
        !BroadcastsIntoX(vars, u->Name(x), u->Name(s))) {
      return false;
    }
    mul.SetAttr("plus_x", true);
    mul.SetOutput("Out", {out_name()});
    return true;
  });
}

// nearest_interp(_v2) -> elementwise_add(that, r) (either order, axis -1,
// the upsampled map read only there) becomes the interp with Addend r, as
// nearest_interp_add_fuse_pass does: r a float activation written before
// the interp, not a weight and not an [N, C, 1, 1] vector (by its VarDesc).
int FuseInterpAdd(cpp::BlockDesc* block, Plan* plan) {
  Values* u = plan->u;
  const VarIndex& vars = *plan->vars;
  return FoldPlainAdds(block, plan, true, [&](size_t i, int up, int r, auto out_name) {
    cpp::OpDesc& interp = block->ops[i];
    const cpp::VarDesc* rv = vars.Find(u->Name(r));
    const size_t rank = rv ? rv->dims.size() : 0;
    const bool vector = rank >= 2 && rv->dims[rank - 1] == 1 && rv->dims[rank - 2] == 1;
    if ((interp.Type() != "nearest_interp" && interp.Type() != "nearest_interp_v2") ||
        interp.HasInput("Addend") || u->Single(i, false, "Out") != up || !rv ||
        rv->persistable || rv->dtype != DataType::kFloat32 || vector || u->Writer(r) < 0 ||
        u->Writer(r) >= static_cast<int>(i)) {
      return false;
    }
    interp.SetInput("Addend", {u->Name(r)});
    interp.SetOutput("Out", {out_name()});
    u->AddRead(r, i, "Addend");
    return true;
  });
}

// Activations whose lifetimes do not overlap share a name (a tensor). Never
// renamed: weights and persistable variables, feed outputs, fetch inputs,
// tensor arrays, and every name when the block has a subgraph or
// control-flow op. Dropped ops have no values left in `u`. Returns, per
// value, the value whose name it takes (PlanMemoryReuseIds).
std::vector<int> ShareMemory(const cpp::BlockDesc& block, const Scope& weights,
                             const VarIndex& vars, const Values& u) {
  std::vector<std::vector<int>> ins, outs;
  u.Flatten(&ins, &outs);
  std::vector<bool> eligible(u.size(), true);
  for (size_t i = 0; i < block.ops.size(); ++i) {
    const cpp::OpDesc& op = block.ops[i];
    if (op.Type() == "subgraph" || cpp::ControlFlowSubBlock(op) >= 0) {
      eligible.assign(u.size(), false);  // names another block refers to
      break;
    }
    if (op.Type() == "feed") {
      for (int v : outs[i]) eligible[v] = false;
    }
    if (op.Type() == "fetch") {
      for (int v : ins[i]) eligible[v] = false;
    }
  }
  for (size_t v = 0; v < u.size(); ++v) {
    if (!eligible[v]) continue;
    const std::string& name = u.Name(static_cast<int>(v));
    const cpp::VarDesc* d = vars.Find(name);
    eligible[v] = !u.Shared(static_cast<int>(v)) && d && !d->persistable &&
                  d->type == cpp::VarKind::LOD_TENSOR && !weights.FindLocalVar(name);
  }
  return PlanMemoryReuseIds(ins, outs, eligible);
}

}  // namespace

void PlanForLightRuntime(cpp::ProgramDesc* program, const Scope& weights,
                         MappingReport* report) {
  if (program->blocks.size() != 1) {
    if (report) report->rules["light runtime plan skipped (a multi-block program)"]++;
    return;
  }
  cpp::BlockDesc* block = &program->blocks[0];
  Values uses(*block);
  VarIndex vars(*block);
  std::vector<bool> dropped(block->ops.size(), false);
  Plan plan{&uses, &vars, &dropped, {}};
  const int acts = FuseConvActivations(block, &plan);
  const int plus_x = FuseMulPlusX(block, &plan);
  const int interp_add = FuseInterpAdd(block, &plan);
  const std::vector<int> names = ShareMemory(*block, weights, vars, uses);
  int shared = 0;
  for (size_t v = 0; v < names.size(); ++v) shared += names[v] != static_cast<int>(v);
  // The ops take the shared names, and the readers of a separated value its
  // new name.
  if (shared > 0 || uses.AnyFresh()) {
    for (size_t i = 0; i < block->ops.size(); ++i) uses.Rename(i, names, &block->ops[i]);
  }
  // The VarDescs of separated names (VarIndex points into the list until here).
  block->vars.insert(block->vars.end(), plan.added.begin(), plan.added.end());
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
  if (!plan.added.empty()) {
    report->rules["light runtime: a reused name split so that a fusion could move its write"] +=
        static_cast<int>(plan.added.size());
  }
}

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
