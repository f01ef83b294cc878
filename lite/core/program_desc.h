// Protobuf-free in-memory model description: ProgramDesc → BlockDesc →
// OpDesc/VarDesc. The model parsers fill it; the optimizer and runtime read it.
#pragma once
#include <cstdint>
#include <map>
#include <set>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "lite/core/error.h"
#include "lite/core/types.h"

namespace paddle {
namespace lite {
namespace cpp {

// Paddle's AttrType numbering (framework.proto).
enum class AttrType : int {
  INT = 0,
  FLOAT = 1,
  STRING = 2,
  INTS = 3,
  FLOATS = 4,
  STRINGS = 5,
  BOOLEAN = 6,
  BOOLEANS = 7,
  BLOCK = 8,
  LONG = 9,
  BLOCKS = 10,
  LONGS = 11,
  FLOAT64S = 12,
  VAR = 13,
  VARS = 14,
  FLOAT64 = 15,
  SCALAR = 16,   // Paddle 2.5+: one phi Scalar (bool, int64, double or complex)
  SCALARS = 17,  // Paddle 2.5+: a list of them (e.g. assign_value's `values`)
};
const char* AttrTypeName(AttrType type);

// Paddle's Scalar message (framework.proto): a value tagged with its kind.
// Paddle's phi ops read it as whatever number type they need, so GetAttr
// converts BOOLEAN/LONG/FLOAT64 to any numeric T; COMPLEX128 converts to
// nothing (the ops we implement take real values) and is refused by name.
struct Scalar {
  enum class Kind : uint8_t { BOOLEAN = 1, LONG = 2, FLOAT64 = 3, COMPLEX128 = 4 };
  Kind kind{Kind::FLOAT64};
  bool b{false};
  int64_t i{0};
  double r{0};     // FLOAT64, and the real part of COMPLEX128
  double imag{0};  // COMPLEX128 only

  static Scalar Bool(bool v) { Scalar s; s.kind = Kind::BOOLEAN; s.b = v; return s; }
  static Scalar Long(int64_t v) { Scalar s; s.kind = Kind::LONG; s.i = v; return s; }
  static Scalar Double(double v) { Scalar s; s.kind = Kind::FLOAT64; s.r = v; return s; }
  static Scalar Complex(double re, double im) {
    Scalar s; s.kind = Kind::COMPLEX128; s.r = re; s.imag = im; return s;
  }
  // "3.5 (FLOAT64)", "(1+2j) (COMPLEX128)" for messages.
  std::string Repr() const;
};
const char* ScalarKindName(Scalar::Kind kind);
inline bool operator==(const Scalar& a, const Scalar& b) {
  return a.kind == b.kind && a.b == b.b && a.i == b.i && a.r == b.r && a.imag == b.imag;
}
inline bool operator!=(const Scalar& a, const Scalar& b) { return !(a == b); }

// One attribute value. BLOCK is stored as int32 (block index), BLOCKS as
// ints; VAR/VARS as string/strings.
struct Attribute {
  AttrType type{AttrType::INT};
  std::variant<int32_t, float, std::string, std::vector<int32_t>,
               std::vector<float>, std::vector<std::string>, bool,
               std::vector<bool>, int64_t, std::vector<int64_t>,
               std::vector<double>, double, Scalar, std::vector<Scalar>>
      value{int32_t{0}};
};

class OpDesc {
 public:
  OpDesc() = default;
  explicit OpDesc(std::string type) : type_(std::move(type)) {}

  const std::string& Type() const { return type_; }
  void SetType(const std::string& t) { type_ = t; }

  // Slot name → variable names, e.g. "Filter" → {"conv1_weights"}.
  const std::map<std::string, std::vector<std::string>>& inputs() const {
    return inputs_;
  }
  const std::map<std::string, std::vector<std::string>>& outputs() const {
    return outputs_;
  }
  std::map<std::string, std::vector<std::string>>& mutable_inputs() {
    return inputs_;
  }
  std::map<std::string, std::vector<std::string>>& mutable_outputs() {
    return outputs_;
  }
  void SetInput(const std::string& slot, const std::vector<std::string>& args) {
    inputs_[slot] = args;
  }
  void SetOutput(const std::string& slot, const std::vector<std::string>& args) {
    outputs_[slot] = args;
  }
  // True when the slot exists and names at least one variable.
  bool HasInput(const std::string& slot) const;
  bool HasOutput(const std::string& slot) const;
  // Variable names of a slot (empty vector if absent).
  const std::vector<std::string>& Input(const std::string& slot) const;
  const std::vector<std::string>& Output(const std::string& slot) const;
  std::vector<std::string> InputArgumentNames() const;
  std::vector<std::string> OutputArgumentNames() const;

  const std::map<std::string, Attribute>& attrs() const { return attrs_; }
  // Looking an attribute up (HasAttr, GetAttr) notes its name for the
  // AttrReadRecorder alive on this thread, if any.
  bool HasAttr(const std::string& name) const;
  void SetAttribute(const std::string& name, const Attribute& a) {
    attrs_[name] = a;
  }
  void SetAttribute(const std::string& name, Attribute&& a) {
    attrs_[name] = std::move(a);
  }
  // Removes an attribute; false when there was none.
  bool EraseAttr(const std::string& name) { return attrs_.erase(name) > 0; }
  // Typed setters.
  void SetAttr(const std::string& name, int32_t v);
  void SetAttr(const std::string& name, float v);
  void SetAttr(const std::string& name, const std::string& v);
  void SetAttr(const std::string& name, const char* v) {
    SetAttr(name, std::string(v));
  }
  void SetAttr(const std::string& name, const std::vector<int32_t>& v);
  void SetAttr(const std::string& name, const std::vector<float>& v);
  void SetAttr(const std::string& name, const std::vector<std::string>& v);
  void SetAttr(const std::string& name, bool v);
  void SetAttr(const std::string& name, const std::vector<bool>& v);
  void SetAttr(const std::string& name, int64_t v);
  void SetAttr(const std::string& name, const std::vector<int64_t>& v);
  void SetAttr(const std::string& name, const std::vector<double>& v);
  void SetAttr(const std::string& name, double v);
  void SetAttr(const std::string& name, const Scalar& v);
  void SetAttr(const std::string& name, const std::vector<Scalar>& v);

  // Typed getter with numeric conversions between compatible kinds
  // (INT/LONG/BOOLEAN/FLOAT/FLOAT64/SCALAR scalars; INTS/LONGS/FLOATS/
  // FLOAT64S/BOOLEANS/SCALARS lists). Throws Error naming the op and attribute when the
  // attribute is missing or of an incompatible kind.
  template <typename T>
  T GetAttr(const std::string& name) const;
  // Same, but returns `fallback` when the attribute is absent.
  template <typename T>
  T GetAttr(const std::string& name, const T& fallback) const {
    return HasAttr(name) ? GetAttr<T>(name) : fallback;
  }

  bool is_target() const { return is_target_; }
  void set_is_target(bool v) { is_target_ = v; }

  // "conv2d(Input=x, Filter=w) -> (Output=y)" for messages. A slot with more
  // than `max_names` variables (a subgraph op lists every weight) shows the
  // first ones and how many more.
  std::string Repr(size_t max_names = static_cast<size_t>(-1)) const;

 private:
  std::string type_;
  std::map<std::string, std::vector<std::string>> inputs_;
  std::map<std::string, std::vector<std::string>> outputs_;
  std::map<std::string, Attribute> attrs_;
  bool is_target_{false};
};

// While alive, collects into `sink` the attribute names that OpDesc::HasAttr
// and GetAttr look up on this thread (AttachChecked reports the attributes
// an op never looked at). Nests: the previous recorder is restored.
class AttrReadRecorder {
 public:
  explicit AttrReadRecorder(std::set<std::string>* sink);
  ~AttrReadRecorder();
  AttrReadRecorder(const AttrReadRecorder&) = delete;
  AttrReadRecorder& operator=(const AttrReadRecorder&) = delete;

 private:
  std::set<std::string>* outer_;
};

// Paddle VarType.Type numbering (framework.proto).
enum class VarKind : int {
  BOOL = 0, INT16 = 1, INT32 = 2, INT64 = 3, FP16 = 4, FP32 = 5, FP64 = 6,
  LOD_TENSOR = 7, SELECTED_ROWS = 8, FEED_MINIBATCH = 9, FETCH_LIST = 10,
  STEP_SCOPES = 11, LOD_RANK_TABLE = 12, LOD_TENSOR_ARRAY = 13,
  PLACE_LIST = 14, READER = 15, RAW = 17, TUPLE = 18, SIZE_T = 19,
  UINT8 = 20, INT8 = 21, BF16 = 22, COMPLEX64 = 23, COMPLEX128 = 24,
  STRING = 25, STRINGS = 26, VOCAB = 27, FEED_LIST = 28, PSTRING = 29,
};
// Maps a Paddle tensor element VarKind (BOOL..FP64, UINT8, INT8) to DataType;
// kUnknown for kinds that are not tensor element types.
DataType DataTypeFromVarKind(VarKind kind);
VarKind VarKindFromDataType(DataType type);

struct VarDesc {
  std::string name;
  VarKind type{VarKind::LOD_TENSOR};
  DataType dtype{DataType::kFloat32};  // element type for LOD_TENSOR
  std::vector<int64_t> dims;           // -1 = unknown
  bool persistable{false};
  int32_t lod_level{0};
  bool need_check_feed{false};
};

struct BlockDesc {
  int32_t idx{0};
  int32_t parent_idx{-1};
  int32_t forward_block_idx{-1};
  std::vector<VarDesc> vars;
  std::vector<OpDesc> ops;

  const VarDesc* FindVar(const std::string& name) const;
};

struct ProgramDesc {
  std::vector<BlockDesc> blocks;
  bool has_version{false};
  int64_t version{0};
  std::map<std::string, int32_t> op_version_map;
};

// Control flow. `while` and `conditional_block` run the block named by their
// `sub_block` attribute (type BLOCK) in the scope of the block that holds
// them; the sub-block reads and writes its parent's variables by name.
// (The blocks of NNAdapter `subgraph` ops are not control flow: the bridge
// compiles them.)
bool IsControlFlowOp(const std::string& op_type);
// The `sub_block` index of a control-flow op; -1 for any other op.
int32_t ControlFlowSubBlock(const OpDesc& op);
// Checks every control-flow op reachable from block 0: its `sub_block` is a
// BLOCK attribute naming an existing block other than 0 and other than the
// op's own block, whose parent_idx is the op's block, and no block is run by
// two ops or reached twice (no recursion), and control flow nests at most
// 64 blocks deep. Throws Error naming the op, its block and the attribute.
void ValidateControlFlow(const ProgramDesc& program);
// The blocks run by control flow from block 0, in the order they are
// reached (depth first), block 0 excluded.
std::vector<int32_t> ControlFlowBlocks(const ProgramDesc& program);
// Every variable name an op of those blocks reads or writes. Graph passes
// that work on block 0 keep these names and their values intact (the
// sub-blocks refer to them by name).
std::set<std::string> ControlFlowVarNames(const ProgramDesc& program);
// Tensor arrays: variables declared LOD_TENSOR_ARRAY in any block, or used
// as one by write_to_array (Out), read_from_array / lod_array_length (X).
std::set<std::string> TensorArrayNames(const ProgramDesc& program);
// The number of ops of type `type` in all blocks (subgraph ops may sit in
// block 0 or inside a loop body or branch).
int OpCountOfType(const ProgramDesc& program, const std::string& type);
// The names the ops of block `block_idx` and of the blocks its control-flow
// ops run (recursively) read and write.
void BlockVarNames(const ProgramDesc& program, int32_t block_idx,
                   std::set<std::string>* reads, std::set<std::string>* writes);

}  // namespace cpp
}  // namespace lite
}  // namespace paddle
