// The importer on small hand-built models: external data (present and
// missing), opsets outside 9..17, the version converter, dynamic dims.
#include "lite/model_parser/onnx/onnx_importer.h"

#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

namespace paddle {
namespace lite {
namespace {

// y = x + w, w [2, 3] an initializer (inline or external), x [N, 3].
onnx::ModelProto AddModel(int opset, bool external, const std::string& location) {
  onnx::ModelProto m;
  m.set_ir_version(7);
  auto* op = m.add_opset_import();
  op->set_domain("");
  op->set_version(opset);
  auto* g = m.mutable_graph();
  g->set_name("add");
  auto* n = g->add_node();
  n->set_op_type("Add");
  n->set_name("the_add");
  n->add_input("x");
  n->add_input("w");
  n->add_output("y");
  auto* w = g->add_initializer();
  w->set_name("w");
  w->set_data_type(onnx::TensorProto::FLOAT);
  w->add_dims(2);
  w->add_dims(3);
  if (external) {
    w->set_data_location(onnx::TensorProto::EXTERNAL);
    auto* kv = w->add_external_data();
    kv->set_key("location");
    kv->set_value(location);
  } else {
    for (int i = 0; i < 6; ++i) w->add_float_data(static_cast<float>(i));
  }
  for (const char* name : {"x", "y"}) {
    auto* vi = name[0] == 'x' ? g->add_input() : g->add_output();
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    tt->mutable_shape()->add_dim()->set_dim_param("p2o.DynamicDimension.0");
    tt->mutable_shape()->add_dim()->set_dim_value(3);
  }
  return m;
}

class OnnxImporterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() / ("onnx_importer_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const onnx::ModelProto& m, const std::string& name) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << m.SerializeAsString();
    return path;
  }
  std::string ErrorOf(const std::string& path) {
    cpp::ProgramDesc p;
    Scope w;
    try {
      ImportOnnxModel(path, &p, &w);
    } catch (const lite_api::Error& e) {
      return e.what();
    }
    return "";
  }
  std::string dir_;
};

TEST_F(OnnxImporterTest, DynamicDimsBecomeMinusOneAndOpsArePaddleOps) {
  cpp::ProgramDesc p;
  Scope w;
  ImportOnnxModel(Write(AddModel(13, false, ""), "m.onnx"), &p, &w);
  const auto* x = p.blocks[0].FindVar("x");
  ASSERT_NE(x, nullptr);
  EXPECT_EQ(x->dims, (std::vector<int64_t>{-1, 3}));
  std::vector<std::string> types;
  for (const auto& op : p.blocks[0].ops) types.push_back(op.Type());
  EXPECT_EQ(types, (std::vector<std::string>{"feed", "elementwise_add", "fetch"}));
  const Tensor* t = w.FindVar("w");
  ASSERT_NE(t, nullptr);
  EXPECT_TRUE(t->persistable());
  EXPECT_FLOAT_EQ(t->data<float>()[5], 5.f);
}

TEST_F(OnnxImporterTest, ExternalDataIsReadNextToTheModel) {
  std::ofstream(dir_ + "/weights.bin", std::ios::binary)
      .write(reinterpret_cast<const char*>(std::vector<float>{6, 5, 4, 3, 2, 1}.data()), 24);
  cpp::ProgramDesc p;
  Scope w;
  ImportOnnxModel(Write(AddModel(13, true, "weights.bin"), "ext.onnx"), &p, &w);
  EXPECT_FLOAT_EQ(w.FindVar("w")->data<float>()[0], 6.f);
  EXPECT_FLOAT_EQ(w.FindVar("w")->data<float>()[5], 1.f);
}

TEST_F(OnnxImporterTest, MissingExternalDataNamesTheFileLookedFor) {
  std::string msg = ErrorOf(Write(AddModel(13, true, "missing_weights.bin"), "ext.onnx"));
  EXPECT_NE(msg.find(dir_ + "/missing_weights.bin"), std::string::npos) << msg;
}

TEST_F(OnnxImporterTest, OpsetsOutsideTheRangeAreNamedOrConverted) {
  std::string msg = ErrorOf(Write(AddModel(18, false, ""), "new.onnx"));
  EXPECT_NE(msg.find("opset 18"), std::string::npos) << msg;
  EXPECT_NE(msg.find("new.onnx"), std::string::npos) << msg;
  // Opset 7 is raised to 9 by ONNX's version converter.
  cpp::ProgramDesc p;
  Scope w;
  ImportOnnxModel(Write(AddModel(7, false, ""), "old.onnx"), &p, &w);
  EXPECT_EQ(p.blocks[0].ops.size(), 3u);
}

TEST_F(OnnxImporterTest, UnsupportedOperatorNamesNodeOperatorOpsetAndFile) {
  auto m = AddModel(13, false, "");
  m.mutable_graph()->mutable_node(0)->set_op_type("Einsum");
  std::string msg = ErrorOf(Write(m, "einsum.onnx"));
  for (const char* needle : {"einsum.onnx", "node 'the_add'", "operator Einsum", "opset 13", "not supported"}) {
    EXPECT_NE(msg.find(needle), std::string::npos) << needle << " in: " << msg;
  }
}

// float16 initializers (inline or raw) are widened to float32 exactly and a
// Cast to float of them is then a float32 cast.
TEST_F(OnnxImporterTest, Float16InitializersAreWidenedExactly) {
  auto m = AddModel(13, false, "");
  auto* g = m.mutable_graph();
  auto* w = g->mutable_initializer(0);
  w->set_name("w16");
  w->set_data_type(onnx::TensorProto::FLOAT16);
  w->clear_float_data();
  // 1, -5, 65504 (largest), 2^-24 (smallest subnormal), 0.333251953125, -0.
  const uint16_t bits[6] = {0x3C00, 0xC500, 0x7BFF, 0x0001, 0x3555, 0x8000};
  w->set_raw_data(std::string(reinterpret_cast<const char*>(bits), sizeof(bits)));
  auto* cast = g->add_node();
  cast->set_op_type("Cast");
  cast->add_input("w16");
  cast->add_output("w");
  auto* to = cast->add_attribute();
  to->set_name("to");
  to->set_type(onnx::AttributeProto::INT);
  to->set_i(onnx::TensorProto::FLOAT);
  g->mutable_node()->SwapElements(0, 1);
  cpp::ProgramDesc p;
  Scope scope;
  ImportOnnxModel(Write(m, "fp16.onnx"), &p, &scope);
  const Tensor* t = scope.FindVar("w16");
  ASSERT_NE(t, nullptr);
  ASSERT_EQ(t->dtype(), DataType::kFloat32);
  const float want[6] = {1.f, -5.f, 65504.f, 5.9604644775390625e-8f, 0.333251953125f, -0.f};
  for (int i = 0; i < 6; ++i) EXPECT_EQ(t->data<float>()[i], want[i]) << i;
  EXPECT_TRUE(std::signbit(t->data<float>()[5]));
}

// paddle2onnx's opset-9 flatten: Reshape(x, Concat(Slice(Cast(Shape(x)),
// 0..2), [-1])). ONNX 1.12 gives its output no shape; the importer folds the
// chain and knows y is [N, 3, 20] (N dynamic), and Transpose after it too.
TEST_F(OnnxImporterTest, ReshapeToARunTimeShapeGetsItsRankAndStaticDims) {
  onnx::ModelProto m;
  m.set_ir_version(7);
  m.add_opset_import()->set_version(9);
  auto* g = m.mutable_graph();
  g->set_name("flatten");
  auto node = [&](const char* type, std::vector<std::string> in, const char* out) {
    auto* n = g->add_node();
    n->set_op_type(type);
    for (const auto& i : in) n->add_input(i);
    n->add_output(out);
    return n;
  };
  auto ints = [](onnx::NodeProto* n, const char* name, std::vector<int64_t> v) {
    auto* a = n->add_attribute();
    a->set_name(name);
    a->set_type(onnx::AttributeProto::INTS);
    for (auto x : v) a->add_ints(x);
  };
  node("Shape", {"x"}, "s");
  auto* cast = node("Cast", {"s"}, "s32");
  auto* to = cast->add_attribute();
  to->set_name("to");
  to->set_type(onnx::AttributeProto::INT);
  to->set_i(onnx::TensorProto::INT32);
  auto* slice = node("Slice", {"s32"}, "head");
  ints(slice, "axes", {0});
  ints(slice, "starts", {0});
  ints(slice, "ends", {2});
  auto* cast64 = node("Cast", {"head"}, "head64");
  auto* to64 = cast64->add_attribute();
  to64->set_name("to");
  to64->set_type(onnx::AttributeProto::INT);
  to64->set_i(onnx::TensorProto::INT64);
  node("Concat", {"head64", "minus_one"}, "target")->add_attribute()->CopyFrom([] {
    onnx::AttributeProto a;
    a.set_name("axis");
    a.set_type(onnx::AttributeProto::INT);
    a.set_i(0);
    return a;
  }());
  node("Reshape", {"x", "target"}, "y");
  ints(node("Transpose", {"y"}, "z"), "perm", {0, 2, 1});
  auto* minus_one = g->add_initializer();
  minus_one->set_name("minus_one");
  minus_one->set_data_type(onnx::TensorProto::INT64);
  minus_one->add_dims(1);
  minus_one->add_int64_data(-1);
  for (const char* name : {"x", "z"}) {
    auto* vi = name[0] == 'x' ? g->add_input() : g->add_output();
    vi->set_name(name);
    vi->mutable_type()->mutable_tensor_type()->set_elem_type(onnx::TensorProto::FLOAT);
    auto* shape = vi->mutable_type()->mutable_tensor_type()->mutable_shape();
    shape->add_dim()->set_dim_param("p2o.DynamicDimension.0");
    if (name[0] != 'x') {  // the output as paddle2onnx declares it: all dims named
      shape->add_dim()->set_dim_param("p2o.DynamicDimension.1");
      shape->add_dim()->set_dim_param("p2o.DynamicDimension.2");
      continue;
    }
    for (int d : {3, 4, 5}) shape->add_dim()->set_dim_value(d);
  }
  cpp::ProgramDesc p;
  Scope w;
  ImportOnnxModel(Write(m, "flatten.onnx"), &p, &w);
  const auto* y = p.blocks[0].FindVar("y");
  const auto* z = p.blocks[0].FindVar("z");
  ASSERT_NE(y, nullptr);
  ASSERT_NE(z, nullptr);
  EXPECT_EQ(y->dims, (std::vector<int64_t>{-1, 3, 20}));
  EXPECT_EQ(z->dims, (std::vector<int64_t>{-1, 20, 3}));
}

TEST_F(OnnxImporterTest, ClaimedOperatorsAreSortedAndIncludeTheOcrOperators) {
  auto ops = ClaimedOnnxOperators();
  EXPECT_TRUE(std::is_sorted(ops.begin(), ops.end()));
  for (const char* op : {"Conv", "ConvTranspose", "Resize", "HardSigmoid", "Clip", "MatMul", "Softmax"}) {
    EXPECT_TRUE(std::find(ops.begin(), ops.end(), op) != ops.end()) << op;
  }
}

}  // namespace
}  // namespace lite
}  // namespace paddle
