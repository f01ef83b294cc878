// PP-OCR direction classifier against the ONNX Runtime references.
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {

TEST(PpocrCls, ThreeReferencesWithin1e4AndRightClasses) {
  std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn";
  auto predictor = LoadPdModel(dir, "inference");
  struct Case { const char* input; const char* output; int cls; };
  const Case cases[] = {
      {"cls_input_title_upright", "cls_onnx_out_title_upright", 0},
      {"cls_input_title_rot180", "cls_onnx_out_title_rot180", 1},
      {"cls_input_random_1x3x48x192", "cls_onnx_out_random_1x3x48x192", -1},
  };
  for (const Case& c : cases) {
    auto x = vision::ReadFloats(dir + "/reference/" + c.input + ".bin", 3 * 48 * 192);
    auto ref = vision::ReadFloats(dir + "/reference/" + c.output + ".bin", 2);
    std::vector<int64_t> shape;
    auto out = RunFloat(predictor.get(), {1, 3, 48, 192}, x, 0, &shape);
    EXPECT_EQ(shape, (std::vector<int64_t>{1, 2})) << c.input;
    ErrorStats e = Compare(ref, out);
    std::printf("ppocr_cls %s: out (%.6f, %.6f) ref (%.6f, %.6f) max |diff| %.3g\n", c.input,
                out[0], out[1], ref[0], ref[1], e.max_abs);
    EXPECT_LE(e.max_abs, 1e-4) << c.input;
    if (c.cls >= 0) {
      EXPECT_EQ(out[1] > out[0] ? 1 : 0, c.cls) << c.input;
    }
  }
}

TEST(PpocrCls, OtherWidthsRunThroughShapeSliceReshape) {
  auto predictor = LoadPdModel(ModelsDir() + "/ppocr_mobile_v2_cls_dyn", "inference");
  for (int64_t w : {96, 192, 320}) {
    std::vector<int64_t> shape;
    auto out = RunFloat(predictor.get(), {2, 3, 48, w},
                        std::vector<float>(2 * 3 * 48 * w, 0.1f), 0, &shape);
    EXPECT_EQ(shape, (std::vector<int64_t>{2, 2})) << w;
    EXPECT_NEAR(out[0] + out[1], 1.0, 1e-5) << w;
  }
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
