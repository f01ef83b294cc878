// ONNX node -> NNAdapter operation(s) mapping framework.
//
// Every ONNX node of a test graph is handed to the mappers registered for its
// op_type (see mappers.cc, one function per NNAdapter operation in the
// map_*.cc files). A mapper reads the node's attributes and inputs through a
// MapContext and appends operands/operations to the CaseSpec, or declines a
// node it does not handle (e.g. Resize with mode "linear" for the nearest
// mapper) so that another mapper may take it.
#ifndef TESTS_CONFORMANCE_ONNX_MAPPING_H_
#define TESTS_CONFORMANCE_ONNX_MAPPING_H_

#include <map>
#include <string>
#include <vector>

#include "case_spec.h"
#include "onnx_test.h"

namespace conformance {

enum class MapStatus { kOk, kDecline, kError };

class MapContext {
 public:
  MapContext(const OnnxTest& test, size_t data_set, CaseSpec* spec);

  // The operand holding ONNX value `name`: an operation output produced
  // earlier, else a constant (initializer / Constant node), else a model
  // input fed with the test's data. -1 if unknown or if name is empty.
  int Operand(const std::string& name);
  // The value of `name` if it is known before running (initializer,
  // Constant node, or fed test data: node tests feed attribute-like inputs
  // such as shapes as graph inputs, which the mapping folds into constants).
  const Tensor* Value(const std::string& name) const;
  bool HasInput(const onnx::NodeProto& node, int i) const {
    return i < node.input_size() && !node.input(i).empty();
  }
  // Creates the operand of ONNX output `name` produced by the operation
  // being mapped.
  int NewOutput(const std::string& name, int32_t precision);
  // Binds an existing operand to ONNX value `name`.
  void Bind(const std::string& name, int operand) { operands_[name] = operand; }
  // Precision of the operand of ONNX value `name` (UNKNOWN if none).
  int32_t PrecisionOf(const std::string& name);
  // Rank of ONNX value `name` if known (from test data or graph value info),
  // -1 otherwise.
  int RankOf(const std::string& name) const;
  std::vector<int32_t> DimsOf(const std::string& name) const;

  MapStatus Error(const std::string& message) {
    error_ = message;
    return MapStatus::kError;
  }
  const std::string& error() const { return error_; }
  // Makes `name` a model input fed with `value` (an adapted form of the
  // test's data, e.g. a rank-0 scalar reshaped to [1]).
  int InputWithValue(const std::string& name, const Tensor& value) {
    const int index = spec_->Input(value);
    operands_[name] = index;
    return index;
  }
  // Declares that ONNX output `name` has no NNAdapter counterpart (e.g. the
  // Mean/InvStdDev outputs of LayerNormalization); it is not compared.
  void IgnoreOutput(const std::string& name) { ignored_.push_back(name); }
  bool IsIgnored(const std::string& name) const {
    for (const auto& n : ignored_) if (n == name) return true;
    return false;
  }
  // Declares that the ONNX outputs are the logical negation of what the
  // mapped NNAdapter model computes (NOT_EQUAL checked on Equal's data).
  void NegateBoolOutputs() { negate_ = true; }
  bool negate() const { return negate_; }
  // The default-domain opset version of the model.
  int64_t opset() const;
  CaseSpec* spec() { return spec_; }

 private:
  const OnnxTest& test_;
  size_t data_set_;
  CaseSpec* spec_;
  std::map<std::string, int> operands_;
  std::map<std::string, std::vector<int32_t>> known_dims_;
  std::string error_;
  std::vector<std::string> ignored_;
  bool negate_ = false;
};

using MapFn = MapStatus (*)(const onnx::NodeProto& node, MapContext* ctx);

struct Mapper {
  const char* nnadapter_op;  // e.g. "CONV_2D"
  const char* onnx_op;       // e.g. "Conv"
  MapFn fn;
};

// All registered mappers (mappers.cc).
const std::vector<Mapper>& Mappers();

// Builds the CaseSpec of data set `data_set` of `test`, preferring mappers
// of `nnadapter_op` for ambiguous nodes. Returns false with *error.
bool BuildOnnxCase(const OnnxTest& test, size_t data_set,
                   const std::string& nnadapter_op, CaseSpec* spec,
                   std::string* error);

// Helpers for mappers.
// Normalizes a possibly negative axis against `rank`.
inline int64_t NormAxis(int64_t axis, int rank) {
  return axis < 0 ? axis + rank : axis;
}
std::vector<int32_t> ToI32(const std::vector<int64_t>& v);
// Maps a unary ONNX node to a single-input NNAdapter op.
MapStatus MapUnary(const onnx::NodeProto& node, MapContext* ctx,
                   NNAdapterOperationType type);
// Maps a binary ONNX node; with_fuse adds the fuse_code operand (NONE).
MapStatus MapBinary(const onnx::NodeProto& node, MapContext* ctx,
                    NNAdapterOperationType type, bool with_fuse,
                    int32_t out_precision = NNADAPTER_UNKNOWN_PRECISION);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_ONNX_MAPPING_H_
