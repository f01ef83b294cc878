// Partition plans: which operations go to which device, how many
// sub-models, their inputs/outputs, determinism; and the same through the
// C API with two fake devices (results checked against a reference).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

#include "nnadapter/utility/modeling.h"
#include "runtime/cache_format.h"
#include "runtime/partition.h"
#include "testing/core_model.h"
#include "testing/execution.h"
#include "testing/files.h"
#include "testing/model_builder.h"

namespace nnadapter {
namespace runtime {
namespace {

// Float [2] operands; inputs and outputs are registered as such.
class Graph : public nnadapter_test::CoreModel {
 public:
  core::Operand* Value(int32_t lifetime = NNADAPTER_TEMPORARY_VARIABLE) {
    core::Operand* o = Add(NNADAPTER_FLOAT32, {2}, lifetime);
    if (lifetime == NNADAPTER_MODEL_INPUT) model().input_operands.push_back(o);
    if (lifetime == NNADAPTER_MODEL_OUTPUT) model().output_operands.push_back(o);
    return o;
  }
};

std::string Describe(const PartitionPlan& plan) {
  std::string s;
  for (const auto& sub : plan.sub_models) {
    s += "d" + std::to_string(sub.device) + ":";
    for (size_t i : sub.operations) s += std::to_string(i) + ",";
    s += " ";
  }
  return s;
}

TEST(Partition, ChainAlternatingDevices) {
  Graph g;
  auto* x = g.Value(NNADAPTER_MODEL_INPUT);
  auto *a = g.Value(), *b = g.Value(), *c = g.Value();
  auto* y = g.Value(NNADAPTER_MODEL_OUTPUT);
  g.Op(NNADAPTER_CONV_2D, {x}, {a});
  g.Op(NNADAPTER_RELU, {a}, {b});
  g.Op(NNADAPTER_ADD, {b, a}, {c});
  g.Op(NNADAPTER_SIGMOID, {c}, {y});
  PartitionPlan plan;
  std::string error;
  ASSERT_TRUE(PartitionModel(g.model(), {0, 1, 0, 1}, &plan, &error)) << error;
  EXPECT_EQ(Describe(plan), "d0:0, d1:1, d0:2, d1:3, ");
  // Sub-model 2 (ADD) consumes b (from sub-model 1) and a (from 0).
  ASSERT_EQ(plan.sub_models[2].inputs.size(), 2u);
  EXPECT_EQ(plan.sub_models[2].inputs[0], b);
  EXPECT_EQ(plan.sub_models[2].inputs[1], a);
  // a is an output of sub-model 0 because sub-models 1 and 2 use it.
  ASSERT_EQ(plan.sub_models[0].outputs.size(), 1u);
  EXPECT_EQ(plan.sub_models[0].outputs[0], a);
  ASSERT_EQ(plan.sub_models[3].outputs.size(), 1u);
  EXPECT_EQ(plan.sub_models[3].outputs[0], y);
}

TEST(Partition, IndependentBranchesAreGroupedByDevice) {
  // x -> A0(d0) -> p ; x -> B0(d1) -> q ; p -> A1(d0) -> r ; q -> B1(d1) -> s
  // (r, s) -> C(d0) -> y.  Added in an interleaved order.
  Graph g;
  auto* x = g.Value(NNADAPTER_MODEL_INPUT);
  auto *p = g.Value(), *q = g.Value(), *r = g.Value(), *s = g.Value();
  auto* y = g.Value(NNADAPTER_MODEL_OUTPUT);
  g.Op(NNADAPTER_RELU, {x}, {p});     // 0 d0
  g.Op(NNADAPTER_SIGMOID, {x}, {q});  // 1 d1
  g.Op(NNADAPTER_RELU, {p}, {r});     // 2 d0
  g.Op(NNADAPTER_SIGMOID, {q}, {s});  // 3 d1
  g.Op(NNADAPTER_ADD, {r, s}, {y});   // 4 d0
  PartitionPlan plan;
  std::string error;
  ASSERT_TRUE(PartitionModel(g.model(), {0, 1, 0, 1, 0}, &plan, &error));
  // Greedy per-device extension: {0,2} on d0, {1,3} on d1, {4} on d0.
  EXPECT_EQ(Describe(plan), "d0:0,2, d1:1,3, d0:4, ");
  // Deterministic: the same plan every time.
  for (int i = 0; i < 5; i++) {
    PartitionPlan again;
    ASSERT_TRUE(PartitionModel(g.model(), {0, 1, 0, 1, 0}, &again, &error));
    EXPECT_EQ(Describe(again), Describe(plan));
  }
  // One device: a single sub-model in topological order.
  ASSERT_TRUE(PartitionModel(g.model(), {0, 0, 0, 0, 0}, &plan, &error));
  EXPECT_EQ(Describe(plan), "d0:0,1,2,3,4, ");
  EXPECT_EQ(plan.sub_models[0].inputs, std::vector<const core::Operand*>{x});
  EXPECT_EQ(plan.sub_models[0].outputs, std::vector<const core::Operand*>{y});
}

TEST(Partition, NeverCreatesACycleBetweenSubModels) {
  // x -> A(d0) -> a ; a -> B(d1) -> b ; (a, b) -> C(d0) -> y.
  // Merging A and C would need B both before and after them.
  Graph g;
  auto* x = g.Value(NNADAPTER_MODEL_INPUT);
  auto *a = g.Value(), *b = g.Value();
  auto* y = g.Value(NNADAPTER_MODEL_OUTPUT);
  g.Op(NNADAPTER_ADD, {a, b}, {y});  // 0 d0 (added first on purpose)
  g.Op(NNADAPTER_RELU, {x}, {a});    // 1 d0
  g.Op(NNADAPTER_SIGMOID, {a}, {b}); // 2 d1
  PartitionPlan plan;
  std::string error;
  ASSERT_TRUE(PartitionModel(g.model(), {0, 0, 1}, &plan, &error));
  EXPECT_EQ(Describe(plan), "d0:1, d1:2, d0:0, ");
  // Every input of every sub-model is a model input or an earlier output.
  std::set<const core::Operand*> available = {x};
  for (const auto& sub : plan.sub_models) {
    for (const auto* in : sub.inputs) EXPECT_TRUE(available.count(in));
    for (const auto* out : sub.outputs) available.insert(out);
  }
}

TEST(Partition, AssignsTheFirstSupportingDeviceAndNamesUnsupportedOps) {
  Graph g;
  auto* x = g.Value(NNADAPTER_MODEL_INPUT);
  auto* a = g.Value();
  auto* y = g.Value(NNADAPTER_MODEL_OUTPUT);
  g.Op(NNADAPTER_RELU, {x}, {a});
  g.Op(NNADAPTER_SOFTMAX, {a}, {y});
  std::vector<size_t> device_of;
  std::string error;
  ASSERT_TRUE(AssignDevices(g.model(), {{true, true}, {true, true}},
                            {"d0", "d1"}, &device_of, &error));
  EXPECT_EQ(device_of, (std::vector<size_t>{0, 0}));
  ASSERT_TRUE(AssignDevices(g.model(), {{false, true}, {true, true}},
                            {"d0", "d1"}, &device_of, &error));
  EXPECT_EQ(device_of, (std::vector<size_t>{1, 0}));
  EXPECT_FALSE(AssignDevices(g.model(), {{true, false}, {true, false}},
                             {"d0", "d1"}, &device_of, &error));
  EXPECT_EQ(error,
            "operation #1 (SOFTMAX) is not supported by any device of the "
            "context (d0, d1)");
}

using nnadapter_test::CompileAndRun;
using nnadapter_test::Devices;
using nnadapter_test::Memory;
using nnadapter_test::ModelBuilder;
using nnadapter_test::ReadFileBytes;
using nnadapter_test::TempDir;

// conv(1x1, weight 2) -> relu -> add(+a) -> sigmoid over two fake devices:
// fake_device runs CONV_2D and ADD, fake_device_b everything else.
TEST(Partition, TwoDevicesThroughTheApiComputeTheSameResult) {
  TempDir dir("nnadapter_part");
  ASSERT_FALSE(dir.path().empty());
  Devices devices({"fake_device", "fake_device_b"},
                  "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,ADD");
  ModelBuilder b;
  auto* x = b.Tensor({1, 1, 2, 2});
  auto* a = b.Tensor({1, 1, 2, 2});
  auto* r = b.Tensor({1, 1, 2, 2});
  auto* s = b.Tensor({1, 1, 2, 2});
  auto* y = b.Tensor({1, 1, 2, 2});
  b.Op(NNADAPTER_CONV_2D,
       {x, b.Floats({1, 1, 1, 1}, {2.0f}), b.Floats({1}, {0.5f}),
        b.Int(NNADAPTER_AUTO_PAD_NONE), b.Ints({0, 0, 0, 0}), b.Ints({1, 1}),
        b.Int(1), b.Ints({1, 1}), b.Int(NNADAPTER_FUSED_NONE)},
       {a});
  b.Op(NNADAPTER_RELU, {a}, {r});
  b.Op(NNADAPTER_ADD, {r, a, b.Int(NNADAPTER_FUSED_NONE)}, {s});
  b.Op(NNADAPTER_SIGMOID, {s}, {y});
  b.Finish({x}, {y});
  Memory in{{1, 1, 2, 2}, {-1.0f, 0.0f, 0.25f, 2.0f}};
  std::vector<Memory> outs;
  ASSERT_EQ(CompileAndRun(b.model(), devices.context(), {in}, 1, &outs,
                          "two_devices", dir.path().c_str()),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  const Memory& out = outs[0];
  ASSERT_EQ(out.data.size(), 4u);
  for (size_t i = 0; i < 4; i++) {
    const float conv = 2.0f * in.data[i] + 0.5f;
    const float expected = 1.0f / (1.0f + std::exp(-(std::max(conv, 0.0f) + conv)));
    EXPECT_NEAR(out.data[i], expected, 1e-6f) << i;
  }
  EXPECT_EQ(out.calls, 1);
  // The plan is recorded in the cache: 4 sub-models alternating devices,
  // with a, r, s crossing boundaries (a is used by sub-models 1 and 2).
  const std::vector<uint8_t> bytes =
      ReadFileBytes(dir.path() + "/two_devices.nnc");
  ASSERT_FALSE(bytes.empty());
  CacheImage image;
  std::string error;
  ASSERT_TRUE(ReadCacheImage(bytes.data(), bytes.size(), &image, &error)) << error;
  ASSERT_EQ(image.devices.size(), 2u);
  EXPECT_EQ(image.devices[0].name, "fake_device");
  EXPECT_EQ(image.devices[1].name, "fake_device_b");
  ASSERT_EQ(image.sub_models.size(), 4u);
  std::vector<uint32_t> devices_used;
  for (const auto& s : image.sub_models) devices_used.push_back(s.device);
  EXPECT_EQ(devices_used, (std::vector<uint32_t>{0, 1, 0, 1}));
  EXPECT_EQ(image.intermediate_types.size(), 3u);
  EXPECT_EQ(image.sub_models[2].inputs.size(), 2u);
}


// Runs conv(3x3, pad 1) -> ABS -> ADD(conv) -> SOFTMAX on `names`;
// returns the output and the number of sub-models recorded in the cache.
std::vector<float> RunMixed(const std::vector<std::string>& names,
                            const std::string& properties, size_t* sub_models) {
  TempDir dir("nnadapter_mix");
  Devices devices(names, properties);
  ModelBuilder b;
  std::vector<float> w(2 * 2 * 9), bias = {0.25f, -0.5f};
  for (size_t i = 0; i < w.size(); i++) w[i] = 0.1f * static_cast<float>(int(i % 7) - 3);
  auto* x = b.Tensor({1, 2, 3, 3});
  auto* a = b.Tensor({1, 2, 3, 3});
  auto* r = b.Tensor({1, 2, 3, 3});
  auto* s = b.Tensor({1, 2, 3, 3});
  auto* y = b.Tensor({1, 2, 3, 3});
  b.Op(NNADAPTER_CONV_2D,
       {x, b.Floats({2, 2, 3, 3}, w), b.Floats({2}, bias),
        b.Int(NNADAPTER_AUTO_PAD_NONE), b.Ints({1, 1, 1, 1}), b.Ints({1, 1}),
        b.Int(1), b.Ints({1, 1}), b.Int(NNADAPTER_FUSED_NONE)},
       {a});
  b.Op(NNADAPTER_ABS, {a}, {r});
  b.Op(NNADAPTER_ADD, {r, a, b.Int(NNADAPTER_FUSED_NONE)}, {s});
  b.Op(NNADAPTER_SOFTMAX, {s, b.Int(1)}, {y});
  b.Finish({x}, {y});
  Memory in{{1, 2, 3, 3}, {}};
  for (int i = 0; i < 18; i++) in.data.push_back(0.3f * float(i % 5) - 0.6f);
  std::vector<Memory> outs;
  EXPECT_EQ(CompileAndRun(b.model(), devices.context(), {in}, 1, &outs, "mixed",
                          dir.path().c_str()),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  const std::vector<uint8_t> bytes = ReadFileBytes(dir.path() + "/mixed.nnc");
  CacheImage image;
  std::string error;
  EXPECT_TRUE(ReadCacheImage(bytes.data(), bytes.size(), &image, &error)) << error;
  *sub_models = image.sub_models.size();
  return outs[0].data;
}

TEST(Partition, FakeDeviceWithBuiltinFallbackMatchesBuiltinAlone) {
  size_t alone = 0, mixed = 0, builtin_first = 0;
  const auto reference = RunMixed({"builtin_device"}, "", &alone);
  EXPECT_EQ(alone, 1u);
  // fake_device takes CONV_2D and ADD, builtin_device ABS and SOFTMAX.
  const auto y = RunMixed({"fake_device", "builtin_device"},
                          "FAKE_DEVICE_SUPPORTED_OPERATIONS=CONV_2D,ADD", &mixed);
  EXPECT_EQ(mixed, 4u);
  // builtin_device first: it supports everything, one sub-model.
  RunMixed({"builtin_device", "fake_device"}, "", &builtin_first);
  EXPECT_EQ(builtin_first, 1u);
  ASSERT_EQ(y.size(), 18u);
  ASSERT_EQ(reference.size(), 18u);
  for (size_t i = 0; i < y.size(); i++) {
    EXPECT_NEAR(y[i], reference[i], 1e-5f + 1e-5f * std::fabs(reference[i])) << i;
  }
  // Softmax over channels: each pair sums to 1.
  for (size_t i = 0; i < 9; i++) EXPECT_NEAR(y[i] + y[i + 9], 1.0f, 1e-5f);
}

}  // namespace
}  // namespace runtime
}  // namespace nnadapter
