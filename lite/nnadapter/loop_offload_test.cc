// The NNAdapter subgraph pass inside control-flow blocks: a while loop
// whose body runs conv2d + relu + elementwise_add (relu fused into the conv
// by the body's own fusion passes). With builtin_device the body's ops become a subgraph op of the loop's block (the while and its
// counter stay on the CPU), the partition report names block 1 for them,
// and the outputs equal the CPU run's, through CxxConfig and through opt's
// .nb on MobileConfig.
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lite/core/op_test_util.h"
#include "lite/model_parser/model_loader.h"
#include "lite/nnadapter/partition_report.h"
#include "tests/models/model_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

const DDim kShape{1, 3, 6, 5};

// acc = x; i = 0; while (i < 3) { acc = acc + relu(conv3x3(acc, w)); ++i; }
void SaveConvLoop(const std::string& dir) {
  ProgramBuilder b;
  b.Feed("x", 0);
  cpp::VarDesc x;  // the feed's dims (batch -1): the pass learns shapes from them
  x.name = "x";
  x.dims = {-1, 3, 6, 5};
  b.block().vars.push_back(x);
  b.RandomWeight("w", {3, 3, 3, 3}, -0.4f, 0.4f, 5);
  b.Op("scale", {{"X", "x"}}, {{"Out", "acc"}}).SetAttr("scale", 2.0f);
  b.BeginCounterLoop(3, {"acc", "w"}, {"acc"});
  b.Conv("conv2d", "acc", "w", "c", {1, 1}, {1, 1}, 1);
  b.Op("relu", {{"X", "c"}}, {{"Out", "r"}});
  b.Op("elementwise_add", {{"X", "acc"}, {"Y", "r"}}, {{"Out", "t"}});
  b.Op("assign", {{"X", "t"}}, {{"Out", "acc"}});
  b.EndCounterLoop();
  b.Fetch("acc", 0);
  SaveModel(b.program, *b.weights, dir + "/loop.pdmodel", dir + "/loop.pdiparams");
}

std::vector<float> RunOnce(lite_api::PaddlePredictor* p) {
  return RunFloat(p, std::vector<int64_t>(kShape.begin(), kShape.end()),
                  RandomFloats(Numel(kShape), -1, 1, 3), 0);
}

TEST(LoopOffload, LoopBodyOpsBecomeASubgraphOfTheLoopBlock) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  const std::string dir = (std::filesystem::temp_directory_path() /
                           ("loop_offload_" + std::to_string(::getpid())))
                              .string();
  std::filesystem::create_directories(dir);
  SaveConvLoop(dir);
  lite_api::CxxConfig cpu;
  cpu.set_model_file(dir + "/loop.pdmodel");
  cpu.set_param_file(dir + "/loop.pdiparams");
  const std::vector<float> want = RunOnce(lite_api::CreatePaddlePredictor(cpu).get());

  lite_api::CxxConfig dev = cpu;
  dev.set_nnadapter_device_names({"builtin_device"});
  dev.set_nnadapter_partition_report_path(dir + "/report.json");
  auto p = lite_api::CreatePaddlePredictor(dev);
  ExpectAllClose(want, RunOnce(p.get()), 1e-5f, 1e-5f, "builtin_device");
  ExpectAllClose(want, RunOnce(p.get()), 1e-5f, 1e-5f, "builtin_device, second run");

  const auto report = nnadapter_bridge::PartitionReport::FromJsonFile(dir + "/report.json");
  std::map<std::string, std::pair<int, int>> placed;  // type -> (block, subgraph)
  for (const auto& op : report.ops) placed[op.type] = {op.block, op.subgraph};
  for (const char* type : {"conv2d", "elementwise_add"}) {
    EXPECT_EQ(placed[type].first, 1) << type;
    EXPECT_GE(placed[type].second, 0) << type << " stayed on the CPU";
  }
  // The fusions ran inside the body before the partition: relu is the conv's act.
  EXPECT_EQ(placed.count("relu"), 0u);
  EXPECT_EQ(placed["while"].first, 0);
  EXPECT_EQ(placed["while"].second, -1);
  EXPECT_EQ(placed["increment"].first, 1);
  EXPECT_NE(report.Summary().find("in control-flow blocks"), std::string::npos)
      << report.Summary();
  std::printf("loop offload: %s\n", report.Summary().c_str());

  // The optimized program through a .nb and the light predictor.
  p->SaveOptimizedModel(dir + "/loop", lite_api::LiteModelType::kNaiveBuffer);
  lite_api::MobileConfig mobile;
  mobile.set_model_from_file(dir + "/loop.nb");
  ExpectAllClose(want, RunOnce(lite_api::CreatePaddlePredictor(mobile).get()), 1e-5f, 1e-5f,
                 "MobileConfig");
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
