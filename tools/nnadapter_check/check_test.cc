// nnadapter_check finds each fault injected into fake_device (an operation
// type computing off by a constant; 4 operation types) in the detector and
// in a classifier, and the partition config it writes makes the outputs
// match.
#include "tools/nnadapter_check/check.h"
#include "tools/nnadapter_check/capabilities.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace nnadapter_check {
namespace {

// The detector on the document image subsampled to 160x160 (every 4th
// pixel of the 640x640 reference input): with random inputs its sigmoid
// map saturates and hides faults of the last layers.
CheckOptions Detector() {
  CheckOptions o;
  const std::string dir = testing::ModelsDir() + "/ppocrv3_det_dyn";
  o.model_file = dir + "/inference.pdmodel";
  o.param_file = dir + "/inference.pdiparams";
  o.inputs = {{"x", {1, 3, 160, 160}}};
  const std::string path = ::testing::TempDir() + "nnadapter_check_doc160_" +
                           std::to_string(getpid()) + ".bin";
  const auto full = testing::DetInput();
  std::vector<float> small(3 * 160 * 160);
  for (int c = 0; c < 3; ++c)
    for (int y = 0; y < 160; ++y)
      for (int x = 0; x < 160; ++x)
        small[(c * 160 + y) * 160 + x] = full[(c * 640 + 4 * y) * 640 + 4 * x];
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(small.data()),
             static_cast<std::streamsize>(small.size() * sizeof(float)));
  o.input_files["x"] = path;
  return o;
}

CheckOptions Classifier() {
  CheckOptions o;
  o.model_dir = testing::ModelsDir() + "/shufflenet_v2_imagenet";
  o.inputs = {{"image", {1, 3, 224, 224}}};
  return o;
}

// The type of a config line ("type:inputs:outputs").
std::string TypeOf(const std::string& line) { return line.substr(0, line.find(':')); }

void ExpectFinds(CheckOptions o, const std::string& operation, const std::string& paddle_op,
                 size_t expected_culprits) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  const std::string config = ::testing::TempDir() + "nnadapter_check_" +
                             std::to_string(getpid()) + "_" + operation + ".txt";
  o.devices = {"fake_device"};
  o.context_properties = "FAKE_DEVICE_FAULT_OPERATIONS=" + operation + ";FAKE_DEVICE_FAULT_OFFSET=0.25";
  o.config_out = config;
  std::ostringstream log;
  CheckResult r;
  const int rc = RunCheck(o, log, &r);
  std::printf("%s", log.str().c_str());
  std::printf("fault %s: %zu culprit(s), %d predictor runs, %.2f s\n", operation.c_str(),
              r.culprits.size(), r.predictor_runs, r.seconds);
  EXPECT_EQ(rc, 0) << log.str();
  EXPECT_FALSE(r.initially_matches);
  EXPECT_TRUE(r.fixed);
  EXPECT_LE(r.fixed_max_abs, 1e-4);
  ASSERT_EQ(r.culprits.size(), expected_culprits) << log.str();
  for (const auto& c : r.culprits) {
    EXPECT_EQ(TypeOf(c.config_line), paddle_op) << c.config_line;
    // Off by 0.25 (less where a fused activation such as the sigmoid
    // follows the faulty operation inside the op).
    EXPECT_GT(c.max_abs, 1e-2) << c.config_line;
    EXPECT_LE(c.max_abs, 0.25 + 1e-3) << c.config_line;
  }
  // The written config, given to a predictor, makes the outputs match.
  std::ifstream f(config);
  std::stringstream text;
  text << f.rdbuf();
  for (const auto& c : r.culprits) {
    EXPECT_NE(text.str().find(c.config_line + "\n"), std::string::npos) << text.str();
  }
  lite_api::CxxConfig cpu_config, dev_config;
  for (auto* c : {&cpu_config, &dev_config}) {
    if (!o.model_dir.empty()) c->set_model_dir(o.model_dir);
    if (!o.model_file.empty()) c->set_model_file(o.model_file);
    if (!o.param_file.empty()) c->set_param_file(o.param_file);
  }
  dev_config.set_nnadapter_device_names(o.devices);
  dev_config.set_nnadapter_context_properties(o.context_properties);
  dev_config.set_nnadapter_dynamic_shape_info({{o.inputs[0].first, {o.inputs[0].second}}});
  dev_config.set_nnadapter_subgraph_partition_config_path(config);
  std::vector<float> x(testing::Numel(o.inputs[0].second));
  for (size_t i = 0; i < x.size(); ++i) x[i] = ((i * 7919) % 2000) / 1000.f - 1.f;
  if (!o.input_files.empty()) x = vision::ReadFloats(o.input_files.begin()->second, x.size());
  auto cpu = lite_api::CreatePaddlePredictor(cpu_config);
  auto dev = lite_api::CreatePaddlePredictor(dev_config);
  EXPECT_LE(testing::Compare(testing::RunFloat(cpu.get(), o.inputs[0].second, x),
                             testing::RunFloat(dev.get(), o.inputs[0].second, x))
                .max_abs,
            1e-4);
  std::remove(config.c_str());
}

// The detector's last sigmoid is fused into its conv2d_transpose (the
// Paddle op that becomes CONV_2D_TRANSPOSE + SIGMOID).
TEST(NNAdapterCheck, FindsTheFaultySigmoidInTheDetector) {
  ExpectFinds(Detector(), "SIGMOID", "conv2d_transpose", 1);
}

TEST(NNAdapterCheck, FindsBothFaultyTransposedConvsInTheDetector) {
  ExpectFinds(Detector(), "CONV_2D_TRANSPOSE", "conv2d_transpose", 2);
}

TEST(NNAdapterCheck, FindsTheFaultySoftmaxInTheClassifier) {
  ExpectFinds(Classifier(), "SOFTMAX", "softmax", 1);
}

// ShuffleNetV2 has one max pool (after the stem) and one global average pool.
TEST(NNAdapterCheck, FindsTheFaultyMaxPoolInTheClassifier) {
  ExpectFinds(Classifier(), "MAX_POOL_2D", "pool2d", 1);
}

TEST(NNAdapterCheck, AFaultFreeDeviceMatchesWithoutBisecting) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  CheckOptions o = Detector();
  o.devices = {"builtin_device"};
  std::ostringstream log;
  CheckResult r;
  EXPECT_EQ(RunCheck(o, log, &r), 0) << log.str();
  EXPECT_TRUE(r.initially_matches);
  EXPECT_TRUE(r.culprits.empty());
  EXPECT_EQ(r.predictor_runs, 3);
  ASSERT_EQ(r.subgraphs.size(), 1u);
  EXPECT_GT(r.subgraphs[0].compared_outputs, 0);
}

TEST(NNAdapterCheck, BadOptionsAreNamed) {
  testing::ExpectErrorMentioning([] { ParseInputShapes("x:1,0"); }, "not a positive integer");
  testing::ExpectErrorMentioning([] { ParseInputShapes("1,3"); }, "expected name:d0,d1");
  CheckOptions o = Detector();
  o.devices = {"builtin_device"};
  o.inputs = {{"y", {1, 3, 8, 8}}};
  std::ostringstream log;
  testing::ExpectErrorMentioning([&] { RunCheck(o, log, nullptr); },
                                 "'y' is not an input of the model");
}

// Issue 27 #9: hostile options. Each is an error naming the flag and its
// value with exit code 2: never an abort (uncaught exception), never a hang.
struct Exit {
  int code{-1};        // exit status, or -1 when killed by a signal
  std::string output;  // stdout + stderr
};

Exit RunTool(const std::string& flags) {
  const std::string dir = testing::ModelsDir() + "/ppocrv3_det_dyn";
  // `timeout` turns a hang (a FIFO read) into a failure instead of a stuck test.
  const std::string cmd = "timeout 60 " + std::string(NNADAPTER_CHECK_BINARY) +
                          " --model_file=" + dir + "/inference.pdmodel --param_file=" + dir +
                          "/inference.pdiparams --nnadapter_device_names=builtin_device " +
                          flags + " 2>&1";
  Exit e;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return e;
  char buf[4096];
  for (size_t n; (n = fread(buf, 1, sizeof(buf), p)) > 0;) e.output.append(buf, n);
  const int status = pclose(p);
  e.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return e;
}

void ExpectRefused(const std::string& flags, const std::string& message) {
  const Exit e = RunTool(flags);
  EXPECT_EQ(e.code, 2) << flags << "\n" << e.output;
  EXPECT_NE(e.output.find(message), std::string::npos) << flags << "\n" << e.output;
  EXPECT_EQ(e.output.find("terminate called"), std::string::npos) << e.output;
}

TEST(NNAdapterCheck, HostileOptionsAreNamedErrorsWithExitCode2) {
  ExpectRefused("--input_shape=x:100000,100000,100000",
                "--input_shape 'x:100000,100000,100000': 1000000000000000 elements, more than "
                "the 268435456 (1 GiB of float32) an input may have");
  ExpectRefused("--input_shape=x:4294967296,4294967296,4294967296",
                "--input_shape 'x:4294967296,4294967296,4294967296': the element count "
                "overflows 64 bits");
  const std::string base = ::testing::TempDir() + "nnadapter_check_hostile_" +
                           std::to_string(getpid());
  const std::string short_file = base + ".bin";
  std::ofstream(short_file, std::ios::binary) << "0123456789";
  ExpectRefused("--input_shape=x:1,3,8,8 --input_files=x:" + short_file,
                "--input_files 'x:" + short_file + "': the file holds 10 bytes but the shape "
                "x:1,3,8,8 needs 768 bytes (192 float32)");
  const std::string fifo = base + ".fifo";
  ASSERT_EQ(mkfifo(fifo.c_str(), 0600), 0);
  ExpectRefused("--input_shape=x:1,3,8,8 --input_files=x:" + fifo,
                "--input_files 'x:" + fifo + "': cannot read input file '" + fifo +
                    "': not a regular file");
  std::remove(fifo.c_str());
  std::remove(short_file.c_str());
  ExpectRefused("--input_shape=x:1,3,8,8 --atol=-1",
                "--atol=-1: expected a finite number >= 0");
  ExpectRefused("--input_shape=x:1,3,8,8 --atol=nan",
                "--atol=nan: expected a finite number >= 0");
  ExpectRefused("--input_shape=x:1,3,8,8 --rtol=inf",
                "--rtol=inf: expected a finite number >= 0");
  // In process: the same errors from ParseInputShapes / RunCheck.
  testing::ExpectErrorMentioning([] { ParseInputShapes("x:100000,100000,100000"); },
                                 "1000000000000000 elements");
  CheckOptions o = Detector();
  o.devices = {"builtin_device"};
  o.tensor_rtol = -0.5;
  std::ostringstream log;
  testing::ExpectErrorMentioning([&] { RunCheck(o, log, nullptr); },
                                 "--tensor_rtol=-0.5: expected a finite number >= 0");
}

}  // namespace
}  // namespace nnadapter_check
}  // namespace lite
}  // namespace paddle

namespace paddle {
namespace lite {
namespace nnadapter_check {
namespace {

// --print_capabilities: the figures each device reports, and a device that
// cannot be acquired named with exit status 2.
TEST(NNAdapterCheck, PrintsTheCapabilitiesOfEachDevice) {
  std::ostringstream out;
  EXPECT_EQ(PrintCapabilities({"builtin_device", "no_such_device"}, out), 2);
  const std::string text = out.str();
  EXPECT_NE(text.find("builtin_device (declared; times and power relative to the CPU path"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  float32                exec_time 4        power_usage 4\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("  transfer_ns_per_byte   0\n"), std::string::npos) << text;
  EXPECT_NE(text.find("no_such_device: "), std::string::npos) << text;
}

}  // namespace
}  // namespace nnadapter_check
}  // namespace lite
}  // namespace paddle
