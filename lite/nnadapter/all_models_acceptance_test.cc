// Acceptance of the NNAdapter path on every model in ../shared/models: the
// model on builtin_device against the CPU path on the same inputs, with the
// partition (subgraphs, ops left on the CPU and why) printed from the
// partition report. fp32 outputs within 1e-4; integer outputs exact;
// detections (multiclass_nms3 offloaded too) within 1e-4 with the same LoD;
// the QAT detector executed in float: the same text regions.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <map>

#include "lite/model_parser/model_loader.h"
#include "lite/nnadapter/partition_report.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct Feed {
  Feed(std::string n, std::vector<int64_t> s, std::vector<float> v = {},
       std::vector<uint64_t> l = {})
      : name(std::move(n)), shape(std::move(s)), values(std::move(v)), lod(std::move(l)) {}
  std::string name;
  std::vector<int64_t> shape;
  std::vector<float> values;  // empty: a pattern in [-1, 1)
  std::vector<uint64_t> lod;  // non-empty: int64 ids in [1, 20) with this LoD
};

struct ModelCase {
  ModelCase(std::string l, std::string m, std::string p, std::vector<Feed> f, double tol = 1e-4)
      : label(std::move(l)), model(std::move(m)), params(std::move(p)), feeds(std::move(f)),
        atol(tol) {}
  std::string label, model, params;  // params empty: `model` is a folder or an .onnx file
  std::vector<Feed> feeds;
  double atol;
  // QAT models in float: compare the decisions (text regions of output 0,
  // a square map) and the mean error instead of the max.
  bool regions{false};
  // The partition expected on builtin_device (-1: only printed).
  int subgraphs{-1}, cpu_ops{-1};
};

std::vector<float> Pattern(size_t n, int salt) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; ++i) v[i] = (((i + salt) * 7919) % 2000) / 1000.f - 1.f;
  return v;
}

lite_api::CxxConfig Config(const ModelCase& c) {
  lite_api::CxxConfig config;
  if (c.params.empty() && c.model.size() > 5 && c.model.substr(c.model.size() - 5) == ".onnx") {
    config.set_model_file(c.model);
  } else if (c.params.empty()) {
    config.set_model_dir(c.model);
  } else {
    config.set_model_file(c.model);
    config.set_param_file(c.params);
  }
  return config;
}

void FeedAll(lite_api::PaddlePredictor* p, const ModelCase& c) {
  int salt = 0;
  for (const Feed& f : c.feeds) {
    auto t = p->GetInputByName(f.name);
    t->Resize(f.shape);
    if (!f.lod.empty()) {
      std::vector<int64_t> ids(Numel(f.shape));
      for (size_t i = 0; i < ids.size(); ++i) ids[i] = 1 + static_cast<int64_t>((i * 7) % 19);
      t->CopyFromCpu(ids.data());
      t->SetLoD({f.lod});
    } else {
      auto v = f.values.empty() ? Pattern(Numel(f.shape), ++salt) : f.values;
      t->CopyFromCpu(v.data());
    }
  }
}

// Every output as doubles (float, int32, int64), with its shape.
std::vector<std::pair<std::vector<int64_t>, std::vector<double>>> Outputs(
    lite_api::PaddlePredictor* p) {
  std::vector<std::pair<std::vector<int64_t>, std::vector<double>>> r;
  for (size_t i = 0; i < p->GetOutputNames().size(); ++i) {
    auto t = p->GetOutput(static_cast<int>(i));
    const size_t n = Numel(t->shape());
    std::vector<double> v(n);
    switch (t->precision()) {
      case lite_api::PrecisionType::kInt64: {
        std::vector<int64_t> x(n);
        if (n) t->CopyToCpu(x.data());
        std::copy(x.begin(), x.end(), v.begin());
        break;
      }
      case lite_api::PrecisionType::kInt32: {
        std::vector<int32_t> x(n);
        if (n) t->CopyToCpu(x.data());
        std::copy(x.begin(), x.end(), v.begin());
        break;
      }
      default: {
        std::vector<float> x(n);
        if (n) t->CopyToCpu(x.data());
        std::copy(x.begin(), x.end(), v.begin());
      }
    }
    r.emplace_back(t->shape(), v);
  }
  return r;
}

void CheckModel(const ModelCase& c) {
  SCOPED_TRACE(c.label);
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  auto cpu = lite_api::CreatePaddlePredictor(Config(c));
  lite_api::CxxConfig dev_config = Config(c);
  dev_config.set_nnadapter_device_names({"builtin_device"});
  const std::string report_path = (std::filesystem::temp_directory_path() /
                                   ("acceptance_" + std::to_string(getpid()) + ".json"))
                                      .string();
  dev_config.set_nnadapter_partition_report_path(report_path);
  auto dev = lite_api::CreatePaddlePredictor(dev_config);
  const auto report = nnadapter_bridge::PartitionReport::FromJsonFile(report_path);
  std::remove(report_path.c_str());
  FeedAll(cpu.get(), c);
  FeedAll(dev.get(), c);
  cpu->Run();
  dev->Run();
  const auto a = Outputs(cpu.get()), b = Outputs(dev.get());
  ASSERT_EQ(a.size(), b.size());
  double max_abs = 0, sum_abs = 0;
  size_t count = 0;
  for (size_t i = 0; i < a.size(); ++i) {
    ASSERT_EQ(a[i].first, b[i].first) << "output " << i << " shape";
    EXPECT_EQ(cpu->GetOutput(static_cast<int>(i))->lod(), dev->GetOutput(static_cast<int>(i))->lod())
        << "output " << i << " LoD";
    for (size_t k = 0; k < a[i].second.size(); ++k) {
      const double e = std::fabs(a[i].second[k] - b[i].second[k]);
      max_abs = std::max(max_abs, e);
      sum_abs += e;
      ++count;
    }
  }
  const std::string summary = report.Summary();
  const size_t why = summary.find(" on the CPU (");
  std::printf("acceptance %-28s %4zu ops, %d subgraph(s), %d CPU op(s); output 0 has %lld "
              "rows; max |diff| %.3g%s\n",
              c.label.c_str(), report.ops.size(), static_cast<int>(report.subgraphs.size()),
              report.cpu_ops(), static_cast<long long>(a[0].first.empty() ? 0 : a[0].first[0]),
              max_abs,
              why == std::string::npos ? "" : (" |" + summary.substr(why + 12)).c_str());
  if (c.subgraphs >= 0) {
    EXPECT_EQ(static_cast<int>(report.subgraphs.size()), c.subgraphs);
  }
  if (c.cpu_ops >= 0) {
    EXPECT_EQ(report.cpu_ops(), c.cpu_ops);
  }
  if (!c.regions) {
    EXPECT_LE(max_abs, c.atol);
    return;
  }
  const double mean = count ? sum_abs / count : 0;
  const int side = static_cast<int>(a[0].first.back());
  std::vector<float> fa(a[0].second.begin(), a[0].second.end());
  std::vector<float> fb(b[0].second.begin(), b[0].second.end());
  const size_t ra = vision::ConnectedRegions(fa.data(), side, side, 0.3f, 50).size();
  const size_t rb = vision::ConnectedRegions(fb.data(), side, side, 0.3f, 50).size();
  std::printf("acceptance %-28s mean |diff| %.3g, text regions CPU %zu, builtin_device %zu\n",
              c.label.c_str(), mean, ra, rb);
  EXPECT_LE(mean, c.atol);
  EXPECT_EQ(ra, rb);
  EXPECT_GT(ra, 0u);
}

std::string M(const std::string& rel) { return ModelsDir() + "/" + rel; }

std::vector<float> DocImage(int64_t side) {
  const auto full = DetInput();
  const int64_t step = 640 / side;
  std::vector<float> v(3 * side * side);
  for (int64_t ch = 0; ch < 3; ++ch)
    for (int64_t y = 0; y < side; ++y)
      for (int64_t x = 0; x < side; ++x)
        v[(ch * side + y) * side + x] = full[(ch * 640 + step * y) * 640 + step * x];
  return v;
}

TEST(AllModelsOnBuiltinDevice, ImageModelsMatchTheCpu) {
  const ModelCase cases[] = {
      {"mnist_mlp_handwriting", M("mnist_mlp_handwriting"), "", {{"image", {1, 1, 28, 28}}}},
      {"paddlelite_simple_model", M("paddlelite_simple_model/model.pdmodel"),
       M("paddlelite_simple_model/model.pdiparams"), {{"image", {1, 3, 64, 64}}}},
      {"shufflenet_v2_imagenet", M("shufflenet_v2_imagenet"), "", {{"image", {1, 3, 224, 224}}}},
      {"ppocr_mobile_v2_cls_dyn", M("ppocr_mobile_v2_cls_dyn/inference.pdmodel"),
       M("ppocr_mobile_v2_cls_dyn/inference.pdiparams"), {{"x", {1, 3, 48, 192}}}},
      {"ppocrv3_det_dyn", M("ppocrv3_det_dyn/inference.pdmodel"),
       M("ppocrv3_det_dyn/inference.pdiparams"), {{"x", {1, 3, 320, 320}, DocImage(320)}}},
      {"pp_humansegv2_portrait", M("pp_humansegv2_portrait/model.pdmodel"),
       M("pp_humansegv2_portrait/model.pdiparams"), {{"x", {1, 3, 144, 256}}}},
      {"mtcnn_paddle2 PNet", M("mtcnn_paddle2/PNet.pdmodel"), M("mtcnn_paddle2/PNet.pdiparams"),
       {{"x", {1, 3, 36, 48}}}},
      {"mtcnn_paddle2 RNet", M("mtcnn_paddle2/RNet.pdmodel"), M("mtcnn_paddle2/RNet.pdiparams"),
       {{"x", {2, 3, 24, 24}}}},
      {"mtcnn_paddle2 ONet", M("mtcnn_paddle2/ONet.pdmodel"), M("mtcnn_paddle2/ONet.pdiparams"),
       {{"x", {1, 3, 48, 48}}}},
      {"ppocrv4_onnx rec", M("ppocrv4_onnx/ch_PP-OCRv4_rec_infer.onnx"), "",
       {{"x", {1, 3, 48, 160}}}},
      {"ppocrv4_onnx det", M("ppocrv4_onnx/ch_PP-OCRv4_det_infer.onnx"), "",
       {{"x", {1, 3, 160, 160}, DocImage(160)}}},
      {"lstnet_gru", M("lstnet_gru/model.pdmodel"), M("lstnet_gru/model.pdiparams"),
       {{"past_target", {1, 1204, 2}}}},
  };
  for (const auto& c : cases) CheckModel(c);
}

// Each fake quant-dequant rounds to steps of scale/127: a 1e-6 difference in
// summation order flips a level at a few pixels, so the max error cannot
// hold 1e-4; the text regions must be the same.
TEST(AllModelsOnBuiltinDevice, QatDetectorInFloatIsOneSubgraphWithTheSameRegions) {
  ModelCase qat{"ppocrv3_det_slim_int8", M("ppocrv3_det_slim_int8/inference.pdmodel"),
                M("ppocrv3_det_slim_int8/inference.pdiparams"),
                {{"x", {1, 3, 640, 640}, DetInput()}}, 5e-3};
  qat.regions = true;
  CheckModel(qat);
}

TEST(AllModelsOnBuiltinDevice, DetectorsWithNmsGiveTheSameDetections) {
  const std::vector<float> wh = {320, 320}, one = {1, 1};
  ModelCase yolo{"ppyolo_tiny_trash", M("ppyolo_tiny_trash/model.pdmodel"),
                 M("ppyolo_tiny_trash/model.pdiparams"),
                 {{"image", {1, 3, 320, 320}}, {"im_shape", {1, 2}, wh},
                  {"scale_factor", {1, 2}, one}}};
  yolo.atol = 1e-4;
  yolo.subgraphs = 1;
  yolo.cpu_ops = 0;
  CheckModel(yolo);
  const std::vector<float> face = {160, 160};
  ModelCase blaze{"blazeface_paddle2", M("blazeface_paddle2/model.pdmodel"),
                  M("blazeface_paddle2/model.pdiparams"),
                  {{"image", {1, 3, 160, 160}}, {"im_shape", {1, 2}, face},
                   {"scale_factor", {1, 2}, one}}};
  blaze.atol = 1e-4;
  blaze.subgraphs = 1;
  blaze.cpu_ops = 0;
  CheckModel(blaze);
}

// Recurrent and LoD sequence ops (gru, lstm, sequence_conv, sequence_pool,
// crf_decoding) have no NNAdapter standard operation: they stay on the CPU;
// the row-wise ops around them (lookup_table, fc, softmax...) are offloaded.
TEST(AllModelsOnBuiltinDevice, SequenceModelsMatchTheCpu) {
  const ModelCase cases[] = {
      {"lac_seg", M("lac_seg/model"), "", {{"words", {10, 1}, {}, {0, 4, 10}}}},
      {"textcnn_news", M("textcnn_news/model"), "", {{"words", {12, 1}, {}, {0, 5, 12}}}},
      {"rumor_lstm", M("rumor_lstm/model"), "", {{"words", {9, 1}, {}, {0, 9}}}},
  };
  for (const auto& c : cases) CheckModel(c);
}

// Issue 27 #16: every line the partition report prints, pasted as a
// partition config, forces exactly its op. All lines of a model are given
// at once, in report order and reversed: each op must be forced by its own
// line (the first matching rule is named), so a line that also matched
// another op would be caught in one of the two orders.
lite_api::CxxConfig ModelConfig(const std::string& model, const std::string& params) {
  return Config(ModelCase("", model, params, {}));
}

nnadapter_bridge::PartitionReport ReportWith(const lite_api::CxxConfig& base,
                                             const std::string& partition_config) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  lite_api::CxxConfig c = base;
  c.set_nnadapter_device_names({"builtin_device"});
  if (!partition_config.empty()) c.set_nnadapter_subgraph_partition_config_buffer(partition_config);
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("roundtrip_" + std::to_string(getpid()) + ".json"))
                               .string();
  c.set_nnadapter_partition_report_path(path);
  lite_api::CreatePaddlePredictor(c);
  auto report = nnadapter_bridge::PartitionReport::FromJsonFile(path);
  std::remove(path.c_str());
  return report;
}

// Returns how many of the printed lines hold an escape.
int ExpectEveryPrintedLineForcesItsOp(const std::string& label,
                                      const lite_api::CxxConfig& config) {
  SCOPED_TRACE(label);
  const auto report = ReportWith(config, "");
  std::vector<std::string> lines;
  std::map<std::string, int> seen;
  int escaped = 0;
  for (const auto& op : report.ops) {
    EXPECT_TRUE(seen.emplace(op.config_line, 0).second)
        << "two ops print the same line " << op.config_line;
    lines.push_back(op.config_line);
    escaped += op.config_line.find('\\') != std::string::npos;
  }
  if (lines.empty()) {
    ADD_FAILURE() << "no ops in the report";
    return 0;
  }
  for (bool reverse : {false, true}) {
    std::vector<std::string> order = lines;
    if (reverse) std::reverse(order.begin(), order.end());
    std::string text;
    std::map<std::string, int> line_number;
    for (size_t i = 0; i < order.size(); ++i) {
      text += order[i] + "\n";
      line_number[order[i]] = static_cast<int>(i) + 1;
    }
    const auto forced = ReportWith(config, text);
    if (forced.ops.size() != report.ops.size()) {
      ADD_FAILURE() << forced.ops.size() << " ops with the config, " << report.ops.size()
                    << " without";
      return 0;
    }
    EXPECT_EQ(forced.cpu_ops(), static_cast<int>(report.ops.size()));
    for (const auto& op : forced.ops) {
      EXPECT_EQ(op.reason, "forced by partition config buffer:" +
                               std::to_string(line_number[op.config_line]))
          << op.config_line << (reverse ? " (reversed)" : "");
    }
  }
  std::printf("round trip %-28s %4zu printed lines (%d with escapes) each force exactly their op\n",
              label.c_str(), lines.size(), escaped);
  return escaped;
}

TEST(AllModelsOnBuiltinDevice, EveryPrintedConfigLineForcesExactlyItsOp) {
  const std::pair<std::string, lite_api::CxxConfig> models[] = {
      {"mnist_mlp_handwriting", ModelConfig(M("mnist_mlp_handwriting"), "")},
      {"paddlelite_simple_model", ModelConfig(M("paddlelite_simple_model/model.pdmodel"),
                                              M("paddlelite_simple_model/model.pdiparams"))},
      {"shufflenet_v2_imagenet", ModelConfig(M("shufflenet_v2_imagenet"), "")},
      {"ppocr_mobile_v2_cls_dyn", ModelConfig(M("ppocr_mobile_v2_cls_dyn/inference.pdmodel"),
                                              M("ppocr_mobile_v2_cls_dyn/inference.pdiparams"))},
      {"ppocrv3_det_dyn", ModelConfig(M("ppocrv3_det_dyn/inference.pdmodel"),
                                      M("ppocrv3_det_dyn/inference.pdiparams"))},
      {"ppocrv3_det_slim_int8", ModelConfig(M("ppocrv3_det_slim_int8/inference.pdmodel"),
                                            M("ppocrv3_det_slim_int8/inference.pdiparams"))},
      {"pp_humansegv2_portrait", ModelConfig(M("pp_humansegv2_portrait/model.pdmodel"),
                                             M("pp_humansegv2_portrait/model.pdiparams"))},
      {"mtcnn_paddle2 PNet", ModelConfig(M("mtcnn_paddle2/PNet.pdmodel"),
                                         M("mtcnn_paddle2/PNet.pdiparams"))},
      {"mtcnn_paddle2 RNet", ModelConfig(M("mtcnn_paddle2/RNet.pdmodel"),
                                         M("mtcnn_paddle2/RNet.pdiparams"))},
      {"mtcnn_paddle2 ONet", ModelConfig(M("mtcnn_paddle2/ONet.pdmodel"),
                                         M("mtcnn_paddle2/ONet.pdiparams"))},
      {"ppocrv4_onnx rec", ModelConfig(M("ppocrv4_onnx/ch_PP-OCRv4_rec_infer.onnx"), "")},
      {"ppocrv4_onnx det", ModelConfig(M("ppocrv4_onnx/ch_PP-OCRv4_det_infer.onnx"), "")},
      {"lstnet_gru", ModelConfig(M("lstnet_gru/model.pdmodel"), M("lstnet_gru/model.pdiparams"))},
      {"ppyolo_tiny_trash", ModelConfig(M("ppyolo_tiny_trash/model.pdmodel"),
                                        M("ppyolo_tiny_trash/model.pdiparams"))},
      {"blazeface_paddle2", ModelConfig(M("blazeface_paddle2/model.pdmodel"),
                                        M("blazeface_paddle2/model.pdiparams"))},
      {"lac_seg", ModelConfig(M("lac_seg/model"), "")},
      {"textcnn_news", ModelConfig(M("textcnn_news/model"), "")},
      {"rumor_lstm", ModelConfig(M("rumor_lstm/model"), "")},
  };
  for (const auto& [label, config] : models) ExpectEveryPrintedLineForcesItsOp(label, config);
}

// The real models' names hold none of the grammar's characters, so the same
// check on ShuffleNetV2 with every activation renamed to hold them (as
// exports do: "feat-1", ONNX's "onnx::Sigmoid_2", blanks, '#', '\', UTF-8).
TEST(AllModelsOnBuiltinDevice, PrintedConfigLinesForceExactlyTheirOpWithHostileNames) {
  cpp::ProgramDesc program;
  Scope weights;
  ModelSource src;
  src.model_dir = M("shufflenet_v2_imagenet");
  LoadModel(src, &program, &weights);
  const char* patterns[] = {"feat-", "onnx::Sigmoid_", "a,b ", "#x\\", "\xc3\xa9-:,"};
  std::map<std::string, std::string> renamed;
  for (auto& v : program.blocks.at(0).vars) {
    if (v.persistable || v.type != cpp::VarKind::LOD_TENSOR) continue;
    const std::string name = patterns[renamed.size() % 5] + std::to_string(renamed.size());
    renamed[v.name] = name;
    v.name = name;
  }
  ASSERT_GT(renamed.size(), 100u);
  auto rename = [&](std::map<std::string, std::vector<std::string>>& slots) {
    for (auto& [slot, args] : slots) {
      for (auto& a : args) {
        auto it = renamed.find(a);
        if (it != renamed.end()) a = it->second;
      }
    }
  };
  for (auto& op : program.blocks.at(0).ops) {
    rename(op.mutable_inputs());
    rename(op.mutable_outputs());
  }
  const std::string dir = (std::filesystem::temp_directory_path() /
                           ("hostile_names_" + std::to_string(getpid())))
                              .string();
  std::filesystem::create_directories(dir);
  SaveModel(program, weights, dir + "/model.pdmodel", dir + "/model.pdiparams");
  const int escaped = ExpectEveryPrintedLineForcesItsOp(
      "shufflenet, hostile names", ModelConfig(dir + "/model.pdmodel", dir + "/model.pdiparams"));
  EXPECT_GT(escaped, 100);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
