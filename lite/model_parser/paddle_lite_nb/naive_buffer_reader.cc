// The naive-buffer encoding of Paddle Lite's meta-0 .nb files and of the
// pre-v2.3 folder (facts from Paddle Lite's lite/model_parser/naive_buffer/:
// naive_buffer.h and proto/framework.nb.h). A struct is its fields one
// after the other, nothing else; a list is a uint64 count then the
// elements; a string a uint64 length then the bytes; an enum an int32; a
// bool one byte. Every struct below lists its fields in file order.
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb_common.h"

namespace paddle {
namespace lite {
namespace plnb {
namespace {

// The naive buffer's own element/variable type numbering (index) -> the
// VarType.Type numbering of framework.proto (value).
constexpr int32_t kNaiveToProtoType[] = {
    0,  1,  2,  3,  4,  5,  6,  // BOOL INT16 INT32 INT64 FP16 FP32 FP64
    19, 20, 21,                 // SIZE_T UINT8 INT8
    7,  8,  9,  10, 11, 12, 13, 14, 15,  // LOD_TENSOR ... READER
    17, 18,                              // RAW TUPLE
};
constexpr int32_t kNaiveTypes = sizeof(kNaiveToProtoType) / sizeof(kNaiveToProtoType[0]);

int32_t ProtoType(SectionReader* r, const char* what) {
  size_t at = r->pos();
  int32_t t = r->Get<int32_t>(what);
  if (t < 0 || t >= kNaiveTypes) {
    r->Fail(at, what, StrCat(" has naive-buffer type code ", t, " (expected 0-", kNaiveTypes - 1, ")"));
  }
  return kNaiveToProtoType[t];
}

DataType ElementType(SectionReader* r, const std::string& what) {
  size_t at = r->pos();
  int32_t code = ProtoType(r, "element type");
  DataType t = cpp::DataTypeFromVarKind(static_cast<cpp::VarKind>(code));
  if (t == DataType::kUnknown) {
    r->Fail(at, what, StrCat(" has element type code ", code, " (not a tensor element type)"));
  }
  return t;
}

template <typename T>
std::vector<T> PrimaryList(SectionReader* r, const char* what) {
  uint64_t n = r->GetCount(what, sizeof(T));
  std::vector<T> v(static_cast<size_t>(n));
  for (auto& x : v) x = r->Get<T>(what);
  return v;
}

std::vector<std::string> StringList(SectionReader* r, const char* what) {
  uint64_t n = r->GetCount(what, 8);
  std::vector<std::string> v;
  for (uint64_t i = 0; i < n; ++i) v.push_back(r->GetString(what));
  return v;
}

// TensorDesc: data_type (enum), dims (list of int64). The element type is
// kept raw: Paddle Lite's opt stored the TensorDescs a variable does not use
// (selected_rows, tensor_array for a LOD_TENSOR) with uninitialized enum
// values, so only the one the variable's type selects is checked.
void TensorDesc(SectionReader* r, int32_t* type, std::vector<int64_t>* dims) {
  *type = r->Get<int32_t>("tensor element type");
  *dims = PrimaryList<int64_t>(r, "tensor dims");
}

cpp::VarDesc ReadVar(SectionReader* r) {
  cpp::VarDesc v;
  size_t at = r->pos();
  v.name = r->GetString("variable name");
  if (v.name.empty()) r->Fail(at, "variable", " has an empty name");
  // VarType: type, selected_rows (TensorDesc), lod_tensor (TensorDesc +
  // lod_level), tensor_array (TensorDesc + lod_level), reader (list of
  // LoDTensorDesc), tuple (list of enums).
  int32_t kind = ProtoType(r, "variable type");
  v.type = static_cast<cpp::VarKind>(kind);
  int32_t t;
  std::vector<int64_t> dims;
  TensorDesc(r, &t, &dims);  // selected_rows
  int32_t lod_type;
  std::vector<int64_t> lod_dims;
  TensorDesc(r, &lod_type, &lod_dims);
  int32_t lod_level = r->Get<int32_t>("lod_tensor lod_level");
  int32_t arr_type;
  std::vector<int64_t> arr_dims;
  TensorDesc(r, &arr_type, &arr_dims);
  int32_t arr_level = r->Get<int32_t>("tensor_array lod_level");
  uint64_t readers = r->GetCount("reader tensors", 24);
  for (uint64_t i = 0; i < readers; ++i) {
    TensorDesc(r, &t, &dims);
    r->Get<int32_t>("reader lod_level");
  }
  PrimaryList<int32_t>(r, "tuple element types");
  v.persistable = r->Get<uint8_t>("variable persistable") != 0;
  const bool array = v.type == cpp::VarKind::LOD_TENSOR_ARRAY;
  if (array || v.type == cpp::VarKind::LOD_TENSOR) {
    // Paddle Lite v2.3 - v2.6 left the element type of activations
    // uninitialized too (values like 32 or 21704824 in real files): an
    // unknown code means "unknown" (the parameters carry their own type).
    // Code 0 (BOOL) with no dims is a TensorDesc never filled in: every
    // variable of the shared meta-0 files reads so, float weights and LAC's
    // int64 `words` alike.
    int32_t et = array ? arr_type : lod_type;
    const bool unrecorded = et == 0 && (array ? arr_dims : lod_dims).empty();
    v.dtype = !unrecorded && et >= 0 && et < kNaiveTypes
                  ? cpp::DataTypeFromVarKind(static_cast<cpp::VarKind>(kNaiveToProtoType[et]))
                  : DataType::kUnknown;
    v.dims = array ? arr_dims : lod_dims;
    v.lod_level = array ? arr_level : lod_level;
  }
  if (v.dims.size() > kMaxRank) r->Fail(at, "variable '" + v.name + "'", StrCat(" has rank ", v.dims.size()));
  return v;
}

void ReadSlots(SectionReader* r, std::map<std::string, std::vector<std::string>>* slots) {
  uint64_t n = r->GetCount("op slots", 16);
  for (uint64_t i = 0; i < n; ++i) {
    std::string slot = r->GetString("slot name");
    (*slots)[slot] = StringList(r, "slot variables");
  }
}

// Attr: name, type (enum), i, f, s, ints, floats, strings, b, bools,
// block_idx, l, blocks_idx, longs: every field is stored whatever the
// type; the type says which one holds the value.
cpp::Attribute ReadAttr(SectionReader* r, const std::string& op, std::string* name) {
  size_t at = r->pos();
  *name = r->GetString("attribute name");
  int32_t type = r->Get<int32_t>("attribute type");
  int32_t i = r->Get<int32_t>("attribute i");
  float f = r->Get<float>("attribute f");
  std::string s = r->GetString("attribute s");
  std::vector<int32_t> ints = PrimaryList<int32_t>(r, "attribute ints");
  std::vector<float> floats = PrimaryList<float>(r, "attribute floats");
  std::vector<std::string> strings = StringList(r, "attribute strings");
  bool b = r->Get<uint8_t>("attribute b") != 0;
  std::vector<uint8_t> bools = PrimaryList<uint8_t>(r, "attribute bools");
  int32_t block_idx = r->Get<int32_t>("attribute block_idx");
  int64_t l = r->Get<int64_t>("attribute l");
  std::vector<int32_t> blocks_idx = PrimaryList<int32_t>(r, "attribute blocks_idx");
  std::vector<int64_t> longs = PrimaryList<int64_t>(r, "attribute longs");
  cpp::Attribute a;
  a.type = static_cast<cpp::AttrType>(type);
  switch (a.type) {
    case cpp::AttrType::INT: a.value = i; break;
    case cpp::AttrType::FLOAT: a.value = f; break;
    case cpp::AttrType::STRING: a.value = s; break;
    case cpp::AttrType::INTS: a.value = ints; break;
    case cpp::AttrType::FLOATS: a.value = floats; break;
    case cpp::AttrType::STRINGS: a.value = strings; break;
    case cpp::AttrType::BOOLEAN: a.value = b; break;
    case cpp::AttrType::BOOLEANS: a.value = std::vector<bool>(bools.begin(), bools.end()); break;
    case cpp::AttrType::BLOCK: a.value = block_idx; break;
    case cpp::AttrType::LONG: a.value = l; break;
    case cpp::AttrType::BLOCKS: a.value = blocks_idx; break;
    case cpp::AttrType::LONGS: a.value = longs; break;
    default:
      r->Fail(at, StrCat("op '", op, "' attribute '", *name, "'"),
              StrCat(" has attribute type code ", type, " (the naive buffer stores 0-11)"));
  }
  return a;
}

cpp::OpDesc ReadOp(SectionReader* r) {
  size_t at = r->pos();
  cpp::OpDesc op(r->GetString("op type"));
  if (op.Type().empty()) r->Fail(at, "op", " has an empty type");
  ReadSlots(r, &op.mutable_inputs());
  ReadSlots(r, &op.mutable_outputs());
  uint64_t n = r->GetCount("op attributes", 80);
  for (uint64_t i = 0; i < n; ++i) {
    std::string name;
    cpp::Attribute a = ReadAttr(r, op.Type(), &name);
    op.SetAttribute(name, a);
  }
  op.set_is_target(r->Get<uint8_t>("op is_target") != 0);
  return op;
}

}  // namespace

void ReadNaiveProgram(SectionReader* r, cpp::ProgramDesc* program) {
  // ProgramDesc: blocks (list of BlockDesc), version (int64).
  uint64_t nblocks = r->GetCount("blocks", 32);
  for (uint64_t b = 0; b < nblocks; ++b) {
    // BlockDesc: idx, parent_idx, vars, ops, forward_block_idx.
    cpp::BlockDesc blk;
    blk.idx = r->Get<int32_t>("block idx");
    blk.parent_idx = r->Get<int32_t>("block parent_idx");
    uint64_t nvars = r->GetCount("variables", 60);
    for (uint64_t i = 0; i < nvars; ++i) blk.vars.push_back(ReadVar(r));
    uint64_t nops = r->GetCount("ops", 33);
    for (uint64_t i = 0; i < nops; ++i) blk.ops.push_back(ReadOp(r));
    blk.forward_block_idx = r->Get<int32_t>("block forward_block_idx");
    program->blocks.push_back(std::move(blk));
  }
  program->version = r->Get<int64_t>("program version");
  program->has_version = true;
  if (r->remaining() != 0) {
    r->Fail(r->pos(), "end of the program", StrCat(": ", r->remaining(), " unexpected bytes follow it"));
  }
}

void ReadNaiveParams(SectionReader* r, Scope* weights) {
  // A list of ParamDesc: name, model_version (uint32), lod_level (uint64),
  // lod (list of lists of uint64), tensor_version (uint32), tensor_desc
  // (TensorDesc), data (list of bytes).
  uint64_t n = r->GetCount("parameters", 60);
  for (uint64_t i = 0; i < n; ++i) {
    size_t at = r->pos();
    std::string name = r->GetString("parameter name");
    r->Get<uint32_t>("parameter model_version");
    r->Get<uint64_t>("parameter lod_level");
    uint64_t levels = r->GetCount("parameter lod levels", 8);
    LoD lod;
    for (uint64_t l = 0; l < levels; ++l) lod.push_back(PrimaryList<uint64_t>(r, "parameter lod"));
    r->Get<uint32_t>("parameter tensor_version");
    DataType type = ElementType(r, "parameter '" + name + "'");
    DDim dims = PrimaryList<int64_t>(r, "parameter dims");
    uint64_t nbytes = r->GetCount("parameter data", 1);
    const AlignedBuffer bytes = r->TakeAligned(static_cast<size_t>(nbytes), "parameter data");
    AddWeight(weights, name, type, dims, reinterpret_cast<const char*>(bytes.data()),
              static_cast<size_t>(nbytes), r->source(), r->section(), at, bytes.holder());
    if (!lod.empty()) weights->FindLocalVar(name)->set_lod(lod);
  }
  if (r->remaining() != 0) {
    r->Fail(r->pos(), "end of the params", StrCat(": ", r->remaining(), " unexpected bytes follow the ",
                                                  n, " parameters"));
  }
}

}  // namespace plnb
}  // namespace lite
}  // namespace paddle
