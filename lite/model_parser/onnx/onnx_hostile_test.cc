// Hostile ONNX models (issue 27): external data that leaves the model's
// folder, Constant nodes' external data, attributes that crashed libonnx's
// shape inference, malformed headers and attributes, run-time Gather
// indices out of range. Each expects an Error naming the node/attribute.
#include <gtest/gtest.h>
#include <onnx/onnx_pb.h>
#include <unistd.h>

#include <climits>
#include <filesystem>
#include <fstream>

#include "lite/api/paddle_api.h"
#include "lite/model_parser/model_loader.h"
#include "lite/model_parser/onnx/onnx_importer.h"

namespace paddle {
namespace lite {
namespace {

onnx::ValueInfoProto* AddValue(google::protobuf::RepeatedPtrField<onnx::ValueInfoProto>* list,
                               const std::string& name, int elem,
                               const std::vector<int64_t>& dims) {
  auto* vi = list->Add();
  vi->set_name(name);
  auto* tt = vi->mutable_type()->mutable_tensor_type();
  tt->set_elem_type(elem);
  // -1: a named (dynamic) dim; an empty list: a scalar.
  auto* shape = tt->mutable_shape();
  for (int64_t d : dims) {
    if (d < 0) {
      shape->add_dim()->set_dim_param("d" + std::to_string(shape->dim_size()));
    } else {
      shape->add_dim()->set_dim_value(d);
    }
  }
  return vi;
}

onnx::ModelProto Model(int64_t opset = 13) {
  onnx::ModelProto m;
  m.set_ir_version(7);
  auto* o = m.add_opset_import();
  o->set_domain("");
  o->set_version(opset);
  m.mutable_graph()->set_name("g");
  return m;
}

onnx::NodeProto* AddNode(onnx::ModelProto* m, const std::string& type,
                         const std::vector<std::string>& in, const std::string& out) {
  auto* n = m->mutable_graph()->add_node();
  n->set_op_type(type);
  n->set_name(type + "_node");
  for (const auto& i : in) n->add_input(i);
  n->add_output(out);
  return n;
}

void SetInts(onnx::NodeProto* n, const std::string& name, const std::vector<int64_t>& v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INTS);
  for (int64_t x : v) a->add_ints(x);
}

void SetInt(onnx::NodeProto* n, const std::string& name, int64_t v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::INT);
  a->set_i(v);
}

void SetString(onnx::NodeProto* n, const std::string& name, const std::string& v) {
  auto* a = n->add_attribute();
  a->set_name(name);
  a->set_type(onnx::AttributeProto::STRING);
  a->set_s(v);
}

// A float tensor [n] whose data is external at `location` (+ extra fields).
void MakeExternal(onnx::TensorProto* t, const std::string& name, int64_t n,
                  const std::string& location,
                  const std::vector<std::pair<std::string, std::string>>& extra = {}) {
  t->set_name(name);
  t->set_data_type(onnx::TensorProto::FLOAT);
  t->add_dims(n);
  t->set_data_location(onnx::TensorProto::EXTERNAL);
  auto* kv = t->add_external_data();
  kv->set_key("location");
  kv->set_value(location);
  for (const auto& e : extra) {
    auto* f = t->add_external_data();
    f->set_key(e.first);
    f->set_value(e.second);
  }
}

// y = x + w, w [4] external at `location`.
onnx::ModelProto ExternalAdd(const std::string& location,
                             const std::vector<std::pair<std::string, std::string>>& extra = {}) {
  auto m = Model();
  AddNode(&m, "Add", {"x", "w"}, "y");
  MakeExternal(m.mutable_graph()->add_initializer(), "w", 4, location, extra);
  AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {4});
  AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {4});
  return m;
}

void WriteFloats(const std::string& path, const std::vector<float>& v) {
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * 4));
}

class OnnxHostile : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = std::filesystem::temp_directory_path() / ("onnx_hostile_" + std::to_string(getpid()));
    std::filesystem::remove_all(root_);
    std::filesystem::create_directories(root_ + "/model");
    std::filesystem::create_directories(root_ + "/elsewhere");
    std::filesystem::create_directories(root_ + "/model/sub");
    WriteFloats(root_ + "/secret.bin", {66, 66, 66, 66});
    WriteFloats(root_ + "/model/w.bin", {1, 2, 3, 4});
    WriteFloats(root_ + "/elsewhere/w.bin", {-9, -9, -9, -9});
  }
  void TearDown() override { std::filesystem::remove_all(root_); }
  std::string Write(const onnx::ModelProto& m, const std::string& name = "m.onnx") {
    const std::string path = root_ + "/model/" + name;
    std::ofstream(path, std::ios::binary) << m.SerializeAsString();
    return path;
  }
  // The import's error message, "" when it succeeded (weights in w_).
  std::string ErrorOf(const onnx::ModelProto& m) {
    cpp::ProgramDesc p;
    w_ = std::make_unique<Scope>();
    try {
      ImportOnnxModel(Write(m), &p, w_.get());
    } catch (const lite_api::Error& e) {
      return e.what();
    }
    return "";
  }
  std::string root_;
  std::unique_ptr<Scope> w_;
};

#define EXPECT_HAS(msg, needle) EXPECT_NE((msg).find(needle), std::string::npos) << (msg)

TEST_F(OnnxHostile, ExternalDataInsideTheFolderIsRead) {
  ASSERT_EQ(ErrorOf(ExternalAdd("w.bin")), "");
  EXPECT_FLOAT_EQ(w_->FindVar("w")->data<float>()[3], 4.f);
}

TEST_F(OnnxHostile, ExternalDataOutsideTheModelFolderIsRefused) {
  std::filesystem::create_symlink(root_ + "/secret.bin", root_ + "/model/link.bin");
  std::filesystem::create_symlink("/etc/passwd", root_ + "/model/passwd.bin");
  for (const std::string& loc : std::vector<std::string>{
           "../secret.bin", "sub/../../secret.bin", "link.bin", "passwd.bin", root_ + "/secret.bin",
           "/proc/self/environ", "/proc/self/fd/0"}) {
    const std::string msg = ErrorOf(ExternalAdd(loc));
    EXPECT_HAS(msg, "ONNX tensor 'w'");
    EXPECT_TRUE(msg.find("leaves the folder") != std::string::npos ||
                msg.find("absolute location is refused") != std::string::npos)
        << loc << ": " << msg;
  }
}

TEST_F(OnnxHostile, ExternalDataThatIsAFifoDoesNotBlock) {
  ASSERT_EQ(mkfifo((root_ + "/model/pipe.bin").c_str(), 0644), 0);
  EXPECT_HAS(ErrorOf(ExternalAdd("pipe.bin")), "not a regular file");
}

TEST_F(OnnxHostile, BufferExternalDataNeedsANamedFolder) {
  const std::string bytes = ExternalAdd("w.bin").SerializeAsString();
  const std::string cwd = std::filesystem::current_path();
  std::filesystem::current_path(root_ + "/elsewhere");  // holds another w.bin
  cpp::ProgramDesc p;
  Scope w;
  std::string msg;
  try {
    ImportOnnxModelFromBuffer(bytes, "model buffer", "", &p, &w);
  } catch (const lite_api::Error& e) {
    msg = e.what();
  }
  EXPECT_HAS(msg, "no folder was named");
  // CxxConfig: set_model_dir next to set_model_buffer names the folder.
  ModelSource src;
  src.model_buffer = bytes;
  src.model_dir = root_ + "/model";
  Scope w2;
  LoadModel(src, &p, &w2);
  std::filesystem::current_path(cwd);
  EXPECT_FLOAT_EQ(w2.FindVar("w")->data<float>()[0], 1.f);
}

TEST_F(OnnxHostile, ConstantExternalDataIsReadFromTheModelFolder) {
  auto m = Model();
  auto* c = AddNode(&m, "Constant", {}, "c");
  auto* a = c->add_attribute();
  a->set_name("value");
  a->set_type(onnx::AttributeProto::TENSOR);
  MakeExternal(a->mutable_t(), "c", 4, "w.bin");
  AddNode(&m, "Add", {"x", "c"}, "y");
  AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {4});
  AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {4});
  const std::string cwd = std::filesystem::current_path();
  std::filesystem::current_path(root_ + "/elsewhere");  // its w.bin holds -9s
  const std::string msg = ErrorOf(m);
  std::filesystem::current_path(cwd);
  ASSERT_EQ(msg, "");
  const Tensor* t = w_->FindVar("c");
  ASSERT_NE(t, nullptr);
  EXPECT_FLOAT_EQ(t->data<float>()[0], 1.f);
  EXPECT_FLOAT_EQ(t->data<float>()[3], 4.f);
  // And it is contained like an initializer's.
  a->mutable_t()->mutable_external_data(0)->set_value("../secret.bin");
  EXPECT_HAS(ErrorOf(m), "leaves the folder");
}

TEST_F(OnnxHostile, ExternalDataFieldsAreValidated) {
  EXPECT_HAS(ErrorOf(ExternalAdd("w.bin", {{"offset", "abc"}})),
             "external data 'offset' is \"abc\"; expected a non-negative integer");
  EXPECT_HAS(ErrorOf(ExternalAdd("w.bin", {{"offset", "-4"}})), "'offset' is \"-4\"");
  EXPECT_HAS(ErrorOf(ExternalAdd("w.bin", {{"length", "12x"}})), "'length' is \"12x\"");
  EXPECT_HAS(ErrorOf(ExternalAdd("w.bin", {{"offset", "8"}})), "16 bytes at offset 8");
  EXPECT_HAS(ErrorOf(ExternalAdd(std::string("w.bin\0../../secret.bin", 23))), "NUL");
}

// Conv, MaxPool, AveragePool with a zero stride: SIGFPE inside libonnx's
// shape inference before the fix.
TEST_F(OnnxHostile, ZeroStridesAreRefusedBeforeShapeInference) {
  struct Case {
    std::string op;
    int spatial;
    std::string auto_pad;
  };
  for (const Case& k : {Case{"Conv", 2, ""}, Case{"Conv", 1, ""}, Case{"Conv", 3, ""},
                        Case{"MaxPool", 2, ""}, Case{"MaxPool", 1, ""}, Case{"AveragePool", 2, ""},
                        Case{"AveragePool", 3, ""}, Case{"Conv", 2, "SAME_UPPER"},
                        Case{"MaxPool", 2, "SAME_UPPER"}}) {
    auto m = Model(11);
    std::vector<int64_t> xdims = {1, 2}, wdims = {2, 2}, kernel;
    for (int i = 0; i < k.spatial; ++i) {
      xdims.push_back(5);
      wdims.push_back(3);
      kernel.push_back(3);
    }
    std::vector<std::string> in = {"x"};
    if (k.op == "Conv") {
      in.push_back("w");
      auto* w = m.mutable_graph()->add_initializer();
      w->set_name("w");
      w->set_data_type(onnx::TensorProto::FLOAT);
      int64_t n = 1;
      for (int64_t d : wdims) {
        w->add_dims(d);
        n *= d;
      }
      for (int64_t i = 0; i < n; ++i) w->add_float_data(0.5f);
    }
    auto* node = AddNode(&m, k.op, in, "y");
    SetInts(node, "kernel_shape", kernel);
    SetInts(node, "strides", std::vector<int64_t>(k.spatial, 0));
    if (!k.auto_pad.empty()) SetString(node, "auto_pad", k.auto_pad);
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, xdims);
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT,
             std::vector<int64_t>(xdims.size(), -1));
    const std::string msg = ErrorOf(m);
    EXPECT_HAS(msg, "node '" + k.op + "_node' (operator " + k.op + "): attribute 'strides'[0] is 0");
  }
}

// MaxPool's Indices output needs a constant of N * C offsets from the
// declared input dims: a declared [2^31 - 1, 2^31 - 1, 4, 4] is refused
// with the dims instead of allocating 2^62 entries.
TEST_F(OnnxHostile, MaxPoolIndicesWithHugeDeclaredDimsAreRefused) {
  auto m = Model(12);
  auto* node = AddNode(&m, "MaxPool", {"x"}, "y");
  node->add_output("i");
  SetInts(node, "kernel_shape", {2, 2});
  SetInts(node, "strides", {2, 2});
  const int64_t huge = INT32_MAX;
  AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {huge, huge, 4, 4});
  AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1, -1, -1});
  AddValue(m.mutable_graph()->mutable_output(), "i", onnx::TensorProto::INT64, {-1, -1, -1, -1});
  const std::string msg = ErrorOf(m);
  EXPECT_HAS(msg, "node 'MaxPool_node' (operator MaxPool, opset 12)");
  EXPECT_HAS(msg, "the Indices output supports at most 2^24 planes and 2^40 elements, the "
                  "input declares [2147483647, 2147483647, 4, 4]");
}

// A shape input's declared length is the output's rank: 2^63 - 1 kept
// libonnx's inference busy for minutes (the ONNX fuzzer); it is refused
// before shape inference runs.
TEST_F(OnnxHostile, ShapeInputsDeclaringMoreThan64EntriesAreRefused) {
  for (const std::string op : {"ConstantOfShape", "Reshape", "Expand"}) {
    auto m = Model(13);
    const bool shape_first = op == "ConstantOfShape";
    AddNode(&m, op, shape_first ? std::vector<std::string>{"s"} : std::vector<std::string>{"x", "s"},
            "y");
    if (!shape_first) {
      AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    }
    AddValue(m.mutable_graph()->mutable_input(), "s", onnx::TensorProto::INT64, {INT64_MAX});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1});
    const std::string msg = ErrorOf(m);
    EXPECT_HAS(msg, "node '" + op + "_node' (operator " + op + "): input 's' is a shape but "
                    "declares 9223372036854775807 entries; expected at most 64");
  }
}

TEST_F(OnnxHostile, HeaderFieldsOutOfRangeAreNamed) {
  auto m = ExternalAdd("w.bin");
  m.mutable_opset_import(0)->set_version((int64_t{1} << 32) + 13);
  EXPECT_HAS(ErrorOf(m), "opset_import of domain 'ai.onnx' has version 4294967309");
  m.mutable_opset_import(0)->set_version(INT64_MAX);
  EXPECT_HAS(ErrorOf(m), "has version 9223372036854775807");
  m.mutable_opset_import(0)->set_version(13);
  m.set_ir_version(0);
  EXPECT_HAS(ErrorOf(m), "ir_version is 0");
  m.set_ir_version(999);
  EXPECT_HAS(ErrorOf(m), "ir_version 999 is newer");
  m.set_ir_version(7);
  m.mutable_graph()->mutable_input(0)->mutable_type()->mutable_tensor_type()->mutable_shape()
      ->mutable_dim(0)->set_dim_value(-3);
  EXPECT_HAS(ErrorOf(m), "graph input 'x' has dim 0 = -3");
}

TEST_F(OnnxHostile, MalformedAttributesAreNamed) {
  {  // Squeeze of an axis whose extent is not 1.
    auto m = Model();
    auto* n = AddNode(&m, "Squeeze", {"x", "axes"}, "y");
    (void)n;
    auto* axes = m.mutable_graph()->add_initializer();
    axes->set_name("axes");
    axes->set_data_type(onnx::TensorProto::INT64);
    axes->add_dims(1);
    axes->add_int64_data(1);
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 3});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1});
    EXPECT_HAS(ErrorOf(m), "axis 1 of input 'x' has extent 3; Squeeze removes only dims of extent 1");
  }
  {  // Duplicate Unsqueeze axes (opset 11 attribute form).
    auto m = Model(11);
    SetInts(AddNode(&m, "Unsqueeze", {"x"}, "y"), "axes", {0, 0});
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {3});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1, -1});
    EXPECT_HAS(ErrorOf(m), "attribute 'axes' names axis 0 twice");
  }
  {  // Duplicate Unsqueeze axes (opset 13 input form, -1 and 2 of rank 3 out).
    auto m = Model(13);
    AddNode(&m, "Unsqueeze", {"x", "axes"}, "y");
    auto* axes = m.mutable_graph()->add_initializer();
    axes->set_name("axes");
    axes->set_data_type(onnx::TensorProto::INT64);
    axes->add_dims(2);
    axes->add_int64_data(-1);
    axes->add_int64_data(2);
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {3});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1, -1});
    EXPECT_HAS(ErrorOf(m), "name axis 2 twice");
  }
  {  // Duplicate Reduce axes.
    auto m = Model(13);
    SetInts(AddNode(&m, "ReduceMean", {"x"}, "y"), "axes", {1, 1});
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1});
    EXPECT_HAS(ErrorOf(m), "node 'ReduceMean_node' (operator ReduceMean): attribute 'axes' names axis 1 twice");
  }
  {  // Softmax axis -2^40.
    auto m = Model(13);
    SetInt(AddNode(&m, "Softmax", {"x"}, "y"), "axis", -(int64_t{1} << 40));
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1});
    EXPECT_HAS(ErrorOf(m), "attribute 'axis' is -1099511627776");
  }
  {  // Softmax axis 2 of a rank-2 input.
    auto m = Model(13);
    SetInt(AddNode(&m, "Softmax", {"x"}, "y"), "axis", 2);
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {2, 3});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1});
    EXPECT_HAS(ErrorOf(m), "attribute 'axis' is 2; expected a value in [-rank, rank - 1] (rank 2)");
  }
  for (const std::string attr : {"kernel_shape", "pads"}) {
    auto m = Model(11);
    auto* w = m.mutable_graph()->add_initializer();
    w->set_name("w");
    w->set_data_type(onnx::TensorProto::FLOAT);
    for (int64_t d : {1, 1, 3, 3}) w->add_dims(d);
    for (int i = 0; i < 9; ++i) w->add_float_data(1.f);
    auto* n = AddNode(&m, "Conv", {"x", "w"}, "y");
    if (attr == "kernel_shape") {
      SetInts(n, "kernel_shape", {5, 5});
    } else {
      SetInts(n, "pads", {-(int64_t{1} << 40), 0, 0, 0});
    }
    AddValue(m.mutable_graph()->mutable_input(), "x", onnx::TensorProto::FLOAT, {1, 1, 6, 6});
    AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {-1, -1, -1, -1});
    const std::string msg = ErrorOf(m);
    if (attr == "kernel_shape") {
      EXPECT_HAS(msg, "attribute 'kernel_shape'[0] is 5 but the weight 'w' has 3 there");
    } else {
      EXPECT_HAS(msg, "attribute 'pads'[0] is -1099511627776; expected a value in [0, ");
    }
  }
}

// Run-time Gather indices: [-n, n - 1] only (ONNX); out of range is an
// Error, never wrapped (4 -> 10 and INT64_MAX -> 40 were wrapped before).
TEST_F(OnnxHostile, GatherRunTimeIndicesOutOfRangeAreErrors) {
  auto m = Model(13);
  AddNode(&m, "Gather", {"data", "idx"}, "y");
  auto* d = m.mutable_graph()->add_initializer();
  d->set_name("data");
  d->set_data_type(onnx::TensorProto::FLOAT);
  d->add_dims(5);
  d->add_dims(2);
  for (int i = 0; i < 10; ++i) d->add_float_data(static_cast<float>(10 * i));
  AddValue(m.mutable_graph()->mutable_input(), "idx", onnx::TensorProto::INT64, {1});
  AddValue(m.mutable_graph()->mutable_output(), "y", onnx::TensorProto::FLOAT, {1, 2});
  lite_api::CxxConfig config;
  config.set_model_file(Write(m, "gather.onnx"));
  auto predictor = lite_api::CreatePaddlePredictor<lite_api::CxxConfig>(config);
  auto run = [&](int64_t index, float* first) -> std::string {
    auto in = predictor->GetInput(0);
    in->Resize({1});
    in->mutable_data<int64_t>()[0] = index;
    try {
      predictor->Run();
    } catch (const lite_api::Error& e) {
      return e.what();
    }
    *first = predictor->GetOutput(0)->data<float>()[0];
    return "";
  };
  float v = -1.f;
  EXPECT_EQ(run(4, &v), "");
  EXPECT_FLOAT_EQ(v, 80.f);
  EXPECT_EQ(run(-5, &v), "");
  EXPECT_FLOAT_EQ(v, 0.f);
  EXPECT_EQ(run(-1, &v), "");
  EXPECT_FLOAT_EQ(v, 80.f);
  for (int64_t bad : {int64_t{5}, int64_t{-6}, int64_t{10}, INT64_MAX, INT64_MIN}) {
    const std::string msg = run(bad, &v);
    EXPECT_HAS(msg, "op 'gather'");
    EXPECT_HAS(msg, "Index");
  }
  // A bad run does not poison the next good one.
  EXPECT_EQ(run(2, &v), "");
  EXPECT_FLOAT_EQ(v, 40.f);
}

// Every input the ONNX fuzzer (fuzz_onnx.cc) ever crashed on imports or is
// refused with an Error.
TEST_F(OnnxHostile, FuzzerRegressionsImportOrAreRefused) {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(ONNX_FUZZ_REGRESSIONS_DIR)) {
    std::ifstream f(entry.path(), std::ios::binary);
    const std::string bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
    cpp::ProgramDesc p;
    Scope w;
    try {
      ImportOnnxModelFromBuffer(bytes, entry.path().filename(), root_ + "/model", &p, &w);
    } catch (const lite_api::Error& e) {
      EXPECT_TRUE(std::string(e.what()).rfind("ONNX ", 0) == 0) << e.what();
    }
    ++count;
  }
  EXPECT_GE(count, 1) << "no regression inputs in " << ONNX_FUZZ_REGRESSIONS_DIR;
}

}  // namespace
}  // namespace lite
}  // namespace paddle
