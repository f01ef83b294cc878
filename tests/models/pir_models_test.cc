// Paddle 3 PIR exports as they come (inference.json + inference.pdiparams):
// PP-LCNet_x0_25_textline_ori (../shared/models/pir_lcnet_textline_ori) on
// the CPU path, through opt -> .nb -> MobileConfig and on builtin_device,
// against the numpy reference of its MODEL.json and on crops of the
// document lines of ppocr_doc_11.jpg (upright: 0_degree, rotated by 180
// degrees: 180_degree).
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "tests/models/model_test_util.h"
#include "tools/opt/opt_tool.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

constexpr int kH = 80, kW = 160;

std::string LcnetDir() { return ModelsDir() + "/pir_lcnet_textline_ori"; }

lite_api::CxxConfig LcnetConfig() {
  lite_api::CxxConfig config;
  config.set_model_dir(LcnetDir());
  config.set_threads(1);
  return config;
}

std::vector<float> RunBatch(lite_api::PaddlePredictor* p, const std::vector<float>& x, int64_t n) {
  std::vector<int64_t> shape;
  auto out = RunFloat(p, {n, 3, kH, kW}, x, 0, &shape);
  EXPECT_EQ(shape, (std::vector<int64_t>{n, 2}));
  return out;
}

std::vector<int> Argmax(const std::vector<float>& probs) {
  std::vector<int> c;
  for (size_t i = 0; i + 1 < probs.size(); i += 2) c.push_back(probs[i + 1] > probs[i] ? 1 : 0);
  return c;
}

// The reference batch of MODEL.json: 4 lines, each upright then rotated.
void ExpectReference(lite_api::PaddlePredictor* p, const std::string& what, double tolerance) {
  const std::string ref = LcnetDir() + "/reference/";
  auto x = vision::ReadFloats(ref + "input_lines8_80x160.bin", 8 * 3 * kH * kW);
  auto expected = vision::ReadFloats(ref + "numpy_output_lines8.bin", 8 * 2);
  auto out = RunBatch(p, x, 8);
  ErrorStats e = Compare(expected, out);
  std::printf("pir_lcnet_textline_ori %s vs numpy reference: max |diff| %.3g\n", what.c_str(), e.max_abs);
  EXPECT_LE(e.max_abs, tolerance) << what;
  EXPECT_EQ(Argmax(out), (std::vector<int>{0, 1, 0, 1, 0, 1, 0, 1})) << what;
}

// The document lines: boxes of the detector's reference map (ONNX Runtime
// output of PP-OCRv3 on ppocr_doc_11.jpg) as the OCR demo finds them,
// keeping horizontal lines (width >= 3 x height) of at least 16 px height.
std::vector<vision::Image> LineCrops(const vision::Image& img) {
  auto map = vision::ReadFloats(
      ModelsDir() + "/ppocrv3_det_dyn/reference/ppocrv3_det_onnx_out_ppocr_doc_11_640.bin", 640 * 640);
  const float sx = static_cast<float>(img.width) / 640, sy = static_cast<float>(img.height) / 640;
  std::vector<vision::Image> crops;
  for (const auto& r : vision::ConnectedRegions(map.data(), 640, 640, 0.3f, 50)) {
    vision::Box b = vision::UnclipBox(r, 1.5f, 640, 640);
    const int x0 = static_cast<int>(b.x0 * sx), x1 = static_cast<int>((b.x1 + 1) * sx) - 1;
    const int y0 = static_cast<int>(b.y0 * sy), y1 = static_cast<int>((b.y1 + 1) * sy) - 1;
    if (x1 - x0 + 1 < 3 * (y1 - y0 + 1) || y1 - y0 + 1 < 16) continue;
    crops.push_back(vision::Crop(img, x0, y0, x1, y1));
  }
  return crops;
}

// inference.yml: resize to 160x80, x/255, ImageNet mean/std, RGB, CHW.
std::vector<float> Preprocess(const std::vector<vision::Image>& crops) {
  const float mean[3] = {0.485f, 0.456f, 0.406f};
  const float stddev[3] = {0.229f, 0.224f, 0.225f};
  std::vector<float> x;
  for (const auto& c : crops) {
    auto chw = vision::NormalizeToCHW(vision::ResizeBilinear(c, kW, kH), mean, stddev, /*bgr=*/false);
    x.insert(x.end(), chw.begin(), chw.end());
  }
  return x;
}

void ExpectLineClasses(lite_api::PaddlePredictor* p, const std::string& what) {
  const vision::Image img = vision::LoadImageRGB(ModelsDir() + "/ppocrv3_det_dyn/reference/ppocr_doc_11.jpg");
  auto crops = LineCrops(img);
  ASSERT_GE(crops.size(), 8u) << what;
  std::vector<vision::Image> rotated;
  for (const auto& c : crops) rotated.push_back(vision::Rotate180(c));
  const int64_t n = static_cast<int64_t>(crops.size());
  auto upright = Argmax(RunBatch(p, Preprocess(crops), n));
  auto flipped = Argmax(RunBatch(p, Preprocess(rotated), n));
  std::printf("pir_lcnet_textline_ori %s: %zu document lines: %ld upright say 0_degree, %ld rotated say "
              "180_degree\n",
              what.c_str(), crops.size(), std::count(upright.begin(), upright.end(), 0),
              std::count(flipped.begin(), flipped.end(), 1));
  EXPECT_EQ(upright, std::vector<int>(crops.size(), 0)) << what;
  EXPECT_EQ(flipped, std::vector<int>(crops.size(), 1)) << what;
}

TEST(PirLcnetTextlineOri, CpuMatchesTheReferenceAndReadsTheDocumentLines) {
  auto p = lite_api::CreatePaddlePredictor(LcnetConfig());
  EXPECT_EQ(p->GetInputNames(), (std::vector<std::string>{"x"}));
  EXPECT_EQ(p->GetOutputNames(), (std::vector<std::string>{"fetch_name_0"}));
  ExpectReference(p.get(), "CxxConfig", 1e-5);
  ExpectLineClasses(p.get(), "CxxConfig");
  // set_model_file / set_param_file name the same files.
  lite_api::CxxConfig files;
  files.set_model_file(LcnetDir() + "/inference.json");
  files.set_param_file(LcnetDir() + "/inference.pdiparams");
  ExpectReference(lite_api::CreatePaddlePredictor(files).get(), "CxxConfig model_file", 1e-5);
}

TEST(PirLcnetTextlineOri, OptNbOnMobileConfig) {
  const std::string dir =
      (std::filesystem::temp_directory_path() / ("pir_lcnet_" + std::to_string(::getpid()))).string();
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  opt::OptFlags f;
  f.model_file = LcnetDir() + "/inference.json";
  f.valid_targets = "x86";
  f.optimize_out = dir + "/lcnet";
  std::ostringstream so, se;
  ASSERT_EQ(opt::RunOpt(f, so, se), 0) << so.str() << se.str();
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/lcnet.nb");
  auto light = lite_api::CreatePaddlePredictor(mobile);
  ExpectReference(light.get(), "opt .nb on MobileConfig", 1e-5);
  ExpectLineClasses(light.get(), "opt .nb on MobileConfig");
  std::filesystem::remove_all(dir);
}

TEST(PirLcnetTextlineOri, BuiltinDevice) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  lite_api::CxxConfig config = LcnetConfig();
  config.set_nnadapter_device_names({"builtin_device"});
  auto p = lite_api::CreatePaddlePredictor(config);
  ExpectReference(p.get(), "builtin_device", 1e-5);
  ExpectLineClasses(p.get(), "builtin_device");
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
