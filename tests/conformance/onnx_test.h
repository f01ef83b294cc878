// Loading of one ONNX backend test directory (libonnx-testdata):
//   <dir>/model.onnx + <dir>/test_data_set_K/{input,output}_N.pb
#ifndef TESTS_CONFORMANCE_ONNX_TEST_H_
#define TESTS_CONFORMANCE_ONNX_TEST_H_

#include <onnx/onnx_pb.h>

#include <map>
#include <string>
#include <vector>

#include "testing/tensor.h"

namespace conformance {

// Host tensors and their factories (F32, Q8, ...) are nnadapter/testing's.
using namespace nnadapter_test;  // NOLINT

struct OnnxDataSet {
  std::vector<Tensor> inputs;   // parallel to the graph inputs without initializer
  std::vector<Tensor> outputs;  // parallel to graph outputs
};

struct OnnxTest {
  std::string dir;
  onnx::ModelProto model;
  std::vector<std::string> input_names;  // graph inputs that are fed
  std::map<std::string, Tensor> initializers;  // + Constant node outputs
  std::vector<OnnxDataSet> data_sets;
};

// Loads the test; returns false with *error naming the file on failure.
bool LoadOnnxTest(const std::string& dir, OnnxTest* test, std::string* error);

// Converts an ONNX TensorProto (raw_data or typed fields) to a Tensor.
bool TensorFromProto(const onnx::TensorProto& proto, Tensor* out,
                     std::string* error);

// Attribute access on a node.
const onnx::AttributeProto* FindAttr(const onnx::NodeProto& node,
                                     const std::string& name);
int64_t AttrInt(const onnx::NodeProto& node, const std::string& name,
                int64_t def);
float AttrFloat(const onnx::NodeProto& node, const std::string& name,
                float def);
std::string AttrString(const onnx::NodeProto& node, const std::string& name,
                       const std::string& def);
std::vector<int64_t> AttrInts(const onnx::NodeProto& node,
                              const std::string& name);
std::vector<float> AttrFloats(const onnx::NodeProto& node,
                              const std::string& name);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_ONNX_TEST_H_
