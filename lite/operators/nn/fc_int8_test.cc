// int8 mul / fc kernel against an exact quantized reference.
#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

int8_t Q(float v, float scale) {
  return static_cast<int8_t>(std::min(127.f, std::max(-127.f, std::nearbyint(v / scale))));
}

struct FcInt8Case {
  std::string op;  // "fc" or "mul"
  DDim x;
  int64_t K, N;
  int x_num_col_dims;
  bool per_column, int8_weights, bias, padding_weights;
  std::string act;
  float x_range{2.f};
};

void RunFcInt8(const FcInt8Case& c) {
  SCOPED_TRACE(c.op + " x " + DimsToString(c.x) + " K " + std::to_string(c.K) + " N " +
               std::to_string(c.N) + " act '" + c.act + "'");
  const int64_t M = Numel(c.x) / c.K, K = c.K, N = c.N;
  const int64_t ld = c.padding_weights ? N + 4 : N, rows = c.padding_weights ? K + 4 : K;
  auto x = RandomFloats(Numel(c.x), -c.x_range, c.x_range, 1);
  auto w = RandomFloats(rows * ld, -0.5f, 0.5f, 2);
  auto b = RandomFloats(N, -1, 1, 3);
  const float in_scale = 2.f / 127;
  std::vector<float> w_scale;
  for (int64_t n = 0; n < (c.per_column ? N : 1); ++n) {
    float mx = 1e-6f;
    for (int64_t k = 0; k < K; ++k)
      for (int64_t j = c.per_column ? n : 0; j < (c.per_column ? n + 1 : N); ++j)
        mx = std::max(mx, std::fabs(w[k * ld + j]));
    w_scale.push_back(mx / 127);
  }
  auto ws = [&](int64_t n) { return w_scale.size() == 1 ? w_scale[0] : w_scale[n]; };
  std::vector<int8_t> qw(rows * ld, 0);
  for (int64_t k = 0; k < K; ++k)
    for (int64_t n = 0; n < N; ++n) qw[k * ld + n] = Q(w[k * ld + n], ws(n));
  OpRunner r(c.op);
  const bool fc = c.op == "fc";
  r.Input<float>(fc ? "Input" : "X", "x", c.x, x);
  if (c.int8_weights) {
    r.Input<int8_t>(fc ? "W" : "Y", "w", {rows, ld}, qw)->set_persistable(true);
  } else {
    r.Input<float>(fc ? "W" : "Y", "w", {rows, ld}, w)->set_persistable(true);
  }
  if (c.bias) r.Input<float>("Bias", "b", {N}, b);
  r.Output("Out", "y");
  r.Attr(fc ? "in_num_col_dims" : "x_num_col_dims", c.x_num_col_dims);
  if (c.padding_weights) r.Attr("padding_weights", true);
  r.Attr("enable_int8", true);
  r.Attr(fc ? "Input0_scale" : "X0_scale", std::vector<float>{in_scale});
  r.Attr(fc ? "W0_scale" : "Y0_scale", w_scale);
  if (fc) SetActAttrs(&r, c.act, "activation_type");
  r.Run(1, "", PrecisionType::kInt8);
  r.Run(2, "", PrecisionType::kInt8);  // packed weights reused, other thread count
  std::vector<float> expected(M * N);
  for (int64_t i = 0; i < M; ++i)
    for (int64_t n = 0; n < N; ++n) {
      int64_t acc = 0;
      for (int64_t k = 0; k < K; ++k) acc += int64_t{Q(x[i * K + k], in_scale)} * qw[k * ld + n];
      float v = static_cast<float>(acc * static_cast<double>(in_scale) * ws(n));
      if (c.bias) v += b[n];
      expected[i * N + n] = c.act.empty() ? v : RefActivation(c.act, v);
    }
  DDim od(c.x.begin(), c.x.begin() + c.x_num_col_dims);
  od.push_back(N);
  EXPECT_EQ(r.Get("y")->dims(), od);
  ExpectAllClose(expected, r.Values<float>("y"), 1e-4f, 1e-4f, "int8 " + c.op);
}

TEST(FcInt8, MatchesQuantizedReference) {
  RunFcInt8({"fc", {4, 24}, 24, 10, 1, true, true, true, false, "relu"});
  RunFcInt8({"fc", {3, 5, 16}, 16, 7, 2, false, false, false, false, ""});
  RunFcInt8({"fc", {2, 33}, 33, 9, 1, true, false, true, true, "relu6"});
  RunFcInt8({"mul", {5, 3, 4}, 12, 6, 1, true, true, false, false, ""});
  // Inputs beyond ±127 * input scale saturate.
  RunFcInt8({"mul", {7, 20}, 20, 5, 1, true, true, false, false, "", 6.f});
}

TEST(FcInt8, BadScalesAreErrors) {
  auto make = [](const std::vector<float>& w_scale, const std::vector<float>& in_scale) {
    OpRunner r("mul");
    r.Input<float>("X", "x", {2, 3}, RandomFloats(6, -1, 1, 4));
    r.Input<float>("Y", "w", {3, 4}, RandomFloats(12, -1, 1, 5))->set_persistable(true);
    r.Output("Out", "y");
    r.Attr("enable_int8", true);
    r.Attr("X0_scale", in_scale);
    r.Attr("Y0_scale", w_scale);
    r.Run(1, "", PrecisionType::kInt8);
  };
  EXPECT_NO_THROW(make({0.01f, 0.01f, 0.01f, 0.01f}, {0.02f}));
  std::string e = ErrorOf([&] { make({0.01f, 0.01f}, {0.02f}); });
  EXPECT_NE(e.find("'Y0_scale' has 2 values; expected 1 or 4"), std::string::npos) << e;
  e = ErrorOf([&] { make({0.01f}, {}); });
  EXPECT_NE(e.find("'X0_scale'"), std::string::npos) << e;
  e = ErrorOf([&] { make({-1.f}, {0.02f}); });
  EXPECT_NE(e.find("'Y0_scale' values must be positive"), std::string::npos) << e;
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
