#include "lite/core/op_test_util.h"
#include "lite/operators/nn/nn_test_util.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

// Element (i, j) of the logical matrix number `flat` of a stored operand
// with batch dims `b`, matrix [rows, cols] stored transposed when `t`.
struct Operand {
  DDim dims;  // stored dims
  bool vec_row{false}, vec_col{false};  // 1-D promoted to [1, K] / [K, 1]
  bool t{false};
};

// out[b][m][n] = alpha * sum_k X[bx][m][k] * Y[by][k][n], with numpy
// broadcasting of batch dims or (pair_flat) matrices paired in order.
std::vector<float> NaiveMatmul(const DDim& xd, const DDim& yd, bool tx, bool ty, float alpha,
                               const std::vector<float>& x, const std::vector<float>& y,
                               bool pair_flat = false) {
  DDim X = xd, Y = yd;
  if (X.size() == 1) X = {1, X[0]};
  if (Y.size() == 1) Y = {Y[0], 1};
  const int64_t xr = X[X.size() - 2], xc = X[X.size() - 1];
  const int64_t yr = Y[Y.size() - 2], yc = Y[Y.size() - 1];
  const int64_t M = tx ? xc : xr, K = tx ? xr : xc, N = ty ? yr : yc;
  DDim bx(X.begin(), X.end() - 2), by(Y.begin(), Y.end() - 2);
  size_t r = std::max(bx.size(), by.size());
  while (bx.size() < r) bx.insert(bx.begin(), 1);
  while (by.size() < r) by.insert(by.begin(), 1);
  DDim b(r);
  for (size_t i = 0; i < r; ++i) b[i] = std::max(bx[i], by[i]);
  if (pair_flat) b = DDim{Numel(bx)};
  const int64_t nb = Numel(b);
  std::vector<float> out(nb * M * N);
  for (int64_t f = 0; f < nb; ++f) {
    int64_t ix = 0, iy = 0;
    if (pair_flat) {
      ix = iy = f;
    } else {
      int64_t rem = f, sx = 1, sy = 1;
      for (int i = static_cast<int>(r) - 1; i >= 0; --i) {
        int64_t idx = rem % b[i];
        rem /= b[i];
        ix += (bx[i] == 1 ? 0 : idx) * sx;
        iy += (by[i] == 1 ? 0 : idx) * sy;
        sx *= bx[i];
        sy *= by[i];
      }
    }
    for (int64_t m = 0; m < M; ++m)
      for (int64_t n = 0; n < N; ++n) {
        double s = 0;
        for (int64_t k = 0; k < K; ++k) {
          float xv = tx ? x[ix * xr * xc + k * xc + m] : x[ix * xr * xc + m * xc + k];
          float yv = ty ? y[iy * yr * yc + n * yc + k] : y[iy * yr * yc + k * yc + n];
          s += double(xv) * yv;
        }
        out[(f * M + m) * N + n] = static_cast<float>(alpha * s);
      }
  }
  return out;
}

void RunCase(const std::string& op, const DDim& xd, const DDim& yd, bool tx, bool ty,
             const DDim& expected_dims, float alpha = 1.f, int threads = 1,
             bool weight_y = false) {
  SCOPED_TRACE(op + " X " + DimsToString(xd) + (tx ? "^T" : "") + " Y " + DimsToString(yd) +
               (ty ? "^T" : "") + (weight_y ? " (weight, packed)" : ""));
  OpRunner r(op);
  auto x = RandomFloats(Numel(xd), -1, 1, 11);
  auto y = RandomFloats(Numel(yd), -1, 1, 12);
  r.Input<float>("X", "x", xd, x);
  r.Input<float>("Y", "y", yd, y)->set_persistable(weight_y);
  r.Output("Out", "out");
  if (op == "matmul_v2") {
    r.Attr("trans_x", tx);
    r.Attr("trans_y", ty);
  } else {
    r.Attr("transpose_X", tx);
    r.Attr("transpose_Y", ty);
    r.Attr("alpha", alpha);
  }
  r.Run(threads);
  bool v2_1d = op == "matmul_v2";
  auto expected = NaiveMatmul(xd, yd, (v2_1d && xd.size() == 1) ? false : tx,
                              (v2_1d && yd.size() == 1) ? false : ty, alpha, x, y);
  EXPECT_EQ(r.Get("out")->dims(), expected_dims);
  ExpectAllClose(expected, r.Values<float>("out"), 1e-4f, 1e-4f, op);
}

TEST(MatmulV2, TransposesBroadcastAndVectors) {
  for (bool tx : {false, true})
    for (bool ty : {false, true}) {
      auto sx = [&](DDim b, int64_t m, int64_t k) {
        b.push_back(tx ? k : m);
        b.push_back(tx ? m : k);
        return b;
      };
      auto sy = [&](DDim b, int64_t k, int64_t n) {
        b.push_back(ty ? n : k);
        b.push_back(ty ? k : n);
        return b;
      };
      RunCase("matmul_v2", sx({}, 3, 4), sy({}, 4, 5), tx, ty, {3, 5});
      RunCase("matmul_v2", sx({}, 1, 1), sy({}, 1, 1), tx, ty, {1, 1});
      RunCase("matmul_v2", sx({}, 13, 127), sy({}, 127, 3), tx, ty, {13, 3});
      RunCase("matmul_v2", sx({2, 3}, 5, 7), sy({}, 7, 4), tx, ty, {2, 3, 5, 4});
      RunCase("matmul_v2", sx({}, 5, 7), sy({3}, 7, 4), tx, ty, {3, 5, 4});
      RunCase("matmul_v2", sx({2, 1}, 3, 4), sy({5}, 4, 6), tx, ty, {2, 5, 3, 6});
      RunCase("matmul_v2", sx({1, 3}, 2, 4), sy({2, 1}, 4, 3), tx, ty, {2, 3, 2, 3});
      // 1-D operands ignore trans_* in v2.
      RunCase("matmul_v2", {7}, sy({2}, 7, 3), tx, ty, {2, 3});
      RunCase("matmul_v2", sx({2}, 3, 7), {7}, tx, ty, {2, 3});
      RunCase("matmul_v2", {13}, {13}, tx, ty, {1});
    }
  RunCase("matmul_v2", {4, 64, 96}, {4, 96, 80}, false, false, {4, 64, 80}, 1.f, 2);
}

// A persistable Y is packed into oneDNN's layout once: a CTC head's
// 40 x 120 . 120 x 6625, transposed and batch-broadcast weights.
TEST(MatmulV2, WeightOperandIsPackedWithTheSameResults) {
  RunCase("matmul_v2", {1, 40, 120}, {120, 6625}, false, false, {1, 40, 6625}, 1.f, 1, true);
  RunCase("matmul_v2", {2, 3, 13, 7}, {3, 5, 7}, false, true, {2, 3, 13, 5}, 1.f, 2, true);
  RunCase("matmul", {2, 7, 13}, {7, 5}, true, false, {2, 13, 5}, 0.5f, 1, true);
}

TEST(MatmulV1, AlphaTransposesAndBatchRules) {
  RunCase("matmul", {3, 4}, {4, 5}, false, false, {3, 5}, 0.5f);
  RunCase("matmul", {4, 3}, {5, 4}, true, true, {3, 5}, 2.f);
  RunCase("matmul", {2, 3, 4}, {4, 5}, false, false, {2, 3, 5}, 1.f);
  RunCase("matmul", {2, 4, 3}, {2, 4, 5}, true, false, {2, 3, 5}, 1.f);
  RunCase("matmul", {8, 13}, {2, 13, 3}, false, false, {2, 8, 3}, 1.5f);
  // v1 vector rules: X [K] -> [1, K] then the M dim (1) is dropped.
  RunCase("matmul", {7}, {7, 3}, false, false, {3}, 1.f);
  RunCase("matmul", {3, 7}, {7}, false, false, {3}, 1.f);
  RunCase("matmul", {7}, {7}, false, false, {1}, 3.f);
  // v1 keeps a 2-D X with one row as [1, N].
  RunCase("matmul", {1, 7}, {7, 3}, false, false, {1, 3}, 1.f);
}

TEST(MatmulV1, SameMatrixCountPairsInOrder) {
  OpRunner r("matmul");
  DDim xd{2, 3, 4, 5}, yd{6, 5, 2};
  auto x = RandomFloats(Numel(xd), -1, 1, 1);
  auto y = RandomFloats(Numel(yd), -1, 1, 2);
  r.Input<float>("X", "x", xd, x);
  r.Input<float>("Y", "y", yd, y);
  r.Output("Out", "out");
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{2, 3, 4, 2}));
  ExpectAllClose(NaiveMatmul(xd, yd, false, false, 1.f, x, y, true), r.Values<float>("out"),
                 1e-4f, 1e-4f);
}

TEST(MatmulV2, DynamicShapeChangeBetweenRuns) {
  OpRunner r("matmul_v2");
  r.Input<float>("X", "x", {2, 3}, RandomFloats(6));
  r.Input<float>("Y", "y", {3, 4}, RandomFloats(12));
  r.Output("Out", "out");
  for (auto dims : {std::pair<DDim, DDim>{{2, 3}, {3, 4}}, {{5, 2, 3}, {3, 7}},
                    {{2, 3}, {3, 4}}}) {
    auto x = RandomFloats(Numel(dims.first), -1, 1, 3);
    auto y = RandomFloats(Numel(dims.second), -1, 1, 4);
    for (auto [name, d, v] : {std::make_tuple("x", dims.first, &x),
                              std::make_tuple("y", dims.second, &y)}) {
      Tensor* t = r.Get(name);
      t->Resize(d);
      std::copy(v->begin(), v->end(), t->mutable_data<float>());
    }
    r.Run();
    ExpectAllClose(NaiveMatmul(dims.first, dims.second, false, false, 1.f, x, y),
                   r.Values<float>("out"), 1e-4f, 1e-4f, DimsToString(dims.first));
  }
}

TEST(MatmulV2, MismatchErrorsNameOpAndDims) {
  {
    OpRunner r("matmul_v2");
    r.Input<float>("X", "x", {2, 3}, RandomFloats(6));
    r.Input<float>("Y", "y", {4, 5}, RandomFloats(20));
    r.Output("Out", "out");
    ExpectErrorMentions(r, {"matmul_v2", "[2, 3]", "[4, 5]"});
  }
  {
    OpRunner r("matmul_v2");
    r.Input<float>("X", "x", {2, 2, 3}, RandomFloats(12));
    r.Input<float>("Y", "y", {3, 3, 5}, RandomFloats(45));
    r.Output("Out", "out");
    ExpectErrorMentions(r, {"cannot be broadcast"});
  }
}

// ---- mul / fc ----

std::vector<float> NaiveFc(const std::vector<float>& x, const std::vector<float>& w,
                           const std::vector<float>* b, int64_t M, int64_t K, int64_t N,
                           int64_t ldw, const std::string& act) {
  std::vector<float> out(M * N);
  for (int64_t m = 0; m < M; ++m)
    for (int64_t n = 0; n < N; ++n) {
      double s = b ? (*b)[n] : 0.0;
      for (int64_t k = 0; k < K; ++k) s += double(x[m * K + k]) * w[k * ldw + n];
      out[m * N + n] = RefActivation(act, static_cast<float>(s));
    }
  return out;
}

TEST(Mul, NumColDims) {
  struct Case { DDim x, y; int xn, yn; DDim out; };
  for (const Case& c : {Case{{3, 4}, {4, 5}, 1, 1, {3, 5}},
                        Case{{2, 3, 4, 5}, {20, 7}, 2, 1, {2, 3, 7}},
                        Case{{2, 3, 4}, {3, 4, 2, 3}, 1, 2, {2, 2, 3}},
                        Case{{1, 127}, {127, 13}, 1, 1, {1, 13}}}) {
    for (bool persist : {false, true}) {
      OpRunner r("mul");
      auto x = RandomFloats(Numel(c.x), -1, 1, 1);
      auto y = RandomFloats(Numel(c.y), -1, 1, 2);
      r.Input<float>("X", "x", c.x, x);
      r.Input<float>("Y", "y", c.y, y)->set_persistable(persist);
      r.Output("Out", "out");
      r.Attr("x_num_col_dims", c.xn);
      r.Attr("y_num_col_dims", c.yn);
      r.Run();
      r.Run();  // second run reuses the packed weights
      const int64_t M = DimsProduct(c.x, 0, c.xn), K = DimsProduct(c.x, c.xn, c.x.size());
      const int64_t N = DimsProduct(c.y, c.yn, c.y.size());
      EXPECT_EQ(r.Get("out")->dims(), c.out);
      ExpectAllClose(NaiveFc(x, y, nullptr, M, K, N, N, ""), r.Values<float>("out"), 1e-4f,
                     1e-4f, "mul " + DimsToString(c.x));
    }
  }
}

void RunFc(const DDim& in, int in_ncd, int64_t N, bool bias, const std::string& act,
           bool padding_weights, int threads = 1) {
  SCOPED_TRACE("fc " + DimsToString(in) + " N " + std::to_string(N) + " act '" + act + "'");
  const int64_t M = DimsProduct(in, 0, in_ncd), K = DimsProduct(in, in_ncd, in.size());
  const int64_t pad = padding_weights ? 4 : 0;
  OpRunner r("fc");
  auto x = RandomFloats(Numel(in), -1, 1, 1);
  auto w = RandomFloats((K + pad) * (N + pad), -1, 1, 2);
  auto b = RandomFloats(N, -1, 1, 3);
  r.Input<float>("Input", "x", in, x);
  r.Input<float>("W", "w", {K + pad, N + pad}, w)->set_persistable(true);
  if (bias) r.Input<float>("Bias", "b", {1, N}, b);
  r.Output("Out", "out");
  r.Attr("in_num_col_dims", in_ncd);
  r.Attr("padding_weights", padding_weights);
  SetActAttrs(&r, act, "activation_type");
  r.Run(threads);
  DDim od(in.begin(), in.begin() + in_ncd);
  od.push_back(N);
  EXPECT_EQ(r.Get("out")->dims(), od);
  ExpectAllClose(NaiveFc(x, w, bias ? &b : nullptr, M, K, N, N + pad, act),
                 r.Values<float>("out"), 1e-4f, 1e-4f, "fc");
}

TEST(Fc, BiasActivationsPaddingWeights) {
  for (std::string act : AllActivations()) RunFc({3, 13}, 1, 7, true, act, false);
  RunFc({2, 3, 4, 5}, 2, 9, true, "relu", false);
  RunFc({1, 127}, 1, 1, false, "", false);
  RunFc({5, 6}, 1, 3, true, "", true);
  RunFc({64, 256}, 1, 128, true, "relu", false, 2);
}

TEST(Fc, DynamicBatchChangeReusesWeights) {
  OpRunner r("fc");
  auto w = RandomFloats(6 * 4, -1, 1, 2);
  auto b = RandomFloats(4, -1, 1, 3);
  r.Input<float>("Input", "x", {2, 6}, RandomFloats(12));
  r.Input<float>("W", "w", {6, 4}, w)->set_persistable(true);
  r.Input<float>("Bias", "b", {4}, b);
  r.Output("Out", "out");
  for (int64_t m : {2, 9, 1, 2}) {
    auto x = RandomFloats(m * 6, -1, 1, static_cast<uint32_t>(m));
    r.Refill("x", {m, 6}, x);
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{m, 4}));
    ExpectAllClose(NaiveFc(x, w, &b, m, 6, 4, 4, ""), r.Values<float>("out"), 1e-4f, 1e-4f);
  }
}

TEST(Fc, ShapeMismatchNamesOpAndDims) {
  OpRunner r("fc");
  r.Input<float>("Input", "x", {2, 6}, RandomFloats(12));
  r.Input<float>("W", "w", {5, 4}, RandomFloats(20));
  r.Output("Out", "out");
  ExpectErrorMentions(r, {"'fc'", "[2, 6]", "[5, 4]"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
