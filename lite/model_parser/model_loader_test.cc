// LoadModel / SaveModel on the real models in shared/models: every model
// loads with the op counts, feeds, fetches and parameters its MODEL.json
// states; every layout (per-variable, combined under each name, explicit
// files, buffers) gives byte-identical tensors; saving round-trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>

#include "lite/model_parser/model_loader.h"
#include "lite/model_parser/model_test_util.h"
#include "lite/model_parser/program_desc_pb.h"
#include "lite/model_parser/tensor_record.h"

namespace paddle {
namespace lite {
namespace {

using namespace test;  // NOLINT: the helpers of model_test_util.h

struct RealModel {
  const char* name;
  // Total bytes of parameter data (sum of numel x element size over all
  // records), computed independently by walking the record headers of the
  // original files with a separate script.
  uint64_t params_bytes;
};
const RealModel kModels[] = {
    {"mnist_mlp_handwriting", 358440},     {"paddlelite_simple_model", 3968},
    {"ppocr_mobile_v2_cls_dyn", 534512},   {"ppocrv3_det_dyn", 2370500},
    {"ppocrv3_det_slim_int8", 2399940},    {"ppyolo_tiny_trash", 4097376},
    {"shufflenet_v2_imagenet", 9179136},
};

DataType DtypeFromJson(const std::string& s) {
  if (s == "fp32") return DataType::kFloat32;
  if (s == "int32") return DataType::kInt32;
  if (s == "int64") return DataType::kInt64;
  ADD_FAILURE() << "unexpected dtype in MODEL.json: " << s;
  return DataType::kUnknown;
}

// Names of the variables feed/fetch ops connect to, ordered by `col`.
std::vector<std::string> IoNames(const cpp::BlockDesc& block, const std::string& op_type,
                                 const std::string& slot, bool output) {
  std::map<int, std::string> by_col;
  for (const auto& op : block.ops) {
    if (op.Type() != op_type) continue;
    const auto& args = output ? op.Output(slot) : op.Input(slot);
    EXPECT_EQ(args.size(), 1u);
    by_col[op.GetAttr<int>("col")] = args.at(0);
  }
  std::vector<std::string> names;
  for (auto& kv : by_col) names.push_back(kv.second);
  return names;
}

void ExpectIo(const cpp::BlockDesc& block, const std::vector<std::string>& names,
              const google::protobuf::ListValue& json) {
  ASSERT_EQ(names.size(), static_cast<size_t>(json.values_size()));
  for (size_t i = 0; i < names.size(); ++i) {
    const auto& f = json.values(static_cast<int>(i)).struct_value().fields();
    EXPECT_EQ(names[i], f.at("name").string_value());
    const cpp::VarDesc* var = block.FindVar(names[i]);
    ASSERT_NE(var, nullptr) << names[i];
    EXPECT_EQ(var->dtype, DtypeFromJson(f.at("dtype").string_value())) << names[i];
    std::vector<int64_t> shape;
    for (const auto& d : f.at("shape").list_value().values()) shape.push_back(static_cast<int64_t>(d.number_value()));
    EXPECT_EQ(var->dims, shape) << names[i];
  }
}

class RealModels : public ::testing::TestWithParam<RealModel> {};

TEST_P(RealModels, LoadsWithTheFactsOfModelJson) {
  const RealModel& m = GetParam();
  std::string dir = ModelDir(m.name);
  ASSERT_FALSE(dir.empty());
  auto json = test::ModelJson(dir).fields();
  cpp::ProgramDesc program;
  Scope weights;
  LoadModel(ModelSource{dir, "", "", "", ""}, &program, &weights);

  ASSERT_EQ(program.blocks.size(), static_cast<size_t>(json.at("num_blocks").number_value()));
  if (json.at("program_version").has_null_value()) {
    EXPECT_FALSE(program.has_version);
  } else {
    EXPECT_TRUE(program.has_version);
    EXPECT_EQ(program.version, static_cast<int64_t>(json.at("program_version").number_value()));
  }
  std::map<std::string, int> counts;
  size_t num_ops = 0;
  for (const auto& b : program.blocks) {
    for (const auto& op : b.ops) ++counts[op.Type()];
    num_ops += b.ops.size();
  }
  EXPECT_EQ(num_ops, static_cast<size_t>(json.at("num_ops").number_value()));
  std::map<std::string, int> expected_counts;
  for (const auto& kv : json.at("op_counts").struct_value().fields()) {
    expected_counts[kv.first] = static_cast<int>(kv.second.number_value());
  }
  EXPECT_EQ(counts, expected_counts);

  const auto& block = program.blocks[0];
  ExpectIo(block, IoNames(block, "feed", "Out", true), json.at("feeds").list_value());
  ExpectIo(block, IoNames(block, "fetch", "X", false), json.at("fetches").list_value());

  auto names = weights.LocalVarNames();
  EXPECT_EQ(names.size(), static_cast<size_t>(json.at("num_persistable").number_value()));
  EXPECT_EQ(ParamsVars(program).size(), names.size());
  std::map<std::string, int> dtype_counts;
  uint64_t bytes = 0;
  for (const auto& n : names) {
    const Tensor* t = weights.FindLocalVar(n);
    const cpp::VarDesc* var = block.FindVar(n);
    ASSERT_NE(var, nullptr) << n;
    EXPECT_TRUE(var->persistable) << n;
    EXPECT_TRUE(t->persistable()) << n;
    EXPECT_TRUE(t->initialized()) << n;
    EXPECT_EQ(t->dims(), var->dims) << n;  // parameters have fully known dims
    EXPECT_EQ(t->dtype(), var->dtype) << n;
    dtype_counts[t->dtype() == DataType::kFloat32 ? "fp32" : DataTypeName(t->dtype())]++;
    bytes += t->memory_size();
  }
  std::map<std::string, int> expected_dtypes;
  for (const auto& kv : json.at("persistable_dtypes").struct_value().fields()) {
    expected_dtypes[kv.first] = static_cast<int>(kv.second.number_value());
  }
  EXPECT_EQ(dtype_counts, expected_dtypes);
  EXPECT_EQ(bytes, m.params_bytes);
}

INSTANTIATE_TEST_SUITE_P(All, RealModels, ::testing::ValuesIn(kModels),
                         [](const ::testing::TestParamInfo<RealModel>& info) { return std::string(info.param.name); });

// Writes the combined params of `program` from `weights` with the record
// writer, in ParamsVars order.
std::string CombinedParams(const cpp::ProgramDesc& program, const Scope& weights) {
  std::string out;
  for (const cpp::VarDesc* var : ParamsVars(program)) {
    const Tensor* t = weights.FindVar(var->name);
    EXPECT_NE(t, nullptr) << var->name;
    if (t) WriteLoDTensorRecord(*t, &out);
  }
  return out;
}

class ShufflenetLayouts : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ModelDir("shufflenet_v2_imagenet");
    ASSERT_FALSE(dir_.empty());
    LoadModel(ModelSource{dir_, "", "", "", ""}, &program_, &weights_);
    combined_ = CombinedParams(program_, weights_);
    model_bytes_ = ReadBytes(dir_ + "/__model__");
  }
  void ExpectSame(const ModelSource& src) {
    cpp::ProgramDesc p;
    Scope w;
    LoadModel(src, &p, &w);
    test::ExpectProgramsEqual(program_, p);
    test::ExpectScopesIdentical(weights_, w);
  }
  std::string dir_;
  cpp::ProgramDesc program_;
  Scope weights_;
  std::string combined_;
  std::string model_bytes_;
};

TEST_F(ShufflenetLayouts, CombinedFileUnderEveryNameIsAutoDetected) {
  // The combined file is the per-variable files back to back.
  uintmax_t total = 0;
  for (const cpp::VarDesc* var : ParamsVars(program_)) total += std::filesystem::file_size(dir_ + "/" + var->name);
  EXPECT_EQ(combined_.size(), total);
  const std::pair<const char*, const char*> layouts[] = {
      {"__model__", "__params__"},     {"__model__", "params"},         {"__model__", "weights"},
      {"model", "params"},             {"model.pdmodel", "model.pdiparams"},
      {"inference.pdmodel", "inference.pdiparams"}, {"net.pdmodel", "net.pdiparams"},
      {"model.pdmodel", "weights"},
  };
  for (const auto& l : layouts) {
    SCOPED_TRACE(std::string(l.first) + " + " + l.second);
    TempDir tmp;
    WriteBytes(tmp / l.first, model_bytes_);
    WriteBytes(tmp / l.second, combined_);
    auto files = ResolveParams(ModelSource{tmp.path(), "", "", "", ""}, FindModelFile(tmp.path()), program_);
    EXPECT_EQ(files.model_file, tmp / l.first);
    EXPECT_EQ(files.param_file, tmp / l.second);
    ExpectSame(ModelSource{tmp.path(), "", "", "", ""});
  }
}

// save_inference_model(params_filename=...) takes any name: a combined file
// none of the usual names is found by its first record.
TEST_F(ShufflenetLayouts, CombinedFileUnderAnyNameIsFoundByContent) {
  TempDir tmp;
  WriteBytes(tmp / "__model__", model_bytes_);
  WriteBytes(tmp / "shufflenet_v2.params.bin", combined_);
  WriteBytes(tmp / "labels.txt", "tabby\nEgyptian cat\n");
  WriteBytes(tmp / "zeros.dat", std::string(64, '\0'));  // a record header, no record
  auto files = ResolveParams(ModelSource{tmp.path(), "", "", "", ""}, FindModelFile(tmp.path()),
                             program_);
  EXPECT_EQ(files.param_file, tmp / "shufflenet_v2.params.bin");
  ExpectSame(ModelSource{tmp.path(), "", "", "", ""});
  WriteBytes(tmp / "copy.params", combined_);
  try {
    ResolveParams(ModelSource{tmp.path(), "", "", "", ""}, FindModelFile(tmp.path()), program_);
    FAIL() << "expected an error";
  } catch (const lite_api::Error& e) {
    EXPECT_NE(std::string(e.what()).find("several files hold the combined params of '" +
                                         tmp / "__model__" + "' (" + tmp / "copy.params" + ", " +
                                         tmp / "shufflenet_v2.params.bin" +
                                         "); choose one with param_file"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(ShufflenetLayouts, ExplicitFilesAnyNamesAndBuffers) {
  TempDir tmp;
  WriteBytes(tmp / "prog.bin", model_bytes_);
  WriteBytes(tmp / "blob.dat", combined_);
  ExpectSame(ModelSource{"", tmp / "prog.bin", tmp / "blob.dat", "", ""});
  // model_dir + param_file: the program is found in the dir.
  WriteBytes(tmp / "__model__", model_bytes_);
  ExpectSame(ModelSource{tmp.path(), "", tmp / "blob.dat", "", ""});
  ExpectSame(ModelSource{"", "", "", model_bytes_, combined_});
}

TEST_F(ShufflenetLayouts, ModelFileWithoutParamFileReadsPerVariableFiles) {
  // The original folder, program addressed by path: no combined file there.
  ExpectSame(ModelSource{"", dir_ + "/__model__", "", "", ""});
  TempDir tmp;
  test::CopyDir(dir_, tmp.path(), {"__model__"});
  WriteBytes(tmp / "program.pb", model_bytes_);
  ExpectSame(ModelSource{"", tmp / "program.pb", "", "", ""});
}

TEST_F(ShufflenetLayouts, SavePerVariableReproducesTheOriginalFiles) {
  TempDir tmp;
  SaveModel(program_, weights_, tmp / "__model__", "");
  for (const cpp::VarDesc* var : ParamsVars(program_)) {
    EXPECT_EQ(ReadBytes(tmp / var->name), ReadBytes(dir_ + "/" + var->name)) << var->name;
  }
  ExpectSame(ModelSource{tmp.path(), "", "", "", ""});
  SaveModel(program_, weights_, tmp / "m.pdmodel", tmp / "m.pdiparams");
  EXPECT_EQ(ReadBytes(tmp / "m.pdiparams"), combined_);
  ExpectSame(ModelSource{"", tmp / "m.pdmodel", tmp / "m.pdiparams", "", ""});
}

TEST(ModelLayouts, DetectionOrderPrefersDunderModelThenSingleStem) {
  std::string dir = ModelDir("paddlelite_simple_model");
  ASSERT_FALSE(dir.empty());
  std::string model = ReadBytes(dir + "/model.pdmodel");
  std::string params = ReadBytes(dir + "/model.pdiparams");
  TempDir tmp;
  WriteBytes(tmp / "__model__", model);
  WriteBytes(tmp / "model.pdmodel", "not a model");  // must not be picked
  WriteBytes(tmp / "__params__", params);
  WriteBytes(tmp / "model.pdiparams", "not params");
  EXPECT_EQ(FindModelFile(tmp.path()), tmp / "__model__");
  cpp::ProgramDesc p;
  Scope w;
  LoadModel(ModelSource{tmp.path(), "", "", "", ""}, &p, &w);
  EXPECT_EQ(w.LocalVarNames().size(), 5u);

  TempDir one;
  WriteBytes(one / "detector.pdmodel", model);
  WriteBytes(one / "detector.pdiparams", params);
  WriteBytes(one / "detector.pdiparams.info", "ignored");
  EXPECT_EQ(FindModelFile(one.path()), one / "detector.pdmodel");
  cpp::ProgramDesc q;
  Scope v;
  LoadModel(ModelSource{one.path(), "", "", "", ""}, &q, &v);
  test::ExpectProgramsEqual(p, q);
  test::ExpectScopesIdentical(w, v);
}

TEST(ModelLayouts, VariableNamedLikeACombinedFileStaysPerVariable) {
  cpp::ProgramDesc p;
  p.blocks.resize(1);
  for (const char* name : {"params", "weights", "bias"}) {
    cpp::VarDesc v;
    v.name = name;
    v.dims = {2, 2};
    v.persistable = true;
    p.blocks[0].vars.push_back(v);
  }
  Scope w;
  float value = 1.f;
  for (const char* name : {"params", "weights", "bias"}) {
    Tensor* t = w.Var(name);
    t->Resize({2, 2});
    float* d = t->mutable_data<float>();
    for (int i = 0; i < 4; ++i) d[i] = value++;
    t->set_persistable(true);
  }
  TempDir tmp;
  SaveModel(p, w, tmp / "__model__", "");
  cpp::ProgramDesc q;
  Scope v;
  LoadModel(ModelSource{tmp.path(), "", "", "", ""}, &q, &v);
  test::ExpectScopesIdentical(w, v);
  EXPECT_EQ(v.FindVar("weights")->data<float>()[3], 8.f);
}

// Combined-params models: load -> save -> load gives the same program and
// bytes-identical tensors; the saved params file is byte-identical to the
// original. The program is semantically identical (see docs/model-formats.md
// for why its bytes may differ).
class CombinedRoundTrip : public ::testing::TestWithParam<std::pair<const char*, const char*>> {};

TEST_P(CombinedRoundTrip, SaveReproducesParamsBytes) {
  std::string dir = ModelDir(GetParam().first);
  ASSERT_FALSE(dir.empty());
  std::string stem = GetParam().second;
  std::string model_file = dir + "/" + stem + ".pdmodel";
  std::string param_file = dir + "/" + stem + ".pdiparams";
  cpp::ProgramDesc p;
  Scope w;
  LoadModel(ModelSource{"", model_file, param_file, "", ""}, &p, &w);

  // From memory buffers: the same program and tensors.
  cpp::ProgramDesc pb;
  Scope wb;
  LoadModel(ModelSource{"", "", "", ReadBytes(model_file), ReadBytes(param_file)}, &pb, &wb);
  test::ExpectProgramsEqual(p, pb);
  test::ExpectScopesIdentical(w, wb);

  TempDir tmp;
  SaveModel(p, w, tmp / "out.pdmodel", tmp / "out.pdiparams");
  EXPECT_TRUE(ReadBytes(tmp / "out.pdiparams") == ReadBytes(param_file)) << "params bytes differ";
  cpp::ProgramDesc q;
  Scope v;
  LoadModel(ModelSource{tmp.path(), "", "", "", ""}, &q, &v);
  test::ExpectProgramsEqual(p, q);
  test::ExpectScopesIdentical(w, v);
  // The saved program is a fixed point of parse + serialize.
  EXPECT_TRUE(SerializeProgramDesc(q) == ReadBytes(tmp / "out.pdmodel"));
}

INSTANTIATE_TEST_SUITE_P(
    Models, CombinedRoundTrip,
    ::testing::Values(std::make_pair("paddlelite_simple_model", "model"),
                      std::make_pair("ppocr_mobile_v2_cls_dyn", "inference"),
                      std::make_pair("ppocrv3_det_dyn", "inference"),
                      std::make_pair("ppocrv3_det_slim_int8", "inference"),
                      std::make_pair("ppyolo_tiny_trash", "model")),
    [](const auto& info) { return std::string(info.param.first); });

TEST(ModelLayouts, SaveRejectsMissingOrMismatchedTensors) {
  cpp::ProgramDesc p = ProgramWithPersistable("w", {3});
  Scope empty;
  TempDir tmp;
  EXPECT_NE(ErrorOf([&] { SaveModel(p, empty, tmp / "m", tmp / "p"); })
                .find("persistable variable 'w' has no tensor in the weights scope"),
            std::string::npos);
  Scope w;
  w.Var("w")->Resize({4});
  w.Var("w")->mutable_data<float>();
  EXPECT_NE(ErrorOf([&] { SaveModel(p, w, tmp / "m", tmp / "p"); })
                .find("tensor of variable 'w' is float32 [4] but the program declares float32 [3]"),
            std::string::npos);
  EXPECT_FALSE(std::filesystem::exists(tmp / "m")) << "nothing is written on error";
}

}  // namespace
}  // namespace lite
}  // namespace paddle
