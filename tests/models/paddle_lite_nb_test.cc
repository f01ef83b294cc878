// Paddle Lite's own .nb files (../shared/models/paddle_lite_nb, facts in
// its MODEL.json) load and match their references, through MobileConfig
// (file and buffer), CxxConfig and the pre-v2.3 folder layout.
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>

#include "lite/core/registry.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"
#include "lite/nnadapter/subgraph_stats.h"
#include "tests/models/model_test_util.h"
#include "tools/common/lac.h"
#include "tools/common/ocr_text.h"
#include "tools/opt/opt_tool.h"

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
                                double tolerance, size_t cases = 3) {
  const std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/";
  for (size_t i = 0; i < cases; ++i) {
    const ClsCase& c = kClsCases[i];
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

// Runs one input (float, or int64 with a LoD) and returns output 0 with
// its shape and LoD.
struct Output {
  std::vector<int64_t> shape;
  lite_api::lod_t lod;
  std::vector<float> f;
  std::vector<int64_t> i;
  std::vector<int32_t> i32;
};
Output RunOne(lite_api::PaddlePredictor* p, const std::vector<int64_t>& shape,
              const std::vector<float>& x, const std::vector<int64_t>& ids = {},
              const lite_api::lod_t& lod = {}, int output = 0) {
  auto in = p->GetInput(0);
  in->Resize(shape);
  if (ids.empty()) {
    in->CopyFromCpu(x.data());
  } else {
    in->CopyFromCpu(ids.data());
  }
  if (!lod.empty()) in->SetLoD(lod);
  p->Run();
  auto out = p->GetOutput(output);
  Output o;
  o.shape = out->shape();
  o.lod = out->lod();
  size_t n = Numel(o.shape);
  if (out->precision() == lite_api::PrecisionType::kInt64) {
    o.i.resize(n);
    out->CopyToCpu(o.i.data());
  } else if (out->precision() == lite_api::PrecisionType::kInt32) {
    o.i32.resize(n);
    out->CopyToCpu(o.i32.data());
  } else {
    o.f.resize(n);
    out->CopyToCpu(o.f.data());
  }
  return o;
}

// pyramidbox_lite's preprocessing (PaddleHub's processor): BGR, minus the
// means 104, 117, 123, times 1/127.5, NCHW.
std::vector<float> FaceInput(const vision::Image& img) {
  std::vector<float> x(3 * img.width * img.height);
  const float mean[3] = {104.f, 117.f, 123.f};
  const size_t hw = static_cast<size_t>(img.width) * img.height;
  for (size_t p = 0; p < hw; ++p) {
    for (int c = 0; c < 3; ++c) {
      // BGR: channel c of the input is RGB channel 2 - c.
      x[c * hw + p] = (img.pixels[p * 3 + (2 - c)] - mean[c]) / 127.5f;
    }
  }
  return x;
}

// Converts a Paddle Lite .nb with our opt for builtin_device (with the
// input shape `shape_info`, "name:1x3x32x320"); returns our .nb's path and
// sets `*line` to opt's "subgraphs: ..." line.
std::string OptForBuiltinDevice(const std::string& file, const std::string& shape_info,
                                const char* tag, std::string* line = nullptr) {
  opt::OptFlags f;
  f.model_file = file;
  f.valid_targets = "builtin_device,x86";
  f.nnadapter_dynamic_shape_info = shape_info;
  f.optimize_out =
      ::testing::TempDir() + "/plnb_nna_" + tag + "_" + std::to_string(getpid());
  std::ostringstream out, err;
  EXPECT_EQ(opt::RunOpt(f, out, err), 0) << err.str();
  const std::string text = out.str();
  const size_t at = text.find("subgraphs: ");
  EXPECT_NE(at, std::string::npos) << text;
  if (line && at != std::string::npos) *line = text.substr(at, text.find('\n', at) - at);
  return f.optimize_out + ".nb";
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

TEST(PaddleLiteNb, OptConvertsAPaddleLiteNbIntoOursAndPrintsTheMapping) {
  // The slim int8 classifier: calib ops, ARM int8 kernels recorded.
  opt::OptFlags f;
  f.model_file = NbDir() + "/ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_cls_slim_opt.nb";
  f.optimize_out = ::testing::TempDir() + "/plnb_opt_" + std::to_string(getpid());
  // Float places, as the light runtime runs the Paddle Lite file (opt's
  // default int8 place would choose our int8 kernels instead).
  f.int8_kernels = false;
  std::ostringstream out, err;
  ASSERT_EQ(opt::RunOpt(f, out, err), 0) << err.str();
  std::printf("%s", out.str().c_str());
  for (const char* line : {"Paddle Lite model: meta version 2 (FlatBuffers, v2.8 - v2.14), "
                           "written by Paddle Lite opt 'v2.10-rc'",
                           "calib -> removed (precision transfer; consumers quantize with its "
                           "scale): 39 op(s)",
                           "conv2d recorded on arm/int8 (int8_out): 13 op(s)",
                           "conv2d int8: Filter0_scale -> weight_scale: 42 op(s)",
                           "written: "}) {
    EXPECT_NE(out.str().find(line), std::string::npos) << line;
  }
  // Our .nb runs on the light runtime and classifies as the Paddle Lite one.
  auto ours = Mobile(f.optimize_out + ".nb");
  auto theirs = Mobile(f.model_file);
  const std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn/reference/";
  for (int i = 0; i < 3; ++i) {
    auto x = vision::ReadFloats(dir + kClsCases[i].input + ".bin", 3 * 48 * 192);
    Output a = RunOne(ours.get(), {1, 3, 48, 192}, x);
    Output b = RunOne(theirs.get(), {1, 3, 48, 192}, x);
    ErrorStats e = Compare(a.f, b.f);
    EXPECT_LE(e.max_abs, 1e-5) << kClsCases[i].input;
  }
  std::remove((f.optimize_out + ".nb").c_str());
}

TEST(PaddleLiteNb, ClsV214rcRunsOnNNAdapterBuiltinDeviceAfterOpt) {
  // A Paddle Lite .nb optimized by our opt for builtin_device (NNAdapter's
  // reference device): its ops are clustered into subgraphs, and the .nb
  // runs on the light runtime with the same references.
  opt::OptFlags f;
  f.model_file = ClsNb();
  f.valid_targets = "builtin_device,x86";
  f.optimize_out = ::testing::TempDir() + "/plnb_nna_" + std::to_string(getpid());
  std::ostringstream out, err;
  ASSERT_EQ(opt::RunOpt(f, out, err), 0) << err.str();
  const std::string text = out.str();
  const size_t at = text.find("subgraphs: ");
  ASSERT_NE(at, std::string::npos) << text;
  std::printf("opt on builtin_device: %s\n", text.substr(at, text.find('\n', at) - at).c_str());
  // No input shape given: the partition learns the activations' shapes by
  // probing the unknown extents (the file's shared activations record stale
  // dims), and every op converts.
  EXPECT_NE(text.find("subgraphs: 1 for NNAdapter devices [builtin_device] holding 93 ops"),
            std::string::npos)
      << text;
  auto p = Mobile(f.optimize_out + ".nb");
  ExpectClsMatchesReferences(p.get(), "cls_v214rc_arm (builtin_device)", 1e-4);
  std::remove((f.optimize_out + ".nb").c_str());
}

// Every shared Paddle Lite .nb converted by our opt for builtin_device
// (NNAdapter's reference device, reference kernels) runs like the file does
// on our CPU kernels (that path is checked against each model's reference
// by the tests around this one), with no subgraph falling back to the CPU.
enum class NbInput { kPattern, kDocument, kFaces, kIds };
struct NbCase {
  const char* file;  // under paddle_lite_nb/
  std::vector<int64_t> shape;
  NbInput input;
  // max |device - cpu| <= tolerance * max(1, max |cpu|). The int8 files run
  // their convs as NNAdapter QUANT_INT8 operations whose outputs are
  // requantized (Paddle Lite's ARM semantics); our CPU int8 kernels keep
  // float outputs: they differ by output rounding (the slim classifier's
  // probabilities by 0.06 on this input). The slim detector and recognizer
  // (-1) are checked by reading the document instead: the same 16 regions and
  // the same text (SlimInt8OcrTrioReadsTheSameLinesOnNNAdapterBuiltinDevice);
  // their maps differ by up to 0.87 at a few region-edge pixels.
  double tolerance;
  bool offloads;  // LAC: its GRU / CRF have no NNAdapter operation
};
const NbCase kEveryNb[] = {
    {"ocr_cls_fp32_v214rc_arm/cn_ppocr_mobile_v2.0_cls_opt.nb", {1, 3, 48, 192}, NbInput::kPattern, 1e-4, true},
    {"ppocrv3_det_fp32_v212_x86/ch_PP-OCRv3_det_opt.nb", {1, 3, 320, 320}, NbInput::kDocument, 1e-4, true},
    {"ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_det_slim_opt.nb", {1, 3, 320, 320}, NbInput::kDocument, -1, true},
    {"ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_cls_slim_opt.nb", {1, 3, 48, 192}, NbInput::kPattern, 0.08, true},
    {"ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_rec_slim_opt.nb", {1, 3, 32, 320}, NbInput::kPattern, -1, true},
    {"face_v210rc_arm/pyramidbox_lite_for_cpu/model.nb", {1, 3, 240, 320}, NbInput::kFaces, 1e-4, true},
    {"face_meta0_2020/pyramidbox_lite_for_cpu/model.nb", {1, 3, 240, 320}, NbInput::kFaces, 1e-4, true},
    {"face_v210rc_arm/mask_detector_for_cpu/model.nb", {1, 3, 128, 128}, NbInput::kPattern, 1e-4, true},
    {"face_meta0_2020/mask_detector_for_cpu/model.nb", {1, 3, 128, 128}, NbInput::kPattern, 1e-4, true},
    {"lac_meta0/model.nb", {20, 1}, NbInput::kIds, 0, false},
};

TEST(PaddleLiteNb, EveryFileRunsOnNNAdapterBuiltinDeviceLikeOnTheCpu) {
  const vision::Image doc =
      vision::LoadImageRGB(ModelsDir() + "/ppocrv3_det_dyn/reference/ppocr_doc_11.jpg");
  const vision::Image faces = vision::LoadImageRGB(ModelsDir() + "/mtcnn_paddle2/test.jpg");
  for (const NbCase& c : kEveryNb) {
    SCOPED_TRACE(c.file);
    const std::string file = NbDir() + "/" + c.file;
    auto cpu = Mobile(file);
    // The input's shape, as a user gives it for an NNAdapter device (the
    // meta-0 files record no activation shapes at all).
    std::string shape_info = cpu->GetInputNames().at(0) + ":";
    for (size_t i = 0; i < c.shape.size(); ++i) {
      shape_info += (i ? "x" : "") + std::to_string(c.shape[i]);
    }
    std::string line;
    const std::string converted = OptForBuiltinDevice(file, shape_info, "every", &line);
    std::printf("%s on builtin_device: %s\n", c.file, line.c_str());
    EXPECT_EQ(line.find("subgraphs: 0 ") == std::string::npos, c.offloads) << line;
    auto device = Mobile(converted);
    const size_t n = Numel(c.shape);
    std::vector<float> x;
    std::vector<int64_t> ids;
    lite_api::lod_t lod;
    if (c.input == NbInput::kIds) {
      for (size_t i = 0; i < n; ++i) ids.push_back(static_cast<int64_t>(i * 37 % 8000));
      lod = {{0, n}};
    } else if (c.input == NbInput::kFaces) {
      x = FaceInput(vision::ResizeBilinear(faces, static_cast<int>(c.shape[3]),
                                           static_cast<int>(c.shape[2])));
    } else if (c.input == NbInput::kDocument) {
      const float mean[3] = {0.485f, 0.456f, 0.406f}, stddev[3] = {0.229f, 0.224f, 0.225f};
      x = vision::NormalizeToCHW(vision::ResizeBilinear(doc, static_cast<int>(c.shape[3]),
                                                        static_cast<int>(c.shape[2])),
                                 mean, stddev, true);
    } else {
      for (size_t i = 0; i < n; ++i) x.push_back(std::sin(0.37f * static_cast<float>(i % 1013)));
    }
    const int64_t fallbacks = nnadapter_bridge::CpuFallbackCount().load();
    const size_t outputs = cpu->GetOutputNames().size();
    ASSERT_EQ(device->GetOutputNames().size(), outputs);
    for (size_t o = 0; o < outputs; ++o) {
      Output a = RunOne(device.get(), c.shape, x, ids, lod, static_cast<int>(o));
      Output b = RunOne(cpu.get(), c.shape, x, ids, lod, static_cast<int>(o));
      EXPECT_EQ(a.shape, b.shape) << "output " << o;
      EXPECT_EQ(a.i, b.i) << "output " << o;
      EXPECT_EQ(a.i32, b.i32) << "output " << o;
      ASSERT_EQ(a.f.size(), b.f.size()) << "output " << o;
      if (a.f.empty() || c.tolerance < 0) continue;
      ErrorStats e = Compare(b.f, a.f);
      double scale = 0;
      for (float v : b.f) scale = std::max(scale, std::fabs(static_cast<double>(v)));
      std::printf("%s output %zu: builtin_device vs CPU max |diff| %.3g (max |cpu| %.3g)\n",
                  c.file, o, e.max_abs, scale);
      EXPECT_LE(e.max_abs, c.tolerance * std::max(1.0, scale)) << "output " << o;
    }
    EXPECT_EQ(nnadapter_bridge::CpuFallbackCount().load(), fallbacks)
        << "a subgraph fell back to the CPU";
    std::remove(converted.c_str());
  }
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

// The light runtime's load-time plan on the x86 detector: Paddle Lite's
// x86 opt left 8 hard_sigmoid and a sigmoid after convs, 8 x + x * s
// squeeze-excitation residuals and 3 upsample + add; after the plan the program has what our opt
// fuses of them (the numbers: PpocrV3DetV212X86MatchesOnnxRuntimeReference,
// which runs MobileConfig, hence the plan).
TEST(PaddleLiteNb, LightRuntimePlanFusesWhatPaddleLiteX86OptLeft) {
  const std::string file = NbDir() + "/ppocrv3_det_fp32_v212_x86/ch_PP-OCRv3_det_opt.nb";
  plnb::PaddleLiteModel m;
  plnb::LoadPaddleLiteNbFile(file, &m);
  plnb::MappingReport report;
  plnb::MapToOurProgram(&m, file, &IsOpRegistered, false, &report);
  auto count = [&](const std::string& type) {
    size_t n = 0;
    for (const auto& op : m.program.blocks[0].ops) n += op.Type() == type;
    return n;
  };
  EXPECT_EQ(count("hard_sigmoid"), 8u);
  EXPECT_EQ(count("elementwise_add"), 21u);
  const size_t ops = m.program.blocks[0].ops.size();
  plnb::PlanForLightRuntime(&m.program, *m.weights, &report);
  std::printf("%s", report.Summary().c_str());
  EXPECT_EQ(report.rules["light runtime: activation fused into the conv before it"], 9);
  EXPECT_EQ(report.rules["light runtime: x * s + x fused into elementwise_mul (plus_x)"], 8);
  EXPECT_GE(report.rules["light runtime: activations sharing memory"], 60);
  EXPECT_EQ(count("hard_sigmoid") + count("sigmoid"), 0u);
  EXPECT_EQ(report.rules["light runtime: elementwise_add fused into the nearest_interp before it"],
            3);
  EXPECT_EQ(count("elementwise_add"), 10u);  // as many as our opt leaves
  EXPECT_EQ(m.program.blocks[0].ops.size(), ops - 20);
}

TEST(PaddleLiteNb, SlimInt8ClsV210rcRunsOnInt8KernelsAndClassifiesLikeTheFp32Model) {
  // The same classifier quantized (PaddleSlim) and optimized for ARM int8:
  // calib ops removed, int8 filters used as stored, Input0_scale /
  // Filter0_scale as our input_scale / weight_scale. int8 rounding moves
  // the probabilities a little, and the slim model was retrained: on the
  // two real crops it must be as sure as the fp32 model (the random input
  // is no reference for a different set of weights).
  auto p = Mobile(NbDir() + "/ocr_v20_slim_v210rc_arm/ch_ppocr_mobile_v2.0_cls_slim_opt.nb");
  ExpectClsMatchesReferences(p.get(), "cls_slim_int8_v210rc_arm", 0.01, 2);
}

TEST(PaddleLiteNb, FaceAndMaskModelsGiveIdenticalOutputsInMeta0AndMeta2) {
  // The same tensors written by Paddle Lite's opt of 2020 (naive buffer,
  // meta 0) and of v2.10-rc (FlatBuffers, meta 2).
  const std::string m0 = NbDir() + "/face_meta0_2020/", m2 = NbDir() + "/face_v210rc_arm/";
  vision::Image photo = vision::LoadImageRGB(ModelsDir() + "/mtcnn_paddle2/test.jpg");
  vision::Image small = vision::ResizeBilinear(photo, photo.width / 2, photo.height / 2);
  const auto x = FaceInput(small);
  auto d0 = Mobile(m0 + "pyramidbox_lite_for_cpu/model.nb");
  auto d2 = Mobile(m2 + "pyramidbox_lite_for_cpu/model.nb");
  // Every output identical (fetch ops are matched by their col).
  const auto names = d0->GetOutputNames();
  ASSERT_EQ(names, d2->GetOutputNames());
  int nms = -1;
  for (size_t i = 0; i < names.size(); ++i) {
    const std::vector<int64_t> in_shape = {1, 3, small.height, small.width};
    Output a = RunOne(d0.get(), in_shape, x, {}, {}, static_cast<int>(i));
    Output b = RunOne(d2.get(), in_shape, x, {}, {}, static_cast<int>(i));
    EXPECT_EQ(a.shape, b.shape) << names[i];
    EXPECT_EQ(a.f, b.f) << names[i];
    EXPECT_EQ(a.i, b.i) << names[i];
    EXPECT_EQ(a.i32, b.i32) << names[i];
    EXPECT_EQ(a.lod, b.lod) << names[i];
    if (names[i].find("scale_2") != std::string::npos) nms = static_cast<int>(i);
  }
  ASSERT_GE(nms, 0);
  Output a = RunOne(d0.get(), {1, 3, small.height, small.width}, x, {}, {}, nms);
  ASSERT_EQ(a.shape.size(), 2u);
  ASSERT_EQ(a.shape[1], 6);  // label, score, x0, y0, x1, y1 (relative)
  int faces = 0;
  for (int64_t r = 0; r < a.shape[0]; ++r) {
    const float* d = &a.f[r * 6];
    if (d[1] < 0.5f) continue;
    ++faces;
    std::printf("face %d: score %.3f box (%.3f, %.3f)-(%.3f, %.3f)\n", faces, d[1], d[2], d[3],
                d[4], d[5]);
    EXPECT_TRUE(d[2] >= -0.01f && d[4] <= 1.01f && d[2] < d[4] && d[3] < d[5]);
  }
  EXPECT_GE(faces, 1);
  // The mask classifier on a 128x128 input.
  vision::Image face = vision::ResizeBilinear(photo, 128, 128);
  const auto fx = FaceInput(face);
  auto c0 = Mobile(m0 + "mask_detector_for_cpu/model.nb");
  auto c2 = Mobile(m2 + "mask_detector_for_cpu/model.nb");
  Output p = RunOne(c0.get(), {1, 3, 128, 128}, fx);
  Output q = RunOne(c2.get(), {1, 3, 128, 128}, fx);
  EXPECT_EQ(p.shape, (std::vector<int64_t>{1, 2}));
  EXPECT_EQ(p.f, q.f);
  EXPECT_NEAR(p.f[0] + p.f[1], 1.0f, 1e-5f);
}

TEST(PaddleLiteNb, LacMeta0SegmentsTheReadmeSentences) {
  // LAC's Android model (meta 0, LoD input, 57 POS tags "<pos>-B/I"): a word
  // starts at a "-B" tag.
  const std::string dir = NbDir() + "/lac_meta0";
  const std::vector<std::string> sentences = {"LAC是个优秀的分词工具", "百度是一家高科技公司"};
  const std::vector<std::string> expected = {"LAC/是/个/优秀/的/分词/工具", "百度/是/一家/高科技/公司"};
  std::vector<std::string> tag_names;
  for (const auto& line : vision::ReadLines(dir + "/tag.dic")) {
    tag_names.push_back(line.substr(line.find('\t') + 1));
  }
  ASSERT_EQ(tag_names.size(), 57u);
  vision::LacVocab vocab(dir);
  std::vector<int64_t> ids;
  std::vector<uint64_t> offsets = {0};
  for (const auto& s : sentences) {
    auto v = vocab.Ids(s);
    ids.insert(ids.end(), v.begin(), v.end());
    offsets.push_back(ids.size());
  }
  for (const char* how : {"MobileConfig", "CxxConfig"}) {
    auto p = std::string(how) == "CxxConfig" ? Cxx(dir + "/model.nb") : Mobile(dir + "/model.nb");
    Output o = RunOne(p.get(), {static_cast<int64_t>(ids.size()), 1}, {}, ids, {offsets});
    ASSERT_EQ(o.i.size(), ids.size()) << how;
    for (size_t s = 0; s < sentences.size(); ++s) {
      auto chars = vision::Utf8Chars(sentences[s]);
      std::string line;
      for (size_t c = 0; c < chars.size(); ++c) {
        int64_t t = o.i[offsets[s] + c];
        ASSERT_TRUE(t >= 0 && t < 57) << t;
        const std::string& tag = tag_names[t];
        if (c > 0 && tag.size() > 2 && tag.compare(tag.size() - 2, 2, "-B") == 0) line += "/";
        line += chars[c];
      }
      std::printf("lac_meta0 (%s): %s\n", how, line.c_str());
      EXPECT_EQ(line, expected[s]) << how;
    }
  }
}

TEST(PaddleLiteNb, PreV23FolderLayoutLoadsLikeTheMeta0File) {
  // Paddle Lite before v2.3 wrote the same naive-buffer program and params
  // as two files of a folder (__model__.nb, param.nb); meta 0 puts them
  // after a header. Split a meta-0 file into that folder.
  const std::string file = NbDir() + "/face_meta0_2020/mask_detector_for_cpu/model.nb";
  const std::string bytes = ReadFile(file);
  uint64_t program = 0;
  std::memcpy(&program, bytes.data() + 18, sizeof(program));
  const std::string dir = ::testing::TempDir() + "/plnb_folder_" + std::to_string(getpid());
  std::filesystem::create_directories(dir);
  std::ofstream(dir + "/__model__.nb", std::ios::binary) << bytes.substr(26, program);
  std::ofstream(dir + "/param.nb", std::ios::binary) << bytes.substr(26 + program);
  lite_api::MobileConfig mc;
  mc.set_model_dir(dir);
  auto folder = lite_api::CreatePaddlePredictor(mc);
  lite_api::CxxConfig cc;
  cc.set_model_dir(dir);
  auto cxx = lite_api::CreatePaddlePredictor(cc);
  lite_api::MobileConfig pair;  // the same two files from memory
  const std::string program_bytes = bytes.substr(26, program), param_bytes = bytes.substr(26 + program);
  pair.set_model_buffer(program_bytes.data(), program_bytes.size(), param_bytes.data(),
                        param_bytes.size());
  auto from_memory = lite_api::CreatePaddlePredictor(pair);
  auto one = Mobile(file);
  std::vector<float> x(3 * 128 * 128);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7919) % 255) / 127.5f - 1.f;
  Output a = RunOne(one.get(), {1, 3, 128, 128}, x);
  EXPECT_EQ(RunOne(folder.get(), {1, 3, 128, 128}, x).f, a.f);
  EXPECT_EQ(RunOne(from_memory.get(), {1, 3, 128, 128}, x).f, a.f);
  ErrorStats e = Compare(RunOne(cxx.get(), {1, 3, 128, 128}, x).f, a.f);
  EXPECT_LE(e.max_abs, 1e-5);
  std::filesystem::remove_all(dir);
}

// PP-OCR mobile v2.0 slim (ARM int8, v2.10-rc): the detector finds the
// text boxes of ppocr_doc_11.jpg, the CRNN recognizer (LSTM `rnn` op, int8
// CTC matmul widened) reads the first two lines as the PP-OCRv4 ONNX
// recognizer does (MODEL.json). `det_nb` / `rec_nb` are the files run.
void ExpectTrioReadsTheFirstLines(const std::string& det_nb, const std::string& rec_nb,
                                  const char* how) {
  const std::string dir = NbDir() + "/ocr_v20_slim_v210rc_arm/";
  vision::Image img = vision::LoadImageRGB(ModelsDir() + "/ppocrv3_det_dyn/reference/ppocr_doc_11.jpg");
  auto det = Mobile(det_nb);
  vision::Image resized = vision::ResizeBilinear(img, 640, 640);
  const float mean[3] = {0.485f, 0.456f, 0.406f}, stddev[3] = {0.229f, 0.224f, 0.225f};
  Output map = RunOne(det.get(), {1, 3, 640, 640}, vision::NormalizeToCHW(resized, mean, stddev, true));
  ASSERT_EQ(map.shape, (std::vector<int64_t>{1, 1, 640, 640})) << how;
  const auto boxes = vision::TextLineBoxes(map.f.data(), 640, 640, img.width, img.height);
  std::printf("det slim int8 (%s): %zu text regions\n", how, boxes.size());
  ASSERT_GE(boxes.size(), 2u) << how;
  auto rec = Mobile(rec_nb);
  auto classes = vision::LoadCtcClasses(dir + "ppocr_keys_v1.txt");
  std::vector<std::string> lines;
  for (size_t i = 0; i < 2; ++i) {
    const vision::Box& b = boxes[i];
    vision::Image crop = vision::Crop(img, b.x0, b.y0, b.x1, b.y1);
    // PP-OCR v2.0 recognizer input: height 32, BGR, (x/255-0.5)/0.5.
    int w = static_cast<int>(std::ceil(32.0 * crop.width / crop.height));
    w = std::max(1, std::min(w, 320));
    const float half[3] = {0.5f, 0.5f, 0.5f};
    auto x = vision::NormalizeToCHW(vision::ResizeBilinear(crop, w, 32), half, half, true);
    Output probs = RunOne(rec.get(), {1, 3, 32, w}, x);
    ASSERT_EQ(probs.shape.size(), 3u) << how;
    auto text = vision::CtcGreedyDecode(probs.f.data(), static_cast<int>(probs.shape[1]),
                                        static_cast<int>(probs.shape[2]), classes);
    std::printf("line %zu (%s): %s (confidence %.3f)\n", i, how, text.text.c_str(),
                text.confidence);
    lines.push_back(text.text);
  }
  EXPECT_EQ(lines[0], "纯臻营养护发素") << how;
  EXPECT_NE(lines[1].find("产品信息/参数"), std::string::npos) << how << ": " << lines[1];
}

TEST(PaddleLiteNb, SlimInt8OcrTrioReadsTheFirstLinesOfTheDocument) {
  const std::string dir = NbDir() + "/ocr_v20_slim_v210rc_arm/";
  ExpectTrioReadsTheFirstLines(dir + "ch_ppocr_mobile_v2.0_det_slim_opt.nb",
                               dir + "ch_ppocr_mobile_v2.0_rec_slim_opt.nb", "CPU");
}

TEST(PaddleLiteNb, SlimInt8OcrTrioReadsTheSameLinesOnNNAdapterBuiltinDevice) {
  // The same two files converted by our opt for builtin_device: the int8
  // convs run as NNAdapter QUANT_INT8 operations (outputs requantized with
  // Output0_scale, as Paddle Lite's ARM kernels do; our CPU kernels keep
  // them in float), so the probabilities differ a little: the text must not.
  const std::string dir = NbDir() + "/ocr_v20_slim_v210rc_arm/";
  const std::string det = OptForBuiltinDevice(dir + "ch_ppocr_mobile_v2.0_det_slim_opt.nb",
                                              "x:1x3x640x640", "det");
  std::string line;
  const std::string rec = OptForBuiltinDevice(dir + "ch_ppocr_mobile_v2.0_rec_slim_opt.nb",
                                              "x:1x3x32x320", "rec", &line);
  // Everything but the LSTM (`rnn`: no NNAdapter operation) is offloaded,
  // the convs whose PaddleSlim channel scales are 0 included.
  EXPECT_NE(line.find("holding 88 ops"), std::string::npos) << line;
  ExpectTrioReadsTheFirstLines(det, rec, "builtin_device");
  std::remove(det.c_str());
  std::remove(rec.c_str());
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
