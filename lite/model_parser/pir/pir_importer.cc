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
#include <filesystem>
#include <fstream>
#include <limits>
#include <map>
#include <sstream>

#include "lite/core/error.h"
#include "lite/model_parser/pir/pir_importer_impl.h"
#include "lite/model_parser/tensor_record.h"

namespace paddle {
namespace lite {
namespace pir_import {
namespace {

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

#define PIR_OP(pir_name__, paddle_type__, operands__, results__, renames__, fixup__) \
  {pir_name__, paddle_type__, operands__, results__, renames__, fixup__, nullptr},
#define PIR_STRUCT(pir_name__, handler__) {pir_name__, "", "", "", "", nullptr, &Importer::handler__},
const OpRow kRows[] = {
#include "lite/model_parser/pir/pir_ops.inc"
};

}  // namespace

const OpRow* Importer::FindRow(const std::string& name) {
  static const std::unordered_map<std::string, const OpRow*> index = [] {
    std::unordered_map<std::string, const OpRow*> m;
    for (const auto& r : kRows) m[r.pir_name] = &r;
    return m;
  }();
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

void Importer::Run(const std::string& text) {
  Json doc;
  try {
    doc = Json::parse(text);
  } catch (const Json::parse_error& e) {
    where_.Fail(StrCat("not valid JSON (byte ", e.byte, "): ", e.what()));
  } catch (const Json::exception& e) {
    // e.g. out_of_range 406: a number beyond double's range.
    where_.Fail(StrCat("not valid JSON: ", e.what()));
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

void Importer::LoadParams(const char* data, size_t size, const std::string& label, Scope* weights) const {
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

std::vector<cpp::VarDesc> Importer::SortedParams() const {
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

void Importer::CheckHeader(const Json& doc) {
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

std::optional<std::vector<int64_t>> Importer::ConvertBlock(const Json& block_json, int32_t block_idx, int depth) {
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
    where_.op_name = StringOf(where_, Member(where_, op, "#", "op"), "op #");
    where_.op_name = FullOpName(where_, where_.op_name);
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

void Importer::ConvertOp(const Json& op) {
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

std::vector<int64_t> Importer::OperandIds(const Json& op) {
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

std::vector<Result> Importer::Results(const Json& op) {
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

const std::vector<std::string>& Importer::NamesOf(int64_t id) const {
  auto it = names_.find(id);
  if (it == names_.end()) {
    where_.Fail(id == 0 ? std::string("a null operand (value %0) where a value is expected")
                        : StrCat("value %", id, " is not defined before this op"));
  }
  return it->second;
}

const std::string& Importer::NameOf(int64_t id) const {
  auto t = types_.find(id);
  if (t != types_.end() && t->second.kind == ValueType::Kind::kNull) {
    where_.Fail(StrCat("value %", id, " has no type (NULL) where a tensor is expected"));
  }
  const auto& names = NamesOf(id);
  if (names.size() != 1) {
    where_.Fail(StrCat("value %", id, " is a vector of ", names.size(),
                       " tensors where one tensor is expected"));
  }
  return names[0];
}

void Importer::DeclareVar(int32_t block, const std::string& name, const ValueType& type, bool persistable) {
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

void Importer::Bind(const Result& r, const std::string& name) {
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

void Importer::ClaimName(const std::string& name, const char* what) {
  if (name.empty()) where_.Fail(StrCat(what, " name is empty"));
  if (name[0] == '%') where_.Fail(StrCat(what, " name '", name, "' starts with '%' (reserved for value ids)"));
  if (!program_names_.insert(name).second) {
    where_.Fail(StrCat(what, " name '", name, "' is used twice in the program"));
  }
}

cpp::OpDesc* Importer::Emit(const std::string& type) {
  auto& ops = prog_.blocks[block_].ops;
  ops.emplace_back(type);
  return &ops.back();
}

void Importer::EmitAssign(const std::string& from, const std::string& to) {
  cpp::OpDesc* a = Emit("assign");
  a->SetInput("X", {from});
  a->SetOutput("Out", {to});
}

int32_t Importer::NewBlock(int32_t parent) {
  cpp::BlockDesc b;
  b.idx = static_cast<int32_t>(prog_.blocks.size());
  b.parent_idx = parent;
  prog_.blocks.push_back(std::move(b));
  return prog_.blocks.back().idx;
}

const Json* Importer::Attr(const Json& op, const char* name) {
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

const Json& Importer::RequiredAttr(const Json& op, const char* name) {
  const Json* a = Attr(op, name);
  if (!a) where_.Fail(StrCat("attribute '", name, "' is missing"));
  return *a;
}

void Importer::Generic(const OpRow& row, const Json& op) {
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

void Importer::MapOperand(const std::string& spec, size_t i, int64_t id, cpp::OpDesc* desc) {
  if (spec == "-" || id == 0) return;
  const size_t colon = spec.find(':');
  if (colon == std::string::npos) {
    if (spec.back() == '*') {
      desc->SetInput(spec.substr(0, spec.size() - 1), NamesOf(id));
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
      desc->SetInput(slot.substr(0, slot.size() - 1), NamesOf(id));
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

void Importer::CopyAttributes(const OpRow& row, const Json& op, cpp::OpDesc* desc) {
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
  // Never open what is not a regular file (a FIFO would block the open).
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return false;
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
