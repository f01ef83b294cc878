// Helpers of the .nb tests: the real models with their input shapes, a
// deterministic input generator, running a predictor and collecting every
// output byte for bit-exact comparison, and running opt in-process.
#pragma once
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "tests/models/model_test_util.h"
#include "tools/opt/opt_tool.h"

namespace paddle {
namespace lite {
namespace testing {

struct NbInput {
  std::string name;
  std::vector<int64_t> shape;
  std::vector<float> fixed;  // empty: seeded random values in [-1, 1)
  // Sequence models: int64 ids [T, 1] with this LoD instead of floats.
  std::vector<int64_t> ids{};
  lite_api::lod_t lod{};
};

struct NbModelCase {
  std::string name;       // folder under the models dir
  std::string model_file;  // empty: the folder is given as model_dir
  std::string param_file;
  std::vector<NbInput> inputs;
  std::string model_subdir{};  // the model_dir inside the folder, when not the folder
  std::string label{};         // test name when a folder holds several models (MTCNN's nets)
};

// A case's test name: its folder, or its label when the folder holds several models.
inline std::string CaseName(const NbModelCase& c) { return c.label.empty() ? c.name : c.label; }

// gtest prints a case by its test name.
inline void PrintTo(const NbModelCase& c, std::ostream* os) { *os << CaseName(c); }

// Ids [13, 1] of two sentences (LoD [[0, 9, 13]]) below `vocab`.
inline NbInput SentencePair(int64_t vocab) {
  NbInput in{"", {13, 1}, {}, {}, {{0, 9, 13}}};
  for (int64_t i = 0; i < 13; ++i) in.ids.push_back((i * 7919 + 13) % vocab);
  return in;
}

// Every model of ../shared/models, with an input small enough to keep the
// suite fast (the detectors at 160x160, which their dynamic shape allows).
inline std::vector<NbModelCase> AllModelCases() {
  return {
      {"mnist_mlp_handwriting", "", "", {{"", {1, 1, 28, 28}, {}}}},
      {"paddlelite_simple_model", "model.pdmodel", "model.pdiparams", {{"", {1, 3, 224, 224}, {}}}},
      {"ppocr_mobile_v2_cls_dyn", "inference.pdmodel", "inference.pdiparams",
       {{"", {1, 3, 48, 192}, {}}}},
      {"ppocrv3_det_dyn", "inference.pdmodel", "inference.pdiparams", {{"", {1, 3, 160, 160}, {}}}},
      {"ppocrv3_det_slim_int8", "inference.pdmodel", "inference.pdiparams",
       {{"", {1, 3, 160, 160}, {}}}},
      {"ppyolo_tiny_trash", "model.pdmodel", "model.pdiparams",
       {{"image", {1, 3, 320, 320}, {}},
        {"im_shape", {1, 2}, {320, 320}},
        {"scale_factor", {1, 2}, {1, 1}}}},
      {"shufflenet_v2_imagenet", "", "", {{"", {1, 3, 224, 224}, {}}}},
      // Sequence models: a batch of two ragged sentences in one LoD tensor.
      {"lac_seg", "", "", {SentencePair(8222)}, "model"},
      {"textcnn_news", "", "", {SentencePair(4000)}, "model"},
      {"rumor_lstm", "", "", {SentencePair(4000)}, "model"},
      {"lstnet_gru", "model.pdmodel", "model.pdiparams", {{"", {1, 1204, 2}, {}}}},
      {"pp_humansegv2_portrait", "model.pdmodel", "model.pdiparams",
       {{"", {1, 3, 144, 256}, {}}}},
      {"blazeface_paddle2", "model.pdmodel", "model.pdiparams",
       {{"image", {1, 3, 160, 160}, {}},
        {"im_shape", {1, 2}, {160, 160}},
        {"scale_factor", {1, 2}, {1, 1}}}},
      // MTCNN's three nets share a folder: PNet on an odd pyramid level,
      // RNet and ONet on batches of crops as the pipeline feeds them.
      {"mtcnn_paddle2", "PNet.pdmodel", "PNet.pdiparams", {{"", {1, 3, 37, 53}, {}}}, "",
       "mtcnn_paddle2_PNet"},
      {"mtcnn_paddle2", "RNet.pdmodel", "RNet.pdiparams", {{"", {3, 3, 24, 24}, {}}}, "",
       "mtcnn_paddle2_RNet"},
      {"mtcnn_paddle2", "ONet.pdmodel", "ONet.pdiparams", {{"", {2, 3, 48, 48}, {}}}, "",
       "mtcnn_paddle2_ONet"},
  };
}

inline std::string ModelPath(const NbModelCase& c, const std::string& file) {
  return ModelsDir() + "/" + c.name + (c.model_subdir.empty() ? "" : "/" + c.model_subdir) +
         (file.empty() ? "" : "/" + file);
}

inline lite_api::CxxConfig CxxConfigFor(const NbModelCase& c) {
  lite_api::CxxConfig config;
  if (c.model_file.empty()) {
    config.set_model_dir(ModelPath(c, ""));
  } else {
    config.set_model_file(ModelPath(c, c.model_file));
    config.set_param_file(ModelPath(c, c.param_file));
  }
  return config;
}

inline std::vector<float> SeededValues(size_t n, uint32_t seed) {
  std::vector<float> v(n);
  uint32_t s = seed * 2654435761u + 12345u;
  for (auto& x : v) {
    s = s * 1664525u + 1013904223u;
    x = static_cast<float>(s >> 8) / static_cast<float>(1u << 24) * 2.0f - 1.0f;
  }
  return v;
}

// Feeds the case's inputs (by name, or input 0), runs, returns every
// output as "shape|type|bytes" strings for exact comparison.
inline std::vector<std::string> RunAll(lite_api::PaddlePredictor* p, const NbModelCase& c) {
  for (size_t i = 0; i < c.inputs.size(); ++i) {
    const NbInput& in = c.inputs[i];
    auto t = in.name.empty() ? p->GetInput(0) : p->GetInputByName(in.name);
    t->Resize(in.shape);
    if (!in.ids.empty()) {
      t->CopyFromCpu(in.ids.data());
      t->SetLoD(in.lod);
      continue;
    }
    std::vector<float> data =
        in.fixed.empty() ? SeededValues(Numel(in.shape), static_cast<uint32_t>(i + 1)) : in.fixed;
    t->CopyFromCpu(data.data());
  }
  p->Run();
  std::vector<std::string> outs;
  for (size_t i = 0; i < p->GetOutputNames().size(); ++i) {
    auto t = p->GetOutput(static_cast<int>(i));
    std::ostringstream os;
    for (auto d : t->shape()) os << d << ",";
    os << "|" << static_cast<int>(t->precision()) << "|";
    for (const auto& level : t->lod()) {
      for (auto o : level) os << o << ",";
      os << ";";
    }
    os << "|";
    size_t n = Numel(t->shape());
    std::string bytes;
    switch (t->precision()) {
      case lite_api::PrecisionType::kFloat: {
        std::vector<float> v(n);
        t->CopyToCpu(v.data());
        bytes.assign(reinterpret_cast<const char*>(v.data()), n * sizeof(float));
        break;
      }
      case lite_api::PrecisionType::kInt32: {
        std::vector<int32_t> v(n);
        t->CopyToCpu(v.data());
        bytes.assign(reinterpret_cast<const char*>(v.data()), n * sizeof(int32_t));
        break;
      }
      case lite_api::PrecisionType::kInt64: {
        std::vector<int64_t> v(n);
        t->CopyToCpu(v.data());
        bytes.assign(reinterpret_cast<const char*>(v.data()), n * sizeof(int64_t));
        break;
      }
      default:
        ADD_FAILURE() << c.name << ": output " << i << " has an unexpected precision";
    }
    outs.push_back(os.str() + bytes);
  }
  return outs;
}

// A fresh folder under the build's temp dir for one test.
inline std::string TempDir(const std::string& name) {
  std::string dir = (std::filesystem::temp_directory_path() /
                     ("nb_test_" + std::to_string(::getpid()) + "_" + name))
                        .string();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

// Runs opt on the case; returns opt's exit code, its stdout in *log.
inline int RunOptOn(const NbModelCase& c, const std::string& targets, const std::string& out,
                    std::string* log, const std::string& type = "naive_buffer") {
  lite::opt::OptFlags f;
  if (c.model_file.empty()) {
    f.model_dir = ModelPath(c, "");
  } else {
    f.model_file = ModelPath(c, c.model_file);
    f.param_file = ModelPath(c, c.param_file);
  }
  f.valid_targets = targets;
  f.optimize_out = out;
  f.optimize_out_type = type;
  std::ostringstream so, se;
  int rc = lite::opt::RunOpt(f, so, se);
  *log = so.str() + se.str();
  return rc;
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
