// ShuffleNetV2 (2019 export, per-variable files), the MNIST MLP and the
// MobileNetV1 stem against independent numpy references.
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
// The numbers of the JSON array following `"probs": [` after `key`.
std::vector<float> JsonProbs(const std::string& json, const std::string& key) {
  std::vector<float> v;
  size_t at = json.find("\"" + key + "\"");
  if (at == std::string::npos) return v;
  at = json.find("\"probs\"", at);
  size_t open = json.find('[', at), close = json.find(']', open);
  std::stringstream ss(json.substr(open + 1, close - open - 1));
  std::string item;
  while (std::getline(ss, item, ',')) v.push_back(std::stof(item));
  return v;
}
}  // namespace

TEST(ShuffleNetV2, EgyptCatTop1And5ProbabilitiesMatchNumpyReference) {
  std::string dir = ModelsDir() + "/shufflenet_v2_imagenet";
  lite_api::CxxConfig config;
  config.set_model_dir(dir);
  auto predictor = lite_api::CreatePaddlePredictor(config);
  auto x = vision::ReadFloats(dir + "/reference_input_egypt_cat_224.bin", 3 * 224 * 224);
  auto ref = vision::ReadFloats(
      dir + "/reference_numpy_output_egypt_cat.save_infer_model_scale_0.bin", 1000);
  std::vector<int64_t> shape;
  auto out = RunFloat(predictor.get(), {1, 3, 224, 224}, x, 0, &shape);
  ASSERT_EQ(shape, (std::vector<int64_t>{1, 1000}));
  auto top = vision::TopK(out.data(), 1000, 5);
  auto ref_top = vision::TopK(ref.data(), 1000, 5);
  EXPECT_EQ(top[0].first, 285);
  auto labels = vision::ReadLines(dir + "/synset_words.txt");
  EXPECT_NE(labels[top[0].first].find("Egyptian cat"), std::string::npos);
  for (int i = 0; i < 5; ++i) {
    std::printf("top%d: class %d p=%.4f (reference class %d p=%.4f)\n", i + 1, top[i].first,
                top[i].second, ref_top[i].first, ref_top[i].second);
    EXPECT_EQ(top[i].first, ref_top[i].first);
    EXPECT_NEAR(top[i].second, ref_top[i].second, 1e-3);
  }
  ErrorStats e = Compare(ref, out);
  std::printf("shufflenet max |diff| to numpy reference over 1000 probs: %.3g\n", e.max_abs);
}

TEST(MnistMlp, HandwrittenThreeIsClassThree) {
  std::string dir = ModelsDir() + "/mnist_mlp_handwriting";
  lite_api::CxxConfig config;
  config.set_model_dir(dir);
  auto predictor = lite_api::CreatePaddlePredictor(config);
  auto x = vision::ReadFloats(dir + "/reference_input_infer_3.bin", 28 * 28);
  auto out = RunFloat(predictor.get(), {1, 1, 28, 28}, x);
  ASSERT_EQ(out.size(), 10u);
  EXPECT_EQ(vision::TopK(out.data(), 10, 1)[0].first, 3);
  auto ref = JsonProbs(ReadFile(dir + "/reference_numpy_outputs.json"), "infer_3.png");
  ASSERT_EQ(ref.size(), 10u);
  ErrorStats e = Compare(ref, out);
  std::printf("mnist infer_3: p(3)=%.7f, max |diff| to numpy %.3g\n", out[3], e.max_abs);
  EXPECT_LE(e.max_abs, 1e-4);
}

TEST(SimpleModel, MobileNetV1StemWithin1e4OfNumpy) {
  std::string dir = ModelsDir() + "/paddlelite_simple_model";
  auto predictor = LoadPdModel(dir, "model");
  auto x = vision::ReadFloats(dir + "/reference_input_random_1x3x224x224.bin", 3 * 224 * 224);
  auto ref = vision::ReadFloats(dir + "/reference_numpy_output_random.batch_norm_0.tmp_3.bin",
                                32 * 112 * 112);
  std::vector<int64_t> shape;
  auto out = RunFloat(predictor.get(), {1, 3, 224, 224}, x, 0, &shape);
  EXPECT_EQ(shape, (std::vector<int64_t>{1, 32, 112, 112}));
  ErrorStats e = Compare(ref, out);
  std::printf("simple model max |diff| %.3g mean %.3g\n", e.max_abs, e.mean_abs);
  EXPECT_LE(e.max_abs, 1e-4);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
