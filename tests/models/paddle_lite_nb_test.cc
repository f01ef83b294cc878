// Paddle Lite's own .nb files (../shared/models/paddle_lite_nb, facts in
// its MODEL.json) load and match their references, through MobileConfig
// (file and buffer), CxxConfig and the pre-v2.3 folder layout.
#include <filesystem>

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::string NbDir() { return ModelsDir() + "/paddle_lite_nb"; }

std::shared_ptr<lite_api::PaddlePredictor> Mobile(const std::string& path) {
  lite_api::MobileConfig config;
  config.set_model_from_file(path);
  config.set_threads(1);
  return lite_api::CreatePaddlePredictor(config);
}

std::shared_ptr<lite_api::PaddlePredictor> Cxx(const std::string& path) {
  lite_api::CxxConfig config;
  config.set_model_file(path);
  config.set_threads(1);
  return lite_api::CreatePaddlePredictor(config);
}

std::string ClsNb() { return NbDir() + "/ocr_cls_fp32_v214rc_arm/cn_ppocr_mobile_v2.0_cls_opt.nb"; }

struct ClsCase {
  const char* input;
  const char* output;
  int cls;
};
const ClsCase kClsCases[] = {
    {"cls_input_title_upright", "cls_onnx_out_title_upright", 0},
    {"cls_input_title_rot180", "cls_onnx_out_title_rot180", 1},
    {"cls_input_random_1x3x48x192", "cls_onnx_out_random_1x3x48x192", -1},
};

void ExpectClsMatchesReferences(lite_api::PaddlePredictor* predictor, const char* what,
                                double tolerance) {
  const std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/";
  for (const ClsCase& c : kClsCases) {
    auto x = vision::ReadFloats(dir + c.input + ".bin", 3 * 48 * 192);
    auto ref = vision::ReadFloats(dir + c.output + ".bin", 2);
    std::vector<int64_t> shape;
    auto out = RunFloat(predictor, {1, 3, 48, 192}, x, 0, &shape);
    EXPECT_EQ(shape, (std::vector<int64_t>{1, 2})) << what << " " << c.input;
    ErrorStats e = Compare(ref, out);
    std::printf("%s %s: out (%.6f, %.6f) ref (%.6f, %.6f) max |diff| %.3g\n", what, c.input,
                out[0], out[1], ref[0], ref[1], e.max_abs);
    EXPECT_LE(e.max_abs, tolerance) << what << " " << c.input;
    if (c.cls >= 0) {
      EXPECT_EQ(out[1] > out[0] ? 1 : 0, c.cls) << what << " " << c.input;
    }
  }
}

}  // namespace

TEST(PaddleLiteNb, ClsV214rcArmMatchesOnnxReferencesOnMobileConfig) {
  auto p = Mobile(ClsNb());
  ExpectClsMatchesReferences(p.get(), "cls_v214rc_arm (MobileConfig)", 1e-4);
}

TEST(PaddleLiteNb, ClsV214rcArmMatchesOnnxReferencesOnCxxConfigAndFromBuffer) {
  auto cxx = Cxx(ClsNb());
  ExpectClsMatchesReferences(cxx.get(), "cls_v214rc_arm (CxxConfig)", 1e-4);
  lite_api::MobileConfig config;
  config.set_model_from_buffer(ReadFile(ClsNb()));
  auto buf = lite_api::CreatePaddlePredictor(config);
  ExpectClsMatchesReferences(buf.get(), "cls_v214rc_arm (buffer)", 1e-4);
}

TEST(PaddleLiteNb, PpocrV3DetV212X86MatchesOnnxRuntimeReference) {
  auto p = Mobile(NbDir() + "/ppocrv3_det_fp32_v212_x86/ch_PP-OCRv3_det_opt.nb");
  auto out = RunDetMap(p.get());
  auto ref = vision::ReadFloats(
      ModelsDir() + "/ppocrv3_det_dyn/reference/ppocrv3_det_onnx_out_ppocr_doc_11_640.bin",
      640 * 640);
  ErrorStats e = Compare(ref, out);
  std::printf("ppocrv3_det_v212_x86 .nb vs ONNX Runtime: max |diff| %.3g, mean %.3g\n",
              e.max_abs, e.mean_abs);
  EXPECT_LE(e.max_abs, 1e-4);
  EXPECT_EQ(vision::ConnectedRegions(out.data(), 640, 640, 0.3f, 50).size(), 16u);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
