// The PIR JSON walk: regions → blocks → ops, each op through pir_ops.inc.
// Values are named "%<id>" (the JSON's value id) unless the program names
// them (data inputs, parameters, fetch targets). Control flow: pd_op.if
// becomes two conditional_block ops (cond, !cond) whose sub-blocks assign
// their yields to per-branch variables, joined by select_input;
// pd_op.while becomes a while op over its block arguments (see
// docs/model-formats.md).
#include "lite/model_parser/pir/pir_importer.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "lite/core/error.h"
#include "lite/model_parser/pir/pir_json.h"
#include "lite/model_parser/tensor_record.h"

namespace paddle {
namespace lite {
namespace pir_import {
namespace {

constexpr int kMaxNesting = 64;

class Importer;
using Fixup = void (*)(cpp::OpDesc* op, const std::vector<ValueType>& results);
using Handler = void (Importer::*)(const Json& op);

struct OpRow {
  const char* pir_name;
  const char* paddle_type;  // "" for structural ops
  const char* operands;
  const char* results;
  const char* renames;
  Fixup fixup;
  Handler handler;
};

// Fixups named by the table.
void ElementwiseAxis(cpp::OpDesc* op, const std::vector<ValueType>&) { op->SetAttr("axis", int32_t{-1}); }
// Paddle >= 2.5 semantics: a result declared 0-d stays 0-d (our ops give
// dims [1] there for older Paddle programs unless told by out_0d).
void ZeroDimOut(cpp::OpDesc* op, const std::vector<ValueType>& results) {
  if (!results.empty() && results[0].kind == ValueType::Kind::kTensor && results[0].dims.empty()) {
    op->SetAttr("out_0d", true);
  }
}
void ReduceAll(cpp::OpDesc* op, const std::vector<ValueType>& results) {
  const auto dims = op->GetAttr<std::vector<int32_t>>("dim", {});
  op->SetAttr("reduce_all", dims.empty());
  if (dims.empty()) op->SetAttr("dim", std::vector<int32_t>{0});
  ZeroDimOut(op, results);
}

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

// A constant made by pd_op.full / pd_op.full_int_array: its values (numel of
// them) and dtype, for folding into attributes.
struct Constant {
  std::vector<double> values;
  DataType dtype{DataType::kFloat32};
};

struct Param {
  std::string name;
  ValueType type;
  Where where;
};

class Importer {
 public:
  explicit Importer(std::string label) { where_.file = std::move(label); }

  void Run(const std::string& text) {
    Json doc;
    try {
      doc = Json::parse(text);
    } catch (const Json::parse_error& e) {
      where_.Fail(StrCat("not valid JSON (byte ", e.byte, "): ", e.what()));
    }
    CheckHeader(doc);
    const Json& program = Member(where_, doc, "program", "the document");
    const Json& regions = ArrayOf(where_, Member(where_, program, "regions", "program"), "program regions");
    if (regions.size() != 1) {
      where_.Fail(StrCat("program has ", regions.size(), " regions; expected 1"));
    }
    const Json& blocks = ArrayOf(where_, Member(where_, regions[0], "blocks", "region 0"), "region 0 blocks");
    if (blocks.size() != 1) where_.Fail(StrCat("region 0 has ", blocks.size(), " blocks; expected 1"));
    prog_.blocks.emplace_back();
    prog_.blocks[0].idx = 0;
    prog_.blocks[0].parent_idx = -1;
    auto yields = ConvertBlock(blocks[0], 0, 0);
    if (yields) where_.Fail("cf.yield outside of a pd_op.if / pd_op.while region");
    where_.op_index = -1;
    if (feeds_ == 0) where_.Fail("the program has no pd_op.data op (nothing to feed)");
    if (fetches_ == 0) where_.Fail("the program has no pd_op.fetch op (nothing to fetch)");
    PruneUnusedConstants();
    DeclareFeedFetch();
  }

  // Reads params (sorted by name) into `weights`.
  void LoadParams(const char* data, size_t size, const std::string& label, Scope* weights) const {
    auto vars = SortedParams();
    if (data == nullptr) {
      if (vars.empty()) return;
      ThrowError(where_.file, ": the program declares ", vars.size(), " parameters (the first, sorted, is '",
                 vars[0].name, "') but there is no params file (", label, ")");
    }
    size_t offset = 0;
    for (size_t i = 0; i < vars.size(); ++i) {
      if (offset == size) {
        ThrowError(label, ": record ", i, " (parameter '", vars[i].name, "', ", DataTypeName(vars[i].dtype),
                   " ", DimsToString(vars[i].dims), ") at byte offset ", offset,
                   ": the data ends here; ", where_.file, " declares ", vars.size(),
                   " parameters but only ", i, " records are present");
      }
      Tensor t;
      ReadLoDTensorRecord(data, size, &offset, label, &vars[i], &t, static_cast<int>(i));
      t.set_persistable(true);
      *weights->Var(vars[i].name) = std::move(t);
    }
    if (offset != size) {
      ThrowError(label, ": ", size - offset, " bytes remain after the last record (", vars.size(),
                 " records for the ", vars.size(), " parameters ", where_.file,
                 " declares; params of another model?)");
    }
  }

  std::vector<cpp::VarDesc> SortedParams() const {
    std::vector<cpp::VarDesc> vars;
    for (const auto& p : params_) {
      cpp::VarDesc v;
      v.name = p.name;
      v.dtype = p.type.dtype;
      v.dims = p.type.dims;
      v.persistable = true;
      vars.push_back(v);
    }
    std::sort(vars.begin(), vars.end(),
              [](const cpp::VarDesc& a, const cpp::VarDesc& b) { return a.name < b.name; });
    return vars;
  }

  cpp::ProgramDesc TakeProgram() { return std::move(prog_); }

  // Structural handlers (PIR_STRUCT rows).
  void Data(const Json& op);
  void Fetch(const Json& op);
  void ShadowOutput(const Json& op);
  void Full(const Json& op);
  void FullIntArray(const Json& op);
  void Parameter(const Json& op);
  void Combine(const Json& op);
  void Split(const Json& op);
  void Slice(const Json& op);
  void If(const Json& op);
  void While(const Json& op);
  void Yield(const Json& op);

 private:
  // ---- document structure ----
  void CheckHeader(const Json& doc) {
    if (!doc.is_object()) where_.Fail(StrCat("the document is a JSON ", doc.type_name(), "; expected an object"));
    const Json& base = Member(where_, doc, "base_code", "the document");
    const Json& magic = Member(where_, base, "magic", "base_code");
    if (!magic.is_string() || magic.get_ref<const std::string&>() != "pir") {
      where_.Fail(StrCat("base_code.magic is ", magic.dump(), "; expected \"pir\" (not a PIR program)"));
    }
    const int64_t version = IntOf(where_, Member(where_, base, "version", "base_code"), "base_code.version");
    if (version < kPirMinVersion || version > kPirMaxVersion) {
      where_.Fail(StrCat("base_code.version ", version, " is ",
                         version > kPirMaxVersion ? "newer than" : "outside", " the versions this reader knows (",
                         kPirMinVersion, "..", kPirMaxVersion, ")"));
    }
  }

  // Converts the ops of `block_json` into block `block_idx`; returns the
  // operand ids of its terminating cf.yield, if any.
  std::optional<std::vector<int64_t>> ConvertBlock(const Json& block_json, int32_t block_idx, int depth) {
    if (depth > kMaxNesting) where_.Fail(StrCat("regions nest more than ", kMaxNesting, " deep"));
    const Json& ops = ArrayOf(where_, Member(where_, block_json, "ops", "block"), "block ops");
    std::optional<std::vector<int64_t>> yields;
    for (size_t i = 0; i < ops.size(); ++i) {
      if (yields) where_.Fail("cf.yield is not the last op of its block");
      const int32_t saved_block = block_;
      const int saved_depth = depth_;
      block_ = block_idx;
      depth_ = depth;
      where_.op_index = next_op_index_++;
      where_.block = block_idx;
      where_.op_name = "?";
      const Json& op = ops[i];
      where_.op_name = FullOpName(where_, StringOf(where_, Member(where_, op, "#", "op"), "op #"));
      if (where_.op_name == "cf.yield") {
        yields = OperandIds(op);
      } else {
        ConvertOp(op);
      }
      block_ = saved_block;
      depth_ = saved_depth;
    }
    return yields;
  }

  void ConvertOp(const Json& op) {
    const OpRow* row = FindRow(where_.op_name);
    if (!row) {
      where_.Fail(StrCat("op '", where_.op_name, "' is not supported by the PIR reader (see the mapped ops "
                         "in docs/model-formats.md)"));
    }
    if (row->handler) {
      (this->*row->handler)(op);
      return;
    }
    Generic(*row, op);
  }

  static const OpRow* FindRow(const std::string& name);

  // ---- values ----
  std::vector<int64_t> OperandIds(const Json& op) {
    const Json& in = ArrayOf(where_, Member(where_, op, "I", "op"), "operands (I)");
    std::vector<int64_t> ids;
    for (size_t i = 0; i < in.size(); ++i) {
      const std::string what = StrCat("operand ", i);
      const int64_t id = IntOf(where_, Member(where_, in[i], "%", what), what + " %");
      if (id != 0 && !names_.count(id)) {
        where_.Fail(StrCat(what, ": value %", id, " is not defined before this op"));
      }
      ids.push_back(id);
    }
    return ids;
  }

  struct Result {
    int64_t id;
    ValueType type;
  };
  std::vector<Result> Results(const Json& op) {
    const Json& out = Member(where_, op, "O", "op");
    std::vector<Result> r;
    auto one = [&](const Json& o, const std::string& what) {
      const int64_t id = IntOf(where_, Member(where_, o, "%", what), what + " %");
      if (id <= 0) where_.Fail(StrCat(what, ": value id ", id, "; expected > 0"));
      if (names_.count(id)) where_.Fail(StrCat(what, ": value %", id, " is defined twice"));
      r.push_back({id, ParseValueType(where_, Member(where_, o, "TT", what), what + " type")});
    };
    if (out.is_object()) {
      one(out, "result 0");
    } else {
      ArrayOf(where_, out, "results (O)");
      for (size_t i = 0; i < out.size(); ++i) one(out[i], StrCat("result ", i));
    }
    return r;
  }

  const std::string& NameOf(int64_t id) const {
    const auto& names = names_.at(id);
    if (names.size() != 1) {
      where_.Fail(StrCat("value %", id, " is a vector of ", names.size(),
                         " tensors where one tensor is expected"));
    }
    return names[0];
  }

  // Declares `name` with `type` in block `block` (replacing a declaration).
  void DeclareVar(int32_t block, const std::string& name, const ValueType& type, bool persistable = false) {
    if (type.kind != ValueType::Kind::kTensor) return;
    cpp::VarDesc v;
    v.name = name;
    v.dtype = type.dtype;
    v.dims = type.dims;
    v.persistable = persistable;
    auto& vars = prog_.blocks[block].vars;
    for (auto& existing : vars) {
      if (existing.name == name) {
        existing = v;
        return;
      }
    }
    vars.push_back(v);
  }

  // Binds a result to a name (default "%<id>") and declares it here.
  void Bind(const Result& r, const std::string& name = "") {
    if (r.type.kind == ValueType::Kind::kVector) {
      std::vector<std::string> names;
      for (size_t k = 0; k < r.type.elems.size(); ++k) {
        names.push_back(StrCat("%", r.id, ".", k));
        DeclareVar(block_, names.back(), r.type.elems[k]);
      }
      names_[r.id] = names;
      types_[r.id] = r.type;
      return;
    }
    const std::string n = name.empty() ? StrCat("%", r.id) : name;
    names_[r.id] = {n};
    types_[r.id] = r.type;
    DeclareVar(block_, n, r.type);
  }

  void ClaimName(const std::string& name, const char* what) {
    if (name.empty()) where_.Fail(StrCat(what, " name is empty"));
    if (name[0] == '%') where_.Fail(StrCat(what, " name '", name, "' starts with '%' (reserved for value ids)"));
    if (!program_names_.insert(name).second) {
      where_.Fail(StrCat(what, " name '", name, "' is used twice in the program"));
    }
  }

  cpp::OpDesc* Emit(const std::string& type) {
    auto& ops = prog_.blocks[block_].ops;
    ops.emplace_back(type);
    return &ops.back();
  }

  void EmitAssign(const std::string& from, const std::string& to) {
    cpp::OpDesc* a = Emit("assign");
    a->SetInput("X", {from});
    a->SetOutput("Out", {to});
  }

  int32_t NewBlock(int32_t parent) {
    cpp::BlockDesc b;
    b.idx = static_cast<int32_t>(prog_.blocks.size());
    b.parent_idx = parent;
    prog_.blocks.push_back(std::move(b));
    return prog_.blocks.back().idx;
  }

  const Json* Attr(const Json& op, const char* name) {
    const Json* attrs = OptionalMember(where_, op, "A", "op");
    if (!attrs || !attrs->is_array()) return nullptr;
    for (const auto& a : *attrs) {
      if (!a.is_object()) continue;
      auto n = a.find("N");
      if (n != a.end() && n->is_string() && n->get_ref<const std::string&>() == name) {
        return &Member(where_, a, "AT", StrCat("attribute '", name, "'"));
      }
    }
    return nullptr;
  }
  const Json& RequiredAttr(const Json& op, const char* name) {
    const Json* a = Attr(op, name);
    if (!a) where_.Fail(StrCat("attribute '", name, "' is missing"));
    return *a;
  }

  // ---- the table-driven mapping ----
  void Generic(const OpRow& row, const Json& op) {
    const auto ids = OperandIds(op);
    const auto results = Results(op);
    const auto specs = Words(row.operands);
    const auto outs = Words(row.results);
    cpp::OpDesc desc(row.paddle_type);
    for (size_t i = 0; i < ids.size(); ++i) {
      if (i >= specs.size()) {
        if (ids[i] == 0) continue;
        where_.Fail(StrCat("has ", ids.size(), " operands; the mapping to '", row.paddle_type, "' knows ",
                           specs.size(), " (", row.operands, ")"));
      }
      MapOperand(specs[i], i, ids[i], &desc);
    }
    if (results.size() > outs.size()) {
      where_.Fail(StrCat("has ", results.size(), " results; the mapping to '", row.paddle_type, "' knows ",
                         outs.size(), " (", row.results, ")"));
    }
    for (size_t i = 0; i < results.size(); ++i) {
      Bind(results[i]);
      const std::string& slot = outs[i];
      if (slot == "-") continue;
      if (slot.back() == '*') {
        desc.SetOutput(slot.substr(0, slot.size() - 1), names_[results[i].id]);
      } else {
        if (results[i].type.kind != ValueType::Kind::kTensor) {
          where_.Fail(StrCat("result ", i, " (", slot, ") is not a dense tensor"));
        }
        desc.SetOutput(slot, {NameOf(results[i].id)});
      }
    }
    CopyAttributes(row, op, &desc);
    if (row.fixup) {
      std::vector<ValueType> types;
      for (const auto& r : results) types.push_back(r.type);
      row.fixup(&desc, types);
    }
    prog_.blocks[block_].ops.push_back(std::move(desc));
  }

  void MapOperand(const std::string& spec, size_t i, int64_t id, cpp::OpDesc* desc) {
    if (spec == "-" || id == 0) return;
    const size_t colon = spec.find(':');
    if (colon == std::string::npos) {
      if (spec.back() == '*') {
        desc->SetInput(spec.substr(0, spec.size() - 1), names_.at(id));
      } else {
        desc->SetInput(spec, {NameOf(id)});
      }
      return;
    }
    const std::string attr = spec.substr(0, colon);
    std::string kind = spec.substr(colon + 1), slot;
    const size_t bar = kind.find('|');
    if (bar != std::string::npos) {
      slot = kind.substr(bar + 1);
      kind = kind.substr(0, bar);
    }
    auto c = consts_.find(id);
    if (c == consts_.end()) {
      if (slot.empty()) {
        where_.Fail(StrCat("operand ", i, " ('", attr, "', value %", id,
                           ") must be a constant from pd_op.full / pd_op.full_int_array; it is computed at "
                           "run time, which the mapping to '", desc->Type(), "' does not support"));
      }
      if (slot.back() == '*') {
        desc->SetInput(slot.substr(0, slot.size() - 1), names_.at(id));
      } else {
        desc->SetInput(slot, {NameOf(id)});
      }
      return;
    }
    const auto& v = c->second.values;
    const bool list = kind == "ints" || kind == "int64s";
    if (!list && v.size() != 1) {
      where_.Fail(StrCat("operand ", i, " ('", attr, "', value %", id, ") holds ", v.size(),
                         " values; expected 1"));
    }
    auto to_i64 = [&](double d) {
      if (!(d >= -9.2e18 && d <= 9.2e18)) {
        where_.Fail(StrCat("operand ", i, " ('", attr, "') value ", d, " is not an integer"));
      }
      return static_cast<int64_t>(d);
    };
    if (kind == "float") {
      desc->SetAttr(attr, static_cast<float>(v[0]));
    } else if (kind == "int") {
      const int64_t x = to_i64(v[0]);
      if (x < std::numeric_limits<int32_t>::min() || x > std::numeric_limits<int32_t>::max()) where_.Fail(StrCat("operand ", i, " ('", attr, "') ", x, " exceeds int32"));
      desc->SetAttr(attr, static_cast<int32_t>(x));
    } else if (kind == "int64") {
      desc->SetAttr(attr, to_i64(v[0]));
    } else if (kind == "ints") {
      std::vector<int32_t> out;
      for (double d : v) {
        const int64_t x = to_i64(d);
        if (x < std::numeric_limits<int32_t>::min() || x > std::numeric_limits<int32_t>::max()) where_.Fail(StrCat("operand ", i, " ('", attr, "') ", x, " exceeds int32"));
        out.push_back(static_cast<int32_t>(x));
      }
      desc->SetAttr(attr, out);
    } else {
      std::vector<int64_t> out;
      for (double d : v) out.push_back(to_i64(d));
      desc->SetAttr(attr, out);
    }
  }

  void CopyAttributes(const OpRow& row, const Json& op, cpp::OpDesc* desc) {
    std::map<std::string, std::string> renames;
    for (const auto& w : Words(row.renames)) {
      const size_t eq = w.find('=');
      renames[w.substr(0, eq)] = w.substr(eq + 1);
    }
    const Json* attrs = OptionalMember(where_, op, "A", "op");
    if (!attrs) return;
    ArrayOf(where_, *attrs, "attributes (A)");
    for (size_t i = 0; i < attrs->size(); ++i) {
      const Json& a = (*attrs)[i];
      const std::string what = StrCat("attribute ", i);
      const std::string& name = StringOf(where_, Member(where_, a, "N", what), what + " N");
      if (name == "struct_name" || name == "stop_gradient" || name == "persistable" || name == "place") continue;
      auto value = ParseAttribute(where_, Member(where_, a, "AT", what), StrCat("attribute '", name, "'"));
      if (!value) continue;
      auto it = renames.find(name);
      desc->SetAttribute(it == renames.end() ? name : it->second, *value);
    }
  }

  void PruneUnusedConstants();
  void DeclareFeedFetch();

  Where where_;
  cpp::ProgramDesc prog_;
  int32_t block_{0};
  int depth_{0};
  int64_t next_op_index_{0};
  int feeds_{0};
  int fetches_{0};
  std::unordered_map<int64_t, std::vector<std::string>> names_;
  std::unordered_map<int64_t, ValueType> types_;
  std::unordered_map<int64_t, Constant> consts_;
  std::set<std::string> program_names_;
  std::set<std::string> constant_outputs_;  // outputs of emitted constant ops
  std::vector<Param> params_;
};

#define PIR_OP(pir_name__, paddle_type__, operands__, results__, renames__, fixup__) \
  {pir_name__, paddle_type__, operands__, results__, renames__, fixup__, nullptr},
#define PIR_STRUCT(pir_name__, handler__) {pir_name__, "", "", "", "", nullptr, &Importer::handler__},
const OpRow kRows[] = {
#include "lite/model_parser/pir/pir_ops.inc"
};

const OpRow* Importer::FindRow(const std::string& name) {
  static const std::unordered_map<std::string, const OpRow*> index = [] {
    std::unordered_map<std::string, const OpRow*> m;
    for (const auto& r : kRows) m[r.pir_name] = &r;
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

// ---- structural ops ----

void Importer::Data(const Json& op) {
  if (block_ != 0) where_.Fail("a data op inside a control-flow region");
  const auto results = Results(op);
  if (results.size() != 1 || results[0].type.kind != ValueType::Kind::kTensor) {
    where_.Fail("expected one dense tensor result");
  }
  const std::string name =
      StringOf(where_, Member(where_, RequiredAttr(op, "name"), "D", "attribute 'name'"), "attribute 'name'");
  ClaimName(name, "input");
  Bind(results[0], name);
  cpp::OpDesc* feed = Emit("feed");
  feed->SetInput("X", {"feed"});
  feed->SetOutput("Out", {name});
  feed->SetAttr("col", static_cast<int32_t>(feeds_++));
}

void Importer::Fetch(const Json& op) {
  if (block_ != 0) where_.Fail("a fetch op inside a control-flow region");
  const auto ids = OperandIds(op);
  if (ids.size() != 1 || ids[0] == 0) where_.Fail("expected one operand");
  const std::string& name = StringOf(where_, Member(where_, RequiredAttr(op, "name"), "D", "attribute 'name'"),
                                     "attribute 'name'");
  ClaimName(name, "output");
  const auto results = Results(op);  // the fetched copy: not used further
  for (const auto& r : results) names_[r.id] = {name};
  const auto& type = types_[ids[0]];
  DeclareVar(0, name, type);
  EmitAssign(NameOf(ids[0]), name);
  cpp::OpDesc* fetch = Emit("fetch");
  fetch->SetInput("X", {name});
  fetch->SetOutput("Out", {"fetch"});
  fetch->SetAttr("col", static_cast<int32_t>(fetches_++));
}

void Importer::ShadowOutput(const Json& op) {
  const auto ids = OperandIds(op);
  if (ids.size() != 1 || ids[0] == 0) where_.Fail("expected one operand");
  const std::string& name = StringOf(
      where_, Member(where_, RequiredAttr(op, "output_name"), "D", "attribute 'output_name'"),
      "attribute 'output_name'");
  ClaimName(name, "shadow output");
  DeclareVar(block_, name, types_[ids[0]]);
  EmitAssign(NameOf(ids[0]), name);
}

void Importer::Full(const Json& op) {
  const auto results = Results(op);
  if (results.size() != 1 || results[0].type.kind != ValueType::Kind::kTensor) {
    where_.Fail("expected one dense tensor result");
  }
  const auto shape = AttributeInts(where_, RequiredAttr(op, "shape"), "attribute 'shape'");
  const double value = AttributeNumber(where_, RequiredAttr(op, "value"), "attribute 'value'");
  int64_t numel = 1;
  for (int64_t d : shape) {
    if (d < 0 || d > (int64_t{1} << 24) || numel * std::max<int64_t>(d, 1) > (int64_t{1} << 24)) {
      where_.Fail(StrCat("attribute 'shape' ", DimsToString(shape),
                         " must be known, >= 0 and hold at most 2^24 values"));
    }
    numel *= d;
  }
  if (results[0].type.dtype == DataType::kUnknown) where_.Fail("the result has no dtype");
  Bind(results[0]);
  const std::string& out = NameOf(results[0].id);
  Constant c;
  c.dtype = results[0].type.dtype;
  c.values.assign(static_cast<size_t>(numel), value);
  consts_[results[0].id] = c;
  cpp::OpDesc* f = Emit("fill_constant");
  f->SetOutput("Out", {out});
  f->SetAttr("shape", shape);
  f->SetAttr("value", value);
  f->SetAttr("dtype", VarTypeCode(results[0].type.dtype));
  constant_outputs_.insert(out);
}

void Importer::FullIntArray(const Json& op) {
  const auto results = Results(op);
  if (results.size() != 1 || results[0].type.kind != ValueType::Kind::kTensor) {
    where_.Fail("expected one dense tensor result");
  }
  const auto values = AttributeInts(where_, RequiredAttr(op, "value"), "attribute 'value'");
  Bind(results[0]);
  const std::string& out = NameOf(results[0].id);
  Constant c;
  c.dtype = results[0].type.dtype;
  for (int64_t v : values) c.values.push_back(static_cast<double>(v));
  consts_[results[0].id] = c;
  cpp::OpDesc* f = Emit("assign_value");
  f->SetOutput("Out", {out});
  f->SetAttr("shape", std::vector<int32_t>{static_cast<int32_t>(values.size())});
  const DataType dt = results[0].type.dtype == DataType::kUnknown ? DataType::kInt64 : results[0].type.dtype;
  f->SetAttr("dtype", VarTypeCode(dt));
  if (dt == DataType::kInt32) {
    std::vector<int32_t> v32(values.begin(), values.end());
    f->SetAttr("int32_values", v32);
  } else {
    f->SetAttr("int64_values", values);
  }
  constant_outputs_.insert(out);
}

void Importer::Parameter(const Json& op) {
  if (block_ != 0) where_.Fail("a parameter op inside a control-flow region");
  const auto results = Results(op);
  if (results.size() != 1 || results[0].type.kind != ValueType::Kind::kTensor) {
    where_.Fail("expected one dense tensor result");
  }
  std::string name;
  if (where_.op_name == "p") {
    // Compressed: A = [is_distributed, is_parameter, need_clip, name].
    const Json& a = ArrayOf(where_, Member(where_, op, "A", "op"), "attributes (A)");
    name = StringOf(where_, Element(where_, a, 3, "attributes (A)"), "parameter name (A[3])");
  } else {
    name = StringOf(where_, Member(where_, RequiredAttr(op, "parameter_name"), "D", "attribute 'parameter_name'"),
                    "attribute 'parameter_name'");
  }
  ClaimName(name, "parameter");
  if (results[0].type.dtype == DataType::kUnknown) where_.Fail(StrCat("parameter '", name, "' has no dtype"));
  for (size_t i = 0; i < results[0].type.dims.size(); ++i) {
    if (results[0].type.dims[i] < 0) {
      where_.Fail(StrCat("parameter '", name, "' has dims ", DimsToString(results[0].type.dims),
                         "; a parameter's dims must be known"));
    }
  }
  Bind(results[0], name);
  DeclareVar(0, name, results[0].type, true);
  params_.push_back({name, results[0].type, where_});
}

void Importer::Combine(const Json& op) {
  const auto ids = OperandIds(op);
  const auto results = Results(op);
  if (results.size() != 1) where_.Fail("expected one result");
  std::vector<std::string> names;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] == 0) where_.Fail(StrCat("operand ", i, " is null"));
    names.push_back(NameOf(ids[i]));
  }
  names_[results[0].id] = names;
  types_[results[0].id] = results[0].type;
}

void Importer::Split(const Json& op) {
  const auto ids = OperandIds(op);
  if (ids.size() != 1 || ids[0] == 0) where_.Fail("expected one operand");
  const auto results = Results(op);
  const auto parts = names_.at(ids[0]);
  if (parts.size() != results.size()) {
    where_.Fail(StrCat("splits value %", ids[0], " of ", parts.size(), " tensors into ", results.size(),
                       " results"));
  }
  for (size_t i = 0; i < results.size(); ++i) {
    names_[results[i].id] = {parts[i]};
    types_[results[i].id] = results[i].type;
  }
}

void Importer::Slice(const Json& op) {
  const auto ids = OperandIds(op);
  if (ids.size() != 1 || ids[0] == 0) where_.Fail("expected one operand");
  const auto results = Results(op);
  if (results.size() != 1) where_.Fail("expected one result");
  const auto parts = names_.at(ids[0]);
  const int64_t index = static_cast<int64_t>(AttributeNumber(where_, RequiredAttr(op, "index"), "attribute 'index'"));
  if (index < 0 || index >= static_cast<int64_t>(parts.size())) {
    where_.Fail(StrCat("index ", index, " is outside the ", parts.size(), " tensors of value %", ids[0]));
  }
  names_[results[0].id] = {parts[static_cast<size_t>(index)]};
  types_[results[0].id] = results[0].type;
}

void Importer::Yield(const Json&) { where_.Fail("cf.yield outside of a pd_op.if / pd_op.while region"); }

void Importer::If(const Json& op) {
  const auto ids = OperandIds(op);
  if (ids.size() != 1 || ids[0] == 0) where_.Fail("expected one operand (the condition)");
  const std::string cond = NameOf(ids[0]);
  const auto results = Results(op);
  const Json& regions = ArrayOf(where_, Member(where_, op, "regions", "op"), "regions");
  if (regions.size() != 2) where_.Fail(StrCat("has ", regions.size(), " regions; expected 2 (true, false)"));
  const int32_t parent = block_;
  const Where at = where_;
  const char* branch_names[2] = {"true", "false"};
  int32_t branch_blocks[2];
  std::vector<std::string> branch_out[2];
  for (int r = 0; r < 2; ++r) {
    const Json& blocks = ArrayOf(where_, Member(where_, regions[r], "blocks", "region"), "region blocks");
    if (blocks.size() != 1) where_.Fail(StrCat("region ", r, " has ", blocks.size(), " blocks; expected 1"));
    const int32_t b = NewBlock(parent);
    branch_blocks[r] = b;
    auto yields = ConvertBlock(blocks[0], b, depth_ + 1);
    where_ = at;
    block_ = parent;
    if (!yields) where_.Fail(StrCat("the ", branch_names[r], " region does not end with cf.yield"));
    if (yields->size() != results.size()) {
      where_.Fail(StrCat("the ", branch_names[r], " region yields ", yields->size(), " values for ",
                         results.size(), " results"));
    }
    for (size_t k = 0; k < results.size(); ++k) {
      if (results[k].type.kind != ValueType::Kind::kTensor) {
        where_.Fail(StrCat("result ", k, " is not a dense tensor"));
      }
      if ((*yields)[k] == 0) where_.Fail(StrCat("the ", branch_names[r], " region yields null for result ", k));
      const std::string out = StrCat("%", results[k].id, ".", branch_names[r]);
      DeclareVar(parent, out, results[k].type);
      block_ = b;
      EmitAssign(NameOf((*yields)[k]), out);
      block_ = parent;
      branch_out[r].push_back(out);
    }
  }
  const std::string not_cond = StrCat(cond, ".not.", at.op_index);
  const std::string mask = StrCat(cond, ".mask.", at.op_index);
  ValueType bool_type;
  bool_type.kind = ValueType::Kind::kTensor;
  bool_type.dtype = DataType::kBool;
  bool_type.dims = types_[ids[0]].dims;
  DeclareVar(parent, not_cond, bool_type);
  ValueType mask_type = bool_type;
  mask_type.dtype = DataType::kInt32;
  DeclareVar(parent, mask, mask_type);
  cpp::OpDesc* n = Emit("logical_not");
  n->SetInput("X", {cond});
  n->SetOutput("Out", {not_cond});
  const std::string conds[2] = {cond, not_cond};
  for (int r = 0; r < 2; ++r) {
    cpp::OpDesc* cb = Emit("conditional_block");
    cb->SetInput("Cond", {conds[r]});
    cb->SetInput("Input", std::vector<std::string>{});
    cb->SetOutput("Out", branch_out[r]);
    cb->SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{branch_blocks[r]}});
    cb->SetAttr("is_scalar_condition", true);
  }
  cpp::OpDesc* cast = Emit("cast");
  cast->SetInput("X", {cond});
  cast->SetOutput("Out", {mask});
  cast->SetAttr("in_dtype", VarTypeCode(DataType::kBool));
  cast->SetAttr("out_dtype", VarTypeCode(DataType::kInt32));
  for (size_t k = 0; k < results.size(); ++k) {
    Bind(results[k]);
    cpp::OpDesc* sel = Emit("select_input");
    sel->SetInput("X", {branch_out[1][k], branch_out[0][k]});
    sel->SetInput("Mask", {mask});
    sel->SetOutput("Out", {NameOf(results[k].id)});
  }
}

void Importer::While(const Json& op) {
  const auto ids = OperandIds(op);
  if (ids.empty() || ids[0] == 0) where_.Fail("expected the condition as operand 0");
  const auto results = Results(op);
  if (results.size() != ids.size() - 1) {
    where_.Fail(StrCat("has ", ids.size() - 1, " loop values but ", results.size(), " results"));
  }
  const Json& regions = ArrayOf(where_, Member(where_, op, "regions", "op"), "regions");
  if (regions.size() != 1) where_.Fail(StrCat("has ", regions.size(), " regions; expected 1 (the body)"));
  const Json& blocks = ArrayOf(where_, Member(where_, regions[0], "blocks", "region"), "region blocks");
  if (blocks.size() != 1) where_.Fail(StrCat("the body region has ", blocks.size(), " blocks; expected 1"));
  const Json& args = ArrayOf(where_, Member(where_, blocks[0], "args", "body block"), "body block args");
  if (args.size() != results.size()) {
    where_.Fail(StrCat("the body block has ", args.size(), " arguments for ", results.size(), " loop values"));
  }
  const int32_t parent = block_;
  const Where at = where_;
  const std::string cond = StrCat("%while.", at.op_index, ".cond");
  ValueType cond_type = types_[ids[0]];
  if (cond_type.kind != ValueType::Kind::kTensor) where_.Fail("the condition is not a dense tensor");
  DeclareVar(parent, cond, cond_type);
  EmitAssign(NameOf(ids[0]), cond);
  std::vector<std::string> loop_vars;
  std::vector<ValueType> arg_types;
  for (size_t k = 0; k < args.size(); ++k) {
    const std::string what = StrCat("body argument ", k);
    const int64_t id = IntOf(where_, Member(where_, args[k], "%", what), what + " %");
    if (id <= 0 || names_.count(id)) where_.Fail(StrCat(what, ": value id ", id, " is invalid or defined twice"));
    ValueType t = ParseValueType(where_, Member(where_, args[k], "TT", what), what + " type");
    if (t.kind != ValueType::Kind::kTensor) where_.Fail(StrCat(what, " is not a dense tensor"));
    const std::string name = StrCat("%", id);
    names_[id] = {name};
    types_[id] = t;
    DeclareVar(parent, name, t);
    EmitAssign(NameOf(ids[k + 1]), name);
    loop_vars.push_back(name);
    arg_types.push_back(t);
  }
  const int32_t b = NewBlock(parent);
  auto yields = ConvertBlock(blocks[0], b, depth_ + 1);
  where_ = at;
  if (!yields) where_.Fail("the body region does not end with cf.yield");
  if (yields->size() != args.size() + 1) {
    where_.Fail(StrCat("the body yields ", yields->size(), " values; expected ", args.size() + 1,
                       " (the condition, then one per loop value)"));
  }
  for (int64_t y : *yields) {
    if (y == 0) where_.Fail("the body yields a null value");
  }
  // Two phases: a yield may name another loop value's argument.
  block_ = b;
  std::vector<std::string> next;
  for (size_t k = 0; k < loop_vars.size(); ++k) {
    next.push_back(loop_vars[k] + ".next");
    DeclareVar(b, next.back(), arg_types[k]);
    EmitAssign(NameOf((*yields)[k + 1]), next.back());
  }
  for (size_t k = 0; k < loop_vars.size(); ++k) EmitAssign(next[k], loop_vars[k]);
  EmitAssign(NameOf((*yields)[0]), cond);
  block_ = parent;
  cpp::OpDesc* w = Emit("while");
  w->SetInput("X", loop_vars);
  w->SetInput("Condition", {cond});
  std::vector<std::string> outs = loop_vars;
  outs.push_back(cond);
  w->SetOutput("Out", outs);
  w->SetAttribute("sub_block", cpp::Attribute{cpp::AttrType::BLOCK, int32_t{b}});
  w->SetAttr("is_test", true);
  for (size_t k = 0; k < results.size(); ++k) {
    names_[results[k].id] = {loop_vars[k]};
    types_[results[k].id] = results[k].type;
  }
}

// Constants folded into attributes leave their op without readers: drop
// those ops (and their variables), in every block.
void Importer::PruneUnusedConstants() {
  std::set<std::string> read;
  for (const auto& b : prog_.blocks) {
    for (const auto& op : b.ops) {
      for (const auto& [slot, names] : op.inputs()) read.insert(names.begin(), names.end());
    }
  }
  for (auto& b : prog_.blocks) {
    std::set<std::string> dropped;
    auto& ops = b.ops;
    ops.erase(std::remove_if(ops.begin(), ops.end(),
                             [&](const cpp::OpDesc& op) {
                               if (op.Type() != "fill_constant" && op.Type() != "assign_value") return false;
                               const auto& out = op.Output("Out");
                               if (out.size() != 1 || !constant_outputs_.count(out[0]) || read.count(out[0])) {
                                 return false;
                               }
                               dropped.insert(out[0]);
                               return true;
                             }),
              ops.end());
    b.vars.erase(std::remove_if(b.vars.begin(), b.vars.end(),
                                [&](const cpp::VarDesc& v) { return dropped.count(v.name) > 0; }),
                 b.vars.end());
  }
}

void Importer::DeclareFeedFetch() {
  for (const char* name : {"feed", "fetch"}) {
    cpp::VarDesc v;
    v.name = name;
    v.type = std::strcmp(name, "feed") == 0 ? cpp::VarKind::FEED_MINIBATCH : cpp::VarKind::FETCH_LIST;
    v.persistable = true;
    prog_.blocks[0].vars.push_back(v);
  }
}

}  // namespace

}  // namespace pir_import

bool IsPirJsonFile(const std::string& path) {
  return path.size() >= 5 && path.compare(path.size() - 5, 5, ".json") == 0;
}

bool LooksLikePirJson(const char* data, size_t size) {
  for (size_t i = 0; i < size && i < 4096; ++i) {
    const char c = data[i];
    if (c == ' ' || c == '\n' || c == '\r' || c == '\t') continue;
    return c == '{';
  }
  return false;
}

bool FileLooksLikePirJson(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  char head[64];
  in.read(head, sizeof(head));
  return LooksLikePirJson(head, static_cast<size_t>(in.gcount()));
}

void ImportPirProgram(const std::string& json_text, const std::string& label, const char* params,
                      size_t params_size, const std::string& params_label, cpp::ProgramDesc* program,
                      Scope* weights) {
  LITE_ENFORCE(program != nullptr && weights != nullptr, "ImportPirProgram: program and weights must not be null");
  pir_import::Importer importer(label);
  importer.Run(json_text);
  Scope loaded;
  importer.LoadParams(params, params_size, params_label, &loaded);
  cpp::ProgramDesc prog = importer.TakeProgram();
  ValidateControlFlow(prog);
  for (const auto& name : loaded.LocalVarNames()) {
    Tensor* dst = weights->Var(name);
    *dst = std::move(*loaded.FindVar(name));
    dst->set_persistable(true);
  }
  *program = std::move(prog);
}

std::vector<cpp::VarDesc> PirParameters(const std::string& json_text, const std::string& label) {
  pir_import::Importer importer(label);
  importer.Run(json_text);
  return importer.SortedParams();
}

std::vector<std::string> MappedPirOps() {
  std::vector<std::string> names;
  for (const auto& r : pir_import::kRows) names.emplace_back(r.pir_name);
  std::sort(names.begin(), names.end());
  return names;
}

std::string PirOpTarget(const std::string& pir_name) {
  for (const auto& r : pir_import::kRows) {
    if (pir_name == r.pir_name) return r.paddle_type;
  }
  return "";
}

}  // namespace lite
}  // namespace paddle
