// Cost-aware placement: exact device choices on synthetic devices with
// declared figures (runtime/cost.h), and through the C API with fake_device
// and fake_device_b whose figures the tests declare
// (<NAME>_PERFORMANCE environment variables, see fake_device/driver.cc).
#include <gtest/gtest.h>

#include <cstdlib>

#include "nnadapter/utility/performance_info.h"
#include "runtime/cost.h"
#include "testing/core_model.h"
#include "testing/execution.h"
#include "testing/model_builder.h"

namespace nnadapter_test {
namespace {

using nnadapter::runtime::AssignDevicesByCost;
using nnadapter::runtime::CostEstimate;

NNAdapterCapabilities Figures(const std::string& text) {
  NNAdapterCapabilities c = nnadapter::CpuEquivalentCapabilities();
  std::string error;
  EXPECT_TRUE(nnadapter::ParsePerformanceFigures(text, "test", &c, &error)) << error;
  return c;
}

// x[1,16,8,8] -> CONV_2D 3x3 (16 -> 16) -> RELU -> CONV_2D 3x3 -> y
struct ConvReluConv {
  CoreModel m;
  ConvReluConv() {
    auto* x = m.Add(NNADAPTER_FLOAT32, {1, 16, 8, 8}, NNADAPTER_MODEL_INPUT);
    auto* a = m.Add(NNADAPTER_FLOAT32, {1, 16, 8, 8}, NNADAPTER_TEMPORARY_VARIABLE);
    auto* r = m.Add(NNADAPTER_FLOAT32, {1, 16, 8, 8}, NNADAPTER_TEMPORARY_VARIABLE);
    auto* y = m.Add(NNADAPTER_FLOAT32, {1, 16, 8, 8}, NNADAPTER_MODEL_OUTPUT);
    auto* w = m.Add(NNADAPTER_FLOAT32, {16, 16, 3, 3}, NNADAPTER_CONSTANT_COPY);
    m.Op(NNADAPTER_CONV_2D, {x, w}, {a});
    m.Op(NNADAPTER_RELU, {a}, {r});
    m.Op(NNADAPTER_CONV_2D, {r, w}, {y});
    m.model().input_operands = {x};
    m.model().output_operands = {y};
  }
};

std::vector<size_t> Place(const nnadapter::core::Model& model,
                          const std::vector<NNAdapterCapabilities>& devices,
                          CostEstimate* estimate) {
  const std::vector<std::vector<bool>> all(devices.size(),
                                           std::vector<bool>(3, true));
  std::vector<size_t> device_of;
  std::string error;
  EXPECT_TRUE(AssignDevicesByCost(model, all, devices, {"a", "b"}, &device_of,
                                  estimate, &error))
      << error;
  return device_of;
}

TEST(CostAwarePlacement, EachOperationGoesWhereItIsCheapest) {
  ConvReluConv g;
  CostEstimate e;
  // a: fast convolutions, slow element-wise; b: the reverse; no transfers.
  const auto placed =
      Place(g.m.model(),
            {Figures("float32.exec_time=2,CONV_2D.exec_time=0.25"),
             Figures("float32.exec_time=0.5,CONV_2D.exec_time=4")},
            &e);
  EXPECT_EQ(placed, (std::vector<size_t>{0, 1, 0}));
  // Work: each conv 1*16*8*8 outputs x 16*3*3 = 147456 MACs; RELU 1024
  // elements; host 0.1 ns per unit.
  const double conv_host = 147456 * 0.1, relu_host = 1024 * 0.1;
  EXPECT_DOUBLE_EQ(e.host_ns, 2 * conv_host + relu_host);
  EXPECT_DOUBLE_EQ(e.device_ns, 2 * conv_host * 0.25 + relu_host * 0.5);
}

TEST(CostAwarePlacement, TransfersKeepNeighboursTogether) {
  ConvReluConv g;
  CostEstimate e;
  // Moving the 4096-byte RELU input to b and back costs 2 x 4096 x 1 ns,
  // more than RELU saves there (102.4 ns x (2 - 0.5)): RELU stays on a.
  const auto placed =
      Place(g.m.model(),
            {Figures("float32.exec_time=2,CONV_2D.exec_time=0.25,"
                     "transfer_ns_per_byte=0.5"),
             Figures("float32.exec_time=0.5,CONV_2D.exec_time=4,"
                     "transfer_ns_per_byte=0.5")},
            &e);
  EXPECT_EQ(placed, (std::vector<size_t>{0, 0, 0}));
}

TEST(CostAwarePlacement, TiesGoToTheEarlierDeviceAsInTheGreedyPlacement) {
  ConvReluConv g;
  CostEstimate e;
  const auto placed = Place(g.m.model(), {Figures(""), Figures("")}, &e);
  EXPECT_EQ(placed, (std::vector<size_t>{0, 0, 0}));
  EXPECT_DOUBLE_EQ(e.device_ns, e.host_ns);
}

TEST(CostAwarePlacement, ThroughTheApiWithDeclaredFakeDevices) {
  setenv("FAKE_DEVICE_PERFORMANCE", "float32.exec_time=2,CONV_2D.exec_time=0.25,"
         "transfer_ns_per_byte=0", 1);
  setenv("FAKE_DEVICE_B_PERFORMANCE", "float32.exec_time=0.5,CONV_2D.exec_time=4,"
         "transfer_ns_per_byte=0", 1);
  ModelBuilder b;
  auto* x = b.Tensor({1, 16, 8, 8});
  auto* a = b.Tensor({1, 16, 8, 8});
  auto* w = b.Floats({16, 16, 3, 3}, std::vector<float>(16 * 16 * 9, 0.01f));
  auto conv = [&](NNAdapterOperand* in, NNAdapterOperand* out) {
    b.Op(NNADAPTER_CONV_2D,
         {in, w, b.Floats({16}, std::vector<float>(16, 0.f)),
          b.Int(NNADAPTER_AUTO_PAD_NONE), b.Ints({1, 1, 1, 1}), b.Ints({1, 1}),
          b.Int(1), b.Ints({1, 1}), b.Int(NNADAPTER_FUSED_NONE)},
         {out});
  };
  conv(x, a);
  auto* r = b.Tensor({1, 16, 8, 8});
  b.Op(NNADAPTER_RELU, {a}, {r});
  Devices devices({"fake_device", "fake_device_b"}, "NNADAPTER_PARTITION=cost");
  double device_ms = 0, host_ms = 0;
  ASSERT_EQ(NNAdapterModel_estimateTime(b.model(), devices.context(), &device_ms,
                                        &host_ms),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  const double conv_host = 147456 * 0.1e-6, relu_host = 1024 * 0.1e-6;
  EXPECT_DOUBLE_EQ(host_ms, conv_host + relu_host);
  EXPECT_DOUBLE_EQ(device_ms, conv_host * 0.25 + relu_host * 0.5);
  unsetenv("FAKE_DEVICE_PERFORMANCE");
  unsetenv("FAKE_DEVICE_B_PERFORMANCE");
}

TEST(CostAwarePlacement, AnUnknownStrategyIsRefusedByName) {
  bool cost = true;
  std::string error;
  EXPECT_FALSE(nnadapter::runtime::CostAwarePartition("NNADAPTER_PARTITION=fast",
                                                      &cost, &error));
  EXPECT_EQ(error, "NNADAPTER_PARTITION='fast': expected greedy or cost");
  EXPECT_TRUE(nnadapter::runtime::CostAwarePartition("", &cost, &error));
  EXPECT_FALSE(cost);
}

}  // namespace
}  // namespace nnadapter_test
