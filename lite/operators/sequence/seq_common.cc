#include "lite/operators/sequence/seq_common.h"

namespace paddle {
namespace lite {
namespace operators {

std::vector<uint64_t> SequenceOffsets(const std::string& op, const std::string& slot,
                                      const Tensor& t) {
  const std::string what = "op '" + op + "' input '" + slot + "'";
  LITE_ENFORCE(!t.lod().empty(), what, " needs a LoD (sequence offsets); got none");
  LITE_ENFORCE(!t.dims().empty(), what, " has no dims");
  CheckLoD(what, t.lod(), t.dims()[0]);
  return t.lod().back();
}

RecurrentAct ParseRecurrentAct(const std::string& op, const std::string& attr,
                               const std::string& name) {
  if (name == "sigmoid") return RecurrentAct::kSigmoid;
  if (name == "tanh") return RecurrentAct::kTanh;
  if (name == "relu") return RecurrentAct::kRelu;
  if (name == "identity" || name == "linear" || name.empty()) return RecurrentAct::kIdentity;
  ThrowError("op '", op, "': attribute '", attr, "' = '", name,
             "' is not one of sigmoid, tanh, relu, identity");
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
