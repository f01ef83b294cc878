// What an ONNX node converter sees: the node, the opset, typed attribute
// readers, the values known so far (constants, inferred dtype/rank) and a
// way to append Paddle ops and temporaries to its block (block 0, or the
// block of a Loop body or an If branch; weights are always declared in
// block 0). Fail() throws an Error
// naming the node, its operator, the opset and the model file.
#pragma once
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include <onnx/onnx_pb.h>

#include "lite/core/program_desc.h"
#include "lite/core/scope.h"

namespace paddle {
namespace lite {
namespace onnx_import {

// What shape inference (or the importer) knows about a value.
struct ValueInfo {
  DataType dtype{DataType::kUnknown};
  int rank{-1};               // -1: unknown
  std::vector<int64_t> dims;  // -1 for unknown extents; empty when rank < 0
};

// Position of each variable of the block in block->vars: a model declares
// up to hundreds of thousands of values, so lookups must not scan.
using VarIndex = std::unordered_map<std::string, size_t>;

// Adds `v` to the block (or replaces the variable of that name when
// `replace`; otherwise an existing one is kept). True when added.
bool DeclareVarDesc(cpp::BlockDesc* block, VarIndex* index, const cpp::VarDesc& v, bool replace);

// What every converter of one import shares: the program's blocks (a deque,
// so that a Loop or If converter appending its body's block keeps the
// block it writes to in place), one variable index per block, the weights,
// what is known of every value (subgraphs' values included: ONNX names are
// unique across a graph and its subgraphs), and the importer's hook that
// converts the nodes of a subgraph into a block.
struct ImportState {
  int opset{0};
  std::string file;      // the model's label in messages
  std::string base_dir;  // the model's folder (external data is read beneath
                         // it); empty for a buffer with no folder named
  std::deque<cpp::BlockDesc> blocks;
  std::deque<VarIndex> var_index;
  Scope* weights{nullptr};
  std::map<std::string, ValueInfo> values;
  int temp_counter{0};
  std::function<void(const onnx::GraphProto& graph, int32_t block)> convert_graph;
};

class ConvertContext {
 public:
  // Converting `node` into block `block` of `state`.
  ConvertContext(const onnx::NodeProto& node, ImportState* state, int32_t block);

  const onnx::NodeProto& node() const { return node_; }
  // The same context converting another node (a converter that rewrites its
  // node into a form another converter handles); `node` must outlive it.
  ConvertContext ForNode(const onnx::NodeProto& node) const {
    return ConvertContext(node, state_, block_idx_);
  }
  // Control flow (Loop, If): the block ops are appended to, a new block
  // whose parent is it, the same node adding ops to another block, and the
  // nodes of a subgraph converted into a block (the subgraph's inputs must
  // have been written by ops of that block already).
  int32_t block_idx() const { return block_idx_; }
  int32_t NewBlock();
  ConvertContext InBlock(int32_t block) const { return ConvertContext(node_, state_, block); }
  void ConvertGraph(const onnx::GraphProto& graph, int32_t block) const;
  // A graph attribute (Loop's body, If's branches); Fail()s when absent.
  const onnx::GraphProto& AttrGraph(const std::string& name) const;
  int opset() const { return opset_; }
  const std::string& base_dir() const { return base_dir_; }
  const std::string& op_type() const { return node_.op_type(); }

  [[noreturn]] void Fail(const std::string& what) const;
  template <typename... Args>
  void Check(bool cond, const Args&... args) const {
    if (!cond) Fail(Concat(args...));
  }

  // Inputs: "" for an absent optional input.
  int NumInputs() const { return node_.input_size(); }
  bool HasInput(int i) const { return i < node_.input_size() && !node_.input(i).empty(); }
  const std::string& Input(int i) const;  // Fail()s when absent
  int NumOutputs() const { return node_.output_size(); }
  bool HasOutput(int i) const { return i < node_.output_size() && !node_.output(i).empty(); }
  const std::string& Output(int i) const;

  // Attributes; the defaulted forms return `fallback` when absent.
  bool HasAttr(const std::string& name) const;
  int64_t AttrInt(const std::string& name, int64_t fallback) const;
  int64_t AttrInt(const std::string& name) const;
  float AttrFloat(const std::string& name, float fallback) const;
  std::string AttrString(const std::string& name, const std::string& fallback) const;
  std::vector<int64_t> AttrInts(const std::string& name, const std::vector<int64_t>& fallback) const;
  std::vector<int64_t> AttrInts(const std::string& name) const;
  std::vector<float> AttrFloats(const std::string& name) const;
  const onnx::TensorProto* AttrTensor(const std::string& name) const;
  // An axis attribute of input 0: in [-(rank + extra), rank + extra - 1]
  // when the rank is known (Flatten's axis may equal the rank: extra 1),
  // within +-64 otherwise; Fail()s naming it. Not normalized.
  int64_t AxisAttr(const std::string& name, int64_t fallback, int extra = 0) const;

  // A constant value (initializer or Constant output), or null.
  const Tensor* Constant(const std::string& name) const;
  // The constant input i as int64 values; Fail()s when it is not constant.
  std::vector<int64_t> ConstInts(int i, const char* what) const;
  std::vector<float> ConstFloats(int i, const char* what) const;
  bool IsConst(int i) const { return HasInput(i) && Constant(Input(i)) != nullptr; }

  ValueInfo Info(const std::string& name) const;
  int Rank(int input) const { return Info(Input(input)).rank; }
  // The rank of input i; Fail()s naming `why` when shape inference did not
  // determine it.
  int RequireRank(int input, const char* why) const;
  DataType InputType(int input) const { return Info(Input(input)).dtype; }
  void SetInfo(const std::string& name, const ValueInfo& info) { (*values_)[name] = info; }

  // Appends a Paddle op (attributes set by the caller on the returned desc).
  cpp::OpDesc* AddOp(const std::string& type);
  // Declares `v` in the block (replacing a variable of that name).
  void DeclareVar(const cpp::VarDesc& v) { DeclareVarDesc(block_, var_index_, v, true); }
  // A fresh temporary variable name derived from the node's first output.
  std::string Temp(const std::string& suffix);
  // Adds a persistable weight holding `t` and returns its name.
  std::string AddWeight(const std::string& suffix, const Tensor& t);
  std::string AddInt64Weight(const std::string& suffix, const std::vector<int64_t>& v);
  std::string AddFloatWeight(const std::string& suffix, const std::vector<float>& v,
                             const std::vector<int64_t>& dims);
  // Registers `name` as a constant weight (Constant nodes, folded values).
  void SetConstant(const std::string& name, const Tensor& t);

 private:
  template <typename... Args>
  static std::string Concat(const Args&... args) {
    std::string s;
    (Append(&s, args), ...);
    return s;
  }
  static void Append(std::string* s, const std::string& v) { *s += v; }
  static void Append(std::string* s, const char* v) { *s += v; }
  template <typename T>
  static void Append(std::string* s, const T& v) { *s += std::to_string(v); }

  const onnx::AttributeProto* FindAttr(const std::string& name) const;

  const onnx::NodeProto& node_;
  ImportState* state_;
  int32_t block_idx_;
  int opset_;
  const std::string& file_;
  const std::string& base_dir_;
  cpp::BlockDesc* block_;
  Scope* weights_;
  std::map<std::string, ValueInfo>* values_;
  int* temp_counter_;
  VarIndex* var_index_;
};

// Converts a TensorProto (inline, or external data read beneath the folder
// `base_dir` under the file-access policy: never outside it; an empty
// `base_dir` refuses external data) into a Tensor. `what` names the tensor
// in errors.
void TensorFromProto(const onnx::TensorProto& p, const std::string& base_dir,
                     const std::string& what, Tensor* out);
// Checks, without reading it, that a tensor's external data (if any) is a
// regular file beneath `base_dir` holding the bytes its dims need.
void CheckExternalData(const onnx::TensorProto& p, const std::string& base_dir,
                       const std::string& what);
DataType DataTypeFromOnnx(int onnx_type);
// Paddle's VarType code (framework.proto) for a DataType (cast, fill_constant).
int32_t PaddleDtypeCode(DataType t);

using Converter = void (*)(ConvertContext& c);

// ONNX's int64 lists as the int32 lists Paddle attributes hold.
inline std::vector<int32_t> I32(const std::vector<int64_t>& v) {
  return std::vector<int32_t>(v.begin(), v.end());
}

// Converters, one per claimed operator family (onnx_convert_*.cc).
#define ONNX_OP(name__, fn__) void fn__(ConvertContext& c);
#include "lite/model_parser/onnx/onnx_ops.inc"
#undef ONNX_OP

}  // namespace onnx_import
}  // namespace lite
}  // namespace paddle
