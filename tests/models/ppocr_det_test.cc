// PP-OCRv3 detector (fp32 and QAT int8) against the ONNX Runtime reference.
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

namespace {
std::vector<float> RunDetector(const std::string& folder, int threads = 1) {
  return RunDetMap(LoadPdModel(ModelsDir() + "/" + folder, "inference", threads).get());
}
}  // namespace

TEST(PpocrV3Det, MatchesOnnxRuntimeReferenceAndFinds16Regions) {
  auto out = RunDetector("ppocrv3_det_dyn");
  auto ref = vision::ReadFloats(
      ModelsDir() + "/ppocrv3_det_dyn/reference/ppocrv3_det_onnx_out_ppocr_doc_11_640.bin",
      640 * 640);
  ErrorStats e = Compare(ref, out);
  std::printf("ppocrv3_det vs ONNX Runtime: max |diff| = %.3g, mean |diff| = %.3g\n",
              e.max_abs, e.mean_abs);
  EXPECT_LE(e.max_abs, 1e-4);
  auto regions = vision::ConnectedRegions(out.data(), 640, 640, 0.3f, 50);
  EXPECT_EQ(regions.size(), 16u);
  auto ref_regions = vision::ConnectedRegions(ref.data(), 640, 640, 0.3f, 50);
  EXPECT_EQ(ref_regions.size(), 16u);
}

TEST(PpocrV3Det, DynamicInputShapeIsReinferredOnEveryRun) {
  auto predictor = LoadPdModel(ModelsDir() + "/ppocrv3_det_dyn", "inference");
  std::vector<int64_t> s1, s2, s3;
  RunFloat(predictor.get(), {1, 3, 96, 160}, std::vector<float>(3 * 96 * 160, 0.5f), 0, &s1);
  RunFloat(predictor.get(), {1, 3, 64, 64}, std::vector<float>(3 * 64 * 64, 0.5f), 0, &s2);
  auto a = RunFloat(predictor.get(), {1, 3, 96, 160}, std::vector<float>(3 * 96 * 160, 0.5f), 0, &s3);
  EXPECT_EQ(s1, (std::vector<int64_t>{1, 1, 96, 160}));
  EXPECT_EQ(s2, (std::vector<int64_t>{1, 1, 64, 64}));
  EXPECT_EQ(s3, s1);
  // A fresh predictor on the same shape gives the same numbers.
  auto fresh = LoadPdModel(ModelsDir() + "/ppocrv3_det_dyn", "inference");
  auto b = RunFloat(fresh.get(), {1, 3, 96, 160}, std::vector<float>(3 * 96 * 160, 0.5f));
  EXPECT_EQ(a, b);
}

TEST(PpocrV3DetSlimInt8, FindsTheSame16RegionsAsFp32) {
  auto fp32 = RunDetector("ppocrv3_det_dyn");
  auto int8 = RunDetector("ppocrv3_det_slim_int8");
  ErrorStats e = Compare(fp32, int8);
  std::printf("ppocrv3_det_slim_int8 vs fp32 map: max |diff| = %.4f, mean |diff| = %.5f\n",
              e.max_abs, e.mean_abs);
  auto regions = vision::ConnectedRegions(int8.data(), 640, 640, 0.3f, 50);
  EXPECT_EQ(regions.size(), 16u);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
