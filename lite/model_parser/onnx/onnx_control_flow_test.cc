// ONNX Loop and If on hand-built models: the program they become (a while /
// conditional_block op running a new block whose parent is the node's
// block) and the values they compute through CxxConfig, against values
// worked out here: trip counts from a graph input (0 included), a loop that
// ends on its body's condition, scan outputs, a Loop nested in a Loop, If
// both ways, and malformed bodies refused naming the node.
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lite/api/paddle_api.h"
#include "lite/model_parser/onnx/onnx_importer.h"

namespace paddle {
namespace lite {
namespace {

void SetType(onnx::ValueInfoProto* vi, const std::string& name, int elem,
             const std::vector<int64_t>& dims) {
  vi->set_name(name);
  auto* tt = vi->mutable_type()->mutable_tensor_type();
  tt->set_elem_type(elem);
  auto* shape = tt->mutable_shape();
  for (int64_t d : dims) shape->add_dim()->set_dim_value(d);
}

onnx::NodeProto* AddNode(onnx::GraphProto* g, const std::string& op,
                         const std::vector<std::string>& in, const std::vector<std::string>& out) {
  auto* n = g->add_node();
  n->set_op_type(op);
  for (const auto& s : in) n->add_input(s);
  for (const auto& s : out) n->add_output(s);
  return n;
}

void AddFloatConstant(onnx::GraphProto* g, const std::string& name, float v) {
  auto* n = AddNode(g, "Constant", {}, {name});
  auto* a = n->add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  a->mutable_t()->set_data_type(onnx::TensorProto::FLOAT);
  a->mutable_t()->add_dims(1);
  a->mutable_t()->add_float_data(v);
}

onnx::GraphProto* GraphAttr(onnx::NodeProto* n, const std::string& name) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::GRAPH);
  return a->mutable_g();
}

onnx::ModelProto NewModel() {
  onnx::ModelProto m;
  m.set_ir_version(7);
  auto* op = m.add_opset_import();
  op->set_domain("");
  op->set_version(13);
  m.mutable_graph()->set_name("g");
  return m;
}

// Loop(M, true, y0 = x) { y = y + x * 2; scan y } -> (y, scans);
// x [2] float, M int64 scalar. With M trips: y = x (1 + 2M), scan row t =
// x (1 + 2 (t + 1)).
onnx::ModelProto TripCountLoop(bool with_scan) {
  onnx::ModelProto m = NewModel();
  auto* g = m.mutable_graph();
  SetType(g->add_input(), "x", onnx::TensorProto::FLOAT, {2});
  SetType(g->add_input(), "M", onnx::TensorProto::INT64, {});
  auto* t = g->add_initializer();
  t->set_name("yes");
  t->set_data_type(onnx::TensorProto::BOOL);
  t->add_int32_data(1);
  std::vector<std::string> outs{"y"};
  if (with_scan) outs.push_back("scans");
  auto* loop = AddNode(g, "Loop", {"M", "yes", "x"}, outs);
  loop->set_name("the_loop");
  auto* body = GraphAttr(loop, "body");
  body->set_name("body");
  SetType(body->add_input(), "iter", onnx::TensorProto::INT64, {});
  SetType(body->add_input(), "cond_in", onnx::TensorProto::BOOL, {});
  SetType(body->add_input(), "y_in", onnx::TensorProto::FLOAT, {2});
  AddFloatConstant(body, "two", 2.f);
  AddNode(body, "Mul", {"x", "two"}, {"x2"});
  AddNode(body, "Add", {"y_in", "x2"}, {"y_out"});
  AddNode(body, "Identity", {"cond_in"}, {"cond_out"});
  AddNode(body, "Identity", {"y_out"}, {"scan_out"});
  SetType(body->add_output(), "cond_out", onnx::TensorProto::BOOL, {});
  SetType(body->add_output(), "y_out", onnx::TensorProto::FLOAT, {2});
  if (with_scan) SetType(body->add_output(), "scan_out", onnx::TensorProto::FLOAT, {2});
  SetType(g->add_output(), "y", onnx::TensorProto::FLOAT, {2});
  if (with_scan) SetType(g->add_output(), "scans", onnx::TensorProto::FLOAT, {-1, 2});
  if (with_scan) g->mutable_output(1)->mutable_type()->mutable_tensor_type()->mutable_shape()
                     ->mutable_dim(0)->set_dim_param("trips");
  return m;
}

class OnnxControlFlowTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("onnx_control_flow_" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  std::string Write(const onnx::ModelProto& m, const std::string& name) {
    std::string path = dir_ + "/" + name;
    std::ofstream(path, std::ios::binary) << m.SerializeAsString();
    return path;
  }
  std::shared_ptr<lite_api::PaddlePredictor> Predictor(const std::string& path) {
    lite_api::CxxConfig config;
    config.set_model_file(path);
    config.set_max_loop_iterations(1000);
    return lite_api::CreatePaddlePredictor(config);
  }
  std::string ImportError(const onnx::ModelProto& m) {
    cpp::ProgramDesc p;
    Scope w;
    try {
      ImportOnnxModel(Write(m, "bad.onnx"), &p, &w);
    } catch (const lite_api::Error& e) {
      return e.what();
    }
    return "";
  }
  std::string dir_;
};

std::vector<float> Floats(const lite_api::Tensor& t) {
  int64_t n = 1;
  for (int64_t d : t.shape()) n *= d;
  return std::vector<float>(t.data<float>(), t.data<float>() + n);
}

TEST_F(OnnxControlFlowTest, LoopBecomesAWhileOverANewBlock) {
  cpp::ProgramDesc p;
  Scope w;
  ImportOnnxModel(Write(TripCountLoop(true), "loop.onnx"), &p, &w);
  ASSERT_EQ(p.blocks.size(), 2u);
  EXPECT_EQ(p.blocks[1].idx, 1);
  EXPECT_EQ(p.blocks[1].parent_idx, 0);
  const cpp::OpDesc* loop = nullptr;
  for (const auto& op : p.blocks[0].ops) {
    if (op.Type() == "while") loop = &op;
  }
  ASSERT_NE(loop, nullptr);
  EXPECT_EQ(loop->GetAttr<int32_t>("sub_block"), 1);
  std::vector<std::string> body_ops;
  for (const auto& op : p.blocks[1].ops) body_ops.push_back(op.Type());
  for (const char* want : {"elementwise_mul", "elementwise_add", "write_to_array", "increment",
                           "less_than", "logical_and"}) {
    EXPECT_NE(std::find(body_ops.begin(), body_ops.end(), want), body_ops.end()) << want;
  }
}

TEST_F(OnnxControlFlowTest, TripCountFromAnInputIncludingZero) {
  auto scan = Predictor(Write(TripCountLoop(true), "scan.onnx"));
  auto plain = Predictor(Write(TripCountLoop(false), "plain.onnx"));
  const std::vector<float> x{1.5f, -2.f};
  for (int64_t trips : {0, 1, 4}) {
    for (auto* p : {scan.get(), plain.get()}) {
      if (p == scan.get() && trips == 0) continue;  // a stacked scan needs one iteration
      auto xin = p->GetInput(0);
      xin->Resize({2});
      xin->CopyFromCpu(x.data());
      auto m = p->GetInput(1);
      m->Resize({});
      m->CopyFromCpu(&trips);
      p->Run();
      const float f = 1.f + 2.f * static_cast<float>(trips);
      EXPECT_EQ(Floats(*p->GetOutput(0)), (std::vector<float>{x[0] * f, x[1] * f}))
          << "trips " << trips;
      if (p != scan.get()) continue;
      auto s = p->GetOutput(1);
      EXPECT_EQ(s->shape(), (std::vector<int64_t>{trips, 2}));
      std::vector<float> want;
      for (int64_t t = 0; t < trips; ++t) {
        const float ft = 1.f + 2.f * static_cast<float>(t + 1);
        want.push_back(x[0] * ft);
        want.push_back(x[1] * ft);
      }
      EXPECT_EQ(Floats(*s), want) << "trips " << trips;
    }
  }
}

// No M: the body's condition ends the loop. y = y * 2 while y < limit.
// From y0 = 3, limit 50: 6, 12, 24, 48, 96 (the condition is computed
// after the step: 96 < 50 is false) -> 96, and the Loop node also feeds a
// nested Loop (2 trips of +1) to check a block inside a block.
TEST_F(OnnxControlFlowTest, BodyConditionEndsTheLoopAndLoopsNest) {
  onnx::ModelProto m = NewModel();
  auto* g = m.mutable_graph();
  SetType(g->add_input(), "y0", onnx::TensorProto::FLOAT, {1});
  SetType(g->add_input(), "go", onnx::TensorProto::BOOL, {});
  auto* loop = AddNode(g, "Loop", {"", "go", "y0"}, {"y"});
  auto* body = GraphAttr(loop, "body");
  body->set_name("doubling");
  SetType(body->add_input(), "i", onnx::TensorProto::INT64, {});
  SetType(body->add_input(), "c", onnx::TensorProto::BOOL, {});
  SetType(body->add_input(), "v", onnx::TensorProto::FLOAT, {1});
  AddFloatConstant(body, "k2", 2.f);
  AddFloatConstant(body, "limit", 50.f);
  AddNode(body, "Mul", {"v", "k2"}, {"v2"});
  AddNode(body, "Less", {"v2", "limit"}, {"below"});
  AddNode(body, "Squeeze", {"below"}, {"again"});
  SetType(body->add_output(), "again", onnx::TensorProto::BOOL, {});
  SetType(body->add_output(), "v2", onnx::TensorProto::FLOAT, {1});
  // After the doubling loop, z = y + 2 through a nested pair of loops: an
  // outer loop of one trip whose body runs an inner loop of two +1 trips.
  auto* two = g->add_initializer();
  two->set_name("two_trips");
  two->set_data_type(onnx::TensorProto::INT64);
  two->add_int64_data(2);
  auto* one = g->add_initializer();
  one->set_name("one_trip");
  one->set_data_type(onnx::TensorProto::INT64);
  one->add_int64_data(1);
  auto* outer = AddNode(g, "Loop", {"one_trip", "", "y"}, {"z"});
  auto* ob = GraphAttr(outer, "body");
  ob->set_name("outer");
  SetType(ob->add_input(), "oi", onnx::TensorProto::INT64, {});
  SetType(ob->add_input(), "oc", onnx::TensorProto::BOOL, {});
  SetType(ob->add_input(), "ov", onnx::TensorProto::FLOAT, {1});
  auto* inner = AddNode(ob, "Loop", {"two_trips", "", "ov"}, {"ov_out"});
  auto* ib = GraphAttr(inner, "body");
  ib->set_name("inner");
  SetType(ib->add_input(), "ii", onnx::TensorProto::INT64, {});
  SetType(ib->add_input(), "ic", onnx::TensorProto::BOOL, {});
  SetType(ib->add_input(), "iv", onnx::TensorProto::FLOAT, {1});
  AddFloatConstant(ib, "k1", 1.f);
  AddNode(ib, "Add", {"iv", "k1"}, {"iv_out"});
  AddNode(ib, "Identity", {"ic"}, {"ic_out"});
  SetType(ib->add_output(), "ic_out", onnx::TensorProto::BOOL, {});
  SetType(ib->add_output(), "iv_out", onnx::TensorProto::FLOAT, {1});
  AddNode(ob, "Identity", {"oc"}, {"oc_out"});
  SetType(ob->add_output(), "oc_out", onnx::TensorProto::BOOL, {});
  SetType(ob->add_output(), "ov_out", onnx::TensorProto::FLOAT, {1});
  SetType(g->add_output(), "y", onnx::TensorProto::FLOAT, {1});
  SetType(g->add_output(), "z", onnx::TensorProto::FLOAT, {1});
  const std::string path = Write(m, "doubling.onnx");
  cpp::ProgramDesc prog;
  Scope w;
  ImportOnnxModel(path, &prog, &w);
  ASSERT_EQ(prog.blocks.size(), 4u);  // block 0, doubling, outer, inner
  EXPECT_EQ(prog.blocks[3].parent_idx, 2);
  auto p = Predictor(path);
  for (auto [y0, go, want_y] : {std::tuple<float, bool, float>{3.f, true, 96.f},
                                {30.f, true, 60.f}, {3.f, false, 3.f}}) {
    auto in = p->GetInput(0);
    in->Resize({1});
    in->CopyFromCpu(&y0);
    auto c = p->GetInput(1);
    c->Resize({});
    c->CopyFromCpu(&go);
    p->Run();
    EXPECT_EQ(Floats(*p->GetOutput(0)), std::vector<float>{want_y}) << y0 << " " << go;
    EXPECT_EQ(Floats(*p->GetOutput(1)), std::vector<float>{want_y + 2.f}) << y0 << " " << go;
  }
}

// If(x_sum > 0) then (x * 3, x + 1) else (x - 5, x * x): the branches read
// x from the outer graph.
TEST_F(OnnxControlFlowTest, IfRunsTheBranchItsConditionNames) {
  onnx::ModelProto m = NewModel();
  auto* g = m.mutable_graph();
  SetType(g->add_input(), "x", onnx::TensorProto::FLOAT, {3});
  SetType(g->add_input(), "c", onnx::TensorProto::BOOL, {});
  auto* node = AddNode(g, "If", {"c"}, {"a", "b"});
  node->set_name("the_if");
  auto* then_g = GraphAttr(node, "then_branch");
  then_g->set_name("then");
  AddFloatConstant(then_g, "k3", 3.f);
  AddFloatConstant(then_g, "k1", 1.f);
  AddNode(then_g, "Mul", {"x", "k3"}, {"t0"});
  AddNode(then_g, "Add", {"x", "k1"}, {"t1"});
  SetType(then_g->add_output(), "t0", onnx::TensorProto::FLOAT, {3});
  SetType(then_g->add_output(), "t1", onnx::TensorProto::FLOAT, {3});
  auto* else_g = GraphAttr(node, "else_branch");
  else_g->set_name("else");
  AddFloatConstant(else_g, "k5", 5.f);
  AddNode(else_g, "Sub", {"x", "k5"}, {"e0"});
  AddNode(else_g, "Mul", {"x", "x"}, {"e1"});
  SetType(else_g->add_output(), "e0", onnx::TensorProto::FLOAT, {3});
  SetType(else_g->add_output(), "e1", onnx::TensorProto::FLOAT, {3});
  SetType(g->add_output(), "a", onnx::TensorProto::FLOAT, {3});
  SetType(g->add_output(), "b", onnx::TensorProto::FLOAT, {3});
  auto p = Predictor(Write(m, "if.onnx"));
  const std::vector<float> x{1.f, -2.f, 0.5f};
  for (bool c : {true, false, true}) {
    auto in = p->GetInput(0);
    in->Resize({3});
    in->CopyFromCpu(x.data());
    auto ci = p->GetInput(1);
    ci->Resize({});
    ci->CopyFromCpu(&c);
    p->Run();
    std::vector<float> a, b;
    for (float v : x) {
      a.push_back(c ? v * 3 : v - 5);
      b.push_back(c ? v + 1 : v * v);
    }
    EXPECT_EQ(Floats(*p->GetOutput(0)), a) << c;
    EXPECT_EQ(Floats(*p->GetOutput(1)), b) << c;
  }
}

TEST_F(OnnxControlFlowTest, MalformedBodiesAreRefusedNamingTheNode) {
  onnx::ModelProto m = TripCountLoop(false);
  auto* body = m.mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g();
  body->mutable_input()->RemoveLast();  // 2 body inputs for 1 carried value
  std::string msg = ImportError(m);
  EXPECT_NE(msg.find("the_loop"), std::string::npos) << msg;
  EXPECT_NE(msg.find("Loop"), std::string::npos) << msg;

  onnx::ModelProto u = TripCountLoop(false);
  auto* ub = u.mutable_graph()->mutable_node(0)->mutable_attribute(0)->mutable_g();
  ub->mutable_node(1)->set_op_type("NoSuchOp");  // inside the body
  msg = ImportError(u);
  EXPECT_NE(msg.find("NoSuchOp"), std::string::npos) << msg;
}

}  // namespace
}  // namespace lite
}  // namespace paddle
