// Converts NNAdapter operations into fake_ddk graph nodes.
#ifndef NNADAPTER_DRIVERS_FAKE_DEVICE_CONVERTER_H_
#define NNADAPTER_DRIVERS_FAKE_DEVICE_CONVERTER_H_

#include <map>
#include <set>
#include <string>

#include "fake_ddk/fake_ddk.h"
#include "nnadapter/hal/types.h"

namespace nnadapter {
namespace fake_device {

// The NNAdapter operations fake_ddk implements (operations.inc).
const std::set<NNAdapterOperationType>& ImplementedOperations();

class Converter {
 public:
  explicit Converter(fake_ddk::Graph* graph) : graph_(graph) {}
  // Maps a non-constant operand to an existing tensor (sub-model inputs).
  void Bind(const core::Operand* operand, int32_t tensor) {
    tensors_[operand] = tensor;
  }
  // When true, a non-constant operand that is not bound yet becomes a new
  // graph tensor (used to check one operation on its own).
  void set_create_missing(bool v) { create_missing_ = v; }
  // Adds the node(s) of `op`; false with `error` if fake_ddk cannot run it.
  bool Convert(const core::Operation& op, std::string* error);
  // The tensor of an operand (after Convert/Bind), or -1.
  int32_t TensorOf(const core::Operand* operand) const;

 private:
  // The CONVERT methods of operations.inc: they fill the node's inputs and
  // attributes (its type comes from the DDK_TYPE column).
  using Node = fake_ddk::Node;
  using Operation = core::Operation;
  bool ConvertConv(const Operation& op, Node* node, std::string* error);
  bool ConvertBinary(const Operation& op, Node* node, std::string* error);
  bool ConvertUnary(const Operation& op, Node* node, std::string* error);
  bool ConvertHardActivation(const Operation& op, Node* node,
                             std::string* error);
  bool ConvertPool(const Operation& op, Node* node, std::string* error);
  bool ConvertConcat(const Operation& op, Node* node, std::string* error);
  bool ConvertReshape(const Operation& op, Node* node, std::string* error);
  bool ConvertTranspose(const Operation& op, Node* node, std::string* error);
  bool ConvertSoftmax(const Operation& op, Node* node, std::string* error);
  bool ConvertResizeNearest(const Operation& op, Node* node,
                            std::string* error);
  bool ConvertBatchNorm(const Operation& op, Node* node, std::string* error);
  bool ConvertMatMul(const Operation& op, Node* node, std::string* error);
  bool ConvertFullyConnected(const Operation& op, Node* node,
                             std::string* error);
  // Appends the tensor of input `i` of `op` to the node's inputs.
  bool AddInput(const core::Operation& op, size_t i, fake_ddk::Node* node,
                std::string* error);
  bool Tensor(const core::Operand* operand, int32_t* id, std::string* error);
  bool NewOutput(const core::Operand* operand, int32_t* id, std::string* error);

  fake_ddk::Graph* graph_;
  std::map<const core::Operand*, int32_t> tensors_;
  bool create_missing_ = false;
};

// Shape of a float32 operand with known, positive dims.
bool FloatShape(const core::Operand* operand, std::vector<int32_t>* shape,
                std::string* error);

}  // namespace fake_device
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_FAKE_DEVICE_CONVERTER_H_
