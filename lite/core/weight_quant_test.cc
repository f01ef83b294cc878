// Post-training weight quantization (opt --quant_model) on hand-built
// programs: integers, scales and attributes as Paddle Lite writes them, and
// the dequantized weights the kernels read.
#include "lite/core/weight_quant.h"

#include <gtest/gtest.h>

#include <cmath>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace {

Tensor* AddWeight(Scope* s, const std::string& name, const DDim& dims,
                  const std::vector<float>& values) {
  Tensor* t = s->Var(name);
  t->Resize(dims);
  std::copy(values.begin(), values.end(), t->mutable_data<float>());
  t->set_persistable(true);
  return t;
}

cpp::OpDesc Op(const std::string& type, const std::string& slot, const std::string& weight) {
  cpp::OpDesc op(type);
  op.SetInput(slot == "Filter" ? "Input" : "X", {"x"});
  op.SetInput(slot, {weight});
  op.SetOutput("Out", {"y"});
  return op;
}

struct Fixture {
  cpp::ProgramDesc program;
  Scope weights;
  Fixture() {
    program.blocks.resize(1);
    auto& ops = program.blocks[0].ops;
    // Filter [2, 1, 1, 3]: channel 0 max 2.54, channel 1 all zero.
    AddWeight(&weights, "f", {2, 1, 1, 3}, {2.54f, -1.f, 0.1f, 0.f, 0.f, 0.f});
    ops.push_back(Op("conv2d", "Filter", "f"));
    // Y [2, 3] of a mul: channels are the 3 output columns.
    AddWeight(&weights, "y", {2, 3}, {1.5f, -4.f, 0.5f, -2.f, 1.f, 0.2f});
    ops.push_back(Op("mul", "Y", "y"));
    // Already int8 (QAT): left alone.
    AddWeight(&weights, "q", {2, 3}, {1, 2, 3, 4, 5, 6});
    ops.push_back(Op("fc", "W", "q"));
    ops.back().SetAttr("enable_int8", true);
  }
};

TEST(WeightQuant, Int8PerChannelIntegersScalesAndAttributesAsPaddleLite) {
  Fixture fx;
  WeightQuantStats st = QuantizeWeights(8, &fx.program, &fx.weights);
  EXPECT_EQ(st.weights, 2);
  EXPECT_EQ(st.float_bytes, (6u + 6u) * 4);
  EXPECT_EQ(st.quantized_bytes, 6u + 6u);
  const Tensor& f = *fx.weights.FindVar("f");
  ASSERT_EQ(f.dtype(), DataType::kInt8);
  const int8_t* fq = f.data<int8_t>();
  EXPECT_EQ(std::vector<int>(fq, fq + 6), (std::vector<int>{127, -50, 5, 0, 0, 0}));
  const auto& conv = fx.program.blocks[0].ops[0];
  EXPECT_EQ(conv.GetAttr<std::string>("quantization_type"), "post_weight_channel_wise_abs_max");
  EXPECT_EQ(conv.GetAttr<int32_t>("quantize_weight_bits"), 8);
  EXPECT_EQ(conv.GetAttr<std::vector<float>>("f_quant_scale"),
            (std::vector<float>{2.54f / 127.f, 0.f}));
  const int8_t* yq = fx.weights.FindVar("y")->data<int8_t>();
  // Column scales 2/127, 4/127, 0.5/127.
  EXPECT_EQ(std::vector<int>(yq, yq + 6), (std::vector<int>{95, -127, 127, -127, 32, 51}));
  EXPECT_EQ(fx.program.blocks[0].ops[1].GetAttr<std::vector<float>>("y_quant_scale"),
            (std::vector<float>{2.f / 127.f, 4.f / 127.f, 0.5f / 127.f}));
  EXPECT_EQ(fx.weights.FindVar("q")->dtype(), DataType::kFloat32);
  EXPECT_FALSE(fx.program.blocks[0].ops[2].HasAttr("quantization_type"));
}

TEST(WeightQuant, DequantizedWeightsAreScaleTimesIntegerInAChildScope) {
  Fixture fx;
  auto original = fx.weights.FindVar("y")->data<float>();
  std::vector<float> y(original, original + 6);
  QuantizeWeights(16, &fx.program, &fx.weights);
  std::shared_ptr<Scope> held(&fx.weights, [](Scope*) {});
  auto run = DequantizedWeights(fx.program, held);
  ASSERT_NE(run.get(), held.get());
  const Tensor& yf = *run->FindVar("y");
  ASSERT_EQ(yf.dtype(), DataType::kFloat32);
  EXPECT_EQ(fx.weights.FindVar("y")->dtype(), DataType::kInt16);  // the saved form stays
  const float scales[3] = {2.f / 32767.f, 4.f / 32767.f, 0.5f / 32767.f};
  const int16_t* q = fx.weights.FindVar("y")->data<int16_t>();
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(yf.data<float>()[i], scales[i % 3] * q[i]) << i;
    EXPECT_LE(std::fabs(yf.data<float>()[i] - y[i]), scales[i % 3] / 2 * 1.0001f) << i;
  }
  // The zero channel comes back as zeros, not NaN.
  const float* ff = run->FindVar("f")->data<float>();
  EXPECT_EQ(ff[3], 0.f);
  EXPECT_EQ(run->FindVar("q"), fx.weights.FindVar("q"));  // not quantized: shared as is
}

TEST(WeightQuant, PaddleSlimPerTensorModelIsDequantizedInPlaceAndBadScalesNamed) {
  cpp::ProgramDesc program;
  program.blocks.resize(1);
  program.blocks[0].ops.push_back(Op("conv2d", "Filter", "w"));
  auto& op = program.blocks[0].ops[0];
  op.SetAttr("quantization_type", "post_weight_abs_max");
  op.SetAttr("quantize_weight_bits", 8);
  op.SetAttr("w_quant_scale", std::vector<float>{0.5f});
  Scope weights;
  Tensor* w = weights.Var("w");
  w->Resize({2, 1, 1, 2});
  int8_t* d = w->mutable_data<int8_t>();
  for (int i = 0; i < 4; ++i) d[i] = static_cast<int8_t>(i - 2);
  w->set_persistable(true);
  DequantizeWeightsInPlace(program, &weights);
  const float* f = weights.FindVar("w")->data<float>();
  EXPECT_EQ(std::vector<float>(f, f + 4), (std::vector<float>{-1.f, -0.5f, 0.f, 0.5f}));

  Scope bad;
  Tensor* b = bad.Var("w");
  b->Resize({2, 1, 1, 2});
  b->mutable_data<int8_t>();
  b->set_persistable(true);
  op.SetAttr("w_quant_scale", std::vector<float>{0.5f, 1.f, 2.f});
  try {
    DequantizeWeightsInPlace(program, &bad);
    FAIL() << "expected an error";
  } catch (const lite_api::Error& e) {
    EXPECT_NE(std::string(e.what()).find("op 'conv2d': quantized weight 'w' of dims [2, 1, 1, 2] "
                                         "has 3 scales in 'w_quant_scale' (expected 1 or one per "
                                         "channel of axis 0: 2)"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace lite
}  // namespace paddle
