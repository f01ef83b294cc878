// Unit tests of the conformance suite's own machinery (no device involved):
// the NNAPI accuracy rule, ONNX tensor decoding and the ONNX -> NNAdapter
// mapping of attribute layouts.
#include <gtest/gtest.h>

#include <cfloat>
#include <cmath>

#include "onnx_mapping.h"
#include "runner.h"

namespace conformance {
namespace {

TEST(CompareTensors, Fp32ToleranceIsAbsolutePlusRelative) {
  // |e - a| <= 1e-5 + 5 * 1.1920929e-7 * |e|: for e = 100 the bound is
  // 1e-5 + 5.96e-5 = 6.96e-5.
  EXPECT_EQ(CompareTensors(F32({1}, {100.f}), F32({1}, {100.00006f}), 0.0), "");
  EXPECT_NE(CompareTensors(F32({1}, {100.f}), F32({1}, {100.0001f}), 0.0), "");
  EXPECT_EQ(CompareTensors(F32({1}, {0.f}), F32({1}, {9e-6f}), 0.0), "");
  EXPECT_NE(CompareTensors(F32({1}, {0.f}), F32({1}, {2e-5f}), 0.0), "");
  // Extra absolute tolerance of low-precision references.
  EXPECT_EQ(CompareTensors(F32({1}, {0.7050f}), F32({1}, {0.70492f}), 1e-4), "");
}

TEST(CompareTensors, NanAndInfinity) {
  EXPECT_EQ(CompareTensors(F32({2}, {NAN, INFINITY}), F32({2}, {NAN, INFINITY}), 0.0), "");
  EXPECT_NE(CompareTensors(F32({1}, {INFINITY}), F32({1}, {FLT_MAX}), 0.0), "");
  EXPECT_NE(CompareTensors(F32({1}, {NAN}), F32({1}, {0.f}), 0.0), "");
}

TEST(CompareTensors, Int8OffByOneOthersExact) {
  EXPECT_EQ(CompareTensors(Q8({3}, {1, -5, 127}, 0.5f), Q8({3}, {2, -4, 126}, 0.5f), 0.0), "");
  EXPECT_NE(CompareTensors(Q8({1}, {1}, 0.5f), Q8({1}, {3}, 0.5f), 0.0), "");
  EXPECT_NE(CompareTensors(Q8({1}, {1}, 0.5f), Q8({1}, {1}, 0.25f), 0.0), "");  // scale
  EXPECT_NE(CompareTensors(I32({2}, {1, 2}), I32({2}, {1, 3}), 0.0), "");
  EXPECT_NE(CompareTensors(I64({1}, {7}), I64({1}, {8}), 0.0), "");
  EXPECT_NE(CompareTensors(Bool8({2}, {1, 0}), Bool8({2}, {1, 1}), 0.0), "");
  EXPECT_EQ(CompareTensors(Bool8({2}, {1, 0}), Bool8({2}, {1, 0}), 0.0), "");
}

TEST(CompareTensors, DimsAndPrecisionMustMatch) {
  EXPECT_NE(CompareTensors(F32({2, 1}, {1, 2}), F32({2}, {1, 2}), 0.0).find("dims"),
            std::string::npos);
  EXPECT_NE(CompareTensors(F32({1}, {1}), I32({1}, {1}), 0.0).find("precision"),
            std::string::npos);
}

TEST(TensorFromProto, RawAndTypedFields) {
  onnx::TensorProto p;
  p.set_data_type(onnx::TensorProto::FLOAT);
  p.add_dims(2);
  p.add_float_data(1.5f);
  p.add_float_data(-2.f);
  Tensor t;
  std::string err;
  ASSERT_TRUE(TensorFromProto(p, &t, &err)) << err;
  EXPECT_EQ(t.dims, std::vector<int32_t>({2}));
  EXPECT_FLOAT_EQ(t.data<float>()[1], -2.f);

  onnx::TensorProto q;
  q.set_data_type(onnx::TensorProto::INT64);
  q.add_dims(1);
  const int64_t v = -3;
  q.set_raw_data(std::string(reinterpret_cast<const char*>(&v), sizeof(v)));
  ASSERT_TRUE(TensorFromProto(q, &t, &err)) << err;
  EXPECT_EQ(t.precision, NNADAPTER_INT64);
  EXPECT_EQ(t.data<int64_t>()[0], -3);

  q.add_dims(2);  // now [1, 2] but only 8 bytes of data
  EXPECT_FALSE(TensorFromProto(q, &t, &err));
  EXPECT_NE(err.find("expected 16"), std::string::npos) << err;
}

// A single-node ONNX test built in memory.
OnnxTest MakeTest(const onnx::NodeProto& node, const std::vector<std::string>& inputs,
                  const std::vector<Tensor>& values, const Tensor& output) {
  OnnxTest t;
  auto* g = t.model.mutable_graph();
  *g->add_node() = node;
  auto* opset = t.model.add_opset_import();
  opset->set_version(13);
  for (const auto& name : inputs) g->add_input()->set_name(name);
  g->add_output()->set_name(node.output(0));
  t.input_names = inputs;
  OnnxDataSet ds;
  ds.inputs = values;
  ds.outputs = {output};
  t.data_sets.push_back(ds);
  return t;
}

const std::vector<int32_t>& ConstI32Of(const CaseSpec& spec, int operand) {
  static std::vector<int32_t> v;
  const Tensor& t = spec.operands[static_cast<size_t>(operand)].tensor;
  v.assign(t.data<int32_t>(), t.data<int32_t>() + t.NumElements());
  return v;
}

TEST(OnnxMapping, ConvPadsAreReorderedAndWeightsConstant) {
  onnx::NodeProto n;
  n.set_op_type("Conv");
  n.add_input("x");
  n.add_input("w");
  n.add_output("y");
  auto* pads = n.add_attribute();
  pads->set_name("pads");
  for (int p : {1, 2, 3, 4}) pads->add_ints(p);  // h_begin w_begin h_end w_end
  auto* strides = n.add_attribute();
  strides->set_name("strides");
  strides->add_ints(2);
  strides->add_ints(1);
  OnnxTest test = MakeTest(n, {"x", "w"},
                           {F32({1, 1, 4, 4}, std::vector<float>(16, 1.f)),
                            F32({1, 1, 3, 3}, std::vector<float>(9, 1.f))},
                           F32({1, 1, 3, 7}, std::vector<float>(21, 0.f)));
  CaseSpec spec;
  std::string err;
  ASSERT_TRUE(BuildOnnxCase(test, 0, "CONV_2D", &spec, &err)) << err;
  ASSERT_EQ(spec.operations.size(), 1u);
  const OperationSpec& op = spec.operations[0];
  EXPECT_EQ(op.type, NNADAPTER_CONV_2D);
  ASSERT_EQ(op.inputs.size(), 9u);
  EXPECT_EQ(spec.inputs.size(), 1u);  // only x is a model input
  EXPECT_EQ(spec.operands[static_cast<size_t>(op.inputs[1])].kind, OperandSpec::kConstant);
  // bias of zeros added for the missing ONNX B
  EXPECT_EQ(spec.operands[static_cast<size_t>(op.inputs[2])].tensor.dims, std::vector<int32_t>({1}));
  EXPECT_EQ(ConstI32Of(spec, op.inputs[4]), std::vector<int32_t>({1, 3, 2, 4}));  // t b l r
  EXPECT_EQ(ConstI32Of(spec, op.inputs[5]), std::vector<int32_t>({2, 1}));
}

TEST(OnnxMapping, PadPadsBecomeBeginEndPairs) {
  onnx::NodeProto n;
  n.set_op_type("Pad");
  n.add_input("x");
  n.add_input("pads");
  n.add_output("y");
  OnnxTest test = MakeTest(n, {"x", "pads"},
                           {F32({1, 2}, {1, 2}), I64({4}, {0, 1, 2, 3})},
                           F32({3, 6}, std::vector<float>(18, 0.f)));
  CaseSpec spec;
  std::string err;
  ASSERT_TRUE(BuildOnnxCase(test, 0, "PAD", &spec, &err)) << err;
  const OperationSpec& op = spec.operations[0];
  // ONNX [x0_b, x1_b, x0_e, x1_e] = [0, 1, 2, 3] -> [x0_b, x0_e, x1_b, x1_e]
  EXPECT_EQ(ConstI32Of(spec, op.inputs[1]), std::vector<int32_t>({0, 2, 1, 3}));
  EXPECT_EQ(ConstI32Of(spec, op.inputs[2]), std::vector<int32_t>({NNADAPTER_PAD_MODE_CONSTANT}));
}

TEST(OnnxMapping, UnknownOpTypeIsReported) {
  onnx::NodeProto n;
  n.set_op_type("Einsum");
  n.add_input("x");
  n.add_output("y");
  OnnxTest test = MakeTest(n, {"x"}, {F32({1}, {1})}, F32({1}, {1}));
  CaseSpec spec;
  std::string err;
  EXPECT_FALSE(BuildOnnxCase(test, 0, "MAT_MUL", &spec, &err));
  EXPECT_NE(err.find("Einsum"), std::string::npos) << err;
}

}  // namespace
}  // namespace conformance
