// fake_ddk: a mock vendor SDK ("device development kit") used by the
// fake_device driver. It has its own graph, tensor and execution types, its
// own serialized graph format and simple fp32 NCHW kernels. It knows nothing
// about NNAdapter: the driver converts NNAdapter models into fake_ddk graphs,
// exactly as a real driver converts them into a vendor's graph.
#ifndef FAKE_DDK_FAKE_DDK_H_
#define FAKE_DDK_FAKE_DDK_H_

#include <cstdint>
#include <string>
#include <vector>

namespace fake_ddk {

enum class Status : int32_t { kSuccess = 0, kInvalidGraph = 1, kInvalidInput = 2 };

// Operators and their attributes (`ints` / `floats` of a Node):
//   kConv2D          in: x, filter[Co,Ci/g,kh,kw], bias[Co]
//                    ints: pad_t,pad_b,pad_l,pad_r, stride_h,stride_w,
//                          dil_h,dil_w, group, activation
//   kConv2DTranspose in: x, filter[Ci,Co/g,kh,kw], bias[Co]
//                    ints: as kConv2D (output size from the output tensor)
//   kAdd kSub kMul kDiv   in: a, b (numpy broadcasting)   ints: activation
//   kRelu kRelu6 kSigmoid in: x
//   kHardSwish kHardSigmoid in: x  floats: alpha, beta
//   kAvgPool2D kMaxPool2D in: x  ints: kh,kw, pad_t,pad_b,pad_l,pad_r,
//                    stride_h,stride_w, count_include_pad, activation
//   kConcat          in: x0..xn-1   ints: axis (>= 0)
//   kReshape         in: x (output shape from the output tensor)
//   kTranspose       in: x   ints: perm
//   kSoftmax         in: x   ints: axis (>= 0)
//   kResizeNearest   in: x [N,C,H,W]  ints: align_corners
//   kBatchNorm       in: x, scale, bias, mean, variance  floats: epsilon
//   kMatMul          in: x, y   ints: transpose_x, transpose_y
//   kFullyConnected  in: x, weight[N,K], bias[N]  ints: activation
// activation: 0 none, 1 relu, 2 relu1, 3 relu6.
enum class OpType : int32_t {
  kConv2D = 1,
  kConv2DTranspose,
  kAdd,
  kSub,
  kMul,
  kDiv,
  kRelu,
  kRelu6,
  kSigmoid,
  kHardSwish,
  kHardSigmoid,
  kAvgPool2D,
  kMaxPool2D,
  kConcat,
  kReshape,
  kTranspose,
  kSoftmax,
  kResizeNearest,
  kBatchNorm,
  kMatMul,
  kFullyConnected,
  kEnd  // one past the last
};

const char* OpTypeName(OpType type);

struct Tensor {
  std::vector<int32_t> shape;
  bool constant = false;
  std::vector<float> data;  // constants only
  int64_t size() const;
};

struct Node {
  OpType type = OpType::kRelu;
  std::vector<int32_t> inputs;   // tensor ids
  std::vector<int32_t> outputs;  // tensor ids
  std::vector<int32_t> ints;
  std::vector<float> floats;
};

class Graph {
 public:
  int32_t AddTensor(const std::vector<int32_t>& shape);
  int32_t AddConstant(const std::vector<int32_t>& shape, const float* data);
  // Nodes must be added in execution order.
  void AddNode(const Node& node) { nodes_.push_back(node); }
  void SetInputsAndOutputs(const std::vector<int32_t>& inputs,
                           const std::vector<int32_t>& outputs);
  // Checks ids, shapes and attributes of every node. `error` says why not.
  Status Validate(std::string* error) const;

  std::vector<uint8_t> Serialize() const;
  static Status Deserialize(const uint8_t* data, size_t size, Graph* graph,
                            std::string* error);

  const std::vector<Tensor>& tensors() const { return tensors_; }
  const std::vector<Node>& nodes() const { return nodes_; }
  const std::vector<int32_t>& inputs() const { return inputs_; }
  const std::vector<int32_t>& outputs() const { return outputs_; }

 private:
  std::vector<Tensor> tensors_;
  std::vector<Node> nodes_;
  std::vector<int32_t> inputs_, outputs_;
};

// Runs a validated graph. Not thread-safe (scratch buffers are reused).
class Execution {
 public:
  explicit Execution(const Graph* graph);
  // inputs[i] holds graph.inputs()[i]; outputs[i] receives
  // graph.outputs()[i] (caller-allocated, tensor size floats).
  Status Run(const std::vector<const float*>& inputs,
             const std::vector<float*>& outputs, std::string* error);

 private:
  const Graph* graph_;
  std::vector<std::vector<float>> buffers_;
};

}  // namespace fake_ddk

#endif  // FAKE_DDK_FAKE_DDK_H_
