// opt --quant_model --quant_type=QUANT_INT8|QUANT_INT16 on the real models:
// file sizes, and the accuracy change against the fp32 .nb (ShuffleNetV2's
// top-1/top-5 on the Egyptian cat, the detector's text regions, the
// direction classifier's classes), printed and asserted.
#include <algorithm>
#include <filesystem>

#include "tests/models/nb_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct Variant {
  const char* name;  // "fp32" or the --quant_type
  size_t bytes{0};
  std::shared_ptr<lite_api::PaddlePredictor> predictor;
};

// Runs opt on `c` as fp32, QUANT_INT16 and QUANT_INT8 and loads each .nb
// with MobileConfig.
std::vector<Variant> OptimizeThreeWays(const NbModelCase& c, const std::string& dir) {
  std::vector<Variant> out;
  for (const char* type : {"fp32", "QUANT_INT16", "QUANT_INT8"}) {
    opt::OptFlags f;
    if (c.model_file.empty()) {
      f.model_dir = ModelPath(c, "");
    } else {
      f.model_file = ModelPath(c, c.model_file);
      f.param_file = ModelPath(c, c.param_file);
    }
    f.optimize_out = dir + "/" + type;
    f.quant_model = std::string(type) != "fp32";
    if (f.quant_model) f.quant_type = type;
    std::ostringstream so, se;
    EXPECT_EQ(opt::RunOpt(f, so, se), 0) << so.str() << se.str();
    if (f.quant_model) {
      EXPECT_NE(so.str().find(std::string("weights quantized (") + type + ", per channel): "),
                std::string::npos)
          << so.str();
    }
    Variant v{type, 0, nullptr};
    v.bytes = std::filesystem::file_size(f.optimize_out + ".nb");
    lite_api::MobileConfig config;
    config.set_model_from_file(f.optimize_out + ".nb");
    v.predictor = lite_api::CreatePaddlePredictor(config);
    out.push_back(v);
  }
  std::printf("%s .nb bytes: fp32 %zu, QUANT_INT16 %zu (%.1f%%), QUANT_INT8 %zu (%.1f%%)\n",
              c.name.c_str(), out[0].bytes, out[1].bytes, 100.0 * out[1].bytes / out[0].bytes,
              out[2].bytes, 100.0 * out[2].bytes / out[0].bytes);
  return out;
}

TEST(WeightQuantAccuracy, ShuffleNetV2Top1AndTop5) {
  NbModelCase c{"shufflenet_v2_imagenet", "", "", {}};
  auto v = OptimizeThreeWays(c, TempDir("wq_shufflenet"));
  // ~9 MB of weights dominate the file: int16 halves it, int8 quarters it.
  EXPECT_LT(v[1].bytes, v[0].bytes * 55 / 100);
  EXPECT_LT(v[2].bytes, v[0].bytes * 30 / 100);
  std::string dir = ModelsDir() + "/shufflenet_v2_imagenet";
  auto x = vision::ReadFloats(dir + "/reference_input_egypt_cat_224.bin", 3 * 224 * 224);
  auto fp32 = RunFloat(v[0].predictor.get(), {1, 3, 224, 224}, x);
  auto top_fp32 = vision::TopK(fp32.data(), 1000, 5);
  ASSERT_EQ(top_fp32[0].first, 285);
  std::printf("shufflenet fp32 top-5:");
  for (const auto& t : top_fp32) std::printf(" %d (p=%.4f)", t.first, t.second);
  std::printf("\n");
  for (size_t i = 1; i < v.size(); ++i) {
    auto q = RunFloat(v[i].predictor.get(), {1, 3, 224, 224}, x);
    auto top = vision::TopK(q.data(), 1000, 5);
    int same_rank = 0, in_top5 = 0;
    for (int k = 0; k < 5; ++k) {
      same_rank += top[k].first == top_fp32[k].first;
      for (int j = 0; j < 5; ++j) in_top5 += top[k].first == top_fp32[j].first;
    }
    ErrorStats e = Compare(fp32, q);
    std::printf("shufflenet %s vs fp32: top-1 %d (p=%.4f vs %.4f), top-5 same rank %d/5, "
                "in fp32 top-5 %d/5, probs max |diff| %.3g\n",
                v[i].name, top[0].first, top[0].second, top_fp32[0].second, same_rank, in_top5,
                e.max_abs);
    EXPECT_EQ(in_top5, 5) << v[i].name;
    if (i == 1) {  // int16: the same ranking, probabilities within 1e-3
      EXPECT_EQ(same_rank, 5);
      EXPECT_LE(e.max_abs, 1e-3);
    } else {
      // int8 moves probabilities by ~0.01; fp32's top two (Egyptian cat
      // 0.464, tabby 0.456) are closer than that, so int8 may swap them.
      EXPECT_TRUE(top[0].first == top_fp32[0].first || top[0].first == top_fp32[1].first);
      EXPECT_LE(e.max_abs, 0.02);
    }
  }
}

TEST(WeightQuantAccuracy, DetectorFindsTheSame16Regions) {
  NbModelCase c{"ppocrv3_det_dyn", "inference.pdmodel", "inference.pdiparams", {}};
  auto v = OptimizeThreeWays(c, TempDir("wq_det"));
  auto fp32 = RunDetMap(v[0].predictor.get());
  ASSERT_EQ(vision::ConnectedRegions(fp32.data(), 640, 640, 0.3f, 50).size(), 16u);
  for (size_t i = 1; i < v.size(); ++i) {
    auto q = RunDetMap(v[i].predictor.get());
    ErrorStats e = Compare(fp32, q);
    auto regions = vision::ConnectedRegions(q.data(), 640, 640, 0.3f, 50);
    std::printf("ppocrv3_det %s vs fp32: %zu regions, map max |diff| %.4f, mean %.3g\n",
                v[i].name, regions.size(), e.max_abs, e.mean_abs);
    EXPECT_EQ(regions.size(), 16u) << v[i].name;
    EXPECT_LE(e.mean_abs, i == 1 ? 1e-5 : 0.01) << v[i].name;
  }
}

TEST(WeightQuantAccuracy, DirectionClassifierKeepsItsClasses) {
  NbModelCase c{"ppocr_mobile_v2_cls_dyn", "inference.pdmodel", "inference.pdiparams", {}};
  auto v = OptimizeThreeWays(c, TempDir("wq_cls"));
  std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/";
  for (const char* input : {"cls_input_title_upright", "cls_input_title_rot180",
                            "cls_input_random_1x3x48x192"}) {
    auto x = vision::ReadFloats(dir + input + ".bin", 3 * 48 * 192);
    auto fp32 = RunFloat(v[0].predictor.get(), {1, 3, 48, 192}, x);
    for (size_t i = 1; i < v.size(); ++i) {
      auto q = RunFloat(v[i].predictor.get(), {1, 3, 48, 192}, x);
      ErrorStats e = Compare(fp32, q);
      std::printf("ppocr_cls %s %s: (%.5f, %.5f) fp32 (%.5f, %.5f) max |diff| %.3g\n", input,
                  v[i].name, q[0], q[1], fp32[0], fp32[1], e.max_abs);
      EXPECT_EQ(q[1] > q[0], fp32[1] > fp32[0]) << input << " " << v[i].name;
      EXPECT_LE(e.max_abs, i == 1 ? 1e-4 : 0.02) << input << " " << v[i].name;
    }
  }
}

// The CxxConfig predictor with set_quant_model computes with the weights
// the .nb will carry, SaveOptimizedModel writes them quantized, and the
// protobuf output (int8 params + Paddle Lite's attributes, as PaddleSlim's
// quant_post_dynamic writes) loads back through CxxConfig.
TEST(WeightQuantAccuracy, FullAndLightPredictorsAndProtobufOutputAgreeBitForBit) {
  std::string dir = TempDir("wq_api");
  lite_api::CxxConfig config;
  config.set_model_dir(ModelsDir() + "/mnist_mlp_handwriting");
  config.set_quant_model(true);
  config.set_quant_type(lite_api::QuantType::QUANT_INT8);
  auto full = lite_api::CreatePaddlePredictor(config);
  std::vector<float> x = SeededValues(28 * 28, 7);
  auto a = RunFloat(full.get(), {1, 1, 28, 28}, x);
  full->SaveOptimizedModel(dir + "/m", lite_api::LiteModelType::kNaiveBuffer);
  full->SaveOptimizedModel(dir + "/pb", lite_api::LiteModelType::kProtobuf);
  lite_api::MobileConfig mc;
  mc.set_model_from_file(dir + "/m.nb");
  auto b = RunFloat(lite_api::CreatePaddlePredictor(mc).get(), {1, 1, 28, 28}, x);
  lite_api::CxxConfig back;
  back.set_model_dir(dir + "/pb");
  auto c = RunFloat(lite_api::CreatePaddlePredictor(back).get(), {1, 1, 28, 28}, x);
  EXPECT_EQ(a, b);
  EXPECT_EQ(a, c);
  lite_api::CxxConfig plain;
  plain.set_model_dir(ModelsDir() + "/mnist_mlp_handwriting");
  auto plain_predictor = lite_api::CreatePaddlePredictor(plain);
  auto fp32 = RunFloat(plain_predictor.get(), {1, 1, 28, 28}, x);
  plain_predictor->SaveOptimizedModel(dir + "/pb32", lite_api::LiteModelType::kProtobuf);
  ErrorStats e = Compare(fp32, a);
  std::printf("mnist QUANT_INT8 vs fp32: max |diff| %.3g\n", e.max_abs);
  EXPECT_GT(e.max_abs, 0.0);  // the weights really changed
  EXPECT_LE(e.max_abs, 0.02);
  EXPECT_LT(std::filesystem::file_size(dir + "/pb/__params__"),
            std::filesystem::file_size(dir + "/pb32/__params__") * 3 / 10);
}

// The subgraph ops read the dequantized weights too: a quantized .nb for
// builtin_device gives the x86 quantized .nb's result.
TEST(WeightQuantAccuracy, NNAdapterSubgraphsRunOnTheDequantizedWeights) {
  std::string dir = TempDir("wq_nna");
  std::vector<float> x = SeededValues(28 * 28, 3);
  std::vector<std::vector<float>> outs;
  for (const char* targets : {"x86", "builtin_device,x86"}) {
    opt::OptFlags f;
    f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
    f.valid_targets = targets;
    f.quant_model = true;
    f.quant_type = "QUANT_INT8";
    f.optimize_out = dir + "/m" + std::to_string(outs.size());
    std::ostringstream so, se;
    ASSERT_EQ(opt::RunOpt(f, so, se), 0) << so.str() << se.str();
    lite_api::MobileConfig mc;
    mc.set_model_from_file(f.optimize_out + ".nb");
    outs.push_back(RunFloat(lite_api::CreatePaddlePredictor(mc).get(), {1, 1, 28, 28}, x));
  }
  ErrorStats e = Compare(outs[0], outs[1]);
  std::printf("mnist QUANT_INT8 builtin_device vs x86: max |diff| %.3g\n", e.max_abs);
  EXPECT_LE(e.max_abs, 1e-5);
}

TEST(WeightQuantAccuracy, UnknownQuantTypeIsNamed) {
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
  f.optimize_out = TempDir("wq_bad") + "/m";
  f.quant_model = true;
  f.quant_type = "QUANT_INT4";
  std::ostringstream so, se;
  EXPECT_EQ(opt::RunOpt(f, so, se), 1);
  EXPECT_NE(se.str().find("--quant_type='QUANT_INT4' (expected QUANT_INT8 or QUANT_INT16)"),
            std::string::npos)
      << se.str();
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
