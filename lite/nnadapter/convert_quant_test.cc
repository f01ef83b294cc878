// The QUANT_INT8 path of the conv converter: operand types, numbers on
// builtin_device against an integer reference, and the QAT detector's convs.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <map>

#include "lite/core/op_test_util.h"
#include "lite/graph/pass.h"
#include "lite/nnadapter/converters.h"
#include "lite/model_parser/model_loader.h"
#include "testing/execution.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {
namespace {

NNAdapterOperandType TypeOf(NNAdapterOperand* o) {
  NNAdapterOperandType* t = nullptr;
  EXPECT_EQ(NNAdapterModel_getOperandType(o, &t), NNADAPTER_NO_ERROR);
  return *t;
}

double RoundHalfAway(double v) { return v < 0 ? -std::floor(-v + 0.5) : std::floor(v + 0.5); }
double Sat8(double v) { return std::min(127.0, std::max(-128.0, v)); }

// Finishes the converter's model (input "x" of `dims`, output "y"), runs it
// on builtin_device and returns y (n values expected).
std::vector<float> RunOnBuiltinDevice(NNAdapterModel* model, Converter& c,
                                      std::vector<float> x, const std::vector<int32_t>& dims,
                                      size_t n) {
  NNAdapterOperand* x_op = c.Mapped("x");
  NNAdapterOperand* y_op = c.Mapped("y");
  EXPECT_EQ(NNAdapterModel_identifyInputsAndOutputs(model, 1, &x_op, 1, &y_op), NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterModel_finish(model), NNADAPTER_NO_ERROR);
  std::vector<nnadapter_test::Memory> y;
  EXPECT_EQ(nnadapter_test::CompileAndRun(model, {"builtin_device"}, "", {{dims, x}}, 1, &y,
                                          "", ""),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(y.size() == 1 ? y[0].data.size() : 0u, n);
  return y.size() == 1 ? y[0].data : std::vector<float>(n, -1.f);
}

// The converter's input callback: "x" is a float tensor of `dims`.
Converter::VarInfoFn FloatInputX(const DDim& dims) {
  return [dims](const std::string& name, DDim* d, DataType* type) {
    if (name != "x") return false;
    *d = dims;
    *type = DataType::kFloat32;
    return true;
  };
}

// A persistable int8 weight "w8" of random integers in [-127, 127] (seed).
Tensor* Int8Weight(Scope* scope, const DDim& dims, uint32_t seed) {
  Tensor* w = scope->Var("w8");
  w->Resize(dims);
  w->set_persistable(true);
  auto wv = testing::RandomFloats(w->numel(), -127, 127, seed);
  for (int64_t i = 0; i < w->numel(); ++i) w->mutable_data<int8_t>()[i] = static_cast<int8_t>(std::lround(wv[i]));
  return w;
}

// A persistable float bias "b" of n random values in [-0.5, 0.5) (seed).
std::vector<float> FloatBias(Scope* scope, int64_t n, uint32_t seed) {
  Tensor* b = scope->Var("b");
  b->Resize({n});
  b->set_persistable(true);
  auto bv = testing::RandomFloats(n, -0.5f, 0.5f, seed);
  std::copy(bv.begin(), bv.end(), b->mutable_data<float>());
  return bv;
}

TEST(ConvertQuant, Int8ConvBecomesQuantizeConvDequantizeAndMatchesIntegerMath) {
  const int64_t M = 4, C = 3, H = 5, W = 6;
  Scope scope;
  Tensor* w = Int8Weight(&scope, {M, C, 3, 3}, 3);
  auto bv = FloatBias(&scope, M, 4);
  const float s_in = 2.f / 127;
  const std::vector<float> s_w = {0.011f, 0.007f, 0.013f, 0.009f};
  auto x = testing::RandomFloats(C * H * W, -2, 2, 5);

  // Integer reference (pads 1, stride 1, relu), before the output rounding.
  std::vector<double> real(M * H * W);
  double maxabs = 0;
  for (int64_t m = 0; m < M; ++m) {
    const double bs = static_cast<double>(s_in) * s_w[m];
    const double bq = RoundHalfAway(bv[m] / bs);
    for (int64_t oh = 0; oh < H; ++oh) {
      for (int64_t ow = 0; ow < W; ++ow) {
        int64_t acc = 0;
        for (int64_t c = 0; c < C; ++c) {
          for (int kh = 0; kh < 3; ++kh) {
            for (int kw = 0; kw < 3; ++kw) {
              const int64_t ih = oh + kh - 1, iw = ow + kw - 1;
              if (ih < 0 || ih >= H || iw < 0 || iw >= W) continue;
              const double qx = Sat8(RoundHalfAway(x[(c * H + ih) * W + iw] / s_in));
              acc += static_cast<int64_t>(qx) * w->data<int8_t>()[((m * C + c) * 3 + kh) * 3 + kw];
            }
          }
        }
        const double r = std::max(0.0, (static_cast<double>(acc) + bq) * bs);
        real[(m * H + oh) * W + ow] = r;
        maxabs = std::max(maxabs, r);
      }
    }
  }
  const float s_out = static_cast<float>(maxabs / 120);

  cpp::OpDesc op("conv2d");
  op.SetInput("Input", {"x"});
  op.SetInput("Filter", {"w8"});
  op.SetInput("Bias", {"b"});
  op.SetOutput("Output", {"y"});
  op.SetAttr("strides", std::vector<int32_t>{1, 1});
  op.SetAttr("paddings", std::vector<int32_t>{1, 1});
  op.SetAttr("dilations", std::vector<int32_t>{1, 1});
  op.SetAttr("groups", 1);
  op.SetAttr("act_type", std::string("relu"));
  op.SetAttr("enable_int8", true);
  op.SetAttr("Input0_scale", std::vector<float>{s_in});
  op.SetAttr("Filter0_scale", s_w);
  op.SetAttr("Output0_scale", std::vector<float>{s_out});

  NNAdapterModel* model = nullptr;
  ASSERT_EQ(NNAdapterModel_create(&model), NNADAPTER_NO_ERROR);
  Converter c(model, &scope, FloatInputX({1, C, H, W}));
  c.Convert(op);
  ASSERT_EQ(c.operations().size(), 3u);
  EXPECT_EQ(c.operations()[0].type, NNADAPTER_QUANTIZE);
  EXPECT_EQ(c.operations()[2].type, NNADAPTER_DEQUANTIZE);
  const auto& conv = c.operations()[1];
  ASSERT_EQ(conv.type, NNADAPTER_CONV_2D);
  NNAdapterOperandType in = TypeOf(conv.inputs[0]), f = TypeOf(conv.inputs[1]),
                       bias = TypeOf(conv.inputs[2]), out = TypeOf(conv.outputs[0]);
  EXPECT_EQ(in.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_FLOAT_EQ(in.symm_per_layer_params.scale, s_in);
  EXPECT_EQ(f.precision, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL);
  EXPECT_EQ(f.symm_per_channel_params.channel_dim, 0u);
  ASSERT_EQ(f.symm_per_channel_params.scale_count, 4u);
  for (int m = 0; m < 4; ++m) EXPECT_FLOAT_EQ(f.symm_per_channel_params.scales[m], s_w[m]);
  EXPECT_EQ(bias.precision, NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL);
  ASSERT_EQ(bias.symm_per_channel_params.scale_count, 4u);
  EXPECT_FLOAT_EQ(bias.symm_per_channel_params.scales[1], s_in * s_w[1]);
  EXPECT_EQ(out.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_FLOAT_EQ(out.symm_per_layer_params.scale, s_out);
  EXPECT_EQ(TypeOf(c.Mapped("y")).precision, NNADAPTER_FLOAT32);

  // Run on builtin_device.
  auto y = RunOnBuiltinDevice(model, c, x,
                              {1, static_cast<int32_t>(C), static_cast<int32_t>(H),
                               static_cast<int32_t>(W)},
                              M * H * W);
  for (size_t i = 0; i < y.size(); ++i) {
    const double expected = Sat8(RoundHalfAway(real[i] / s_out)) * s_out;
    // Off by at most one output step (8-bit rule).
    EXPECT_LE(std::fabs(y[i] - expected), s_out * 1.001) << "element " << i;
  }
  NNAdapterModel_destroy(model);
}

// fc with int8 scales: with Out0_scale QUANTIZE -> FULLY_CONNECTED on
// QUANT_INT8 operands (weight [N, K] per channel) -> DEQUANTIZE, matching
// integer math; without it a float FULLY_CONNECTED on the dequantized weight.
TEST(ConvertQuant, Int8FcBecomesQuantizedFullyConnected) {
  const int64_t M = 3, K = 8, N = 5;
  Scope scope;
  Tensor* w = Int8Weight(&scope, {K, N}, 7);
  auto bv = FloatBias(&scope, N, 8);
  const float s_in = 2.f / 127;
  const std::vector<float> s_w = {0.011f, 0.007f, 0.013f, 0.009f, 0.005f};
  auto x = testing::RandomFloats(M * K, -2, 2, 9);
  std::vector<double> real(M * N), dequant(M * N);
  double maxabs = 0;
  for (int64_t i = 0; i < M; ++i)
    for (int64_t n = 0; n < N; ++n) {
      const double bs = static_cast<double>(s_in) * s_w[n];
      int64_t acc = 0;
      double f = 0;
      for (int64_t k = 0; k < K; ++k) {
        acc += static_cast<int64_t>(Sat8(RoundHalfAway(x[i * K + k] / s_in))) *
               w->data<int8_t>()[k * N + n];
        f += static_cast<double>(x[i * K + k]) * w->data<int8_t>()[k * N + n] * s_w[n];
      }
      real[i * N + n] = std::max(0.0, (static_cast<double>(acc) + RoundHalfAway(bv[n] / bs)) * bs);
      dequant[i * N + n] = std::max(0.0, f + bv[n]);
      maxabs = std::max(maxabs, real[i * N + n]);
    }
  const float s_out = static_cast<float>(maxabs / 120);
  for (bool quant_out : {true, false}) {
    SCOPED_TRACE(quant_out ? "with Out0_scale" : "without Out0_scale");
    cpp::OpDesc op("fc");
    op.SetInput("Input", {"x"});
    op.SetInput("W", {"w8"});
    op.SetInput("Bias", {"b"});
    op.SetOutput("Out", {"y"});
    op.SetAttr("in_num_col_dims", 1);
    op.SetAttr("activation_type", std::string("relu"));
    op.SetAttr("enable_int8", true);
    op.SetAttr("Input0_scale", std::vector<float>{s_in});
    op.SetAttr("W0_scale", s_w);
    if (quant_out) op.SetAttr("Out0_scale", std::vector<float>{s_out});
    NNAdapterModel* model = nullptr;
    ASSERT_EQ(NNAdapterModel_create(&model), NNADAPTER_NO_ERROR);
    Converter c(model, &scope, FloatInputX({M, K}));
    c.Convert(op);
    if (quant_out) {
      ASSERT_EQ(c.operations().size(), 3u);
      const auto& fc = c.operations()[1];
      ASSERT_EQ(fc.type, NNADAPTER_FULLY_CONNECTED);
      NNAdapterOperandType f = TypeOf(fc.inputs[1]);
      EXPECT_EQ(TypeOf(fc.inputs[0]).precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
      EXPECT_EQ(f.precision, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL);
      EXPECT_EQ(f.dimensions.data[0], N);
      ASSERT_EQ(f.symm_per_channel_params.scale_count, 5u);
      EXPECT_FLOAT_EQ(f.symm_per_channel_params.scales[2], s_w[2]);
      EXPECT_EQ(TypeOf(fc.inputs[2]).precision, NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL);
      EXPECT_EQ(TypeOf(fc.outputs[0]).precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
    } else {
      ASSERT_EQ(c.operations().size(), 1u);
      EXPECT_EQ(TypeOf(c.operations()[0].inputs[1]).precision, NNADAPTER_FLOAT32);
    }
    auto y = RunOnBuiltinDevice(model, c, x, {static_cast<int32_t>(M), static_cast<int32_t>(K)},
                                M * N);
    for (size_t i = 0; i < y.size(); ++i) {
      if (quant_out) {
        const double expected = Sat8(RoundHalfAway(real[i] / s_out)) * s_out;
        EXPECT_LE(std::fabs(y[i] - expected), s_out * 1.001) << "element " << i;
      } else {
        EXPECT_NEAR(y[i], dequant[i], 1e-4 + 1e-5 * std::fabs(dequant[i])) << "element " << i;
      }
    }
    NNAdapterModel_destroy(model);
  }
}

// Every int8 conv of the QAT detector (after the passes with int8
// requested) converts: with Output0_scale to a QUANT_INT8 CONV_2D with a
// per-channel filter and int32 bias, without it to a float CONV_2D.
TEST(ConvertQuant, QatDetectorInt8ConvsGetPerChannelInt8Filters) {
  const char* env = std::getenv("PADDLE_LITE_MODELS_DIR");
  const std::string dir = std::string(env ? env : "../shared/models") + "/ppocrv3_det_slim_int8";
  ModelSource src;
  src.model_file = dir + "/inference.pdmodel";
  src.param_file = dir + "/inference.pdiparams";
  cpp::ProgramDesc program;
  auto weights = std::make_shared<Scope>();
  ASSERT_NO_THROW(LoadModel(src, &program, weights.get())) << "needs " << dir;
  graph::PassOptions options;
  options.int8 = true;
  graph::RunPasses(&program, weights.get(), options);
  int quant = 0, float_convs = 0, with_output_scale = 0;
  for (const auto& op : program.blocks[0].ops) {
    if (!op.GetAttr<bool>("enable_int8", false)) continue;
    if (op.HasAttr("Output0_scale")) ++with_output_scale;
    NNAdapterModel* model = nullptr;
    ASSERT_EQ(NNAdapterModel_create(&model), NNADAPTER_NO_ERROR);
    const int64_t cin = weights->FindVar(op.Input("Filter")[0])->dims()[1] *
                        op.GetAttr<int32_t>("groups", 1);
    Converter c(model, weights.get(), [&](const std::string&, DDim* dims, DataType* type) {
      *dims = {1, cin, 64, 64};
      *type = DataType::kFloat32;
      return true;
    });
    ASSERT_NO_THROW(c.Convert(op)) << op.Repr();
    for (const auto& o : c.operations()) {
      if (o.type != NNADAPTER_CONV_2D) continue;
      NNAdapterOperandType f = TypeOf(o.inputs[1]);
      if (f.precision == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL) {
        ++quant;
        EXPECT_EQ(TypeOf(o.inputs[0]).precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
        EXPECT_EQ(TypeOf(o.inputs[2]).precision, NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL);
        EXPECT_EQ(f.symm_per_channel_params.scale_count,
                  static_cast<uint32_t>(f.dimensions.data[0]));
      } else {
        EXPECT_EQ(f.precision, NNADAPTER_FLOAT32);
        ++float_convs;
      }
    }
    NNAdapterModel_destroy(model);
  }
  std::printf("QAT detector convs to NNAdapter: %d QUANT_INT8 CONV_2D, %d float CONV_2D\n", quant,
              float_convs);
  EXPECT_EQ(quant, with_output_scale);
  EXPECT_EQ(quant + float_convs, 72);
  EXPECT_GT(quant, 0);
}

}  // namespace
}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
