#include <cmath>
#include <functional>
#include <map>

#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct UCase {
  std::string op;
  std::map<std::string, float> attrs;
  std::function<double(double)> f;
  float lo, hi;  // input range
};

double Sigmoid(double v) { return 1.0 / (1.0 + std::exp(-v)); }

std::vector<UCase> Cases() {
  return {
      {"relu6", {}, [](double v) { return std::min(std::max(v, 0.0), 6.0); }, -9, 9},
      {"relu6", {{"threshold", 3.f}}, [](double v) { return std::min(std::max(v, 0.0), 3.0); }, -9, 9},
      {"leaky_relu", {}, [](double v) { return v >= 0 ? v : 0.02 * v; }, -5, 5},
      {"leaky_relu", {{"alpha", 0.3f}}, [](double v) { return v >= 0 ? v : double(0.3f) * v; }, -5, 5},
      {"sigmoid", {}, Sigmoid, -20, 20},
      {"tanh", {}, [](double v) { return std::tanh(v); }, -10, 10},
      {"hard_sigmoid", {}, [](double v) { return std::min(std::max(0.2 * v + 0.5, 0.0), 1.0); }, -5, 5},
      {"hard_sigmoid", {{"slope", 0.1666667f}, {"offset", 0.5f}},
       [](double v) { return std::min(std::max(double(0.1666667f) * v + 0.5, 0.0), 1.0); }, -8, 8},
      {"hard_swish", {}, [](double v) { return v * std::min(std::max(v + 3, 0.0), 6.0) / 6; }, -8, 8},
      {"hard_swish", {{"threshold", 5.f}, {"scale", 4.f}, {"offset", 2.f}},
       [](double v) { return v * std::min(std::max(v + 2, 0.0), 5.0) / 4; }, -8, 8},
      {"swish", {}, [](double v) { return v * Sigmoid(v); }, -10, 10},
      {"swish", {{"beta", 2.f}}, [](double v) { return v * Sigmoid(2 * v); }, -10, 10},
      {"gelu", {}, [](double v) { return 0.5 * v * (1 + std::erf(v / std::sqrt(2.0))); }, -5, 5},
      {"gelu", {{"approximate", 1.f}},
       [](double v) {
         return 0.5 * v * (1 + std::tanh(std::sqrt(2 / M_PI) * (v + 0.044715 * v * v * v)));
       }, -5, 5},
      {"exp", {}, [](double v) { return std::exp(v); }, -10, 10},
      {"log", {}, [](double v) { return std::log(v); }, 0.01f, 100},
      {"sqrt", {}, [](double v) { return std::sqrt(v); }, 0, 100},
      {"rsqrt", {}, [](double v) { return 1 / std::sqrt(v); }, 0.01f, 100},
      {"reciprocal", {}, [](double v) { return 1 / v; }, 0.01f, 100},
      {"pow", {}, [](double v) { return v; }, -3, 3},
      {"pow", {{"factor", 2.f}}, [](double v) { return v * v; }, -3, 3},
      {"pow", {{"factor", 3.f}}, [](double v) { return v * v * v; }, -3, 3},
      {"pow", {{"factor", 0.5f}}, [](double v) { return std::sqrt(v); }, 0, 3},
      {"abs", {}, [](double v) { return std::fabs(v); }, -3, 3},
      {"square", {}, [](double v) { return v * v; }, -3, 3},
      {"softplus", {}, [](double v) { return v > 20 ? v : std::log1p(std::exp(v)); }, -30, 30},
      {"softplus", {{"beta", 2.f}, {"threshold", 10.f}},
       [](double v) { return 2 * v > 10 ? v : std::log1p(std::exp(2 * v)) / 2; }, -30, 30},
      {"elu", {}, [](double v) { return v > 0 ? v : std::expm1(v); }, -5, 5},
      {"elu", {{"alpha", 0.5f}}, [](double v) { return v > 0 ? v : 0.5 * std::expm1(v); }, -5, 5},
      {"floor", {}, [](double v) { return std::floor(v); }, -5, 5},
      {"ceil", {}, [](double v) { return std::ceil(v); }, -5, 5},
      {"round", {}, [](double v) { return std::round(v); }, -5, 5},
      {"thresholded_relu", {}, [](double v) { return v > 1 ? v : 0.0; }, -5, 5},
      {"thresholded_relu", {{"threshold", 0.5f}, {"value", -2.f}},
       [](double v) { return v > 0.5 ? v : -2.0; }, -5, 5},
      {"sign", {}, [](double v) { return double((v > 0) - (v < 0)); }, -5, 5},
      {"softsign", {}, [](double v) { return v / (1 + std::fabs(v)); }, -9, 9},
      {"sin", {}, [](double v) { return std::sin(v); }, -7, 7},
      {"cos", {}, [](double v) { return std::cos(v); }, -7, 7},
      {"erf", {}, [](double v) { return std::erf(v); }, -3, 3},
      {"log1p", {}, [](double v) { return std::log1p(v); }, -0.9f, 9},
      {"silu", {}, [](double v) { return v * Sigmoid(v); }, -10, 10},
      {"mish", {}, [](double v) { return v * std::tanh(v > 20 ? v : std::log1p(std::exp(v))); },
       -30, 30},
      {"mish", {{"threshold", 2.f}},
       [](double v) {
         double sp = v > 2 ? v : (v < -2 ? std::exp(v) : std::log1p(std::exp(v)));
         return v * std::tanh(sp);
       }, -6, 6},
      {"thresholded_relu", {}, [](double v) { return v > 1 ? v : 0.0; }, -3, 3},
      {"thresholded_relu", {{"threshold", -0.5f}}, [](double v) { return v > -0.5 ? v : 0.0; },
       -3, 3},
      {"relu_clipped", {}, [](double v) { return std::min(std::max(v, 0.0), 6.0); }, -9, 9},
      {"relu_clipped", {{"Relu_clipped_coef", 2.5f}},
       [](double v) { return std::min(std::max(v, 0.0), 2.5); }, -9, 9},
      {"negative", {}, [](double v) { return -v; }, -9, 9},
  };
}

TEST(Activation, AllOpsAllAttributesOddShapesAndDynamicDims) {
  for (const auto& c : Cases()) {
    std::string what = c.op;
    for (auto& kv : c.attrs) what += " " + kv.first + "=" + std::to_string(kv.second);
    OpRunner r(c.op);
    DDim d0{1, 3, 13, 127};
    auto x = RandomFloats(Numel(d0), c.lo, c.hi, 17);
    if (c.op == "round") x[0] = 2.5f, x[1] = -2.5f, x[2] = 0.5f;
    if (c.op == "sign") x[0] = 0.f;
    r.Input<float>("X", "x", d0, x);
    r.Output("Out", "out");
    for (auto& kv : c.attrs) {
      if (kv.first == "approximate") {
        r.Attr(kv.first, kv.second != 0.f);
      } else {
        r.Attr(kv.first, kv.second);
      }
    }
    for (int run = 0; run < 2; ++run) {
      r.Run(run + 1);
      std::vector<float> expected(x.size());
      for (size_t i = 0; i < x.size(); ++i) expected[i] = static_cast<float>(c.f(x[i]));
      EXPECT_EQ(r.Get("out")->dims(), r.Get("x")->dims()) << what;
      ExpectAllClose(expected, r.Values<float>("out"), 1e-5f, 4e-6f, what);
      // Second run: a different (dynamic) shape on the same op instance.
      DDim d1{13};
      x = RandomFloats(13, c.lo, c.hi, 18);
      Tensor* xt = r.Get("x");
      xt->Resize(d1);
      std::copy(x.begin(), x.end(), xt->mutable_data<float>());
    }
  }
}

TEST(Activation, HardSwishAndSigmoidLargeMultiThreaded) {
  DDim d{1, 16, 160, 160};
  auto x = RandomFloats(Numel(d), -8, 8, 3);
  for (const std::string op : {"hard_swish", "hard_sigmoid", "sigmoid", "leaky_relu"}) {
    OpRunner r(op);
    r.Input<float>("X", "x", d, x);
    r.Output("Out", "out");
    r.Run(2);
    std::vector<float> e(x.size());
    for (size_t i = 0; i < x.size(); ++i) {
      double v = x[i];
      e[i] = op == "hard_swish"     ? v * std::min(std::max(v + 3, 0.0), 6.0) / 6
             : op == "hard_sigmoid" ? std::min(std::max(0.2 * v + 0.5, 0.0), 1.0)
             : op == "sigmoid"      ? 1 / (1 + std::exp(-v))
                                    : (v >= 0 ? v : 0.02 * v);
    }
    ExpectAllClose(e, r.Values<float>("out"), 1e-5f, 4e-6f, op);
  }
}

TEST(Activation, PowFactorTensorOverridesAttribute) {
  OpRunner r("pow");
  r.Input<float>("X", "x", {4}, {1, 2, 3, -2});
  r.Input<float>("FactorTensor", "f", {1}, {3.f});
  r.Output("Out", "out");
  r.Attr("factor", 2.f);
  r.Run();
  ExpectAllClose({1, 8, 27, -8}, r.Values<float>("out"));
}

TEST(Activation, IntAbsSquareSign) {
  std::vector<int64_t> x{-3, 0, 5, -1, 7};
  for (const std::string op : {"abs", "square", "sign"}) {
    OpRunner r(op);
    r.Input<int64_t>("X", "x", {5}, x);
    r.Output("Out", "out");
    r.Run();
    std::vector<int64_t> e;
    for (int64_t v : x)
      e.push_back(op == "abs" ? std::llabs(v) : op == "square" ? v * v : (v > 0) - (v < 0));
    EXPECT_EQ(e, r.Values<int64_t>("out")) << op;
  }
  OpRunner r("abs");
  r.Input<int32_t>("X", "x", {3}, {-1, 2, -3});
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Values<int32_t>("out"), (std::vector<int32_t>{1, 2, 3}));
}

TEST(Activation, SoftsignHandComputed) {
  OpRunner r("softsign");
  r.Input<float>("X", "x", {7}, {-3, -1, 0, 0.5f, 1, 4, 9});
  r.Output("Out", "out");
  r.Run();
  ExpectAllClose({-0.75f, -0.5f, 0, 1.f / 3, 0.5f, 0.8f, 0.9f}, r.Values<float>("out"));
}

TEST(Activation, LeakyReluKeepsNaNAndSignedZero) {
  OpRunner r("leaky_relu");
  r.Input<float>("X", "x", {4}, {std::nanf(""), -0.f, 2.f, -2.f});
  r.Output("Out", "out");
  r.Attr("alpha", 0.5f);
  r.Run();
  auto v = r.Values<float>("out");
  EXPECT_TRUE(std::isnan(v[0]));
  EXPECT_EQ(v[1], 0.f);
  EXPECT_EQ(v[2], 2.f);
  EXPECT_EQ(v[3], -1.f);
}

TEST(Activation, BadInputsNameOp) {
  {
    OpRunner r("sigmoid");
    r.Input<int32_t>("X", "x", {3}, {1, 2, 3});
    r.Output("Out", "out");
    ExpectErrorContains([&] { r.Run(); }, {"sigmoid", "'X'", "int32", "float32"});
  }
  {
    OpRunner r("hard_swish");
    r.Input<float>("X", "x", {3}, {1, 2, 3});
    r.Output("Out", "out");
    r.Attr("scale", 0.f);
    ExpectErrorContains([&] { r.Run(); }, {"hard_swish", "'scale'"});
  }
  {
    OpRunner r("pow");
    r.Input<float>("X", "x", {3}, {1, 2, 3});
    r.Input<float>("FactorTensor", "f", {2}, {1, 2});
    r.Output("Out", "out");
    ExpectErrorContains([&] { r.Run(); }, {"pow", "'FactorTensor'", "[2]"});
  }
  {
    OpRunner r("tanh");
    r.Output("Out", "out");
    ExpectErrorContains([&] { r.Run(); }, {"tanh", "'X'"});
  }
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
