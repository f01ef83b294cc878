// The converters of the LITE_NNADAPTER_DIRECT rows of converters.inc: one
// function per row, written by the preprocessor from the row.
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "lite/nnadapter/converters.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {
namespace {

// One operand of a row: the input slot it reads (nullptr for attributes)
// and how to make it.
struct DirectOperand {
  const char* input_slot;
  std::function<NNAdapterOperand*(Converter&, const cpp::OpDesc&)> make;
};

void ConvertDirect(Converter& c, const cpp::OpDesc& op, NNAdapterOperationType type,
                   const std::vector<DirectOperand>& operands) {
  std::set<std::string> named;
  std::string list;
  for (const DirectOperand& d : operands) {
    if (!d.input_slot) continue;
    named.insert(d.input_slot);
    list += StrCat(list.empty() ? "" : ", ", d.input_slot);
  }
  for (const auto& [slot, vars] : op.inputs()) {
    LITE_ENFORCE(vars.empty() || named.count(slot), "op '", op.Type(), "': input '", slot,
                 "' is not converted (the converter reads ", list, ")");
  }
  std::vector<NNAdapterOperand*> in;
  for (const DirectOperand& d : operands) in.push_back(d.make(c, op));
  c.AddOperation(type, in, {c.Output(One(op, "Out", false))});
}

}  // namespace

#define NNA_IN(slot__)                                                                         \
  DirectOperand {                                                                              \
    #slot__, [](Converter& c, const cpp::OpDesc& op) { return c.Input(One(op, #slot__)); }     \
  }
#define NNA_ATTR_(make__) \
  DirectOperand { nullptr, [](Converter& c, const cpp::OpDesc& op) { return make__; } }
#define NNA_I32(attr__, default__) NNA_ATTR_(c.Int32(op.GetAttr<int32_t>(#attr__, default__)))
#define NNA_I32S(attr__) NNA_ATTR_(c.Int32s(op.GetAttr<std::vector<int32_t>>(#attr__, {})))
#define NNA_F32(attr__, default__) NNA_ATTR_(c.Float32(op.GetAttr<float>(#attr__, default__)))
#define NNA_BOOL(attr__, default__) NNA_ATTR_(c.Bool(op.GetAttr<bool>(#attr__, default__)))
#define LITE_NNADAPTER_CONVERTER(op_type__, fn__)
#define LITE_NNADAPTER_DIRECT(op_type__, operation__, ...)                \
  void ConvertDirect_##op_type__(Converter& c, const cpp::OpDesc& op) { \
    ConvertDirect(c, op, operation__, {__VA_ARGS__});                   \
  }
#include "lite/nnadapter/converters.inc"
#undef LITE_NNADAPTER_DIRECT
#undef LITE_NNADAPTER_CONVERTER

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
