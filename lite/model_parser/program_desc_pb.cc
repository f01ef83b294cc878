#include "lite/model_parser/program_desc_pb.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/unknown_field_set.h>

#include <climits>
#include <set>
#include <utility>
#include <vector>

#include "lite/model_parser/framework.pb.h"

namespace paddle {
namespace lite {
namespace {

namespace pb = ::paddle::framework::proto;

// proto2 enums are closed: a value the schema does not know is not stored in
// the field but kept as an unknown varint. Returns it (or -1 when absent) so
// errors can name the code the file actually holds.
int64_t UnknownVarint(const google::protobuf::Message& msg, int field_number) {
  const auto& unknown = msg.GetReflection()->GetUnknownFields(msg);
  for (int i = 0; i < unknown.field_count(); ++i) {
    const auto& f = unknown.field(i);
    if (f.number() == field_number &&
        f.type() == google::protobuf::UnknownField::TYPE_VARINT) {
      return static_cast<int64_t>(f.varint());
    }
  }
  return -1;
}

bool IsKnownVarKind(int code) { return pb::VarType_Type_IsValid(code); }

// Element type code of a TensorDesc; throws naming the variable when the desc
// has no data_type or an unknown one.
cpp::VarKind TensorDescType(const pb::VarType::TensorDesc& desc,
                            const std::string& where) {
  if (!desc.has_data_type()) {
    int64_t code = UnknownVarint(desc, 1);
    if (code >= 0) {
      ThrowError(where, ": tensor data_type has unknown code ", code,
                 " (known: 0-6, 19-24 as in Paddle's VarType.Type)");
    }
    ThrowError(where, ": tensor description has no data_type (required field missing)");
  }
  return static_cast<cpp::VarKind>(desc.data_type());
}

void ConvertTensorDesc(const pb::VarType::TensorDesc& desc,
                       const std::string& where, cpp::VarDesc* var) {
  cpp::VarKind elem = TensorDescType(desc, where);
  // Element types we cannot hold (BF16, complex, SIZE_T) become kUnknown; the
  // loader rejects persistable variables of such types by name.
  var->dtype = cpp::DataTypeFromVarKind(elem);
  var->dims.assign(desc.dims().begin(), desc.dims().end());
  for (int64_t d : var->dims) {
    if (d < -1) ThrowError(where, ": invalid dimension ", d, " in dims ", DimsToString(var->dims));
  }
}

void ConvertVar(const pb::VarDesc& pv, const std::string& block_where, int index,
                cpp::VarDesc* var) {
  std::string where = StrCat(block_where, ", var ", index);
  if (!pv.has_name()) ThrowError(where, ": variable has no name (required field missing)");
  if (pv.name().empty()) ThrowError(where, ": variable has an empty name");
  var->name = pv.name();
  where = StrCat(where, " ('", pv.name(), "')");
  if (!pv.has_type()) ThrowError(where, ": variable has no type (required field missing)");
  const pb::VarType& vt = pv.type();
  if (!vt.has_type()) {
    int64_t code = UnknownVarint(vt, 1);
    if (code >= 0) ThrowError(where, ": unknown variable type code ", code);
    ThrowError(where, ": variable type has no type code (required field missing)");
  }
  var->type = static_cast<cpp::VarKind>(vt.type());
  var->persistable = pv.persistable();
  var->need_check_feed = pv.need_check_feed();
  var->lod_level = 0;
  var->dims.clear();
  var->dtype = DataType::kUnknown;
  switch (vt.type()) {
    case pb::VarType::LOD_TENSOR:
      if (!vt.has_lod_tensor() || !vt.lod_tensor().has_tensor()) {
        ThrowError(where, ": LOD_TENSOR variable has no tensor description");
      }
      ConvertTensorDesc(vt.lod_tensor().tensor(), where, var);
      var->lod_level = vt.lod_tensor().lod_level();
      break;
    case pb::VarType::LOD_TENSOR_ARRAY:
      if (!vt.has_tensor_array() || !vt.tensor_array().has_tensor()) {
        ThrowError(where, ": LOD_TENSOR_ARRAY variable has no tensor description");
      }
      ConvertTensorDesc(vt.tensor_array().tensor(), where, var);
      var->lod_level = vt.tensor_array().lod_level();
      break;
    case pb::VarType::SELECTED_ROWS:
      if (vt.has_selected_rows()) ConvertTensorDesc(vt.selected_rows(), where, var);
      break;
    default:
      // Element-type codes used as a variable's kind (e.g. a bare FP32 var in
      // old programs) and the non-tensor kinds carry no tensor description.
      var->dtype = cpp::DataTypeFromVarKind(var->type);
      break;
  }
}

cpp::Scalar ConvertScalar(const pb::Scalar& ps, const std::string& where) {
  if (!ps.has_type()) {
    const int64_t code = UnknownVarint(ps, 1);
    ThrowError(where, " holds a Scalar ",
               code >= 0 ? StrCat("of unknown type code ", code,
                                  " (known: 1 BOOLEAN, 2 LONG, 3 FLOAT64, 4 COMPLEX128)")
                         : std::string("without a type (required field missing)"));
  }
  switch (ps.type()) {
    case pb::Scalar::BOOLEAN: return cpp::Scalar::Bool(ps.b());
    case pb::Scalar::LONG: return cpp::Scalar::Long(ps.i());
    case pb::Scalar::FLOAT64: return cpp::Scalar::Double(ps.r());
    case pb::Scalar::COMPLEX128:
      if (!ps.has_c() || !ps.c().has_r() || !ps.c().has_i()) {
        ThrowError(where, " holds a COMPLEX128 Scalar without its complex value");
      }
      return cpp::Scalar::Complex(ps.c().r(), ps.c().i());
  }
  ThrowError(where, " holds a Scalar of unknown type ", static_cast<int>(ps.type()));
}

cpp::Attribute ConvertAttr(const pb::OpDesc::Attr& pa, const std::string& op_where,
                           int num_blocks) {
  if (!pa.has_name()) ThrowError(op_where, ": attribute has no name (required field missing)");
  std::string where = StrCat(op_where, ": attribute '", pa.name(), "'");
  if (!pa.has_type()) {
    int64_t code = UnknownVarint(pa, 2);
    if (code >= 0) ThrowError(where, " has unknown type code ", code, " (known: 0-17)");
    ThrowError(where, " has no type (required field missing)");
  }
  auto check_block = [&](int32_t b) {
    if (b < 0 || b >= num_blocks) {
      ThrowError(where, " refers to block ", b, " but the program has ", num_blocks, " block(s)");
    }
  };
  cpp::Attribute a;
  a.type = static_cast<cpp::AttrType>(pa.type());
  switch (pa.type()) {
    case pb::INT: a.value = static_cast<int32_t>(pa.i()); break;
    case pb::FLOAT: a.value = pa.f(); break;
    case pb::STRING: a.value = pa.s(); break;
    case pb::INTS:
      a.value = std::vector<int32_t>(pa.ints().begin(), pa.ints().end());
      break;
    case pb::FLOATS:
      a.value = std::vector<float>(pa.floats().begin(), pa.floats().end());
      break;
    case pb::STRINGS:
      a.value = std::vector<std::string>(pa.strings().begin(), pa.strings().end());
      break;
    case pb::BOOLEAN: a.value = pa.b(); break;
    case pb::BOOLEANS:
      a.value = std::vector<bool>(pa.bools().begin(), pa.bools().end());
      break;
    case pb::BLOCK:
      check_block(pa.block_idx());
      a.value = static_cast<int32_t>(pa.block_idx());
      break;
    case pb::LONG: a.value = static_cast<int64_t>(pa.l()); break;
    case pb::BLOCKS: {
      std::vector<int32_t> blocks(pa.blocks_idx().begin(), pa.blocks_idx().end());
      for (int32_t b : blocks) check_block(b);
      a.value = std::move(blocks);
      break;
    }
    case pb::LONGS:
      a.value = std::vector<int64_t>(pa.longs().begin(), pa.longs().end());
      break;
    case pb::FLOAT64S:
      a.value = std::vector<double>(pa.float64s().begin(), pa.float64s().end());
      break;
    case pb::VAR: a.value = pa.var_name(); break;
    case pb::VARS:
      a.value = std::vector<std::string>(pa.vars_name().begin(), pa.vars_name().end());
      break;
    case pb::FLOAT64: a.value = pa.float64(); break;
    case pb::SCALAR:
      if (!pa.has_scalar()) ThrowError(where, " has type SCALAR but no scalar value");
      a.value = ConvertScalar(pa.scalar(), where);
      break;
    case pb::SCALARS: {
      std::vector<cpp::Scalar> values;
      values.reserve(pa.scalars_size());
      for (const auto& ps : pa.scalars()) values.push_back(ConvertScalar(ps, where));
      a.value = std::move(values);
      break;
    }
  }
  return a;
}

void ConvertSlots(const google::protobuf::RepeatedPtrField<pb::OpDesc::Var>& slots,
                  const std::string& where, const char* kind,
                  std::map<std::string, std::vector<std::string>>* out) {
  for (const auto& slot : slots) {
    if (!slot.has_parameter()) {
      ThrowError(where, ": an ", kind, " slot has no parameter name (required field missing)");
    }
    auto& args = (*out)[slot.parameter()];
    args.insert(args.end(), slot.arguments().begin(), slot.arguments().end());
  }
}

void ConvertOp(const pb::OpDesc& po, const std::string& block_where, int index,
               int num_blocks, cpp::OpDesc* op) {
  std::string where = StrCat(block_where, ", op ", index);
  if (!po.has_type()) ThrowError(where, ": op has no type (required field missing)");
  if (po.type().empty()) ThrowError(where, ": op has an empty type");
  where = StrCat(where, " ('", po.type(), "')");
  op->SetType(po.type());
  ConvertSlots(po.inputs(), where, "input", &op->mutable_inputs());
  ConvertSlots(po.outputs(), where, "output", &op->mutable_outputs());
  for (const auto& pa : po.attrs()) {
    op->SetAttribute(pa.name(), ConvertAttr(pa, where, num_blocks));
  }
  op->set_is_target(po.is_target());
}

void ConvertProgram(const pb::ProgramDesc& pp, const std::string& source,
                    cpp::ProgramDesc* out) {
  const int num_blocks = pp.blocks_size();
  if (num_blocks == 0) {
    ThrowError(source, ": the ProgramDesc has no blocks (empty or not a Paddle model file?)");
  }
  out->blocks.resize(num_blocks);
  for (int b = 0; b < num_blocks; ++b) {
    const pb::BlockDesc& pb_block = pp.blocks(b);
    std::string where = StrCat(source, ": block ", b);
    if (!pb_block.has_idx()) ThrowError(where, ": block has no idx (required field missing)");
    if (!pb_block.has_parent_idx()) {
      ThrowError(where, ": block has no parent_idx (required field missing)");
    }
    if (pb_block.idx() != b) {
      ThrowError(where, ": block at position ", b, " says its idx is ", pb_block.idx());
    }
    int32_t parent = pb_block.parent_idx();
    if (b == 0 ? parent != -1 && parent != 0 : (parent < 0 || parent >= num_blocks || parent == b)) {
      ThrowError(where, ": invalid parent_idx ", parent, " (program has ", num_blocks,
                 " block(s))");
    }
    cpp::BlockDesc& block = out->blocks[b];
    block.idx = b;
    block.parent_idx = parent;
    block.forward_block_idx = pb_block.forward_block_idx();
    block.vars.resize(pb_block.vars_size());
    std::set<std::string> names;
    for (int v = 0; v < pb_block.vars_size(); ++v) {
      ConvertVar(pb_block.vars(v), where, v, &block.vars[v]);
      if (!names.insert(block.vars[v].name).second) {
        ThrowError(where, ", var ", v, ": variable '", block.vars[v].name,
                   "' is declared twice in the block");
      }
    }
    block.ops.resize(pb_block.ops_size());
    for (int o = 0; o < pb_block.ops_size(); ++o) {
      ConvertOp(pb_block.ops(o), where, o, num_blocks, &block.ops[o]);
    }
  }
  out->has_version = pp.has_version();
  out->version = pp.has_version() ? pp.version().version() : 0;
  out->op_version_map.clear();
  if (pp.has_op_version_map()) {
    for (const auto& pair : pp.op_version_map().pair()) {
      if (!pair.has_op_name() || !pair.has_op_version() || !pair.op_version().has_version()) {
        ThrowError(source, ": op_version_map entry '", pair.op_name(),
                   "' is incomplete (required field missing)");
      }
      out->op_version_map[pair.op_name()] = pair.op_version().version();
    }
  }
}

// ---- serialization ----

template <typename T>
const T& AttrValue(const cpp::Attribute& a, const std::string& op, const std::string& name) {
  const T* v = std::get_if<T>(&a.value);
  if (!v) {
    ThrowError("SerializeProgramDesc: op '", op, "' attribute '", name, "' is declared ",
               cpp::AttrTypeName(a.type), " but holds a value of another kind");
  }
  return *v;
}

void FillScalar(const cpp::Scalar& s, pb::Scalar* ps) {
  ps->set_type(static_cast<pb::Scalar::Type>(static_cast<int>(s.kind)));
  switch (s.kind) {
    case cpp::Scalar::Kind::BOOLEAN: ps->set_b(s.b); break;
    case cpp::Scalar::Kind::LONG: ps->set_i(s.i); break;
    case cpp::Scalar::Kind::FLOAT64: ps->set_r(s.r); break;
    case cpp::Scalar::Kind::COMPLEX128:
      ps->mutable_c()->set_r(s.r);
      ps->mutable_c()->set_i(s.imag);
      break;
  }
}

void FillAttr(const std::string& op, const std::string& name, const cpp::Attribute& a,
              pb::OpDesc::Attr* pa) {
  pa->set_name(name);
  int code = static_cast<int>(a.type);
  if (!pb::AttrType_IsValid(code)) {
    ThrowError("SerializeProgramDesc: op '", op, "' attribute '", name, "' has invalid type ", code);
  }
  pa->set_type(static_cast<pb::AttrType>(code));
  switch (a.type) {
    case cpp::AttrType::INT: pa->set_i(AttrValue<int32_t>(a, op, name)); break;
    case cpp::AttrType::FLOAT: pa->set_f(AttrValue<float>(a, op, name)); break;
    case cpp::AttrType::STRING: pa->set_s(AttrValue<std::string>(a, op, name)); break;
    case cpp::AttrType::INTS:
      for (int32_t v : AttrValue<std::vector<int32_t>>(a, op, name)) pa->add_ints(v);
      break;
    case cpp::AttrType::FLOATS:
      for (float v : AttrValue<std::vector<float>>(a, op, name)) pa->add_floats(v);
      break;
    case cpp::AttrType::STRINGS:
      for (const auto& v : AttrValue<std::vector<std::string>>(a, op, name)) pa->add_strings(v);
      break;
    case cpp::AttrType::BOOLEAN: pa->set_b(AttrValue<bool>(a, op, name)); break;
    case cpp::AttrType::BOOLEANS:
      for (bool v : AttrValue<std::vector<bool>>(a, op, name)) pa->add_bools(v);
      break;
    case cpp::AttrType::BLOCK: pa->set_block_idx(AttrValue<int32_t>(a, op, name)); break;
    case cpp::AttrType::LONG: pa->set_l(AttrValue<int64_t>(a, op, name)); break;
    case cpp::AttrType::BLOCKS:
      for (int32_t v : AttrValue<std::vector<int32_t>>(a, op, name)) pa->add_blocks_idx(v);
      break;
    case cpp::AttrType::LONGS:
      for (int64_t v : AttrValue<std::vector<int64_t>>(a, op, name)) pa->add_longs(v);
      break;
    case cpp::AttrType::FLOAT64S:
      for (double v : AttrValue<std::vector<double>>(a, op, name)) pa->add_float64s(v);
      break;
    case cpp::AttrType::VAR: pa->set_var_name(AttrValue<std::string>(a, op, name)); break;
    case cpp::AttrType::VARS:
      for (const auto& v : AttrValue<std::vector<std::string>>(a, op, name)) pa->add_vars_name(v);
      break;
    case cpp::AttrType::FLOAT64: pa->set_float64(AttrValue<double>(a, op, name)); break;
    case cpp::AttrType::SCALAR:
      FillScalar(AttrValue<cpp::Scalar>(a, op, name), pa->mutable_scalar());
      break;
    case cpp::AttrType::SCALARS:
      for (const auto& v : AttrValue<std::vector<cpp::Scalar>>(a, op, name)) {
        FillScalar(v, pa->add_scalars());
      }
      break;
  }
}

void FillTensorDesc(const cpp::VarDesc& var, pb::VarType::TensorDesc* desc) {
  if (var.dtype == DataType::kUnknown) {
    ThrowError("SerializeProgramDesc: variable '", var.name,
               "' has a tensor type but an unknown element type");
  }
  desc->set_data_type(static_cast<pb::VarType::Type>(cpp::VarKindFromDataType(var.dtype)));
  for (int64_t d : var.dims) desc->add_dims(d);
}

void FillVar(const cpp::VarDesc& var, pb::VarDesc* pv) {
  pv->set_name(var.name);
  int code = static_cast<int>(var.type);
  if (!IsKnownVarKind(code)) {
    ThrowError("SerializeProgramDesc: variable '", var.name, "' has invalid type code ", code);
  }
  pb::VarType* vt = pv->mutable_type();
  vt->set_type(static_cast<pb::VarType::Type>(code));
  switch (var.type) {
    case cpp::VarKind::LOD_TENSOR:
      FillTensorDesc(var, vt->mutable_lod_tensor()->mutable_tensor());
      vt->mutable_lod_tensor()->set_lod_level(var.lod_level);
      break;
    case cpp::VarKind::LOD_TENSOR_ARRAY:
      FillTensorDesc(var, vt->mutable_tensor_array()->mutable_tensor());
      vt->mutable_tensor_array()->set_lod_level(var.lod_level);
      break;
    case cpp::VarKind::SELECTED_ROWS:
      if (var.dtype != DataType::kUnknown) FillTensorDesc(var, vt->mutable_selected_rows());
      break;
    default:
      break;
  }
  pv->set_persistable(var.persistable);
  if (var.need_check_feed) pv->set_need_check_feed(true);
}

void FillSlots(const std::map<std::string, std::vector<std::string>>& slots,
               google::protobuf::RepeatedPtrField<pb::OpDesc::Var>* out) {
  for (const auto& kv : slots) {
    pb::OpDesc::Var* v = out->Add();
    v->set_parameter(kv.first);
    for (const auto& arg : kv.second) v->add_arguments(arg);
  }
}

}  // namespace

void ParseProgramDesc(const char* data, size_t size, const std::string& source_name,
                      cpp::ProgramDesc* out) {
  LITE_ENFORCE(out != nullptr, "ParseProgramDesc: output is null");
  if (size == 0) {
    ThrowError(source_name, ": the model file is empty (0 bytes); expected a Paddle ProgramDesc");
  }
  if (size > static_cast<size_t>(INT_MAX)) {
    ThrowError(source_name, ": ", size, " bytes is too large for a ProgramDesc (limit 2 GiB)");
  }
  pb::ProgramDesc pp;
  google::protobuf::io::CodedInputStream input(reinterpret_cast<const uint8_t*>(data),
                                               static_cast<int>(size));
  input.SetRecursionLimit(100);
  if (!pp.MergePartialFromCodedStream(&input) || !input.ConsumedEntireMessage()) {
    ThrowError(source_name, ": not a valid Paddle ProgramDesc (protobuf parse failed within ",
               size, " bytes: the file is truncated, corrupt, or not a model file)");
  }
  cpp::ProgramDesc program;
  ConvertProgram(pp, source_name, &program);
  *out = std::move(program);
}

void ParseProgramDesc(const std::string& bytes, const std::string& source_name,
                      cpp::ProgramDesc* out) {
  ParseProgramDesc(bytes.data(), bytes.size(), source_name, out);
}

std::string SerializeProgramDesc(const cpp::ProgramDesc& program) {
  pb::ProgramDesc pp;
  for (const auto& block : program.blocks) {
    pb::BlockDesc* pb_block = pp.add_blocks();
    pb_block->set_idx(block.idx);
    pb_block->set_parent_idx(block.parent_idx);
    for (const auto& var : block.vars) FillVar(var, pb_block->add_vars());
    for (const auto& op : block.ops) {
      pb::OpDesc* po = pb_block->add_ops();
      FillSlots(op.inputs(), po->mutable_inputs());
      FillSlots(op.outputs(), po->mutable_outputs());
      po->set_type(op.Type());
      for (const auto& kv : op.attrs()) FillAttr(op.Type(), kv.first, kv.second, po->add_attrs());
      if (op.is_target()) po->set_is_target(true);
    }
    if (block.forward_block_idx != -1) pb_block->set_forward_block_idx(block.forward_block_idx);
  }
  if (program.has_version) pp.mutable_version()->set_version(program.version);
  if (!program.op_version_map.empty()) {
    auto* map = pp.mutable_op_version_map();
    for (const auto& kv : program.op_version_map) {
      auto* pair = map->add_pair();
      pair->set_op_name(kv.first);
      pair->mutable_op_version()->set_version(kv.second);
    }
  }
  std::string bytes;
  if (!pp.SerializePartialToString(&bytes)) {
    ThrowError("SerializeProgramDesc: protobuf serialization failed");
  }
  return bytes;
}

}  // namespace lite
}  // namespace paddle
