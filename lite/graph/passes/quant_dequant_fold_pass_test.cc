// quant_dequant_fold_pass + quant_int8_weight_pass (+ int8_nhwc_chain_pass)
// on hand-built QAT graphs and on the QAT detector.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>

#include "lite/core/op_test_util.h"
#include "lite/core/program.h"
#include "lite/graph/pass.h"
#include "lite/model_parser/model_loader.h"

namespace paddle {
namespace lite {
namespace graph {
namespace {

using testing::RandomFloats;

// A program fed with "x", plus the fake quant-dequant ops of QAT models.
struct QatBuilder : testing::ProgramBuilder {
  QatBuilder() { Feed("x", 0); }
  // x -> fake quant-dequant (per tensor, threshold `threshold`) -> out
  void ActQuant(const std::string& x, const std::string& out, float threshold) {
    Weight(out + "_scale", {1}, {threshold});
    auto& q = Op("fake_quantize_dequantize_moving_average_abs_max",
                 {{"X", x}, {"InScale", out + "_scale"}},
                 {{"Out", out}, {"OutScale", out + "_scale"}});
    q.SetAttr("bit_length", 8);
    q.SetAttr("moving_rate", 0.9f);
    q.SetAttr("is_test", true);
  }
  // A new weight `out`_w of `dims` through a channel-wise fake quant-dequant
  // along `axis`; returns the dequantized variable.
  std::string QuantWeight(const std::string& out, const DDim& dims, int axis,
                          uint32_t seed) {
    const std::string w = out + "_w";
    RandomWeight(w, dims, -1, 1, seed);
    auto& q = Op("fake_channel_wise_quantize_dequantize_abs_max", {{"X", w}},
                 {{"Out", w + "_qdq"}, {"OutScale", w + "_qdq_scale"}});
    q.SetAttr("bit_length", 8);
    q.SetAttr("quant_axis", axis);
    return w + "_qdq";
  }
  // conv2d(in, channel-wise fake quant-dequant of a new filter) -> out
  void QuantConv(const std::string& in, const std::string& out, int64_t cin, int64_t cout,
                 uint32_t seed) {
    Conv("conv2d", in, QuantWeight(out, {cout, cin, 3, 3}, 0, seed), out, {1, 1},
         {1, 1}, 1);
  }
  // mul(in, channel-wise (axis 1) fake quant-dequant of a new [k, n] weight)
  void QuantMul(const std::string& in, const std::string& out, int64_t k, int64_t n,
                uint32_t seed) {
    auto& mul = Op("mul", {{"X", in}, {"Y", QuantWeight(out, {k, n}, 1, seed)}},
                   {{"Out", out}});
    mul.SetAttr("x_num_col_dims", 1);
    mul.SetAttr("y_num_col_dims", 1);
  }
  void Relu(const std::string& in, const std::string& out) {
    Op("relu", {{"X", in}}, {{"Out", out}});
  }
};

// x -> q(4.0) -> conv c1 (3->8) -> relu r1 -> q(3.0) -> conv c2 (8->4) -> out
void BuildTwoConvs(QatBuilder* b) {
  b->ActQuant("x", "xq", 4.0f);
  b->QuantConv("xq", "c1", 3, 8, 11);
  b->Relu("c1", "r1");
  b->ActQuant("r1", "r1q", 3.0f);
  b->QuantConv("r1q", "c2", 8, 4, 12);
  b->Fetch("c2");
}

// Runs the passes with int8 enabled; how often each pass applied.
std::map<std::string, int> RunInt8Passes(cpp::ProgramDesc* program, Scope* weights) {
  PassOptions options;
  options.int8 = true;
  auto applied = RunPasses(program, weights, options);
  return std::map<std::string, int>(applied.begin(), applied.end());
}

TEST(QuantDequantFoldPass, FoldsFakeOpsIntoInt8ScalesAndWeights) {
  QatBuilder b;
  BuildTwoConvs(&b);
  const std::vector<float> w1(b.weights->FindVar("c1_w")->data<float>(),
                              b.weights->FindVar("c1_w")->data<float>() + 8 * 3 * 9);
  auto x = RandomFloats(2 * 3 * 9 * 7, -4.5f, 4.5f, 5);
  auto fake_quant_float = b.Run({2, 3, 9, 7}, x);

  std::map<std::string, int> count = RunInt8Passes(&b.program, b.weights.get());
  EXPECT_EQ(count["quant_dequant_fold_pass"], 2);
  EXPECT_EQ(count["quant_int8_weight_pass"], 2);
  EXPECT_EQ(b.OpTypes(), (std::vector<std::string>{"feed", "conv2d", "conv2d", "fetch"}));

  const cpp::OpDesc* c1 = b.OpWithOutput("r1");  // relu fused into c1
  const cpp::OpDesc* c2 = b.OpWithOutput("c2");
  ASSERT_TRUE(c1 && c2);
  EXPECT_EQ(c1->Input("Input")[0], "x");
  EXPECT_EQ(c2->Input("Input")[0], "r1");
  EXPECT_EQ(c1->GetAttr<std::string>("act_type"), "relu");
  for (const cpp::OpDesc* c : {c1, c2}) {
    EXPECT_TRUE(c->GetAttr<bool>("enable_int8"));
    EXPECT_EQ(c->GetAttr<int32_t>("bit_length"), 8);
  }
  EXPECT_EQ(c1->GetAttr<std::vector<float>>("Input0_scale"), std::vector<float>{4.0f / 127});
  EXPECT_EQ(c2->GetAttr<std::vector<float>>("Input0_scale"), std::vector<float>{3.0f / 127});
  EXPECT_FLOAT_EQ(c1->GetAttr<float>("input_scale"), 4.0f / 127);
  // c1 feeds the int8 c2: its output scale is c2's input scale.
  EXPECT_EQ(c1->GetAttr<std::vector<float>>("Output0_scale"), std::vector<float>{3.0f / 127});
  EXPECT_FALSE(c2->HasAttr("Output0_scale"));

  // Filter: int8, per-channel scale = abs max / 127, q = round(w / scale).
  const Tensor* q1 = b.weights->FindVar(c1->Input("Filter")[0]);
  ASSERT_TRUE(q1 != nullptr);
  EXPECT_EQ(q1->dtype(), DataType::kInt8);
  auto s1 = c1->GetAttr<std::vector<float>>("Filter0_scale");
  ASSERT_EQ(s1.size(), 8u);
  EXPECT_EQ(c1->GetAttr<std::vector<float>>("weight_scale"), s1);
  for (int c = 0; c < 8; ++c) {
    float absmax = 0;
    for (int i = 0; i < 27; ++i) absmax = std::max(absmax, std::fabs(w1[c * 27 + i]));
    EXPECT_NEAR(s1[c], absmax / 127, 1e-7f * absmax);
    for (int i = 0; i < 27; ++i) {
      EXPECT_EQ(q1->data<int8_t>()[c * 27 + i], static_cast<int8_t>(std::round(w1[c * 27 + i] / (absmax / 127))));
    }
  }
  // The original weights are untouched (clones share them).
  const Tensor* orig = b.weights->FindVar("c1_w");
  ASSERT_TRUE(orig && orig->dtype() == DataType::kFloat32);
  EXPECT_EQ(std::vector<float>(orig->data<float>(), orig->data<float>() + w1.size()), w1);

  // The int8 kernels run, and agree with the fake-quant float execution to
  // quantization noise (the output has values of magnitude ~10).
  std::vector<std::string> kernels;
  auto int8 = b.Run({2, 3, 9, 7}, x, &kernels);
  EXPECT_EQ(kernels, (std::vector<std::string>{"conv2d/kX86/kInt8/kNCHW/def",
                                               "conv2d/kX86/kInt8/kNCHW/def"}));
  testing::ExpectAllClose(fake_quant_float, int8, 0.05f, 0.01f, "int8 vs fake quant float");
}

// x -> q -> mul (24x10) -> + bias -> relu -> q -> mul (10x6): the first
// becomes an int8 fc (scales renamed by fc_fuse_pass), per-column weights.
TEST(QuantDequantFoldPass, FoldsMulAndFcWithPerColumnWeights) {
  QatBuilder b;
  b.ActQuant("x", "xq", 3.0f);
  b.QuantMul("xq", "m1", 24, 10, 21);
  b.Weight("bias", {10}, RandomFloats(10, -1, 1, 22));
  b.Op("elementwise_add", {{"X", "m1"}, {"Y", "bias"}}, {{"Out", "a1"}})
      .SetAttr("axis", 1);
  b.Relu("a1", "r1");
  b.ActQuant("r1", "r1q", 5.0f);
  b.QuantMul("r1q", "m2", 10, 6, 23);
  b.Fetch("m2");
  const Tensor* w1 = b.weights->FindVar("m1_w");
  const std::vector<float> w1v(w1->data<float>(), w1->data<float>() + 240);
  auto x = RandomFloats(5 * 24, -3.5f, 3.5f, 24);
  auto fake_quant_float = b.Run({5, 24}, x);
  std::map<std::string, int> count = RunInt8Passes(&b.program, b.weights.get());
  EXPECT_EQ(count["quant_dequant_fold_pass"], 2);
  EXPECT_EQ(count["quant_int8_weight_pass"], 2);
  EXPECT_EQ(b.OpTypes(), (std::vector<std::string>{"feed", "fc", "mul", "fetch"}));
  const cpp::OpDesc* fc = b.OpWithOutput("r1");
  const cpp::OpDesc* mul = b.OpWithOutput("m2");
  ASSERT_TRUE(fc && mul && fc->Type() == "fc");
  EXPECT_TRUE(fc->GetAttr<bool>("enable_int8"));
  EXPECT_EQ(fc->GetAttr<std::string>("activation_type"), "relu");
  EXPECT_EQ(fc->GetAttr<std::vector<float>>("Input0_scale"), std::vector<float>{3.0f / 127});
  EXPECT_EQ(fc->GetAttr<std::vector<float>>("Out0_scale"), std::vector<float>{5.0f / 127});
  EXPECT_EQ(mul->GetAttr<std::vector<float>>("X0_scale"), std::vector<float>{5.0f / 127});
  auto ws = fc->GetAttr<std::vector<float>>("W0_scale");
  ASSERT_EQ(ws.size(), 10u);
  const Tensor* q = b.weights->FindVar(fc->Input("W")[0]);
  ASSERT_TRUE(q && q->dtype() == DataType::kInt8);
  for (int n = 0; n < 10; ++n) {
    float absmax = 0;
    for (int k = 0; k < 24; ++k) absmax = std::max(absmax, std::fabs(w1v[k * 10 + n]));
    EXPECT_NEAR(ws[n], absmax / 127, 1e-7f * absmax);
    for (int k = 0; k < 24; ++k) {
      EXPECT_EQ(q->data<int8_t>()[k * 10 + n],
                static_cast<int8_t>(std::round(w1v[k * 10 + n] / (absmax / 127))));
    }
  }
  EXPECT_EQ(mul->GetAttr<std::vector<float>>("Y0_scale").size(), 6u);
  std::vector<std::string> kernels;
  auto int8 = b.Run({5, 24}, x, &kernels);
  EXPECT_EQ(kernels, (std::vector<std::string>{"fc/kX86/kInt8/kNCHW/def",
                                               "mul/kX86/kInt8/kNCHW/def"}));
  testing::ExpectAllClose(fake_quant_float, int8, 0.05f, 0.01f, "int8 vs fake quant float");
}

// x -> c1 (relu) -> c2 -> c3 ; a = c2 + c3 -> c4 -> model output, every
// conv quantized: c1 feeds only c2 (s8 NHWC), c2 / c3 / a stay f32 NHWC (a
// residual add between int8 convs), c4 is a model output (float NCHW).
void BuildResidualChain(QatBuilder* b) {
  b->ActQuant("x", "xq", 4.0f);
  b->QuantConv("xq", "c1", 3, 8, 31);
  b->Relu("c1", "r1");
  b->ActQuant("r1", "r1q", 3.0f);
  b->QuantConv("r1q", "c2", 8, 8, 32);
  b->ActQuant("c2", "c2q", 6.0f);
  b->QuantConv("c2q", "c3", 8, 8, 33);
  b->Op("elementwise_add", {{"X", "c2"}, {"Y", "c3"}}, {{"Out", "a"}});
  b->ActQuant("a", "aq", 12.0f);
  b->QuantConv("aq", "c4", 8, 4, 34);
  b->Fetch("c4");
}

// Runs the int8 passes on `chained` (keeping the variable names) and on
// `reference`, the same program, without int8_nhwc_chain_pass: the all-NCHW
// int8 program the NHWC chain must match. Returns the passes applied to
// `chained`.
std::vector<std::pair<std::string, int>> RunChainedAndReference(QatBuilder* chained,
                                                                QatBuilder* reference) {
  PassOptions no_chain;
  no_chain.int8 = true;
  no_chain.disabled = {"int8_nhwc_chain_pass"};
  RunPasses(&reference->program, reference->weights.get(), no_chain);
  PassOptions options;
  options.int8 = true;
  options.disabled = {"memory_optimize_pass"};  // keep the variable names
  return RunPasses(&chained->program, chained->weights.get(), options);
}

TEST(Int8NhwcChainPass, S8ChainsAndFloatNhwcResidualRegions) {
  QatBuilder b;
  BuildResidualChain(&b);
  auto x = RandomFloats(2 * 3 * 9 * 7, -4.5f, 4.5f, 35);
  auto fake_quant_float = b.Run({2, 3, 9, 7}, x);
  QatBuilder nchw;  // the same program, int8 without the NHWC chain
  BuildResidualChain(&nchw);
  auto applied = RunChainedAndReference(&b, &nchw);
  std::map<std::string, int> count(applied.begin(), applied.end());
  EXPECT_EQ(count["quant_dequant_fold_pass"], 4);
  // One s8 conv output, three f32 NHWC values, the residual add written as s8.
  EXPECT_EQ(count["int8_nhwc_chain_pass"], 1 + 3 + 1);
  const cpp::OpDesc* c1 = b.OpWithOutput("r1");
  const cpp::OpDesc* c2 = b.OpWithOutput("c2");
  const cpp::OpDesc* c3 = b.OpWithOutput("c3");
  const cpp::OpDesc* add = b.OpWithOutput("a");
  const cpp::OpDesc* c4 = b.OpWithOutput("c4");
  std::string types;
  for (const auto& t : b.OpTypes()) types += t + " ";
  ASSERT_TRUE(c1 && c2 && c3 && add && c4) << types;
  auto flag = [](const cpp::OpDesc* op, const char* name) { return op->GetAttr<bool>(name, false); };
  EXPECT_TRUE(flag(c1, "output_nhwc") && flag(c1, "output_int8"));
  EXPECT_EQ(c1->GetAttr<std::vector<float>>("Output0_scale"), std::vector<float>{3.0f / 127});
  EXPECT_TRUE(flag(c2, "input_nhwc") && flag(c2, "output_nhwc") && !flag(c2, "output_int8"));
  EXPECT_TRUE(flag(c3, "input_nhwc") && flag(c3, "output_nhwc") && !flag(c3, "output_int8"));
  EXPECT_TRUE(flag(add, "nhwc_data"));
  // c4 alone reads the sum: the add quantizes it as c4 would.
  EXPECT_TRUE(flag(add, "output_int8"));
  EXPECT_EQ(add->GetAttr<std::vector<float>>("Out0_scale"), std::vector<float>{12.0f / 127});
  EXPECT_TRUE(flag(c4, "input_nhwc") && !flag(c4, "output_nhwc"));
  EXPECT_FALSE(flag(c1, "input_nhwc"));  // the model input is NCHW
  // Same results as the all-NCHW int8 program up to the rounding of c1's
  // s8 output (oneDNN rounds the scaled result itself), and close to the
  // fake-quant float execution.
  auto chained = b.Run({2, 3, 9, 7}, x);
  auto plain = nchw.Run({2, 3, 9, 7}, x);
  testing::ExpectAllClose(plain, chained, 0.05f, 0.01f, "NHWC chain vs NCHW int8");
  testing::ExpectAllClose(fake_quant_float, chained, 0.1f, 0.02f, "NHWC chain vs fake quant");
  // The residual add refuses to broadcast NHWC data.
  cpp::OpDesc* add_mut = nullptr;
  for (auto& op : b.program.blocks[0].ops) {
    if (op.Type() == "elementwise_add") add_mut = &op;
  }
  ASSERT_TRUE(add_mut != nullptr);
  auto op = CreateOp("elementwise_add");
  Scope scope;
  scope.Var("x")->Resize({1, 8, 4, 4});
  scope.Var("x")->mutable_data<float>();
  scope.Var("y")->Resize({1, 8, 1, 1});
  scope.Var("y")->mutable_data<float>();
  scope.Var("out");
  cpp::OpDesc desc = *add_mut;
  desc.SetInput("X", {"x"});
  desc.SetInput("Y", {"y"});
  desc.SetOutput("Out", {"out"});
  op->Attach(desc, &scope);
  const std::string msg = testing::ErrorOf([&] { op->InferShape(); });
  EXPECT_NE(msg.find("nhwc_data"), std::string::npos) << msg;
  EXPECT_NE(msg.find("[1, 8, 1, 1]"), std::string::npos) << msg;
}

// An RSE-FPN block of the QAT detector: c1 feeds a squeeze-excitation
// branch (global pool -> 1x1 convs -> hard_sigmoid), the channel-broadcast
// multiply and the residual add; the sum is upsampled and goes through c2,
// whose upsampled output, plus the upsampled sum (a top-down add that
// nearest_interp_add_fuse_pass folds into the second interpolation), joins
// the upsampled sum in a channel concat read by c3.
void BuildRseBlock(QatBuilder* b) {
  b->ActQuant("x", "xq", 4.0f);
  b->QuantConv("xq", "c1", 3, 8, 41);
  b->Relu("c1", "r1");
  auto& pool = b->Op("pool2d", {{"X", "r1"}}, {{"Out", "p"}});
  pool.SetAttr("pooling_type", std::string("avg"));
  pool.SetAttr("global_pooling", true);
  pool.SetAttr("ksize", std::vector<int>{1, 1});
  b->ActQuant("p", "pq", 3.0f);
  b->Conv("conv2d", "pq", b->QuantWeight("se1", {4, 8, 1, 1}, 0, 42), "se1", {1, 1}, {0, 0}, 1);
  b->Relu("se1", "se1r");
  b->ActQuant("se1r", "se1q", 3.0f);
  b->Conv("conv2d", "se1q", b->QuantWeight("se2", {8, 4, 1, 1}, 0, 43), "se2", {1, 1}, {0, 0},
          1);
  b->Op("hard_sigmoid", {{"X", "se2"}}, {{"Out", "hs"}});
  b->Op("elementwise_mul", {{"X", "r1"}, {"Y", "hs"}}, {{"Out", "m"}});
  b->Op("elementwise_add", {{"X", "r1"}, {"Y", "m"}}, {{"Out", "a"}});
  auto interp = [&](const std::string& in, const std::string& out) {
    auto& op = b->Op("nearest_interp_v2", {{"X", in}}, {{"Out", out}});
    op.SetAttr("scale", std::vector<float>{2.f, 2.f});
    op.SetAttr("align_corners", false);
    op.SetAttr("interp_method", std::string("nearest"));
  };
  interp("a", "i1");
  b->ActQuant("a", "aq", 8.0f);
  b->QuantConv("aq", "c2", 8, 8, 44);
  interp("c2", "i2");
  b->Op("elementwise_add", {{"X", "i1"}, {"Y", "i2"}}, {{"Out", "t"}});
  b->Op("concat", {{"X", "i1"}}, {{"Out", "cc"}}).SetInput("X", {"i1", "t"});
  b->block().ops.back().SetAttr("axis", 1);
  b->ActQuant("cc", "ccq", 8.0f);
  b->QuantConv("ccq", "c3", 16, 4, 45);
  b->Fetch("c3");
}

TEST(Int8NhwcChainPass, RseBlockStaysNhwcThroughPoolMulInterpAndConcat) {
  QatBuilder b;
  BuildRseBlock(&b);
  const DDim in{2, 3, 9, 7};
  auto x = RandomFloats(Numel(in), -4.5f, 4.5f, 46);
  QatBuilder nchw;
  BuildRseBlock(&nchw);
  RunChainedAndReference(&b, &nchw);
  auto flag = [&](const std::string& out, const char* name) {
    const cpp::OpDesc* op = b.OpWithOutput(out);
    return op && op->GetAttr<bool>(name, false);
  };
  EXPECT_TRUE(flag("r1", "output_nhwc"));  // c1 with the relu fused
  // The residual add joined the multiply (mul_plus_x_fuse_pass): it writes a.
  EXPECT_EQ(b.OpWithOutput("m"), nullptr);
  EXPECT_TRUE(flag("a", "plus_x"));
  // The top-down add joined c2's upsampling, which reads i1 as its Addend.
  EXPECT_EQ(b.OpWithOutput("i2"), nullptr);
  ASSERT_NE(b.OpWithOutput("t"), nullptr);
  EXPECT_EQ(b.OpWithOutput("t")->Input("Addend"), std::vector<std::string>{"i1"});
  for (const char* out : {"p", "a", "i1", "t", "cc"}) {
    EXPECT_TRUE(flag(out, "nhwc_data")) << out;
  }
  EXPECT_TRUE(flag("c2", "input_nhwc") && flag("c2", "output_nhwc"));
  EXPECT_TRUE(flag("c3", "input_nhwc") && !flag("c3", "output_nhwc"));
  // c3 alone reads the concat: it writes the s8 data c3 would quantize.
  EXPECT_TRUE(flag("cc", "output_int8"));
  EXPECT_EQ(b.OpWithOutput("cc")->GetAttr<std::vector<float>>("Out0_scale", {}),
            std::vector<float>{b.OpWithOutput("c3")->GetAttr<float>("input_scale", 0.f)});
  // The multiply's [N, C, 1, 1] scale (se2 with hard_sigmoid fused) is the
  // same in either layout and stays a plain float output.
  const cpp::OpDesc* se2 = b.OpWithOutput("hs");
  ASSERT_TRUE(se2 != nullptr);
  EXPECT_EQ(se2->Type(), "conv2d");
  EXPECT_FALSE(se2->GetAttr<bool>("output_nhwc", false)) << se2->Repr();
  testing::ExpectAllClose(nchw.Run(in, x), b.Run(in, x), 0.05f, 0.01f,
                          "RSE block NHWC vs NCHW int8");
}

TEST(QuantDequantFoldPass, WithoutInt8PlacesNothingIsFolded) {
  QatBuilder b;
  BuildTwoConvs(&b);
  auto x = RandomFloats(1 * 3 * 5 * 5, -1, 1, 6);
  auto before = b.Run({1, 3, 5, 5}, x);
  auto applied = RunPasses(&b.program, b.weights.get(), PassOptions{});
  std::map<std::string, int> count(applied.begin(), applied.end());
  EXPECT_EQ(count["quant_dequant_fold_pass"], 0);
  EXPECT_EQ(count["quant_int8_weight_pass"], 0);
  for (auto& op : b.program.blocks[0].ops) EXPECT_FALSE(op.HasAttr("enable_int8"));
  // Activation fake ops still execute in float; the numbers are unchanged.
  EXPECT_EQ(b.OpTypes()[1], "fake_quantize_dequantize_moving_average_abs_max");
  testing::ExpectAllClose(before, b.Run({1, 3, 5, 5}, x), 1e-5f, 1e-5f, "no int8");
}

TEST(QuantDequantFoldPass, MixedPrecisionConfigKeepsTheListedOpsInFloat) {
  QatBuilder b;
  BuildTwoConvs(&b);
  auto x = RandomFloats(2 * 3 * 9 * 7, -4.5f, 4.5f, 5);
  auto fake_quant_float = b.Run({2, 3, 9, 7}, x);
  PassOptions options;
  options.int8 = true;
  // The partition config's syntax: type, any inputs, the output c2.
  options.mixed_precision_config = "# keep the second conv in float\r\nconv2d::c2\r\n";
  options.mixed_precision_source = "mixed.txt";
  auto applied = RunPasses(&b.program, b.weights.get(), options);
  std::map<std::string, int> count(applied.begin(), applied.end());
  EXPECT_EQ(count["quant_dequant_fold_pass"], 1);
  const cpp::OpDesc* c1 = b.OpWithOutput("r1");
  const cpp::OpDesc* c2 = b.OpWithOutput("c2");
  ASSERT_TRUE(c1 && c2);
  EXPECT_TRUE(c1->GetAttr<bool>("enable_int8"));
  EXPECT_FALSE(c2->HasAttr("enable_int8")) << c2->Repr();
  // c2's input fake op stays and runs in float, as does c2.
  int fake = 0;
  for (const auto& t : b.OpTypes()) fake += t == "fake_quantize_dequantize_moving_average_abs_max";
  EXPECT_EQ(fake, 1);
  testing::ExpectAllClose(fake_quant_float, b.Run({2, 3, 9, 7}, x), 0.05f, 0.05f,
                          "mixed precision");
}

TEST(QuantDequantFoldPass, KeepsActivationQuantFeedingANonConvOp) {
  QatBuilder b;
  b.ActQuant("x", "xq", 2.0f);
  b.QuantConv("xq", "c1", 3, 4, 3);
  b.Relu("xq", "r");  // a second, non-conv consumer of the quantized x
  b.Op("elementwise_add", {{"X", "c1"}, {"Y", "r"}}, {{"Out", "y"}});
  b.Fetch("y");
  std::map<std::string, int> count = RunInt8Passes(&b.program, b.weights.get());
  EXPECT_EQ(count["quant_dequant_fold_pass"], 0);
  EXPECT_EQ(b.OpTypes()[1], "fake_quantize_dequantize_moving_average_abs_max");
  for (auto& op : b.program.blocks[0].ops) EXPECT_FALSE(op.HasAttr("enable_int8")) << op.Repr();
}

TEST(QuantDequantFoldPass, UnusableScalesAreNotFolded) {
  // A zero activation threshold and a 16-bit quantization are left to the
  // float fake ops (they still execute correctly), never folded into
  // meaningless int8 scales.
  for (int variant = 0; variant < 2; ++variant) {
    QatBuilder b;
    b.ActQuant("x", "xq", variant == 0 ? 0.f : 3.f);
    if (variant == 1) b.block().ops.back().SetAttr("bit_length", 16);
    b.QuantConv("xq", "c1", 3, 4, 7);
    b.Fetch("c1");
    std::map<std::string, int> count = RunInt8Passes(&b.program, b.weights.get());
    EXPECT_EQ(count["quant_dequant_fold_pass"], 0) << "variant " << variant;
    EXPECT_EQ(count["quant_int8_weight_pass"], 0) << "variant " << variant;
    EXPECT_EQ(b.OpTypes()[1], "fake_quantize_dequantize_moving_average_abs_max");
  }
}

std::string ModelsDir() {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  return env ? env : "../shared/models";
}

TEST(QuantDequantFoldPass, QatDetectorLosesEveryFakeOpAndGetsInt8Convs) {
  ModelSource src;
  const std::string dir = ModelsDir() + "/ppocrv3_det_slim_int8";
  src.model_file = dir + "/inference.pdmodel";
  src.param_file = dir + "/inference.pdiparams";
  cpp::ProgramDesc program;
  auto weights = std::make_shared<Scope>();
  ASSERT_NO_THROW(LoadModel(src, &program, weights.get())) << "needs " << dir;
  std::map<std::string, int> count = RunInt8Passes(&program, weights.get());
  EXPECT_EQ(count["quant_dequant_fold_pass"], 72);  // one per activation fake op
  EXPECT_EQ(count["quant_int8_weight_pass"], 72);   // 57 conv2d + 15 depthwise
  int int8_convs = 0, with_output_scale = 0;
  for (auto& op : program.blocks[0].ops) {
    EXPECT_EQ(op.Type().find("fake_"), std::string::npos) << op.Repr();
    if (!op.GetAttr<bool>("enable_int8", false)) continue;
    ++int8_convs;
    const Tensor* f = weights->FindVar(op.Input("Filter")[0]);
    ASSERT_TRUE(f != nullptr);
    EXPECT_EQ(f->dtype(), DataType::kInt8);
    EXPECT_EQ(op.GetAttr<std::vector<float>>("Filter0_scale").size(),
              static_cast<size_t>(f->dims()[0]));
    EXPECT_GT(op.GetAttr<std::vector<float>>("Input0_scale")[0], 0.f);
    if (op.HasAttr("Output0_scale")) ++with_output_scale;
  }
  EXPECT_EQ(int8_convs, 72);
  std::printf("QAT detector: %d int8 convs, %d with Output0_scale\n", int8_convs,
              with_output_scale);
  EXPECT_GT(with_output_scale, 0);
}

}  // namespace
}  // namespace graph
}  // namespace lite
}  // namespace paddle
