// Bad model files manufactured from the real models: truncated, flipped,
// reordered, missing or extra records, changed dims, unknown dtype codes,
// empty files, missing files and bad paths. Loading must fail with a message
// naming the file, variable, byte offset and what was expected, and leave
// the caller's program and scope untouched.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <string>
#include <utility>
#include <vector>

#include "lite/model_parser/file_util.h"
#include "lite/model_parser/model_loader.h"
#include "lite/model_parser/model_test_util.h"
#include "lite/model_parser/program_desc_pb.h"
#include "lite/model_parser/tensor_record.h"

namespace paddle {
namespace lite {
namespace {

using namespace test;  // NOLINT: the helpers of model_test_util.h

bool Has(const std::string& msg, const std::string& part) { return msg.find(part) != std::string::npos; }

// The PP-OCR classifier (213 records in inference.pdiparams) and its record
// boundaries, found with the (separately tested) record reader.
class CombinedErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ModelDir("ppocr_mobile_v2_cls_dyn");
    ASSERT_FALSE(dir_.empty());
    model_ = ReadBytes(dir_ + "/inference.pdmodel");
    params_ = ReadBytes(dir_ + "/inference.pdiparams");
    ParseProgramDesc(model_, "inference.pdmodel", &program_);
    vars_ = ParamsVars(program_);
    ASSERT_EQ(vars_.size(), 213u);
    size_t offset = 0;
    for (size_t i = 0; i < vars_.size(); ++i) {
      starts_.push_back(offset);
      Tensor t;
      ReadLoDTensorRecord(params_.data(), params_.size(), &offset, "orig", vars_[i], &t, static_cast<int>(i));
      dims_.push_back(t.dims());
    }
    ASSERT_EQ(offset, params_.size());
    starts_.push_back(offset);
  }

  // Loads inference.pdmodel + `params` (as inference.pdiparams) from a temp
  // dir, expects an error, checks nothing was loaded, returns the message.
  std::string LoadError(const std::string& params, const std::string& model = "") {
    // The original program is written once per test; a changed one goes
    // into a directory of its own.
    TempDir own;
    const TempDir& tmp = model.empty() ? base_ : own;
    if (model.empty()) {
      if (!model_written_) WriteBytes(tmp / "inference.pdmodel", model_);
      model_written_ = true;
    } else {
      WriteBytes(tmp / "inference.pdmodel", model);
    }
    WriteBytes(tmp / "inference.pdiparams", params);
    cpp::ProgramDesc program;
    program.version = 42;
    Scope weights;
    weights.Var("keep")->Resize({1});
    std::string msg = ErrorOf([&] { LoadModel(ModelSource{tmp.path(), "", "", "", ""}, &program, &weights); });
    EXPECT_EQ(program.version, 42) << "program modified on error";
    EXPECT_TRUE(program.blocks.empty()) << "program modified on error";
    EXPECT_EQ(weights.LocalVarNames(), std::vector<std::string>{"keep"}) << "weights modified on error";
    EXPECT_TRUE(Has(msg, tmp / "inference.pdiparams") || Has(msg, tmp / "inference.pdmodel")) << msg;
    return msg;
  }

  std::string Prefix(size_t record) const {
    return "inference.pdiparams: record " + std::to_string(record) + " (variable '" + vars_[record]->name +
           "') at byte offset " + std::to_string(starts_[record]) + ": ";
  }

  std::string dir_, model_, params_;
  TempDir base_;
  bool model_written_ = false;
  cpp::ProgramDesc program_;
  std::vector<const cpp::VarDesc*> vars_;
  std::vector<size_t> starts_;
  std::vector<DDim> dims_;
};

TEST_F(CombinedErrors, TruncatedAtSeveralOffsets) {
  const size_t cuts[] = {1, 4, 11, 19, 25, starts_[1], starts_[5] + 40, starts_[100], starts_[150] + 3,
                         params_.size() - 1};
  for (size_t cut : cuts) {
    SCOPED_TRACE("cut at " + std::to_string(cut));
    std::string msg = LoadError(params_.substr(0, cut));
    EXPECT_TRUE(Has(msg, "(file truncated?)") || Has(msg, "missing records")) << msg;
    EXPECT_TRUE(Has(msg, "byte offset")) << msg;
  }
  // Exact messages for a cut inside data and at a record boundary.
  std::string msg = LoadError(params_.substr(0, params_.size() - 1));
  size_t last = vars_.size() - 1;
  EXPECT_TRUE(Has(msg, Prefix(last) + "data (at byte ")) << msg;
  EXPECT_TRUE(Has(msg, "only " + std::to_string(params_.size() - 1 - (params_.size() -
                       Numel(dims_[last]) * 4)) + " remain (file truncated?)")) << msg;
  msg = LoadError(params_.substr(0, starts_[100]));
  EXPECT_TRUE(Has(msg, Prefix(100) + "the data ends here; the program needs 213 records but only 100 are present"))
      << msg;
}

TEST_F(CombinedErrors, EmptyParamsFile) {
  std::string msg = LoadError("");
  EXPECT_TRUE(Has(msg, "inference.pdiparams: empty (0 bytes), but the program has 213 persistable variables"))
      << msg;
}

TEST_F(CombinedErrors, FlippedHeaderBytes) {
  const size_t r = 7;
  const size_t s = starts_[r];
  std::string bad = params_;
  bad[s] ^= 0x01;
  EXPECT_TRUE(Has(LoadError(bad), Prefix(r) + "record version is 1, expected 0"));
  bad = params_;
  bad[s + 4] ^= 0x10;
  EXPECT_TRUE(Has(LoadError(bad), Prefix(r) + "lod level 0 needs ")) << LoadError(bad);
  bad = params_;
  bad[s + 11] ^= 0x10;
  EXPECT_TRUE(Has(LoadError(bad), Prefix(r) + "lod level count 1152921504606846976 is impossible"))
      << LoadError(bad);
  bad = params_;
  bad[s + 13] ^= 0x01;
  EXPECT_TRUE(Has(LoadError(bad), Prefix(r) + "tensor version is 256, expected 0"));
  bad = params_;
  bad[s + 18] ^= 0x10;
  EXPECT_TRUE(Has(LoadError(bad), Prefix(r) + "TensorDesc needs ")) << LoadError(bad);
  bad = params_;
  ASSERT_EQ(bad[s + 20], '\x08');  // TensorDesc.data_type tag
  ASSERT_EQ(bad[s + 21], '\x05');  // FP32
  bad[s + 21] = 99;
  EXPECT_TRUE(Has(LoadError(bad), Prefix(r) + "unknown element type code 99"));
  bad[s + 21] = 6;  // FP64: a known type that the program does not declare
  EXPECT_TRUE(Has(LoadError(bad), Prefix(r) + "the record holds float64 data but the program declares float32"));
  bad = params_;
  ASSERT_EQ(bad[s + 22], '\x10');  // first dims entry
  bad[s + 23] ^= 0x01;
  DDim changed = dims_[r];
  changed[0] ^= 1;
  std::string msg = LoadError(bad);
  EXPECT_TRUE(Has(msg, Prefix(r) + "the record's dims " + DimsToString(changed) +
                           " do not match the program's dims " + DimsToString(dims_[r])))
      << msg;
}

TEST_F(CombinedErrors, ReorderedRecords) {
  size_t i = 0;
  while (i + 1 < vars_.size() && dims_[i] == dims_[i + 1]) ++i;
  ASSERT_LT(i + 1, vars_.size());
  std::string a = params_.substr(starts_[i], starts_[i + 1] - starts_[i]);
  std::string b = params_.substr(starts_[i + 1], starts_[i + 2] - starts_[i + 1]);
  std::string bad = params_.substr(0, starts_[i]) + b + a + params_.substr(starts_[i + 2]);
  ASSERT_EQ(bad.size(), params_.size());
  std::string msg = LoadError(bad);
  EXPECT_TRUE(Has(msg, Prefix(i) + "the record's dims " + DimsToString(dims_[i + 1]))) << msg;
  EXPECT_TRUE(Has(msg, "fits variable '" + vars_[i + 1]->name + "' (record " + std::to_string(i + 1) +
                           " in sorted order): records out of order"))
      << msg;
}

TEST_F(CombinedErrors, MissingAndExtraRecords) {
  std::string msg = LoadError(params_.substr(0, starts_[212]));
  EXPECT_TRUE(Has(msg, Prefix(212) + "the data ends here; the program needs 213 records but only 212")) << msg;
  std::string extra = params_ + params_.substr(0, starts_[1]);
  msg = LoadError(extra);
  EXPECT_TRUE(Has(msg, "inference.pdiparams: " + std::to_string(starts_[1]) +
                           " bytes remain after the last record (record 212, variable '" + vars_[212]->name +
                           "', ended at byte offset " + std::to_string(params_.size()) +
                           "); the program has only 213 persistable variables"))
      << msg;
  msg = LoadError(params_ + "x");
  EXPECT_TRUE(Has(msg, "1 bytes remain after the last record")) << msg;
}

TEST_F(CombinedErrors, ParamsOfAnotherModel) {
  std::string other = ReadBytes(ModelDir("ppocrv3_det_dyn") + "/inference.pdiparams");
  std::string msg = LoadError(other);
  EXPECT_TRUE(Has(msg, "inference.pdiparams: record ")) << msg;
  EXPECT_TRUE(Has(msg, "do not match the program's dims")) << msg;
}

TEST_F(CombinedErrors, DimsChangedInTheProgram) {
  cpp::ProgramDesc changed = program_;
  const std::string name = vars_[30]->name;
  for (auto& v : changed.blocks[0].vars) {
    if (v.name == name) v.dims[0] += 1;
  }
  std::string msg = LoadError(params_, SerializeProgramDesc(changed));
  DDim declared = dims_[30];
  declared[0] += 1;
  EXPECT_TRUE(Has(msg, Prefix(30) + "the record's dims " + DimsToString(dims_[30]) +
                           " do not match the program's dims " + DimsToString(declared)))
      << msg;
  // -1 in the program matches any extent.
  for (auto& v : changed.blocks[0].vars) {
    if (v.name == name) v.dims[0] = -1;
  }
  TempDir tmp;
  WriteBytes(tmp / "inference.pdmodel", SerializeProgramDesc(changed));
  WriteBytes(tmp / "inference.pdiparams", params_);
  cpp::ProgramDesc p;
  Scope w;
  LoadModel(ModelSource{tmp.path(), "", "", "", ""}, &p, &w);
  EXPECT_EQ(w.FindVar(name)->dims(), dims_[30]);
}

TEST_F(CombinedErrors, TruncatedOrCorruptModelFile) {
  for (size_t cut : {size_t{1}, size_t{2}, size_t{100}, model_.size() / 3, model_.size() / 2, model_.size() - 5}) {
    SCOPED_TRACE("cut at " + std::to_string(cut));
    std::string msg = LoadError(params_, model_.substr(0, cut));
    EXPECT_TRUE(Has(msg, "inference.pdmodel: ")) << msg;
  }
  std::string msg = LoadError(params_, std::string(5000, '\xff'));
  EXPECT_TRUE(Has(msg, "inference.pdmodel: not a valid Paddle ProgramDesc")) << msg;
  // A params file given as the model.
  msg = LoadError(params_, params_);
  EXPECT_TRUE(Has(msg, "inference.pdmodel: ")) << msg;
  TempDir tmp;
  WriteBytes(tmp / "inference.pdmodel", "");
  msg = ErrorOf([&] {
    cpp::ProgramDesc p;
    Scope w;
    LoadModel(ModelSource{tmp.path(), "", "", "", ""}, &p, &w);
  });
  EXPECT_TRUE(Has(msg, "inference.pdmodel: the model file is empty")) << msg;
}

TEST_F(CombinedErrors, Buffers) {
  cpp::ProgramDesc p;
  Scope w;
  std::string msg = ErrorOf([&] { LoadModel(ModelSource{"", "", "", "garbage!", params_}, &p, &w); });
  EXPECT_TRUE(Has(msg, "model buffer: not a valid Paddle ProgramDesc")) << msg;
  msg = ErrorOf([&] { LoadModel(ModelSource{"", "", "", model_, params_.substr(0, 1000)}, &p, &w); });
  EXPECT_TRUE(Has(msg, "param buffer: record ")) << msg;
  EXPECT_TRUE(Has(msg, "(file truncated?)")) << msg;
  msg = ErrorOf([&] { LoadModel(ModelSource{"", "", "", model_, ""}, &p, &w); });
  EXPECT_TRUE(Has(msg, "param buffer: empty (0 bytes), but the program has 213 persistable variables")) << msg;
  msg = ErrorOf([&] { LoadModel(ModelSource{"", "", "", "", params_}, &p, &w); });
  EXPECT_TRUE(Has(msg, "param_buffer was given without model_buffer")) << msg;
  EXPECT_TRUE(w.LocalVarNames().empty());
}

TEST_F(CombinedErrors, ModelFileWithoutParamFileSuggestsTheCombinedFile) {
  cpp::ProgramDesc p;
  Scope w;
  std::string msg = ErrorOf([&] { LoadModel(ModelSource{"", dir_ + "/inference.pdmodel", "", "", ""}, &p, &w); });
  EXPECT_TRUE(Has(msg, "cannot read per-variable params file '" + dir_ + "/" + vars_[0]->name +
                           "': No such file or directory")) << msg;
  EXPECT_TRUE(Has(msg, "it should hold persistable variable '" + vars_[0]->name + "'")) << msg;
  EXPECT_TRUE(Has(msg, "did you mean param_file='" + dir_ + "/inference.pdiparams'?")) << msg;
}

// Per-variable layout (MNIST MLP: __model__ + 6 files).
class SeparateErrors : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = ModelDir("mnist_mlp_handwriting");
    ASSERT_FALSE(dir_.empty());
    test::CopyDir(dir_, tmp_.path());
  }
  std::string LoadError() {
    cpp::ProgramDesc p;
    Scope w;
    std::string msg = ErrorOf([&] { LoadModel(ModelSource{tmp_.path(), "", "", "", ""}, &p, &w); });
    EXPECT_TRUE(w.LocalVarNames().empty());
    return msg;
  }
  std::string dir_;
  TempDir tmp_;
};

TEST_F(SeparateErrors, CopyLoads) {
  cpp::ProgramDesc p;
  Scope w;
  LoadModel(ModelSource{tmp_.path(), "", "", "", ""}, &p, &w);
  EXPECT_EQ(w.LocalVarNames().size(), 6u);
}

TEST_F(SeparateErrors, MissingVariableFile) {
  std::filesystem::remove(tmp_ / "fc_1.w_0");
  std::string msg = LoadError();
  EXPECT_TRUE(Has(msg, "cannot read per-variable params file '" + (tmp_ / "fc_1.w_0") +
                           "': No such file or directory (check the path and file name); it should hold "
                           "persistable variable 'fc_1.w_0'"))
      << msg;
  EXPECT_TRUE(Has(msg, "no combined params file was found")) << msg;
}

TEST_F(SeparateErrors, TruncatedOrPaddedVariableFile) {
  std::string w = ReadBytes(dir_ + "/fc_1.w_0");
  WriteBytes(tmp_ / "fc_1.w_0", w.substr(0, w.size() / 2));
  std::string msg = LoadError();
  EXPECT_TRUE(Has(msg, (tmp_ / "fc_1.w_0") + ": record (variable 'fc_1.w_0') at byte offset 0: data (at byte "))
      << msg;
  EXPECT_TRUE(Has(msg, "(file truncated?)")) << msg;
  WriteBytes(tmp_ / "fc_1.w_0", w + "abc");
  msg = LoadError();
  EXPECT_TRUE(Has(msg, (tmp_ / "fc_1.w_0") + ": 3 bytes remain after the record of variable 'fc_1.w_0'")) << msg;
  WriteBytes(tmp_ / "fc_1.w_0", "");
  msg = LoadError();
  EXPECT_TRUE(Has(msg, "record (variable 'fc_1.w_0') at byte offset 0: expected a record but the data ends here"))
      << msg;
}

TEST_F(SeparateErrors, SwappedVariableFiles) {
  WriteBytes(tmp_ / "fc_0.w_0", ReadBytes(dir_ + "/fc_1.w_0"));
  std::string msg = LoadError();
  EXPECT_TRUE(Has(msg, "(variable 'fc_0.w_0') at byte offset 0: the record's dims")) << msg;
}

TEST_F(SeparateErrors, CorruptCombinedFileIsNotSilentlyIgnored) {
  // A file named like a combined params file takes precedence; if it is
  // broken the error says so instead of falling back to other files.
  WriteBytes(tmp_ / "__params__", "junk");
  std::string msg = LoadError();
  EXPECT_TRUE(Has(msg, (tmp_ / "__params__") + ": record 0 (variable 'fc_0.b_0') at byte offset 0: ")) << msg;
}

// Random corruption (seeded, reproducible): every load either succeeds or
// throws paddle::lite_api::Error; nothing crashes or throws anything else.
// Run under -DLITE_WITH_SANITIZERS=ON this also checks for memory errors.
TEST(RandomCorruption, LoadsOrThrowsErrorNeverCrashes) {
  std::string dir = ModelDir("paddlelite_simple_model");
  ASSERT_FALSE(dir.empty());
  const std::string model = ReadBytes(dir + "/model.pdmodel");
  const std::string params = ReadBytes(dir + "/model.pdiparams");
  // Without the model the mutation loop below would index an empty string.
  ASSERT_FALSE(model.empty() || params.empty()) << "cannot read the model in " << dir;
  uint64_t state = 0x9e3779b97f4a7c15ULL;
  auto next = [&state] {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  };
  int errors = 0, loaded = 0;
  for (int i = 0; i < 600; ++i) {
    std::string m = model, p = params;
    std::string& target = (i % 2) ? m : p;
    int flips = 1 + static_cast<int>(next() % 4);
    for (int f = 0; f < flips; ++f) {
      // Half the flips hit the first record headers, where structure lives.
      size_t limit = (next() % 2) ? std::min<size_t>(target.size(), 64) : target.size();
      target[next() % limit] = static_cast<char>(next());
    }
    if (i % 7 == 0) target.resize(next() % target.size());
    cpp::ProgramDesc prog;
    Scope w;
    try {
      LoadModel(ModelSource{"", "", "", m, p}, &prog, &w);
      ++loaded;
    } catch (const paddle::lite_api::Error& e) {
      ++errors;
      EXPECT_TRUE(Has(e.what(), "model buffer") || Has(e.what(), "param buffer")) << e.what();
      EXPECT_TRUE(w.LocalVarNames().empty());
    }
  }
  EXPECT_EQ(errors + loaded, 600);
  EXPECT_GT(errors, 300) << "most corruptions of headers and programs must be detected";
}

TEST(PathErrors, MissingFilesAndDirectories) {
  TempDir tmp;
  cpp::ProgramDesc p;
  Scope w;
  auto load = [&](const ModelSource& src) { return ErrorOf([&] { LoadModel(src, &p, &w); }); };
  std::string msg = load(ModelSource{tmp / "nope", "", "", "", ""});
  EXPECT_TRUE(Has(msg, "model_dir '" + (tmp / "nope") + "': No such file or directory")) << msg;
  msg = load(ModelSource{tmp.path(), "", "", "", ""});
  EXPECT_TRUE(Has(msg, "model_dir '" + tmp.path() + "': no model file found (looked for __model__, model, "
                                                    "model.pdmodel, inference.pdmodel, inference.json, model.json and *.pdmodel)"))
      << msg;
  msg = load(ModelSource{"", tmp / "x.pdmodel", "", "", ""});
  EXPECT_TRUE(Has(msg, "cannot read model file '" + (tmp / "x.pdmodel") + "': No such file or directory")) << msg;
  msg = load(ModelSource{"", tmp.path(), "", "", ""});
  EXPECT_TRUE(Has(msg, "cannot read model file '" + tmp.path() + "': Is a directory")) << msg;
  std::string simple = ModelDir("paddlelite_simple_model");
  msg = load(ModelSource{"", simple + "/model.pdmodel", tmp / "missing.pdiparams", "", ""});
  EXPECT_TRUE(Has(msg, "cannot read params file '" + (tmp / "missing.pdiparams") + "': No such file or directory"))
      << msg;
  msg = load(ModelSource{simple + "/model.pdmodel", "", "", "", ""});
  EXPECT_TRUE(Has(msg, "is a file, not a directory")) << msg;
  msg = load(ModelSource{});
  EXPECT_TRUE(Has(msg, "no model given")) << msg;
  WriteBytes(tmp / "a.pdmodel", "x");
  WriteBytes(tmp / "b.pdmodel", "x");
  msg = load(ModelSource{tmp.path(), "", "", "", ""});
  EXPECT_TRUE(Has(msg, "holds several program files (a.pdmodel, b.pdmodel)")) << msg;
  EXPECT_TRUE(w.LocalVarNames().empty());
}

TEST(PathErrors, PermissionMessage) {
  EXPECT_EQ(FileErrorMessage("model file", "/m/__model__", EACCES),
            "cannot read model file '/m/__model__': Permission denied (check the file's permissions)");
  if (geteuid() != 0) {  // root reads anything; otherwise check the real error
    TempDir tmp;
    WriteBytes(tmp / "__model__", "x");
    std::filesystem::permissions(tmp / "__model__", std::filesystem::perms::none);
    std::string msg = ErrorOf([&] { ReadWholeFile(tmp / "__model__", "model file"); });
    EXPECT_TRUE(Has(msg, "Permission denied")) << msg;
  }
}

TEST(PathErrors, VariableNamesCannotEscapeTheModelDirectory) {
  cpp::ProgramDesc p = ProgramWithPersistable("../evil", {1});
  TempDir tmp;
  WriteBytes(tmp / "__model__", SerializeProgramDesc(p));
  cpp::ProgramDesc q;
  Scope w;
  std::string msg = ErrorOf([&] { LoadModel(ModelSource{tmp.path(), "", "", "", ""}, &q, &w); });
  EXPECT_TRUE(Has(msg, "persistable variable '../evil' cannot be a file name inside the model directory")) << msg;
}

TEST(PathErrors, UnsupportedPersistableKind) {
  cpp::ProgramDesc p = ProgramWithPersistable("rows", {}, cpp::VarKind::SELECTED_ROWS);
  cpp::ProgramDesc q;
  Scope w;
  std::string msg = ErrorOf([&] { LoadModel(ModelSource{"", "", "", SerializeProgramDesc(p), ""}, &q, &w); });
  EXPECT_TRUE(Has(msg, "model buffer: persistable variable 'rows' has type SELECTED_ROWS; only LOD_TENSOR")) << msg;
}

}  // namespace
}  // namespace lite
}  // namespace paddle
