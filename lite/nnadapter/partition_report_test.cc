// The partition report (JSON file and reasons), strict mode and the minimum
// subgraph size, on the real text-direction classifier.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "lite/core/op_test_util.h"
#include "lite/nnadapter/partition_report.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

const std::string kCls = "/ppocr_mobile_v2_cls_dyn";

lite_api::CxxConfig ClsConfig(const std::vector<std::string>& devices,
                              const std::string& properties = "") {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  lite_api::CxxConfig c;
  c.set_model_dir(ModelsDir() + kCls);
  c.set_nnadapter_device_names(devices);
  c.set_nnadapter_context_properties(properties);
  return c;
}

std::vector<float> ClsInput() {
  return vision::ReadFloats(ModelsDir() + kCls + "/reference/cls_input_title_rot180.bin",
                            3 * 48 * 192);
}

std::string ReadText(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in.good()) << "cannot read " << path;
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

int Count(const std::string& text, const std::string& what) {
  int n = 0;
  for (size_t p = text.find(what); p != std::string::npos; p = text.find(what, p + 1)) ++n;
  return n;
}

int Total(const std::string& json, const std::string& key) {
  std::smatch m;
  std::regex re("\"" + key + "\": (\\d+)");
  EXPECT_TRUE(std::regex_search(json, m, re)) << key << " not in the report";
  return m.empty() ? -1 : std::stoi(m[1]);
}

std::string ReportPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("partition_report_" + std::to_string(getpid()) + "_" + name + ".json"))
      .string();
}

// The report CreatePaddlePredictor writes for `config`.
std::string ReportOf(lite_api::CxxConfig config, const std::string& name) {
  const std::string path = ReportPath(name);
  config.set_nnadapter_partition_report_path(path);
  lite_api::CreatePaddlePredictor(config);
  const std::string json = ReadText(path);
  std::remove(path.c_str());
  return json;
}

// The error CreatePaddlePredictor throws for `config` ("" if none).
std::string ErrorOf(const lite_api::CxxConfig& config) {
  try {
    lite_api::CreatePaddlePredictor(config);
  } catch (const lite_api::Error& e) {
    return e.what();
  }
  return "";
}

TEST(PartitionReport, BuiltinDeviceTakesTheWholeClassifierAndTheReportSaysSo) {
  auto config = ClsConfig({"builtin_device"});
  const std::string path = ReportPath("builtin");
  config.set_nnadapter_partition_report_path(path);
  auto p = lite_api::CreatePaddlePredictor(config);
  const std::string json = ReadText(path);
  std::remove(path.c_str());
  const int ops = Total(json, "ops"), cpu = Total(json, "cpu_ops");
  std::printf("classifier on builtin_device: %d ops, %d on the CPU, %d subgraph(s)\n", ops, cpu,
              Total(json, "subgraphs"));
  EXPECT_GT(ops, 20);
  EXPECT_EQ(cpu, 0) << json;
  EXPECT_EQ(Total(json, "subgraphs"), 1);
  EXPECT_EQ(Count(json, "\"placement\": \"nnadapter\""), ops);
  EXPECT_NE(json.find("\"devices\": [\"builtin_device\"]"), std::string::npos);
  auto cpu_p = LoadPdModel(ModelsDir() + kCls, "inference");
  EXPECT_LE(Compare(RunFloat(cpu_p.get(), {1, 3, 48, 192}, ClsInput()),
                    RunFloat(p.get(), {1, 3, 48, 192}, ClsInput()))
                .max_abs,
            1e-4);
}

// NNADAPTER_PARTITION=cost: builtin_device declares 4x the CPU path's time
// for every operation (its capabilities), so no offload pays and every op
// stays on the CPU with the estimate as its reason; a fake_device declared
// 10x faster than the CPU takes the ops it supports, as the greedy
// partition does.
TEST(PartitionReport, CostAwarePartitionKeepsOpsWhoseOffloadDoesNotPay) {
  auto config = ClsConfig({"builtin_device"}, "NNADAPTER_PARTITION=cost");
  const std::string path = ReportPath("cost");
  config.set_nnadapter_partition_report_path(path);
  auto p = lite_api::CreatePaddlePredictor(config);
  const std::string json = ReadText(path);
  std::remove(path.c_str());
  const int ops = Total(json, "ops");
  EXPECT_GT(ops, 20);
  EXPECT_EQ(Total(json, "cpu_ops"), ops) << json.substr(0, 2000);
  EXPECT_EQ(Count(json, "\"reason\": \"kept on CPU: estimated "), ops) << json.substr(0, 2000);
  EXPECT_EQ(Total(json, "subgraphs"), 0);

  setenv("FAKE_DEVICE_PERFORMANCE", "float32.exec_time=0.1,transfer_ns_per_byte=0", 1);
  const std::string props = "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD";
  auto greedy = ClsConfig({"fake_device"}, props);
  auto cost = ClsConfig({"fake_device"}, props + ";NNADAPTER_PARTITION=cost");
  const std::string greedy_path = ReportPath("greedy"), cost_path = ReportPath("cost_fake");
  greedy.set_nnadapter_partition_report_path(greedy_path);
  cost.set_nnadapter_partition_report_path(cost_path);
  lite_api::CreatePaddlePredictor(greedy);
  lite_api::CreatePaddlePredictor(cost);
  unsetenv("FAKE_DEVICE_PERFORMANCE");
  const std::string greedy_json = ReadText(greedy_path), cost_json = ReadText(cost_path);
  std::remove(greedy_path.c_str());
  std::remove(cost_path.c_str());
  EXPECT_GT(Total(greedy_json, "cpu_ops"), 0);
  EXPECT_LT(Total(greedy_json, "cpu_ops"), ops);
  EXPECT_EQ(Total(cost_json, "cpu_ops"), Total(greedy_json, "cpu_ops"));
  EXPECT_EQ(Count(cost_json, "kept on CPU: estimated"), 0);
}

// set_nnadapter_partition_strategy("cost") is the context property
// NNADAPTER_PARTITION=cost (builtin_device declares 4x the CPU's time: every
// op stays on the CPU), "greedy" offloads everything; another value, or one
// contradicting the context properties, is refused naming the setting.
TEST(PartitionReport, PartitionStrategySetterChoosesTheCostAwarePartition) {
  auto cost = ClsConfig({"builtin_device"});
  cost.set_nnadapter_partition_strategy("cost");
  const std::string cost_json = ReportOf(cost, "strategy_cost");
  const int ops = Total(cost_json, "ops");
  EXPECT_GT(ops, 20);
  EXPECT_EQ(Total(cost_json, "cpu_ops"), ops);
  EXPECT_EQ(Count(cost_json, "\"reason\": \"kept on CPU: estimated "), ops);
  auto greedy = ClsConfig({"builtin_device"});
  greedy.set_nnadapter_partition_strategy("greedy");
  EXPECT_EQ(Total(ReportOf(greedy, "strategy_greedy"), "cpu_ops"), 0);

  auto unknown = ClsConfig({"builtin_device"});
  unknown.set_nnadapter_partition_strategy("fast");
  EXPECT_NE(ErrorOf(unknown).find("set_nnadapter_partition_strategy (opt: "
                                  "--nnadapter_partition_strategy): 'fast': expected greedy or cost"),
            std::string::npos)
      << ErrorOf(unknown);
  auto contradicting = ClsConfig({"builtin_device"}, "NNADAPTER_PARTITION=cost");
  contradicting.set_nnadapter_partition_strategy("greedy");
  EXPECT_NE(ErrorOf(contradicting)
                .find("set_nnadapter_partition_strategy('greedy') disagrees with "
                      "NNADAPTER_PARTITION=cost in set_nnadapter_context_properties"),
            std::string::npos)
      << ErrorOf(contradicting);
}

// The reasons of the ops a subgraph-level cost verdict kept on the CPU, each
// checked to say the offload was estimated slower.
std::vector<std::string> ClusterVerdicts(const std::string& json) {
  std::vector<std::string> reasons;
  std::regex re("kept on CPU: its subgraph of \\d+ ops? estimated ([0-9.e+-]+) ms offloaded vs "
                "([0-9.e+-]+) ms here");
  for (auto it = std::sregex_iterator(json.begin(), json.end(), re); it != std::sregex_iterator();
       ++it) {
    EXPECT_GT(std::stod((*it)[1]), std::stod((*it)[2])) << it->str();
    reasons.push_back(it->str());
  }
  return reasons;
}

// Cost-aware, per subgraph: fake_device declared 2x faster than the CPU but
// with a transfer cost of 0.2 ns per byte. Each op passes on its own (its
// inputs' transfer counted), but a subgraph also sends its outputs back:
// two one-op subgraphs do not pay that way and stay on the CPU with the
// subgraph's estimate as reason. Without a transfer cost none is refused.
// The outputs still equal the CPU's.
TEST(PartitionReport, CostAwarePartitionKeepsSubgraphsWhoseOffloadDoesNotPay) {
  const std::string props =
      "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD;NNADAPTER_PARTITION=cost";
  setenv("FAKE_DEVICE_PERFORMANCE", "float32.exec_time=0.5,transfer_ns_per_byte=0", 1);
  const std::string free_json = ReportOf(ClsConfig({"fake_device"}, props), "free_transfer");
  setenv("FAKE_DEVICE_PERFORMANCE", "float32.exec_time=0.5,transfer_ns_per_byte=0.2", 1);
  auto config = ClsConfig({"fake_device"}, props);
  const std::string json = ReportOf(config, "costly_transfer");
  auto p = lite_api::CreatePaddlePredictor(config);
  unsetenv("FAKE_DEVICE_PERFORMANCE");
  EXPECT_TRUE(ClusterVerdicts(free_json).empty());
  const auto verdicts = ClusterVerdicts(json);
  ASSERT_EQ(verdicts.size(), 2u) << json.substr(0, 3000);
  for (const auto& v : verdicts) EXPECT_NE(v.find("its subgraph of 1 op estimated"), std::string::npos);
  EXPECT_EQ(Total(json, "subgraphs"), 8);
  auto cpu_p = LoadPdModel(ModelsDir() + kCls, "inference");
  EXPECT_LE(Compare(RunFloat(cpu_p.get(), {1, 3, 48, 192}, ClsInput()),
                    RunFloat(p.get(), {1, 3, 48, 192}, ClsInput()))
                .max_abs,
            1e-4);
}

TEST(PartitionReport, NamesTheOperationADeviceDeclinesAndStrictModeListsTheCpuOps) {
  const std::string props = "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,RELU,ADD";
  auto config = ClsConfig({"fake_device"}, props);
  config.set_nnadapter_dynamic_shape_info({{"x", {{1, 3, 48, 192}}}});
  const std::string path = ReportPath("fake");
  config.set_nnadapter_partition_report_path(path);
  auto p = lite_api::CreatePaddlePredictor(config);
  const std::string json = ReadText(path);
  std::remove(path.c_str());
  const int cpu = Total(json, "cpu_ops");
  EXPECT_GT(cpu, 0);
  EXPECT_EQ(Count(json, "\"placement\": \"cpu\""), cpu);
  // conv2d with its fused hard_swish became CONV_2D + HARD_SWISH; the
  // device takes only the first.
  // The driver's own reason follows (here the context property).
  EXPECT_NE(json.find("\"reason\": \"device declined: operation 1 of 2 (HARD_SWISH) is "
                      "supported by no selected device: fake_device: HARD_SWISH: not "
                      "enabled by FAKE_DEVICE_SUPPORTED_OPERATIONS\""),
            std::string::npos)
      << json.substr(0, 3000);
  EXPECT_NE(json.find("device declined: operation 0 of 1 (ADAPTIVE_AVERAGE_POOL_2D)"),
            std::string::npos);

  auto strict = ClsConfig({"fake_device"}, props);
  strict.set_nnadapter_dynamic_shape_info({{"x", {{1, 3, 48, 192}}}});
  strict.set_nnadapter_strict_mode(true);
  std::string msg;
  try {
    lite_api::CreatePaddlePredictor(strict);
  } catch (const lite_api::Error& e) {
    msg = e.what();
  }
  EXPECT_NE(msg.find("strict mode: " + std::to_string(cpu) + " op(s) would stay on the CPU"),
            std::string::npos)
      << msg.substr(0, 2000);
  EXPECT_NE(msg.find("\n  conv2d:conv2d_0.w_0@bn_fold_bias,conv2d_0.w_0@bn_fold,x:hardswish_0.tmp_0 "
                     "(device declined: operation 1 of 2 (HARD_SWISH)"),
            std::string::npos)
      << msg.substr(0, 2000);

  // Strict mode with a device that takes everything creates the predictor.
  auto all = ClsConfig({"builtin_device"});
  all.set_nnadapter_strict_mode(true);
  EXPECT_NE(lite_api::CreatePaddlePredictor(all), nullptr);
}

TEST(PartitionReport, MinimumSubgraphSizeAndForcedOpsKeepOpsOnTheCpuWithTheirReason) {
  auto config = ClsConfig({"builtin_device"});
  const std::string path = ReportPath("min");
  config.set_nnadapter_partition_report_path(path);
  config.set_nnadapter_min_subgraph_size(100000);
  auto p = lite_api::CreatePaddlePredictor(config);
  std::string json = ReadText(path);
  EXPECT_EQ(Total(json, "subgraphs"), 0);
  EXPECT_EQ(Total(json, "cpu_ops"), Total(json, "ops"));
  EXPECT_NE(json.find("below the minimum subgraph size (a cluster of"), std::string::npos);
  auto cpu_p = LoadPdModel(ModelsDir() + kCls, "inference");
  EXPECT_LE(Compare(RunFloat(cpu_p.get(), {1, 3, 48, 192}, ClsInput()),
                    RunFloat(p.get(), {1, 3, 48, 192}, ClsInput()))
                .max_abs,
            1e-4);

  auto forced = ClsConfig({"builtin_device"});
  forced.set_nnadapter_partition_report_path(path);
  forced.set_nnadapter_subgraph_partition_config_buffer("# keep the head on the CPU\nsoftmax\n");
  auto q = lite_api::CreatePaddlePredictor(forced);
  json = ReadText(path);
  EXPECT_NE(json.find("\"type\": \"softmax\"") , std::string::npos);
  EXPECT_NE(json.find("\"reason\": \"forced by partition config buffer:2\""), std::string::npos)
      << json.substr(0, 3000);
  EXPECT_EQ(Total(json, "cpu_ops"), 1);

  // Paddle Lite's environment fallback, used when the config sets no rules.
  setenv("SUBGRAPH_PARTITION_CONFIG_BUFFER", "softmax", 1);
  auto from_env = ClsConfig({"builtin_device"});
  from_env.set_nnadapter_partition_report_path(path);
  auto r = lite_api::CreatePaddlePredictor(from_env);
  unsetenv("SUBGRAPH_PARTITION_CONFIG_BUFFER");
  json = ReadText(path);
  std::remove(path.c_str());
  EXPECT_NE(json.find("\"reason\": \"forced by SUBGRAPH_PARTITION_CONFIG_BUFFER:1\""),
            std::string::npos);

  auto bad = ClsConfig({"builtin_device"});
  bad.set_nnadapter_min_subgraph_size(0);
  std::string msg;
  try {
    lite_api::CreatePaddlePredictor(bad);
  } catch (const lite_api::Error& e) {
    msg = e.what();
  }
  EXPECT_NE(msg.find("set_nnadapter_min_subgraph_size: expected a size >= 1, got 0"),
            std::string::npos)
      << msg;
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle

namespace paddle {
namespace lite {
namespace testing {

TEST(PartitionReport, FromJsonReadsBackWhatJsonWrote) {
  nnadapter_bridge::PartitionReport r;
  r.devices = {"fake_device", "builtin_device"};
  r.min_subgraph_size = 2;
  r.ops = {{"conv2d", "conv2d:x,w:y", 0, "", "fake_device"},
           {"multiclass_nms3", "multiclass_nms3:b,s:\"out\"\\\t", -1, "no converter", ""}};
  r.subgraphs = {{{0}, {"x", "w"}, {"y"}}};
  const auto back = nnadapter_bridge::PartitionReport::FromJson(r.Json());
  EXPECT_EQ(back.devices, r.devices);
  EXPECT_EQ(back.min_subgraph_size, 2);
  ASSERT_EQ(back.ops.size(), 2u);
  EXPECT_EQ(back.ops[1].config_line, r.ops[1].config_line);
  EXPECT_EQ(back.ops[1].reason, "no converter");
  EXPECT_EQ(back.ops[0].device, "fake_device");
  EXPECT_EQ(back.ops[1].device, "");
  EXPECT_EQ(back.ops[1].subgraph, -1);
  EXPECT_EQ(back.ops[0].subgraph, 0);
  ASSERT_EQ(back.subgraphs.size(), 1u);
  EXPECT_EQ(back.subgraphs[0].ops, std::vector<int>{0});
  EXPECT_EQ(back.subgraphs[0].outputs, std::vector<std::string>{"y"});
  ExpectErrorMentioning([] { nnadapter_bridge::PartitionReport::FromJson("{\"ops\": []}"); },
                        "devices");
  ExpectErrorMentioning([] { nnadapter_bridge::PartitionReport::FromJson("{\"devices\": ["); },
                        "end of the JSON");
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
