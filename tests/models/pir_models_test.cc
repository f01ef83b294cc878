// Paddle 3 PIR exports as they come (inference.json + inference.pdiparams):
// PP-LCNet_x0_25_textline_ori (../shared/models/pir_lcnet_textline_ori) on
// the CPU path, through opt -> .nb -> MobileConfig and on builtin_device,
// against the numpy reference of its MODEL.json and on crops of the
// document lines of ppocr_doc_11.jpg (upright: 0_degree, rotated by 180
// degrees: 180_degree).
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <sstream>

#include "lite/model_parser/pir/pir_importer.h"
#include "lite/model_parser/tensor_record.h"
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

// ---- programs published without their weights ----
// Weights of the declared shapes (deterministic values in [0.01, 0.02):
// positive, so batch-norm variances are valid) written as a params file,
// then the program is loaded, shape-inferred and run on an input of its
// declared shape (unknown extents: batch 1, others 96). Checks the output
// dims the program declares.
std::string GeneratedParams(const std::vector<cpp::VarDesc>& vars) {
  std::string bytes;
  uint64_t state = 0x9E3779B97F4A7C15ull;
  for (const auto& v : vars) {
    Tensor t;
    t.Resize(DDim(v.dims));
    t.set_dtype(v.dtype);
    if (v.dtype == DataType::kFloat32) {
      float* p = t.mutable_data<float>();
      for (int64_t i = 0; i < t.numel(); ++i) {
        state = state * 6364136223846793005ull + 1442695040888963407ull;
        p[i] = 0.01f + 0.01f * static_cast<float>(state >> 40) / 16777216.f;
      }
    } else {
      char* p = static_cast<char*>(t.mutable_data(v.dtype));
      std::fill(p, p + t.numel() * SizeOf(v.dtype), 0);
    }
    WriteLoDTensorRecord(t, &bytes);
  }
  return bytes;
}

// The dims of the first data op and of each fetch op, read back from the
// loaded program (feed/fetch variables keep the declared dims).
void LoadAndRun(const std::string& model_file);

void LoadsWithGeneratedWeights(const std::string& model_file) {
  SCOPED_TRACE(model_file);
  try {
    LoadAndRun(model_file);
  } catch (const lite_api::Error& e) {
    ADD_FAILURE() << e.what();
  }
}

void LoadAndRun(const std::string& model_file) {
  const std::string text = ReadFile(model_file);
  const auto vars = PirParameters(text, model_file);
  const std::string params = GeneratedParams(vars);
  lite_api::CxxConfig config;
  config.set_model_buffer(text.data(), text.size(), params.data(), params.size());
  auto p = lite_api::CreatePaddlePredictor(config);
  cpp::ProgramDesc prog;
  Scope weights;
  ImportPirProgram(text, model_file, params.data(), params.size(), "generated", &prog, &weights);
  std::vector<std::vector<int64_t>> in_dims, out_dims;
  for (const auto& op : prog.blocks[0].ops) {
    if (op.Type() == "feed") in_dims.push_back(prog.blocks[0].FindVar(op.Output("Out")[0])->dims);
    if (op.Type() == "fetch") out_dims.push_back(prog.blocks[0].FindVar(op.Input("X")[0])->dims);
  }
  ASSERT_EQ(in_dims.size(), 1u);
  std::vector<int64_t> shape = in_dims[0];
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) shape[i] = i == 0 ? 1 : 96;
  }
  int64_t n = 1;
  for (int64_t d : shape) n *= d;
  std::vector<float> x(static_cast<size_t>(n));
  for (int64_t i = 0; i < n; ++i) x[i] = static_cast<float>(i % 251) / 251.f;
  std::vector<int64_t> got;
  auto out = RunFloat(p.get(), shape, x, 0, &got);
  ASSERT_EQ(got.size(), out_dims[0].size());
  for (size_t i = 0; i < got.size(); ++i) {
    if (out_dims[0][i] >= 0) {
      EXPECT_EQ(got[i], out_dims[0][i]) << "output dim " << i;
    }
  }
  const size_t finite = static_cast<size_t>(std::count_if(out.begin(), out.end(), [](float v) { return std::isfinite(v); }));
  std::printf("%s: %zu parameters generated, input %s -> output %s (%zu of %zu values finite)\n",
              model_file.c_str(), vars.size(), DimsToString(shape).c_str(), DimsToString(got).c_str(), finite,
              out.size());
}

TEST(PirPrograms, LoadAndRunWithGeneratedWeights) {
  LoadsWithGeneratedWeights(LcnetDir() + "/inference.json");
  // More PIR programs (folders holding inference.json) from
  // $PADDLE_LITE_PIR_CORPUS, e.g. exports whose license forbids bundling
  // them (docs/model-formats.md lists the ones checked).
  if (const char* corpus = std::getenv("PADDLE_LITE_PIR_CORPUS")) {
    for (const auto& entry : std::filesystem::directory_iterator(corpus)) {
      const auto file = entry.path() / "inference.json";
      if (std::filesystem::is_regular_file(file)) LoadsWithGeneratedWeights(file.string());
    }
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
