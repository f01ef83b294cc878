// Structural PIR ops: data and fetch (feed/fetch ops), shadow outputs,
// pd_op.full / full_int_array (constants, folded into attributes where the
// mapping asks), parameters (`p` and builtin.parameter) and builtin
// combine/split/slice (names only, no op).
#include <algorithm>

#include "lite/core/error.h"
#include "lite/model_parser/pir/pir_importer_impl.h"

namespace paddle {
namespace lite {
namespace pir_import {

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
  const auto parts = NamesOf(ids[0]);
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
  const auto parts = NamesOf(ids[0]);
  const int64_t index = static_cast<int64_t>(AttributeNumber(where_, RequiredAttr(op, "index"), "attribute 'index'"));
  if (index < 0 || index >= static_cast<int64_t>(parts.size())) {
    where_.Fail(StrCat("index ", index, " is outside the ", parts.size(), " tensors of value %", ids[0]));
  }
  names_[results[0].id] = {parts[static_cast<size_t>(index)]};
  types_[results[0].id] = results[0].type;
}


}  // namespace pir_import
}  // namespace lite
}  // namespace paddle
