// opt --visualization_file_output_path with NNAdapter devices: the partition
// report and its picture (DOT rendered to SVG and PNG by Graphviz).
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "lite/nnadapter/partition_report.h"
#include "tests/models/nb_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

std::string Slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(OptPartitionPicture, WritesTheReportAndTheColouredBoxedPicture) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  const std::string dir = TempDir("picture");
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
  f.valid_targets = "fake_device,x86";
  f.nnadapter_context_properties = "FAKE_DEVICE_SUPPORTED_OPERATIONS=FULLY_CONNECTED";
  f.optimize_out = dir + "/mnist";
  f.visualization_file_output_path = dir + "/vis";
  std::ostringstream out, err;
  ASSERT_EQ(opt::RunOpt(f, out, err), 0) << out.str() << err.str();
  const std::string stem = dir + "/vis/mnist_partition";
  EXPECT_NE(out.str().find("written: " + stem + ".svg"), std::string::npos) << out.str();
  EXPECT_NE(out.str().find("partition: 4 ops: 3 in 1 subgraph(s) on fake_device; 1 on the CPU"),
            std::string::npos)
      << out.str();
  const std::string dot = Slurp(stem + ".dot");
  EXPECT_NE(dot.find("subgraph cluster_0"), std::string::npos) << dot;
  EXPECT_NE(dot.find("label=\"softmax\\ndevice declined"), std::string::npos) << dot;
  EXPECT_NE(dot.find("fillcolor=\"#8fd18f\""), std::string::npos) << dot;
  EXPECT_NE(dot.find("op2 -> op3"), std::string::npos) << dot;
  const std::string svg = Slurp(stem + ".svg");
  EXPECT_NE(svg.find("<svg"), std::string::npos);
  EXPECT_NE(svg.find("subgraph 0 (3 ops, fake_device)"), std::string::npos);
  const std::string png = Slurp(stem + ".png");
  ASSERT_GT(png.size(), 8u);
  EXPECT_EQ(png.substr(1, 3), "PNG");
  EXPECT_NE(Slurp(stem + ".json").find("\"cpu_ops\": 1"), std::string::npos);
  std::filesystem::remove_all(dir);
}

// Two devices: the report names the device of the list that runs each op
// (fake_device_b takes the fully connected layers, builtin_device the rest)
// and the picture colours each device with its own colour, with a legend.
TEST(OptPartitionPicture, MultiDeviceReportNamesEachOpsDeviceAndThePictureColoursThem) {
  setenv("NNADAPTER_DRIVER_PATH", NNADAPTER_TEST_DRIVER_DIR, 0);
  const std::string dir = TempDir("picture_multi");
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
  f.valid_targets = "fake_device_b,builtin_device,x86";
  f.nnadapter_context_properties = "FAKE_DEVICE_B_SUPPORTED_OPERATIONS=FULLY_CONNECTED";
  f.optimize_out = dir + "/mnist";
  f.visualization_file_output_path = dir + "/vis";
  std::ostringstream out, err;
  ASSERT_EQ(opt::RunOpt(f, out, err), 0) << out.str() << err.str();
  const std::string stem = dir + "/vis/mnist_partition";
  const auto report = nnadapter_bridge::PartitionReport::FromJsonFile(stem + ".json");
  ASSERT_EQ(report.ops.size(), 4u);
  std::map<std::string, std::string> device_of;
  for (const auto& op : report.ops) device_of[op.type] = op.device;
  EXPECT_EQ(device_of["fc"], "fake_device_b");
  EXPECT_EQ(device_of["softmax"], "builtin_device");
  const std::string dot = Slurp(stem + ".dot");
  EXPECT_NE(dot.find("subgraph cluster_legend"), std::string::npos) << dot;
  EXPECT_NE(dot.find("[label=\"fake_device_b\", fillcolor=\"#8fd18f\"]"), std::string::npos)
      << dot;
  EXPECT_NE(dot.find("[label=\"builtin_device\", fillcolor=\"#8fb8e8\"]"), std::string::npos)
      << dot;
  EXPECT_NE(dot.find("[label=\"fc\\nfake_device_b\", fillcolor=\"#8fd18f\""), std::string::npos)
      << dot;
  EXPECT_NE(dot.find("[label=\"softmax\\nbuiltin_device\", fillcolor=\"#8fb8e8\""),
            std::string::npos)
      << dot;
  // The .nb keeps each op's device: MobileConfig's report names them too.
  lite_api::MobileConfig mc;
  mc.set_model_from_file(dir + "/mnist.nb");
  mc.set_nnadapter_partition_report_path(dir + "/light.json");
  lite_api::CreatePaddlePredictor(mc);
  std::map<std::string, std::string> light_device_of;
  for (const auto& op : nnadapter_bridge::PartitionReport::FromJsonFile(dir + "/light.json").ops) {
    light_device_of[op.type] = op.device;
  }
  EXPECT_EQ(light_device_of, device_of);
  std::filesystem::remove_all(dir);
}

TEST(OptPartitionPicture, WithoutDevicesSaysWhatItNeeds) {
  opt::OptFlags f;
  f.model_dir = ModelsDir() + "/mnist_mlp_handwriting";
  f.optimize_out = TempDir("picture_cpu") + "/mnist";
  f.visualization_file_output_path = TempDir("picture_cpu") + "/vis";
  std::ostringstream out, err;
  EXPECT_EQ(opt::RunOpt(f, out, err), 1);
  EXPECT_NE(err.str().find("give NNAdapter devices"), std::string::npos) << err.str();
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
