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

// The NNAdapter operations fake_ddk implements.
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
