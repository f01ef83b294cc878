#include "lite/core/program_desc.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <sstream>
#include <type_traits>

namespace paddle {
namespace lite {
namespace cpp {

const char* AttrTypeName(AttrType type) {
  switch (type) {
    case AttrType::INT: return "INT";
    case AttrType::FLOAT: return "FLOAT";
    case AttrType::STRING: return "STRING";
    case AttrType::INTS: return "INTS";
    case AttrType::FLOATS: return "FLOATS";
    case AttrType::STRINGS: return "STRINGS";
    case AttrType::BOOLEAN: return "BOOLEAN";
    case AttrType::BOOLEANS: return "BOOLEANS";
    case AttrType::BLOCK: return "BLOCK";
    case AttrType::LONG: return "LONG";
    case AttrType::BLOCKS: return "BLOCKS";
    case AttrType::LONGS: return "LONGS";
    case AttrType::FLOAT64S: return "FLOAT64S";
    case AttrType::VAR: return "VAR";
    case AttrType::VARS: return "VARS";
    case AttrType::FLOAT64: return "FLOAT64";
    case AttrType::SCALAR: return "SCALAR";
    case AttrType::SCALARS: return "SCALARS";
  }
  return "UNKNOWN";
}

const char* ScalarKindName(Scalar::Kind kind) {
  switch (kind) {
    case Scalar::Kind::BOOLEAN: return "BOOLEAN";
    case Scalar::Kind::LONG: return "LONG";
    case Scalar::Kind::FLOAT64: return "FLOAT64";
    case Scalar::Kind::COMPLEX128: return "COMPLEX128";
  }
  return "UNKNOWN";
}

std::string Scalar::Repr() const {
  std::ostringstream os;
  switch (kind) {
    case Kind::BOOLEAN: os << (b ? "true" : "false"); break;
    case Kind::LONG: os << i; break;
    case Kind::FLOAT64: os << r; break;
    case Kind::COMPLEX128: os << "(" << r << (imag < 0 ? "" : "+") << imag << "j)"; break;
  }
  os << " (" << ScalarKindName(kind) << ")";
  return os.str();
}

namespace {
thread_local std::set<std::string>* attr_reads = nullptr;

void NoteAttrRead(const std::string& name) {
  if (attr_reads) attr_reads->insert(name);
}

const std::vector<std::string>& EmptyNames() {
  static const std::vector<std::string> empty;
  return empty;
}

template <typename T>
Attribute MakeAttr(AttrType type, const T& v) {
  Attribute a;
  a.type = type;
  a.value = v;
  return a;
}

// Numeric conversion; false when `v` is NaN, infinite or out of T's range
// for an integer T (converting such a float is undefined behaviour), or
// beyond float's range for a float T.
template <typename T, typename V>
bool Convert(V v, T* out) {
  if constexpr (std::is_floating_point_v<V> && std::is_integral_v<T> && !std::is_same_v<T, bool>) {
    const long double x = v;
    if (!std::isfinite(x) || x < static_cast<long double>(std::numeric_limits<T>::min()) ||
        x >= static_cast<long double>(std::numeric_limits<T>::max()) + 1.0L) {
      return false;
    }
  } else if constexpr (std::is_same_v<V, double> && std::is_same_v<T, float>) {
    if (std::isfinite(v) && std::fabs(v) > std::numeric_limits<float>::max()) return false;
  }
  *out = static_cast<T>(v);
  return true;
}

// A real-valued Scalar as T, the way phi's Scalar::to<T> casts (with
// Convert's range check); false for a complex one or a value out of range.
template <typename T>
bool FromScalar(const Scalar& s, T* out) {
  switch (s.kind) {
    case Scalar::Kind::BOOLEAN: return Convert(s.b, out);
    case Scalar::Kind::LONG: return Convert(s.i, out);
    case Scalar::Kind::FLOAT64: return Convert(s.r, out);
    case Scalar::Kind::COMPLEX128: return false;
  }
  return false;
}

// Scalar conversion from any numeric attribute kind.
template <typename T>
bool ScalarFrom(const Attribute& a, T* out) {
  return std::visit(
      [out](const auto& v) -> bool {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_arithmetic_v<V>) {
          return Convert(v, out);
        } else if constexpr (std::is_same_v<V, Scalar>) {
          return FromScalar(v, out);
        } else {
          return false;
        }
      },
      a.value);
}

// List conversion from any numeric list attribute kind.
template <typename T>
bool ListFrom(const Attribute& a, std::vector<T>* out) {
  return std::visit(
      [out](const auto& v) -> bool {
        using V = std::decay_t<decltype(v)>;
        if constexpr (std::is_same_v<V, std::vector<int32_t>> ||
                      std::is_same_v<V, std::vector<float>> ||
                      std::is_same_v<V, std::vector<bool>> ||
                      std::is_same_v<V, std::vector<int64_t>> ||
                      std::is_same_v<V, std::vector<double>>) {
          out->clear();
          for (size_t i = 0; i < v.size(); ++i) {
            T x{};  // a local: vector<bool> elements have no address
            if (!Convert(static_cast<typename V::value_type>(v[i]), &x)) return false;
            out->push_back(x);
          }
          return true;
        } else if constexpr (std::is_same_v<V, int32_t> || std::is_same_v<V, int64_t> ||
                             std::is_same_v<V, float> || std::is_same_v<V, double> ||
                             std::is_same_v<V, bool>) {
          // Older exports write a scalar where a list is now written (e.g.
          // reduce ops' `dim`); Paddle's loaders read it as one element.
          T x{};
          if (!Convert(v, &x)) return false;
          out->assign(1, x);
          return true;
        } else if constexpr (std::is_same_v<V, std::vector<Scalar>>) {
          out->resize(v.size());
          for (size_t k = 0; k < v.size(); ++k) {
            T x{};
            if (!FromScalar(v[k], &x)) return false;
            (*out)[k] = x;
          }
          return true;
        } else if constexpr (std::is_same_v<V, Scalar>) {
          T x{};
          if (!FromScalar(v, &x)) return false;
          out->assign(1, x);
          return true;
        } else {
          return false;
        }
      },
      a.value);
}

// The first complex Scalar an attribute holds, for messages; null if none.
const Scalar* FirstComplex(const Attribute& a) {
  if (const auto* one = std::get_if<Scalar>(&a.value)) {
    return one->kind == Scalar::Kind::COMPLEX128 ? one : nullptr;
  }
  if (const auto* many = std::get_if<std::vector<Scalar>>(&a.value)) {
    for (const Scalar& s : *many) {
      if (s.kind == Scalar::Kind::COMPLEX128) return &s;
    }
  }
  return nullptr;
}
}  // namespace

AttrReadRecorder::AttrReadRecorder(std::set<std::string>* sink) : outer_(attr_reads) {
  attr_reads = sink;
}
AttrReadRecorder::~AttrReadRecorder() { attr_reads = outer_; }

bool OpDesc::HasAttr(const std::string& name) const {
  NoteAttrRead(name);
  return attrs_.count(name) > 0;
}

bool OpDesc::HasInput(const std::string& slot) const {
  auto it = inputs_.find(slot);
  return it != inputs_.end() && !it->second.empty();
}
bool OpDesc::HasOutput(const std::string& slot) const {
  auto it = outputs_.find(slot);
  return it != outputs_.end() && !it->second.empty();
}
const std::vector<std::string>& OpDesc::Input(const std::string& slot) const {
  auto it = inputs_.find(slot);
  return it == inputs_.end() ? EmptyNames() : it->second;
}
const std::vector<std::string>& OpDesc::Output(const std::string& slot) const {
  auto it = outputs_.find(slot);
  return it == outputs_.end() ? EmptyNames() : it->second;
}
std::vector<std::string> OpDesc::InputArgumentNames() const {
  std::vector<std::string> r;
  for (auto& kv : inputs_) r.insert(r.end(), kv.second.begin(), kv.second.end());
  return r;
}
std::vector<std::string> OpDesc::OutputArgumentNames() const {
  std::vector<std::string> r;
  for (auto& kv : outputs_) r.insert(r.end(), kv.second.begin(), kv.second.end());
  return r;
}

void OpDesc::SetAttr(const std::string& n, int32_t v) { attrs_[n] = MakeAttr(AttrType::INT, v); }
void OpDesc::SetAttr(const std::string& n, float v) { attrs_[n] = MakeAttr(AttrType::FLOAT, v); }
void OpDesc::SetAttr(const std::string& n, const std::string& v) { attrs_[n] = MakeAttr(AttrType::STRING, v); }
void OpDesc::SetAttr(const std::string& n, const std::vector<int32_t>& v) { attrs_[n] = MakeAttr(AttrType::INTS, v); }
void OpDesc::SetAttr(const std::string& n, const std::vector<float>& v) { attrs_[n] = MakeAttr(AttrType::FLOATS, v); }
void OpDesc::SetAttr(const std::string& n, const std::vector<std::string>& v) { attrs_[n] = MakeAttr(AttrType::STRINGS, v); }
void OpDesc::SetAttr(const std::string& n, bool v) { attrs_[n] = MakeAttr(AttrType::BOOLEAN, v); }
void OpDesc::SetAttr(const std::string& n, const std::vector<bool>& v) { attrs_[n] = MakeAttr(AttrType::BOOLEANS, v); }
void OpDesc::SetAttr(const std::string& n, int64_t v) { attrs_[n] = MakeAttr(AttrType::LONG, v); }
void OpDesc::SetAttr(const std::string& n, const std::vector<int64_t>& v) { attrs_[n] = MakeAttr(AttrType::LONGS, v); }
void OpDesc::SetAttr(const std::string& n, const std::vector<double>& v) { attrs_[n] = MakeAttr(AttrType::FLOAT64S, v); }
void OpDesc::SetAttr(const std::string& n, double v) { attrs_[n] = MakeAttr(AttrType::FLOAT64, v); }
void OpDesc::SetAttr(const std::string& n, const Scalar& v) { attrs_[n] = MakeAttr(AttrType::SCALAR, v); }
void OpDesc::SetAttr(const std::string& n, const std::vector<Scalar>& v) { attrs_[n] = MakeAttr(AttrType::SCALARS, v); }

namespace {
// The attribute `name` of op, noting the read; null when absent.
const Attribute* FindAttr(const std::map<std::string, Attribute>& attrs,
                          const std::string& name) {
  NoteAttrRead(name);
  auto it = attrs.find(name);
  return it == attrs.end() ? nullptr : &it->second;
}

// Whether `a` holds a number (lists: or a list of numbers), i.e. a failed
// conversion was one of its values, not its kind.
bool HoldsNumber(const Attribute& a, bool list) {
  return std::visit(
      [list](const auto& v) {
        using V = std::decay_t<decltype(v)>;
        return std::is_arithmetic_v<V> || std::is_same_v<V, Scalar> ||
               (list && (std::is_same_v<V, std::vector<int32_t>> ||
                         std::is_same_v<V, std::vector<float>> ||
                         std::is_same_v<V, std::vector<int64_t>> ||
                         std::is_same_v<V, std::vector<double>> ||
                         std::is_same_v<V, std::vector<bool>> ||
                         std::is_same_v<V, std::vector<Scalar>>));
      },
      a.value);
}

[[noreturn]] void BadAttr(const OpDesc& op, const std::string& name,
                          const Attribute* a, const char* wanted, bool range) {
  if (!a) {
    ThrowError("op '", op.Type(), "': required attribute '", name,
               "' is missing (expected ", wanted, ")");
  }
  if (const Scalar* c = FirstComplex(*a)) {
    ThrowError("op '", op.Type(), "': attribute '", name, "' has type ",
               AttrTypeName(a->type), " holding the complex value ", c->Repr(),
               ", expected ", wanted, " (complex Scalars are not supported by this op)");
  }
  if (range) {
    ThrowError("op '", op.Type(), "': attribute '", name, "' (", AttrTypeName(a->type),
               ") holds a value that is NaN, infinite or out of range; expected ", wanted);
  }
  ThrowError("op '", op.Type(), "': attribute '", name, "' has type ",
             AttrTypeName(a->type), ", expected ", wanted);
}
}  // namespace

#define LITE_SCALAR_GETTER(T, wanted)                                  \
  template <>                                                          \
  T OpDesc::GetAttr<T>(const std::string& name) const {                \
    const Attribute* a = FindAttr(attrs_, name);                       \
    T out{};                                                           \
    if (!a || !ScalarFrom(*a, &out))                                   \
      BadAttr(*this, name, a, wanted, a && HoldsNumber(*a, false));    \
    return out;                                                        \
  }
LITE_SCALAR_GETTER(int32_t, "an integer")
LITE_SCALAR_GETTER(int64_t, "an integer")
LITE_SCALAR_GETTER(float, "a number")
LITE_SCALAR_GETTER(double, "a number")
LITE_SCALAR_GETTER(bool, "a boolean")
#undef LITE_SCALAR_GETTER

#define LITE_LIST_GETTER(T, wanted)                                         \
  template <>                                                               \
  std::vector<T> OpDesc::GetAttr<std::vector<T>>(const std::string& name)   \
      const {                                                               \
    const Attribute* a = FindAttr(attrs_, name);                            \
    std::vector<T> out;                                                     \
    if (!a || !ListFrom(*a, &out))                                          \
      BadAttr(*this, name, a, wanted, a && HoldsNumber(*a, true));          \
    return out;                                                             \
  }
LITE_LIST_GETTER(int32_t, "a list of integers")
LITE_LIST_GETTER(int64_t, "a list of integers")
LITE_LIST_GETTER(float, "a list of numbers")
LITE_LIST_GETTER(double, "a list of numbers")
LITE_LIST_GETTER(bool, "a list of booleans")
#undef LITE_LIST_GETTER

template <>
std::string OpDesc::GetAttr<std::string>(const std::string& name) const {
  const Attribute* a = FindAttr(attrs_, name);
  if (!a || !std::holds_alternative<std::string>(a->value)) {
    BadAttr(*this, name, a, "a string", false);
  }
  return std::get<std::string>(a->value);
}

template <>
std::vector<std::string> OpDesc::GetAttr<std::vector<std::string>>(
    const std::string& name) const {
  const Attribute* a = FindAttr(attrs_, name);
  if (!a || !std::holds_alternative<std::vector<std::string>>(a->value)) {
    BadAttr(*this, name, a, "a list of strings", false);
  }
  return std::get<std::vector<std::string>>(a->value);
}

std::string OpDesc::Repr(size_t max_names) const {
  std::ostringstream os;
  auto slots = [&os, max_names](const std::map<std::string, std::vector<std::string>>& m) {
    bool first = true;
    for (auto& kv : m) {
      os << (first ? "" : ", ") << kv.first << "=";
      const size_t shown = std::min(kv.second.size(), max_names);
      for (size_t i = 0; i < shown; ++i) os << (i ? "|" : "") << kv.second[i];
      if (shown < kv.second.size()) os << "|...(" << kv.second.size() - shown << " more)";
      first = false;
    }
  };
  os << type_ << "(";
  slots(inputs_);
  os << ") -> (";
  slots(outputs_);
  os << ")";
  return os.str();
}

DataType DataTypeFromVarKind(VarKind kind) {
  switch (kind) {
    case VarKind::BOOL: return DataType::kBool;
    case VarKind::INT16: return DataType::kInt16;
    case VarKind::INT32: return DataType::kInt32;
    case VarKind::INT64: return DataType::kInt64;
    case VarKind::FP16: return DataType::kFloat16;
    case VarKind::FP32: return DataType::kFloat32;
    case VarKind::FP64: return DataType::kFloat64;
    case VarKind::UINT8: return DataType::kUInt8;
    case VarKind::INT8: return DataType::kInt8;
    default: return DataType::kUnknown;
  }
}

VarKind VarKindFromDataType(DataType type) {
  switch (type) {
    case DataType::kBool: return VarKind::BOOL;
    case DataType::kInt16: return VarKind::INT16;
    case DataType::kInt32: return VarKind::INT32;
    case DataType::kInt64: return VarKind::INT64;
    case DataType::kFloat16: return VarKind::FP16;
    case DataType::kFloat64: return VarKind::FP64;
    case DataType::kUInt8: return VarKind::UINT8;
    case DataType::kInt8: return VarKind::INT8;
    default: return VarKind::FP32;
  }
}

const VarDesc* BlockDesc::FindVar(const std::string& name) const {
  for (auto& v : vars) {
    if (v.name == name) return &v;
  }
  return nullptr;
}

bool IsControlFlowOp(const std::string& op_type) {
  return op_type == "while" || op_type == "conditional_block" ||
         op_type == "conditional_block_infer";
}

int32_t ControlFlowSubBlock(const OpDesc& op) {
  if (!IsControlFlowOp(op.Type())) return -1;
  auto it = op.attrs().find("sub_block");
  LITE_ENFORCE(it != op.attrs().end(), "op '", op.Type(),
               "' has no attribute 'sub_block' (the block it runs)");
  LITE_ENFORCE(it->second.type == AttrType::BLOCK &&
                   std::holds_alternative<int32_t>(it->second.value),
               "op '", op.Type(), "': attribute 'sub_block' must be of type BLOCK, got ",
               AttrTypeName(it->second.type));
  return std::get<int32_t>(it->second.value);
}

namespace {
// Control flow nested deeper than this is refused: the validation, the
// graph and the runtime walk nested blocks recursively.
constexpr int kMaxControlFlowDepth = 64;

void VisitControlFlow(const ProgramDesc& program, int32_t block_idx, int depth,
                      std::vector<bool>* seen, std::vector<int32_t>* order) {
  const BlockDesc& block = program.blocks[block_idx];
  const int32_t n = static_cast<int32_t>(program.blocks.size());
  for (size_t i = 0; i < block.ops.size(); ++i) {
    const OpDesc& op = block.ops[i];
    if (!IsControlFlowOp(op.Type())) continue;
    const std::string where = StrCat("op #", i, " '", op.Type(), "' of block ", block_idx);
    int32_t sub = -1;
    try {
      sub = ControlFlowSubBlock(op);
    } catch (const Error& e) {
      ThrowError(where, ": ", e.what());
    }
    LITE_ENFORCE(sub > 0 && sub < n && sub != block_idx, where, ": attribute 'sub_block' = ",
                 sub, " is not a block it can run (the program has ", n, " blocks; block 0 ",
                 "and the op's own block are excluded)");
    LITE_ENFORCE(program.blocks[sub].parent_idx == block_idx, where, ": its sub_block ", sub,
                 " has parent_idx ", program.blocks[sub].parent_idx, ", expected ", block_idx);
    LITE_ENFORCE(!(*seen)[sub], where, ": block ", sub,
                 " is already run by another control-flow op");
    LITE_ENFORCE(depth < kMaxControlFlowDepth, where, ": control flow nested more than ",
                 kMaxControlFlowDepth, " blocks deep");
    (*seen)[sub] = true;
    order->push_back(sub);
    VisitControlFlow(program, sub, depth + 1, seen, order);
  }
}
}  // namespace

std::vector<int32_t> ControlFlowBlocks(const ProgramDesc& program) {
  std::vector<int32_t> order;
  if (program.blocks.empty()) return order;
  std::vector<bool> seen(program.blocks.size(), false);
  seen[0] = true;
  VisitControlFlow(program, 0, 0, &seen, &order);
  return order;
}

void ValidateControlFlow(const ProgramDesc& program) { ControlFlowBlocks(program); }

void BlockVarNames(const ProgramDesc& program, int32_t block_idx,
                   std::set<std::string>* reads, std::set<std::string>* writes) {
  for (const auto& op : program.blocks.at(block_idx).ops) {
    for (const auto& n : op.InputArgumentNames()) reads->insert(n);
    for (const auto& n : op.OutputArgumentNames()) writes->insert(n);
    const int32_t sub = ControlFlowSubBlock(op);
    if (sub > 0 && sub != block_idx) BlockVarNames(program, sub, reads, writes);
  }
}

int OpCountOfType(const ProgramDesc& program, const std::string& type) {
  int n = 0;
  for (const auto& block : program.blocks) {
    for (const auto& op : block.ops) n += op.Type() == type;
  }
  return n;
}

std::set<std::string> TensorArrayNames(const ProgramDesc& program) {
  std::set<std::string> names;
  for (const auto& block : program.blocks) {
    for (const auto& v : block.vars) {
      if (v.type == VarKind::LOD_TENSOR_ARRAY) names.insert(v.name);
    }
    for (const auto& op : block.ops) {
      if (op.Type() == "write_to_array") {
        for (const auto& n : op.Output("Out")) names.insert(n);
      } else if (op.Type() == "read_from_array" || op.Type() == "lod_array_length") {
        for (const auto& n : op.Input("X")) names.insert(n);
      }
    }
  }
  return names;
}

std::set<std::string> ControlFlowVarNames(const ProgramDesc& program) {
  std::set<std::string> names;
  for (int32_t b : ControlFlowBlocks(program)) {
    for (const auto& op : program.blocks[b].ops) {
      for (const auto& n : op.InputArgumentNames()) names.insert(n);
      for (const auto& n : op.OutputArgumentNames()) names.insert(n);
    }
  }
  return names;
}

}  // namespace cpp
}  // namespace lite
}  // namespace paddle
