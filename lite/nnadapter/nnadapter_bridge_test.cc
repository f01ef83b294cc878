// The NNAdapter bridge end to end on the real models: CPU path vs
// builtin_device, fake_device partitioning, partition config, cache, errors.
#include <glog/logging.h>

#include <cstdlib>
#include <filesystem>
#include <mutex>
#include <regex>

#include "lite/core/log_capture_test_util.h"
#include "lite/core/op_test_util.h"
#include "lite/nnadapter/converter.h"
#include "lite/operators/math/activation_funcs.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::string DriverDir() {
  // The build tree's driver folder unless the caller chose another.
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  return std::getenv("NNADAPTER_DRIVER_PATH");
}

lite_api::CxxConfig DetConfig(const std::vector<std::string>& devices,
                              const std::string& properties = "") {
  DriverDir();
  lite_api::CxxConfig config;
  std::string dir = ModelsDir() + "/ppocrv3_det_dyn";
  config.set_model_file(dir + "/inference.pdmodel");
  config.set_param_file(dir + "/inference.pdiparams");
  if (!devices.empty()) config.set_nnadapter_device_names(devices);
  config.set_nnadapter_context_properties(properties);
  return config;
}

std::vector<float> DetInput(int64_t side) {
  if (side == 640) {
    return vision::ReadFloats(
        ModelsDir() + "/ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin", 3 * 640 * 640);
  }
  std::vector<float> v(3 * side * side);
  for (size_t i = 0; i < v.size(); ++i) v[i] = ((i * 7919) % 2000) / 1000.f - 1.f;
  return v;
}

// One Paddle op converted alone (input variable "x" of `dims`, output "y";
// other inputs are weights in `scope`) and run on builtin_device.
std::vector<int32_t> g_one_op_dims;
void* OneOpInput(void* memory, NNAdapterOperandType* type) {
  type->dimensions.count = static_cast<uint32_t>(g_one_op_dims.size());
  for (size_t i = 0; i < g_one_op_dims.size(); ++i) type->dimensions.data[i] = g_one_op_dims[i];
  return memory;
}
void* OneOpOutput(void* memory, NNAdapterOperandType*) { return memory; }

std::vector<float> OneOpOnBuiltinDevice(const cpp::OpDesc& op, const Scope& scope,
                                        const DDim& dims, std::vector<float> x) {
  std::vector<float> y(x.size(), -1.f);
  NNAdapterModel* model = nullptr;
  EXPECT_EQ(NNAdapterModel_create(&model), NNADAPTER_NO_ERROR);
  nnadapter_bridge::Converter c(model, &scope, [&](const std::string& name, DDim* d, DataType* t) {
    if (name != "x") return false;
    *d = dims;
    *t = DataType::kFloat32;
    return true;
  });
  c.Convert(op);
  NNAdapterOperand* in = c.Mapped("x");
  NNAdapterOperand* out = c.Mapped("y");
  NNAdapterDevice* device = nullptr;
  NNAdapterContext* context = nullptr;
  NNAdapterCompilation* compilation = nullptr;
  NNAdapterExecution* execution = nullptr;
  g_one_op_dims.assign(dims.begin(), dims.end());
  const bool ok =
      NNAdapterModel_identifyInputsAndOutputs(model, 1, &in, 1, &out) == NNADAPTER_NO_ERROR &&
      NNAdapterModel_finish(model) == NNADAPTER_NO_ERROR &&
      NNAdapterDevice_acquire("builtin_device", &device) == NNADAPTER_NO_ERROR &&
      NNAdapterContext_create(&device, 1, "", nullptr, &context) == NNADAPTER_NO_ERROR &&
      NNAdapterCompilation_create(model, "", nullptr, 0, "", context, &compilation) ==
          NNADAPTER_NO_ERROR &&
      NNAdapterCompilation_finish(compilation) == NNADAPTER_NO_ERROR &&
      NNAdapterExecution_create(compilation, &execution) == NNADAPTER_NO_ERROR &&
      NNAdapterExecution_setInput(execution, 0, x.data(), OneOpInput) == NNADAPTER_NO_ERROR &&
      NNAdapterExecution_setOutput(execution, 0, y.data(), OneOpOutput) == NNADAPTER_NO_ERROR &&
      NNAdapterExecution_compute(execution) == NNADAPTER_NO_ERROR;
  EXPECT_TRUE(ok) << op.Type() << ": " << NNAdapter_getLastErrorMessage();
  NNAdapterExecution_destroy(execution);
  NNAdapterCompilation_destroy(compilation);
  NNAdapterContext_destroy(context);
  if (device) NNAdapterDevice_release(device);
  NNAdapterModel_destroy(model);
  return y;
}

// An activation (or elementwise_add with a fused activation) on the CPU
// path and through its converter on builtin_device, on an odd-sized input.
void ExpectActivationMatchesCpu(const std::string& op_type, const std::string& act,
                                const std::vector<std::pair<std::string, float>>& attrs) {
  const DDim dims = {3, 7, 5};
  // Domains: x > 0 (log, sqrt, rsqrt), x > -1 (log1p).
  const bool positive = act == "log" || act == "log1p" || act == "sqrt" || act == "rsqrt";
  const auto x = RandomFloats(3 * 7 * 5, positive ? 0.05f : -6.f, 6.f, 11);
  const auto bias = RandomFloats(5, -0.5f, 0.5f, 12);
  OpRunner cpu(op_type);
  cpu.Input<float>("X", "x", dims, x);
  if (op_type == "elementwise_add") {
    Tensor* b = cpu.Input<float>("Y", "b", {5}, bias);
    b->set_persistable(true);
    cpu.Attr("act_type", act);
  }
  cpu.Output("Out", "y");
  for (const auto& [name, value] : attrs) cpu.Attr(name, value);
  cpu.Run();
  const std::string what = op_type + " " + act;
  SCOPED_TRACE(what);
  ExpectAllClose(cpu.Values<float>("y"), OneOpOnBuiltinDevice(cpu.desc(), cpu.scope(), dims, x),
                 2e-5f, 2e-5f, what);
}

int ClustersPrinted(const std::string& log) {
  std::smatch m;
  static const std::regex re("subgraph clusters: (\\d+)");
  return std::regex_search(log, m, re) ? std::stoi(m[1]) : -1;
}

}  // namespace

TEST(NNAdapterBridge, DetectorOnBuiltinDeviceMatchesCpuAndFinds16Regions) {
  auto x = DetInput(640);
  auto cpu = lite_api::CreatePaddlePredictor(DetConfig({}));
  auto ref = RunFloat(cpu.get(), {1, 3, 640, 640}, x);
  LogCapture log(5);
  auto nna = lite_api::CreatePaddlePredictor(DetConfig({"builtin_device"}));
  EXPECT_EQ(ClustersPrinted(log.text()), 1) << log.text().substr(0, 2000);
  auto out = RunFloat(nna.get(), {1, 3, 640, 640}, x);
  ErrorStats e = Compare(ref, out);
  std::printf("detector builtin_device vs CPU: max |diff| %.3g mean %.3g\n", e.max_abs, e.mean_abs);
  EXPECT_LE(e.max_abs, 1e-4);
  EXPECT_EQ(vision::ConnectedRegions(out.data(), 640, 640, 0.3f, 50).size(), 16u);
}

TEST(NNAdapterBridge, ClassifiersOnBuiltinDeviceMatchCpu) {
  std::string dir = ModelsDir() + "/ppocr_mobile_v2_cls_dyn";
  auto x = vision::ReadFloats(dir + "/reference/cls_input_title_rot180.bin", 3 * 48 * 192);
  auto cpu = LoadPdModel(dir, "inference");
  lite_api::CxxConfig c;
  c.set_model_dir(dir);
  c.set_valid_places({lite_api::Place{TARGET(kNNAdapter), PRECISION(kFloat)}});
  c.set_nnadapter_device_names({"builtin_device"});
  auto nna = lite_api::CreatePaddlePredictor(c);
  auto a = RunFloat(cpu.get(), {1, 3, 48, 192}, x);
  auto b = RunFloat(nna.get(), {1, 3, 48, 192}, x);
  EXPECT_LE(Compare(a, b).max_abs, 1e-4);
  EXPECT_GT(b[1], b[0]);  // rotated: class 1

  std::string sdir = ModelsDir() + "/shufflenet_v2_imagenet";
  auto sx = vision::ReadFloats(sdir + "/reference_input_egypt_cat_224.bin", 3 * 224 * 224);
  lite_api::CxxConfig s1, s2;
  s1.set_model_dir(sdir);
  s2.set_model_dir(sdir);
  s2.set_nnadapter_device_names({"builtin_device"});
  auto p1 = lite_api::CreatePaddlePredictor(s1);
  auto p2 = lite_api::CreatePaddlePredictor(s2);
  auto o1 = RunFloat(p1.get(), {1, 3, 224, 224}, sx);
  auto o2 = RunFloat(p2.get(), {1, 3, 224, 224}, sx);
  EXPECT_LE(Compare(o1, o2).max_abs, 1e-4);
  EXPECT_EQ(vision::TopK(o2.data(), 1000, 1)[0].first, 285);
}

TEST(NNAdapterBridge, RemainingModelsOnBuiltinDeviceMatchCpu) {
  struct Case { const char* dir; const char* stem; std::vector<int64_t> shape; std::string input; };
  const std::string m = ModelsDir();
  const Case cases[] = {
      {"mnist_mlp_handwriting", "", {1, 1, 28, 28}, m + "/mnist_mlp_handwriting/reference_input_infer_3.bin"},
      {"paddlelite_simple_model", "model", {1, 3, 224, 224},
       m + "/paddlelite_simple_model/reference_input_random_1x3x224x224.bin"},
      {"ppocrv3_det_slim_int8", "inference", {1, 3, 640, 640},
       m + "/ppocrv3_det_dyn/reference/det_input_ppocr_doc_11_640.bin"},
  };
  for (const Case& c : cases) {
    auto make = [&](bool nna) {
      lite_api::CxxConfig config;
      if (c.stem[0]) {
        config.set_model_file(m + "/" + c.dir + "/" + c.stem + ".pdmodel");
        config.set_param_file(m + "/" + c.dir + "/" + c.stem + ".pdiparams");
      } else {
        config.set_model_dir(m + "/" + c.dir);
      }
      if (nna) config.set_nnadapter_device_names({"builtin_device"});
      return lite_api::CreatePaddlePredictor(config);
    };
    auto x = vision::ReadFloats(c.input, Numel(c.shape));
    auto cpu = RunFloat(make(false).get(), c.shape, x);
    auto nna = RunFloat(make(true).get(), c.shape, x);
    ErrorStats e = Compare(cpu, nna);
    std::printf("%s builtin_device vs CPU: max |diff| %.3g mean %.3g\n", c.dir, e.max_abs,
                e.mean_abs);
    if (std::string(c.dir) == "ppocrv3_det_slim_int8") {
      // Each fake quant-dequant rounds to steps of scale/127 (~0.33 here): a
      // 1e-6 difference in conv summation order between builtin_device and
      // oneDNN flips a level at a few pixels, so 1e-4 cannot hold; the
      // decisions must be the same.
      EXPECT_LE(e.mean_abs, 5e-3);  // measured 0.002 (QAT vs fp32 weights: 0.0066)
      EXPECT_EQ(vision::ConnectedRegions(nna.data(), 640, 640, 0.3f, 50).size(), 16u);
    } else {
      EXPECT_LE(e.max_abs, 1e-4) << c.dir;
    }
  }
  // PP-YOLO-tiny: yolo_box and multiclass_nms3 stay on the CPU; the same
  // detections either way.
  auto yolo = [&](bool nna) {
    lite_api::CxxConfig config;
    config.set_model_file(m + "/ppyolo_tiny_trash/model.pdmodel");
    config.set_param_file(m + "/ppyolo_tiny_trash/model.pdiparams");
    if (nna) config.set_nnadapter_device_names({"builtin_device"});
    auto p = lite_api::CreatePaddlePredictor(config);
    std::vector<float> image(3 * 320 * 320);
    for (size_t i = 0; i < image.size(); ++i) image[i] = ((i * 7919) % 2000) / 1000.f - 1.f;
    const float shape[2] = {320, 320}, scale[2] = {1, 1};
    for (const auto& name : p->GetInputNames()) {
      auto t = p->GetInputByName(name);
      if (name == "image") {
        t->Resize({1, 3, 320, 320});
        t->CopyFromCpu(image.data());
      } else {
        t->Resize({1, 2});
        t->CopyFromCpu(name == "im_shape" ? shape : scale);
      }
    }
    p->Run();
    auto out = p->GetOutput(0);
    std::vector<float> v(Numel(out->shape()));
    out->CopyToCpu(v.data());
    return std::make_pair(out->shape(), v);
  };
  auto a = yolo(false), b = yolo(true);
  EXPECT_EQ(a.first, b.first);
  if (a.first == b.first) {
    ErrorStats e = Compare(a.second, b.second);
    std::printf("ppyolo_tiny: %lld detections, builtin_device vs CPU max |diff| %.3g\n",
                static_cast<long long>(a.first[0]), e.max_abs);
    EXPECT_LE(e.max_abs, 1e-3);  // box coordinates in pixels of a 320x320 image
  }
}

TEST(NNAdapterBridge, FakeDeviceWithPartialSupportSplitsIntoSeveralSubgraphs) {
  ASSERT_FALSE(DriverDir().empty()) << "NNADAPTER_DRIVER_PATH must point at libfake_device.so";
  auto x = DetInput(160);
  auto cpu = lite_api::CreatePaddlePredictor(DetConfig({}));
  auto ref = RunFloat(cpu.get(), {1, 3, 160, 160}, x);
  LogCapture log(5);
  // fake_device, like most NPUs, compiles static shapes: give the input shape.
  auto fake_config = DetConfig({"fake_device"}, "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD");
  fake_config.set_nnadapter_dynamic_shape_info({{"x", {{1, 3, 160, 160}}}});
  auto fake = lite_api::CreatePaddlePredictor(fake_config);
  int clusters = ClustersPrinted(log.text());
  std::printf("fake_device (CONV_2D,RELU,ADD): %d subgraph clusters\n", clusters);
  EXPECT_GT(clusters, 1);
  auto out = RunFloat(fake.get(), {1, 3, 160, 160}, x);
  EXPECT_LE(Compare(ref, out).max_abs, 1e-4);
  // fake_device first, builtin_device takes the rest: one cluster, split
  // inside NNAdapter.
  auto both = lite_api::CreatePaddlePredictor(DetConfig(
      {"fake_device", "builtin_device"}, "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD"));
  EXPECT_LE(Compare(ref, RunFloat(both.get(), {1, 3, 160, 160}, x)).max_abs, 1e-4);
}

TEST(NNAdapterBridge, PartitionConfigForcingTwoOpsChangesClustersAndCrlfDoesTheSame) {
  // Find two ops in the middle of the detector from the printed lines.
  std::string lines;
  {
    LogCapture log(5);
    lite_api::CreatePaddlePredictor(DetConfig({"builtin_device"}));
    lines = log.text();
  }
  auto at = lines.find("subgraph operators:");
  ASSERT_NE(at, std::string::npos);
  std::vector<std::string> ops;
  std::stringstream ss(lines.substr(at));
  std::string l;
  while (std::getline(ss, l)) {
    if (l.rfind("conv2d:", 0) == 0 || l.rfind("depthwise_conv2d:", 0) == 0) ops.push_back(l);
  }
  ASSERT_GT(ops.size(), 20u);
  // Forcing two separated convs to the CPU cuts the single cluster apart.
  std::string cfg = ops[5] + "\n# comment\n\n" + ops[15] + "\n";
  std::string crlf = ops[5] + "\r\n# comment\r\n\r\n  " + ops[15] + "  \r\n";
  for (const std::string& text : {cfg, crlf}) {
    auto c = DetConfig({"builtin_device"});
    c.set_nnadapter_subgraph_partition_config_buffer(text);
    LogCapture log(5);
    auto p = lite_api::CreatePaddlePredictor(c);
    EXPECT_GE(ClustersPrinted(log.text()), 2) << text;
    auto x = DetInput(96);
    auto cpu = lite_api::CreatePaddlePredictor(DetConfig({}));
    EXPECT_LE(Compare(RunFloat(cpu.get(), {1, 3, 96, 96}, x), RunFloat(p.get(), {1, 3, 96, 96}, x))
                  .max_abs,
              1e-4);
  }
  // A line matching nothing is reported.
  auto c = DetConfig({"builtin_device"});
  c.set_nnadapter_subgraph_partition_config_buffer("conv2d:no_such_var\n");
  LogCapture log(0);
  lite_api::CreatePaddlePredictor(c);
  EXPECT_NE(log.text().find("matched no op"), std::string::npos);
  // An op type no op has (a typo) is named with its line (issue 27 #16).
  auto typo = DetConfig({"builtin_device"});
  typo.set_nnadapter_subgraph_partition_config_buffer("# typo below\nconv2d:no_such_var\nconv2dd\n");
  LogCapture typo_log(0);
  lite_api::CreatePaddlePredictor(typo);
  EXPECT_NE(typo_log.text().find("partition config buffer:3: unknown op type 'conv2dd' in "
                                 "'conv2dd' (no op of that type is registered; a typo?)"),
            std::string::npos)
      << typo_log.text();
  EXPECT_EQ(typo_log.text().find("unknown op type 'conv2d'"), std::string::npos);
}

TEST(NNAdapterBridge, CacheDirSkipsCompilationAndCorruptCacheIsRebuilt) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("lite_nna_cache_" + std::to_string(::getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  auto x = DetInput(96);
  auto make = [&] {
    auto c = DetConfig({"builtin_device"});
    c.set_nnadapter_model_cache_dir(dir.string());
    return lite_api::CreatePaddlePredictor(c);
  };
  auto compile_ms = [](const std::string& log) {
    std::smatch m;
    static const std::regex re("compiled in ([0-9.]+) ms");
    return std::regex_search(log, m, re) ? std::stod(m[1]) : -1.0;
  };
  std::vector<float> first;
  double cold = 0, warm = 0;
  {
    LogCapture log(1);
    first = RunFloat(make().get(), {1, 3, 96, 96}, x);
    cold = compile_ms(log.text());
  }
  std::vector<fs::path> files;
  for (auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
  ASSERT_EQ(files.size(), 1u);
  EXPECT_EQ(files[0].extension(), ".nnc");
  {
    LogCapture log(1);
    EXPECT_EQ(first, RunFloat(make().get(), {1, 3, 96, 96}, x));
    warm = compile_ms(log.text());
  }
  std::printf("detector subgraph compile: %.1f ms without the cache, %.1f ms from the .nnc cache\n",
              cold, warm);
  EXPECT_GT(cold, 0);
  EXPECT_GT(warm, 0);
  // Corrupt the cache: a warning, a rebuild, the same numbers.
  {
    std::fstream f(files[0], std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(static_cast<std::streamoff>(fs::file_size(files[0]) / 2));
    f.write("garbage!", 8);
  }
  EXPECT_EQ(first, RunFloat(make().get(), {1, 3, 96, 96}, x));
  fs::remove_all(dir);
}

TEST(NNAdapterBridge, UserErrorsAreClear) {
  ExpectErrorMentioning([] { lite_api::CreatePaddlePredictor(DetConfig({"no_such_npu"})); }, "no_such_npu");
  ExpectErrorMentioning([] { lite_api::CreatePaddlePredictor(DetConfig({"builtin_device"}, "A=1;;=;B")); },
               "properties");
  ExpectErrorMentioning([] {
    auto c = DetConfig({});
    c.set_valid_places({lite_api::Place{TARGET(kNNAdapter), PRECISION(kFloat)}});
    lite_api::CreatePaddlePredictor(c);
  }, "set_nnadapter_device_names");
  ExpectErrorMentioning([] {
    auto c = DetConfig({"builtin_device"});
    c.set_nnadapter_subgraph_partition_config_buffer("conv2d:a:b:c\n");
    lite_api::CreatePaddlePredictor(c);
  }, ":1:");
  lite_api::CxxConfig c;
  EXPECT_TRUE(c.check_nnadapter_device_name("builtin_device"));
  EXPECT_FALSE(c.check_nnadapter_device_name("no_such_npu"));
}

TEST(NNAdapterBridge, EveryConvertedActivationOnBuiltinDeviceMatchesCpu) {
  DriverDir();
  int checked = 0;
  for (const operators::ActInfo& a : operators::Activations()) {
    if (!nnadapter_bridge::FindConverter(a.op_type)) continue;
    ExpectActivationMatchesCpu(a.op_type, a.op_type, {});
    // Fused into an elementwise op: the converter reads the fused names.
    if (a.fusion == operators::ActFusion::kPass) {
      ExpectActivationMatchesCpu("elementwise_add", a.op_type, {});
    }
    ++checked;
  }
  EXPECT_GE(checked, 12);
  // Non-default attributes: relu6 becomes CLIP, leaky_relu/hard_sigmoid
  // carry theirs, under the plain and under the fused names.
  ExpectActivationMatchesCpu("relu6", "relu6", {{"threshold", 2.5f}});
  ExpectActivationMatchesCpu("elementwise_add", "relu6", {{"fuse_brelu_threshold", 2.5f}});
  ExpectActivationMatchesCpu("leaky_relu", "leaky_relu", {{"alpha", 0.3f}});
  ExpectActivationMatchesCpu("elementwise_add", "leaky_relu", {{"leaky_relu_alpha", 0.3f}});
  ExpectActivationMatchesCpu("hard_sigmoid", "hard_sigmoid", {{"slope", 0.25f}, {"offset", 0.4f}});
  ExpectActivationMatchesCpu("elementwise_add", "hard_sigmoid",
                             {{"hard_sigmoid_slope", 0.25f}, {"hard_sigmoid_offset", 0.4f}});
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
