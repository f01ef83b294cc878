#include <algorithm>
#include <functional>

#include "lite/operators/math/math_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Naive reduction: walk every input element, accumulate into its output slot.
template <typename T>
std::vector<T> RefReduce(const DDim& d, const std::vector<T>& x, std::vector<int> dims,
                         bool reduce_all, const std::string& op, DDim* out_dims,
                         bool keep_dim) {
  int rank = static_cast<int>(d.size());
  std::vector<bool> red(rank, reduce_all || dims.empty());
  for (int v : dims) red[v < 0 ? v + rank : v] = true;
  DDim od, full;
  for (int i = 0; i < rank; ++i) {
    full.push_back(red[i] ? 1 : d[i]);
    if (!red[i]) od.push_back(d[i]);
    else if (keep_dim) od.push_back(1);
  }
  if (od.empty()) od = {1};
  *out_dims = od;
  int64_t on = Numel(full);
  std::vector<double> acc(on, op == "reduce_prod" ? 1.0 : op == "reduce_max" ? -1e300
                                                     : op == "reduce_min" ? 1e300 : 0.0);
  std::vector<int64_t> cnt(on, 0);
  std::vector<int64_t> idx(rank);
  for (int64_t i = 0; i < Numel(d); ++i) {
    int64_t r = i;
    for (int j = rank - 1; j >= 0; --j) { idx[j] = r % d[j]; r /= d[j]; }
    int64_t o = 0;
    for (int j = 0; j < rank; ++j) o = o * full[j] + (red[j] ? 0 : idx[j]);
    double v = static_cast<double>(x[i]);
    if (op == "reduce_sum" || op == "reduce_mean") acc[o] += v;
    if (op == "reduce_prod") acc[o] *= v;
    if (op == "reduce_max") acc[o] = std::max(acc[o], v);
    if (op == "reduce_min") acc[o] = std::min(acc[o], v);
    cnt[o]++;
  }
  std::vector<T> out(on);
  for (int64_t o = 0; o < on; ++o) {
    if (op == "reduce_mean") {
      out[o] = std::is_integral<T>::value ? static_cast<T>(static_cast<int64_t>(acc[o]) / cnt[o])
                                          : static_cast<T>(acc[o] / cnt[o]);
    } else {
      out[o] = static_cast<T>(acc[o]);
    }
  }
  return out;
}

struct RCase {
  DDim d;
  std::vector<int> dims;
  bool reduce_all;
};

const std::vector<RCase> kCases = {
    {{13}, {0}, false},          {{3, 13}, {1}, false},        {{3, 13}, {0}, false},
    {{3, 13}, {-1}, false},      {{2, 3, 4, 5}, {1}, false},   {{2, 3, 4, 5}, {2, 3}, false},
    {{2, 3, 4, 5}, {0, 2}, false}, {{2, 3, 4, 5}, {1, 3}, false},
    {{2, 3, 4, 5}, {0, 1, 2, 3}, false}, {{2, 3, 4, 5}, {1}, true}, {{2, 3, 4, 5}, {}, false},
    {{1, 3, 13, 127}, {-1, -2}, false}, {{1, 3, 1, 5}, {2}, false},
};

TEST(Reduce, FloatAllOpsAllDimsKeepDim) {
  for (std::string op : {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"}) {
    for (const auto& c : kCases) {
      for (bool keep : {false, true}) {
        auto x = op == "reduce_prod" ? RandomFloats(Numel(c.d), 0.9f, 1.1f, 3)
                                     : RandomFloats(Numel(c.d), -2, 2, 3);
        OpRunner r(op);
        r.Input<float>("X", "x", c.d, x);
        r.Output("Out", "out");
        r.Attr("dim", std::vector<int32_t>(c.dims.begin(), c.dims.end()));
        r.Attr("keep_dim", keep);
        r.Attr("reduce_all", c.reduce_all);
        r.Run(2);
        DDim od;
        auto e = RefReduce<float>(c.d, x, c.dims, c.reduce_all, op, &od, keep);
        std::string what = op + " " + DimsToString(c.d) + " keep " + std::to_string(keep);
        EXPECT_EQ(r.Get("out")->dims(), od) << what;
        ExpectAllClose(e, r.Values<float>("out"), 1e-4f, 1e-5f, what);
      }
    }
  }
}

template <typename T>
void CheckIntReduce() {
  for (std::string op : {"reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod"}) {
    for (const auto& c : kCases) {
      // Products of +-1 and a few 2s stay in range.
      auto x = Cast<T>(op == "reduce_prod" ? RandomInts(Numel(c.d), -1, 1, 5, true)
                                           : RandomInts(Numel(c.d), -50, 50, 5));
      if (op == "reduce_prod") x[0] = 2, x[Numel(c.d) - 1] = 2;
      OpRunner r(op);
      r.Input<T>("X", "x", c.d, x);
      r.Output("Out", "out");
      r.Attr("dim", std::vector<int32_t>(c.dims.begin(), c.dims.end()));
      r.Attr("reduce_all", c.reduce_all);
      r.Run();
      DDim od;
      auto e = RefReduce<T>(c.d, x, c.dims, c.reduce_all, op, &od, false);
      EXPECT_EQ(r.Get("out")->dims(), od) << op;
      EXPECT_EQ(e, r.Values<T>("out")) << op << " " << DimsToString(c.d);
    }
  }
}

TEST(Reduce, Int32AndInt64) {
  CheckIntReduce<int32_t>();
  CheckIntReduce<int64_t>();
}

// Older exports write `dim` as a scalar; Paddle's loaders accept it as a
// one-element list.
TEST(Reduce, ScalarDimOfOlderExportsIsOneAxis) {
  OpRunner r("reduce_sum");
  r.Input<float>("X", "x", {2, 3}, {1.f, 2.f, 3.f, 4.f, 5.f, 6.f});
  r.Output("Out", "out");
  r.Attr("dim", int32_t{1});
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2}));
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{6.f, 15.f}));
  OpRunner m("reduce_mean");
  m.Input<float>("X", "x", {2, 3}, {1.f, 2.f, 3.f, 4.f, 5.f, 6.f});
  m.Output("Out", "out");
  m.Attr("dim", int64_t{0});
  m.Attr("keep_dim", true);
  m.Run();
  EXPECT_EQ(m.Get("out")->dims(), (DDim{1, 3}));
  EXPECT_EQ(m.Values<float>("out"), (std::vector<float>{2.5f, 3.5f, 4.5f}));
}

// paddle.sum of int32 or bool writes out_dtype = 3: X is converted to int64
// first (no int32 overflow), as Paddle's reduce kernels do.
TEST(Reduce, OutDtypeConvertsXFirst) {
  OpRunner r("reduce_sum");
  r.Input<int32_t>("X", "x", {2, 2}, {2000000000, 2000000000, -3, 4});
  r.Output("Out", "out");
  r.Attr("dim", std::vector<int32_t>{1});
  r.Attr("in_dtype", int32_t{-1});
  r.Attr("out_dtype", int32_t{3});
  r.Run();
  EXPECT_EQ(r.Get("out")->dtype(), DataType::kInt64);
  EXPECT_EQ(r.Values<int64_t>("out"), (std::vector<int64_t>{4000000000LL, 1}));
  OpRunner b("reduce_sum");
  b.Input<bool>("X", "x", {3}, {true, false, true});
  b.Output("Out", "out");
  b.Attr("dim", std::vector<int32_t>{0});
  b.Attr("out_dtype", int32_t{3});
  b.Run();
  EXPECT_EQ(b.Values<int64_t>("out"), (std::vector<int64_t>{2}));
  // float32 X with out_dtype 5 (its own type) is no conversion.
  OpRunner f("reduce_mean");
  f.Input<float>("X", "x", {2}, {1.f, 2.f});
  f.Output("Out", "out");
  f.Attr("out_dtype", int32_t{5});
  f.Attr("reduce_all", true);
  f.Run();
  EXPECT_EQ(f.Values<float>("out"), (std::vector<float>{1.5f}));
  OpRunner bad("reduce_sum");
  bad.Input<float>("X", "x", {2}, {1.f, 2.f});
  bad.Output("Out", "out");
  bad.Attr("out_dtype", int32_t{6});
  ExpectErrorContains([&] { bad.Run(); }, {"reduce_sum", "'out_dtype'", "6"});
}

TEST(Reduce, AnyAllOnBool) {
  OpRunner r("reduce_any");
  r.Input<bool>("X", "x", {2, 3}, {false, false, true, false, false, false});
  r.Output("Out", "out");
  r.Attr("dim", std::vector<int32_t>{1});
  r.Run();
  EXPECT_EQ(r.Values<bool>("out"), (std::vector<bool>{true, false}));
  OpRunner s("reduce_all");
  s.Input<bool>("X", "x", {2, 3}, {true, true, true, true, false, true});
  s.Output("Out", "out");
  s.Attr("dim", std::vector<int32_t>{1});
  s.Attr("keep_dim", true);
  s.Run();
  EXPECT_EQ(s.Get("out")->dims(), (DDim{2, 1}));
  EXPECT_EQ(s.Values<bool>("out"), (std::vector<bool>{true, false}));
}

TEST(Reduce, DynamicShape) {
  OpRunner r("reduce_mean");
  auto x = RandomFloats(2 * 3 * 4, -1, 1, 9);
  r.Input<float>("X", "x", {2, 3, 4}, x);
  r.Output("Out", "out");
  r.Attr("dim", std::vector<int32_t>{-1});
  r.Run();
  DDim od;
  ExpectAllClose(RefReduce<float>({2, 3, 4}, x, {-1}, false, "reduce_mean", &od, false),
                 r.Values<float>("out"));
  auto x2 = RandomFloats(5 * 7, -1, 1, 10);
  Tensor* xt = r.Get("x");
  xt->Resize({5, 7});
  std::copy(x2.begin(), x2.end(), xt->mutable_data<float>());
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{5}));
  ExpectAllClose(RefReduce<float>({5, 7}, x2, {-1}, false, "reduce_mean", &od, false),
                 r.Values<float>("out"));
}

TEST(Reduce, BadDimNamesOpAndDims) {
  OpRunner r("reduce_sum");
  r.Input<float>("X", "x", {2, 3}, std::vector<float>(6, 1.f));
  r.Output("Out", "out");
  r.Attr("dim", std::vector<int32_t>{2});
  ExpectErrorContains([&] { r.Run(); }, {"reduce_sum", "'dim'", "[2, 3]"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
