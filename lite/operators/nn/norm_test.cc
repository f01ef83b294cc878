#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

TEST(BatchNorm, MatchesNaiveNchwNhwcAndRanks) {
  struct Case { DDim x; std::string layout; };
  for (const Case& c : {Case{{2, 3, 13, 7}, "NCHW"}, Case{{1, 127}, "NCHW"},
                        Case{{2, 5, 3}, "NCHW"}, Case{{1, 2, 3, 4, 5}, "NCHW"},
                        Case{{2, 7, 5, 3}, "NHWC"}, Case{{1, 64, 56, 56}, "NCHW"}}) {
    SCOPED_TRACE(DimsToString(c.x) + " " + c.layout);
    const int64_t C = c.layout == "NHWC" ? c.x.back() : c.x[1];
    OpRunner r("batch_norm");
    auto x = RandomFloats(Numel(c.x), -3, 3, 1);
    auto scale = RandomFloats(C, 0.5f, 2, 2), bias = RandomFloats(C, -1, 1, 3);
    auto mean = RandomFloats(C, -1, 1, 4), var = RandomFloats(C, 0.1f, 2, 5);
    r.Input<float>("X", "x", c.x, x);
    r.Input<float>("Scale", "scale", {C}, scale);
    r.Input<float>("Bias", "bias", {C}, bias);
    r.Input<float>("Mean", "mean", {C}, mean);
    r.Input<float>("Variance", "var", {C}, var);
    r.Output("Y", "y");
    // As in Paddle models: MeanOut/VarianceOut name the running stats.
    r.Output("MeanOut", "mean");
    r.Output("VarianceOut", "var");
    r.Output("SavedMean", "saved_mean");
    r.Output("SavedVariance", "saved_var");
    r.Attr("epsilon", 1e-3f);
    r.Attr("is_test", true);
    r.Attr("data_layout", c.layout);
    r.Run(2);
    std::vector<float> expected(x.size());
    const int64_t inner = c.layout == "NHWC" ? 1 : DimsProduct(c.x, 2, c.x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      const int64_t ch = c.layout == "NHWC" ? static_cast<int64_t>(i) % C
                                            : (static_cast<int64_t>(i) / inner) % C;
      expected[i] = static_cast<float>((x[i] - mean[ch]) / std::sqrt(double(var[ch]) + 1e-3) *
                                           scale[ch] + bias[ch]);
    }
    EXPECT_EQ(r.Get("y")->dims(), c.x);
    ExpectAllClose(expected, r.Values<float>("y"), 1e-5f, 1e-5f, "batch_norm");
    // Running stats untouched, saved stats bound with C elements.
    ExpectAllClose(mean, r.Values<float>("mean"), 0, 0, "mean");
    ExpectAllClose(var, r.Values<float>("var"), 0, 0, "var");
    EXPECT_EQ(r.Get("saved_mean")->dims(), (DDim{C}));
    EXPECT_EQ(r.Values<float>("saved_var").size(), static_cast<size_t>(C));
  }
}

TEST(BatchNorm, DistinctMeanOutGetsACopyAndChannelMismatchIsAnError) {
  OpRunner r("batch_norm");
  r.Input<float>("X", "x", {1, 2, 2, 2}, RandomFloats(8));
  r.Input<float>("Scale", "scale", {2}, {1, 1});
  r.Input<float>("Bias", "bias", {2}, {0, 0});
  r.Input<float>("Mean", "mean", {2}, {0.5f, -0.5f});
  r.Input<float>("Variance", "var", {2}, {1, 1});
  r.Output("Y", "y");
  r.Output("MeanOut", "mean_out");
  r.Run();
  EXPECT_EQ(r.Values<float>("mean_out"), (std::vector<float>{0.5f, -0.5f}));
  r.Get("x")->Resize({1, 3, 2, 2});
  r.Get("x")->mutable_data<float>();
  ExpectErrorMentions(r, {"batch_norm", "[1, 3, 2, 2]"});
}

std::vector<float> NaiveNorm(const std::vector<float>& x, int64_t groups, int64_t size,
                             const float* scale, const float* bias, int64_t param_period,
                             int64_t param_div, float eps, std::vector<float>* means,
                             std::vector<float>* vars) {
  std::vector<float> y(x.size());
  for (int64_t g = 0; g < groups; ++g) {
    double m = 0, v = 0;
    for (int64_t j = 0; j < size; ++j) m += x[g * size + j];
    m /= size;
    for (int64_t j = 0; j < size; ++j) v += (x[g * size + j] - m) * (x[g * size + j] - m);
    v /= size;
    means->push_back(static_cast<float>(m));
    vars->push_back(static_cast<float>(v));
    for (int64_t j = 0; j < size; ++j) {
      // parameter index: layer_norm -> j; instance_norm -> channel g % C
      const int64_t pi = param_period == 0 ? j : (g % param_period) / param_div;
      double val = (x[g * size + j] - m) / std::sqrt(v + eps);
      if (scale) val *= scale[pi];
      if (bias) val += bias[pi];
      y[g * size + j] = static_cast<float>(val);
    }
  }
  return y;
}

TEST(LayerNorm, AxesOptionalScaleBiasAndStats) {
  for (DDim xd : {DDim{2, 3, 13}, DDim{1, 127}, DDim{3, 1, 5, 7}})
    for (int axis = 1; axis < static_cast<int>(xd.size()); ++axis)
      for (bool with_scale : {false, true})
        for (bool with_bias : {false, true}) {
          SCOPED_TRACE(DimsToString(xd) + " axis " + std::to_string(axis));
          const int64_t left = DimsProduct(xd, 0, axis), right = DimsProduct(xd, axis, xd.size());
          OpRunner r("layer_norm");
          auto x = RandomFloats(Numel(xd), -2, 2, 1);
          auto s = RandomFloats(right, 0.5f, 1.5f, 2), b = RandomFloats(right, -1, 1, 3);
          r.Input<float>("X", "x", xd, x);
          if (with_scale) r.Input<float>("Scale", "s", {right}, s);
          if (with_bias) r.Input<float>("Bias", "b", {right}, b);
          r.Output("Y", "y");
          r.Output("Mean", "m");
          r.Output("Variance", "v");
          r.Attr("begin_norm_axis", axis);
          r.Attr("epsilon", 1e-5f);
          r.Run();
          std::vector<float> means, vars;
          auto expected = NaiveNorm(x, left, right, with_scale ? s.data() : nullptr,
                                    with_bias ? b.data() : nullptr, 0, 1, 1e-5f, &means, &vars);
          EXPECT_EQ(r.Get("y")->dims(), xd);
          ExpectAllClose(expected, r.Values<float>("y"), 1e-5f, 1e-5f, "Y");
          ExpectAllClose(means, r.Values<float>("m"), 1e-6f, 1e-6f, "Mean");
          ExpectAllClose(vars, r.Values<float>("v"), 1e-6f, 1e-6f, "Variance");
        }
}

TEST(LayerNorm, BadAxisAndScaleSizeAreErrors) {
  OpRunner r("layer_norm");
  r.Input<float>("X", "x", {2, 3}, RandomFloats(6));
  r.Input<float>("Scale", "s", {2}, RandomFloats(2));
  r.Output("Y", "y");
  r.Attr("begin_norm_axis", 1);
  ExpectErrorMentions(r, {"layer_norm", "'Scale'"});
  OpRunner r2("layer_norm");
  r2.Input<float>("X", "x", {2, 3}, RandomFloats(6));
  r2.Output("Y", "y");
  r2.Attr("begin_norm_axis", 2);
  ExpectErrorMentions(r2, {"begin_norm_axis"});
}

TEST(InstanceNorm, PlanesWithOptionalScaleBias) {
  for (DDim xd : {DDim{2, 3, 5, 7}, DDim{1, 13, 1, 127}, DDim{3, 4, 6}})
    for (bool affine : {false, true}) {
      SCOPED_TRACE(DimsToString(xd));
      const int64_t C = xd[1], inner = DimsProduct(xd, 2, xd.size());
      OpRunner r("instance_norm");
      auto x = RandomFloats(Numel(xd), -2, 2, 1);
      auto s = RandomFloats(C, 0.5f, 1.5f, 2), b = RandomFloats(C, -1, 1, 3);
      r.Input<float>("X", "x", xd, x);
      if (affine) {
        r.Input<float>("Scale", "s", {C}, s);
        r.Input<float>("Bias", "b", {C}, b);
      }
      r.Output("Y", "y");
      r.Output("SavedMean", "m");
      r.Output("SavedVariance", "v");
      r.Attr("epsilon", 1e-5f);
      r.Run(2);
      std::vector<float> means, vars;
      auto expected = NaiveNorm(x, xd[0] * C, inner, affine ? s.data() : nullptr,
                                affine ? b.data() : nullptr, C, 1, 1e-5f, &means, &vars);
      for (auto& v : vars) v = static_cast<float>(1.0 / std::sqrt(double(v) + 1e-5));
      ExpectAllClose(expected, r.Values<float>("y"), 1e-5f, 1e-5f, "Y");
      ExpectAllClose(means, r.Values<float>("m"), 1e-6f, 1e-6f, "SavedMean");
      ExpectAllClose(vars, r.Values<float>("v"), 1e-5f, 1e-5f, "SavedVariance");
    }
}

TEST(SyncBatchNorm, IsBatchNormAtInference) {
  DDim xd{2, 3, 13, 1};
  auto x = RandomFloats(Numel(xd), -3, 3, 1);
  std::vector<std::vector<float>> outs;
  for (const char* op : {"batch_norm", "sync_batch_norm"}) {
    OpRunner r(op);
    r.Input<float>("X", "x", xd, x);
    r.Input<float>("Scale", "scale", {3}, {0.5f, 1.f, 2.f});
    r.Input<float>("Bias", "bias", {3}, {0.f, -1.f, 1.f});
    r.Input<float>("Mean", "mean", {3}, {0.1f, 0.2f, -0.3f});
    r.Input<float>("Variance", "var", {3}, {1.f, 0.5f, 2.f});
    r.Output("Y", "y");
    r.Attr("epsilon", 1e-5f);
    r.Run();
    outs.push_back(r.Values<float>("y"));
  }
  EXPECT_EQ(outs[0], outs[1]);
  // x[0] in channel 0: (x - 0.1) / sqrt(1 + 1e-5) * 0.5.
  EXPECT_NEAR(outs[1][0], (x[0] - 0.1) / std::sqrt(1 + 1e-5) * 0.5, 1e-6);
  OpRunner bad("sync_batch_norm");
  bad.Input<float>("X", "x", xd, x);
  for (const char* slot : {"Scale", "Bias", "Mean", "Variance"})
    bad.Input<float>(slot, std::string(slot), {2}, {1.f, 1.f});
  bad.Output("Y", "y");
  ExpectErrorMentions(bad, {"sync_batch_norm", "Scale"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
