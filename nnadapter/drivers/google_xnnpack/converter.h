// Converts NNAdapter operations into nodes of an XNNPACK subgraph.
//
// Layout: the driver runs the optimizer toolkit's NCHW -> NHWC pass
// (ConvertDataLayoutNchwToNhwc with the NHWC boundary, utility/optimizer.h)
// before converting, so every operand is converted as it is stored: the
// operations the pass runs in NHWC (convolutions, poolings, resizes, batch
// norm, PReLU) read and write rank-4 tensors of layout NNADAPTER_NHWC, their
// filters already packed, and axis / pad / reduction operands already
// renumbered. The driver reorders rank-4 model inputs and outputs at the
// program boundary. This XNNPACK has no transpose node, so an operation
// that reads NCHW between NHWC ones (a RESHAPE of a tensor with C > 1 and
// H * W > 1, ...) is refused where the pass inserts a TRANSPOSE before it.
#ifndef NNADAPTER_DRIVERS_GOOGLE_XNNPACK_CONVERTER_H_
#define NNADAPTER_DRIVERS_GOOGLE_XNNPACK_CONVERTER_H_

#include <xnnpack.h>

#include <list>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "nnadapter/hal/types.h"
#include "nnadapter/utility/modeling.h"

namespace nnadapter {
namespace google_xnnpack {

// Whether the operation takes or makes QUANT_INT8_SYMM_PER_LAYER
// activations (its google_xnnpack.ini section; else FLOAT32 only).
bool AcceptsInt8Activations(NNAdapterOperationType type);

// XNNPACK dims of an operand (its stored dims); false if a dim is unknown.
bool XnnDims(const core::Operand* operand, std::vector<size_t>* dims);

// A non-constant FLOAT32 (or, with `int8_ok`, QUANT_INT8_SYMM_PER_LAYER)
// rank-4 operand of layout NNADAPTER_NHWC with known dims, returned in
// NCHW order (N, C, H, W).
bool ActivationNhwc(const core::Operand* o, int32_t dims[4], std::string* error,
                    bool int8_ok);
// The (NHWC) output's H and W equal what XNNPACK will compute.
bool OutputHw(const core::Operand* out, int64_t expected_h, int64_t expected_w,
              std::string* error);
// Output extent of a window sweep (floor division).
int64_t ConvOutput(int64_t in, int64_t pad0, int64_t pad1, int64_t k,
                   int64_t stride, int64_t dilation);

// The window of a CONV_2D, read from its attribute operands and checked
// against its NCHW input dims `x` and filter dims [Cout, Cin/group, kh, kw]
// (the float and the int8 paths share it).
struct ConvWindow {
  int32_t group = 1;
  std::vector<int32_t> strides, dilations;
  std::vector<int32_t> pads;  // top, bottom, left, right
  float lo = 0, hi = 0;       // fused activation range
  bool depthwise = false;
};
bool ReadConvWindow(const core::Operation& op, const int32_t x[4],
                    const std::vector<int32_t>& filter_dims, ConvWindow* window,
                    std::string* error);

// A CONV_2D filter as the layout pass packed it for NHWC input dims
// (NCHW order) `x`: [Cout, kh, kw, Cin/group], or [1, kh, kw, Cout] when
// depthwise (group != 1 and group == C), which is XNNPACK's layout.
// `filter_dims` receives its NNAdapter dims [Cout, Cin/group, kh, kw] and
// `xnn_dims` the packed ones.
bool NhwcConvFilter(const core::Operation& op, const int32_t x[4],
                    std::vector<int32_t>* filter_dims, std::vector<size_t>* xnn_dims,
                    bool* depthwise, std::string* error);

// `op` alone as a model: its non-constant inputs and its outputs become the
// model's inputs and outputs (constants referenced, not copied).
OwnedModel SingleOperationModel(const core::Operation& op);

class Converter {
 public:
  // `storage` keeps static tensor data alive as long as the runtime built
  // from `subgraph` (XNNPACK references it for element-wise operands).
  Converter(xnn_subgraph_t subgraph, std::list<std::vector<uint8_t>>* storage)
      : subgraph_(subgraph), storage_(storage) {}
  // Declares a sub-model input/output with its external value id.
  void SetExternal(const core::Operand* operand, uint32_t external_id,
                   bool is_input);
  // When true, a non-constant operand that has no value yet becomes a new
  // external input with the next free external id (checking one operation
  // on its own); outputs become external outputs.
  void set_standalone(bool v, uint32_t first_free_external_id) {
    standalone_ = v;
    next_external_ = first_free_external_id;
  }
  uint32_t next_external() const { return next_external_; }
  // Enables fusions that need the consumers of an operand (a CONCAT on the
  // channel axis feeding only a CONV_2D becomes a sum of convolutions over
  // the parts). `model` must outlive the conversion.
  void set_model(core::Model* model) { model_ = model; }
  // Adds the node(s) of `op`; false with `error` if XNNPACK cannot run it.
  bool Convert(const core::Operation& op, std::string* error);
  // External values by operand (after Convert in standalone mode: the ones
  // it created).
  const std::map<const core::Operand*, uint32_t>& external_inputs() const {
    return external_inputs_;
  }
  const std::map<const core::Operand*, uint32_t>& external_outputs() const {
    return external_outputs_;
  }
  // The XNNPACK value of an operand that was defined (or XNN_INVALID_VALUE_ID).
  uint32_t ValueOf(const core::Operand* operand) const;

 private:
  bool ConvertConv(const core::Operation& op, std::string* error);
  bool ConvertConvTranspose(const core::Operation& op, std::string* error);
  bool ConvertFullyConnected(const core::Operation& op, std::string* error);
  bool ConvertMatMul(const core::Operation& op, std::string* error);
  bool ConvertPool(const core::Operation& op, std::string* error);
  bool ConvertBinary(const core::Operation& op, std::string* error);
  bool ConvertUnary(const core::Operation& op, std::string* error);
  bool ConvertPrelu(const core::Operation& op, std::string* error);
  bool ConvertSoftmax(const core::Operation& op, std::string* error);
  bool ConvertPad(const core::Operation& op, std::string* error);
  bool ConvertReshape(const core::Operation& op, std::string* error);
  bool ConvertResize(const core::Operation& op, std::string* error);
  bool ConvertBatchNorm(const core::Operation& op, std::string* error);
  bool ConvertConcat(const core::Operation& op, std::string* error);
  bool DeferConcat(const core::Operation& op);
  bool ConvertQuantize(const core::Operation& op, std::string* error);
  bool ConvertCopyLike(const core::Operation& op, std::string* error);
  bool ConvertSum(const core::Operation& op, std::string* error);
  bool ConvertReduceMean(const core::Operation& op, std::string* error);
  bool ConvertConvOverConcat(const core::Operation& op,
                             const core::Operation& concat,
                             const std::vector<float>& w, int32_t Cout,
                             int32_t Cin, int32_t kh, int32_t kw,
                             std::vector<float> bias,
                             const std::vector<int32_t>& pads,
                             const std::vector<int32_t>& strides,
                             const std::vector<int32_t>& dilations, float lo,
                             float hi, std::string* error);
  bool ConvertAdaptivePool(const core::Operation& op, std::string* error);
  bool ConvertResizeNearest(const core::Operation& op, std::string* error);

  // The value of a data operand (float32, known dims); constants are
  // defined as static values.
  bool Input(const core::Operand* operand, uint32_t* id, std::string* error);
  // Defines the value of an operation output.
  bool Output(const core::Operand* operand, uint32_t* id, std::string* error);
  // An internal (non-external) value; FLOAT32 unless `like` gives the
  // (quantized) type.
  bool Internal(const std::vector<size_t>& dims, uint32_t* id,
                std::string* error, const NNAdapterOperandType* like = nullptr);
  // The input of a fully connected as [batch, input_size]: a static
  // reshape when its rank is not 2 (the layout pass leaves it NCHW).
  bool FullyConnectedInput(const core::Operand* in, int32_t input_size,
                           uint32_t* x, std::string* error);
  // Defines a value of `type` (FLOAT32, or QUANT_INT8/INT32 symmetric
  // per-layer/per-channel with `channel_dim` the XNNPACK channel axis).
  bool DefineValue(const NNAdapterOperandType& type,
                   const std::vector<size_t>& dims, const void* data,
                   size_t channel_dim, uint32_t external, uint32_t flags,
                   uint32_t* id, std::string* error);
  // A static value of `type` owning `bytes`.
  bool StaticBytes(const NNAdapterOperandType& type,
                   const std::vector<size_t>& dims, std::vector<uint8_t> bytes,
                   size_t channel_dim, uint32_t* id, std::string* error);
  bool ConvertConvInt8(const core::Operation& op, std::string* error);
  // Defines the (depthwise) convolution node of `window` over the values
  // input `in`, filter `f`, bias `b` and output `y`.
  bool DefineConv(const ConvWindow& window,
                  const std::vector<int32_t>& filter_dims, uint32_t in,
                  uint32_t f, uint32_t b, uint32_t y, const char* what,
                  std::string* error);
  bool ConvertFullyConnectedInt8(const core::Operation& op, std::string* error);
  bool ConvertMatMulInt8(const core::Operation& op, bool transpose_y,
                         std::string* error);
  // A static float value owning a copy of `data`.
  bool Static(const std::vector<size_t>& dims, std::vector<float> data,
              uint32_t* id, std::string* error);
  bool Check(xnn_status status, const char* what, std::string* error);
  // Node `define(out)` followed by a clamp to [lo, hi] when the range is not
  // infinite (XNNPACK nodes without output_min/max).
  bool Clamped(const core::Operand* out, float lo, float hi,
               uint32_t* node_output, uint32_t* final_output,
               std::string* error);

  xnn_subgraph_t subgraph_;
  std::list<std::vector<uint8_t>>* storage_;
  // Set by Convert from google_xnnpack.ini (AcceptsInt8Activations):
  // QUANT_INT8 per-layer activations are accepted (else FLOAT32 only).
  bool int8_ok_ = false;
  std::map<const core::Operand*, uint32_t> values_;
  std::map<const core::Operand*, uint32_t> external_inputs_, external_outputs_;
  // CONCAT outputs left undefined because their only consumer, a CONV_2D,
  // convolves the parts (see ConvertConv).
  std::map<const core::Operand*, const core::Operation*> deferred_concats_;
  core::Model* model_ = nullptr;
  bool standalone_ = false;
  uint32_t next_external_ = 0;
};

}  // namespace google_xnnpack
}  // namespace nnadapter

#endif  // NNADAPTER_DRIVERS_GOOGLE_XNNPACK_CONVERTER_H_
