// PIR control flow onto our blocks. pd_op.if: each region becomes a
// sub-block run by a conditional_block (cond, then !cond) that assigns its
// yields to per-branch variables; select_input with cast(cond) as Mask joins
// them. pd_op.while: the loop values are the body block's arguments, copied
// in before the loop and from the yields at the end of each iteration (in
// two phases: a yield may name another argument); the yield's first value is
// the next condition.
#include "lite/core/error.h"
#include "lite/model_parser/pir/pir_importer_impl.h"

namespace paddle {
namespace lite {
namespace pir_import {

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


}  // namespace pir_import
}  // namespace lite
}  // namespace paddle
