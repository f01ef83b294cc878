// DnnlPlan / DnnlPlanCache on small convolutions (and a pooling) built here
// directly: each activation move (in place, transpose, reorder, filled by
// the kernel) gives the naive result, a plan is rebuilt only when its key
// changes, and packed weights carry over only when allowed and unchanged.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <vector>

#include "lite/operators/nn/dnnl_plan_cache.h"

namespace paddle {
namespace lite {
namespace operators {
namespace {

// 3x3 convolution, stride 1, padding 1, ungrouped, with bias.
struct Conv {
  int64_t n, c, m, h, w;
  std::vector<float> x, f, b;
  Conv(int64_t n_, int64_t c_, int64_t m_, int64_t h_, int64_t w_)
      : n(n_), c(c_), m(m_), h(h_), w(w_), x(n * c * h * w), f(m * c * 9), b(m) {
    for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7 + 3) % 13) * 0.25f - 1.5f;
    for (size_t i = 0; i < f.size(); ++i) f[i] = static_cast<float>((i * 5 + 1) % 11) * 0.1f - 0.5f;
    for (size_t i = 0; i < b.size(); ++i) b[i] = 0.3f * static_cast<float>(i) - 0.2f;
  }
  DnnlPlanKey Key(int threads = 1) const {
    return DnnlPlanKey{{n, c, h, w}, {m, c, 3, 3}, {n, m, h, w}, f.data(), true,
                       {1, 1, 1, 1},  {1, 1},       threads};
  }
  std::vector<float> Naive() const {
    std::vector<float> out(n * m * h * w);
    for (int64_t in = 0; in < n; ++in)
      for (int64_t om = 0; om < m; ++om)
        for (int64_t oy = 0; oy < h; ++oy)
          for (int64_t ox = 0; ox < w; ++ox) {
            double s = b[om];
            for (int64_t ic = 0; ic < c; ++ic)
              for (int64_t ky = 0; ky < 3; ++ky)
                for (int64_t kx = 0; kx < 3; ++kx) {
                  const int64_t iy = oy + ky - 1, ix = ox + kx - 1;
                  if (iy < 0 || iy >= h || ix < 0 || ix >= w) continue;
                  s += static_cast<double>(x[((in * c + ic) * h + iy) * w + ix]) *
                       f[((om * c + ic) * 3 + ky) * 3 + kx];
                }
            out[((in * m + om) * h + oy) * w + ox] = static_cast<float>(s);
          }
    return out;
  }
  // A plan whose primitive reads activations in `src_tag` and writes them
  // in `dst_tag`.
  std::unique_ptr<DnnlPlan> Plan(const DnnlPlanKey& key, tag src_tag, tag dst_tag,
                                 bool post_act_fallback = false,
                                 DnnlUser src_user = DnnlUser::kPlainFloat) const {
    dnnl::memory::desc src({n, c, h, w}, dt::f32, src_tag), dst({n, m, h, w}, dt::f32, dst_tag);
    dnnl::memory::desc wd({m, c, 3, 3}, dt::f32, tag::any), bd({m}, dt::f32, tag::x);
    dnnl::convolution_forward::desc d(dnnl::prop_kind::forward_inference,
                                      dnnl::algorithm::convolution_direct, src, wd, bd, dst,
                                      {1, 1}, {0, 0}, {1, 1}, {1, 1});
    dnnl::convolution_forward::primitive_desc pd(d, x86::DnnlEngine());
    return std::make_unique<DnnlPlan>(key, pd, dnnl::convolution_forward(pd),
                                      dnnl::memory::desc({m, c, 3, 3}, dt::f32, tag::oihw),
                                      post_act_fallback, src_user);
  }
  std::unique_ptr<DnnlPlan> Plan(const DnnlPlanKey& key, tag act_tag) const {
    return Plan(key, act_tag, act_tag);
  }
};

void ExpectNear(const std::vector<float>& want, const std::vector<float>& got) {
  ASSERT_EQ(want.size(), got.size());
  for (size_t i = 0; i < want.size(); ++i) EXPECT_NEAR(want[i], got[i], 1e-4f) << "at " << i;
}

TEST(DnnlPlan, EveryActivationMoveGivesTheNaiveConvolution) {
  const Conv conv(2, 16, 5, 7, 6);
  const std::vector<float> want = conv.Naive();
  const struct {
    tag t;
    DnnlMove move;
  } cases[] = {{tag::nchw, DnnlMove::kInPlace},
               {tag::nhwc, DnnlMove::kTranspose},
               {tag::nChw16c, DnnlMove::kReorder}};
  for (const auto& k : cases) {
    auto plan = conv.Plan(conv.Key(), k.t);
    EXPECT_EQ(plan->src_move(), k.move);
    EXPECT_EQ(plan->dst_move(), k.move);
    DnnlPlanCache cache;
    DnnlPlan& p = cache.Get(conv.Key(), true, [&] { return std::move(plan); });
    EXPECT_FALSE(p.weights_valid());
    p.PackWeights(conv.f.data(), true);
    EXPECT_TRUE(p.weights_valid());
    std::vector<float> out(want.size(), -7.f);
    p.Execute(conv.x.data(), conv.b.data(), out.data(), FusedActivation());
    ExpectNear(want, out);
  }
}

TEST(DnnlPlan, InputFilledByTheKernelIsReadFromItsBuffer) {
  const Conv conv(1, 3, 4, 5, 5);
  DnnlPlanCache cache;
  DnnlPlan& p = cache.Get(conv.Key(), false, [&] {
    return conv.Plan(conv.Key(), tag::nhwc, tag::nchw, false, DnnlUser::kByKernel);
  });
  EXPECT_EQ(p.src_move(), DnnlMove::kByKernel);
  EXPECT_EQ(p.dst_move(), DnnlMove::kInPlace);
  p.PackWeights(conv.f.data(), false);
  EXPECT_FALSE(p.weights_valid());  // not kept: repacked on the next run
  float* nhwc = static_cast<float*>(p.src_buffer());
  for (int64_t ch = 0; ch < 3; ++ch)
    for (int64_t i = 0; i < 25; ++i) nhwc[i * 3 + ch] = conv.x[ch * 25 + i];
  std::vector<float> out(100);
  p.Execute(nullptr, conv.b.data(), out.data(), FusedActivation());
  ExpectNear(conv.Naive(), out);
}

TEST(DnnlPlan, PostActivationFallbackRunsAfterTheOutputMove) {
  const Conv conv(1, 16, 3, 4, 4);
  std::vector<float> want = conv.Naive();
  for (float& v : want) v = v > 0.f ? v : 0.f;
  FusedActivation relu;
  relu.kind = FusedActivation::kRelu;
  DnnlPlanCache cache;
  DnnlPlan& p = cache.Get(conv.Key(), true, [&] {
    return conv.Plan(conv.Key(), tag::nChw16c, tag::nhwc, /*post_act_fallback=*/true);
  });
  EXPECT_EQ(p.src_move(), DnnlMove::kReorder);
  EXPECT_EQ(p.dst_move(), DnnlMove::kTranspose);
  p.PackWeights(conv.f.data(), true);
  std::vector<float> out(want.size());
  p.Execute(conv.x.data(), conv.b.data(), out.data(), relu);
  ExpectNear(want, out);
}

TEST(DnnlPlan, PrimitiveWithoutWeightsRunsInPlace) {
  // 2x2 max pooling, stride 2, of a [1, 2, 4, 3] tensor (last column padded).
  std::vector<float> x(24);
  for (size_t i = 0; i < x.size(); ++i) x[i] = static_cast<float>((i * 7) % 11);
  const DnnlPlanKey key{{1, 2, 4, 3}, {2, 2}, {1, 2, 2, 2}, nullptr, false, {0, 0, 0, 1}, {}, 1};
  DnnlPlanCache cache;
  DnnlPlan& p = cache.Get(key, false, [&] {
    dnnl::memory::desc src({1, 2, 4, 3}, dt::f32, tag::nchw), dst({1, 2, 2, 2}, dt::f32, tag::nchw);
    dnnl::pooling_forward::desc d(dnnl::prop_kind::forward_inference,
                                  dnnl::algorithm::pooling_max, src, dst, {2, 2}, {2, 2},
                                  {0, 0}, {0, 1});
    dnnl::pooling_forward::primitive_desc pd(d, x86::DnnlEngine());
    return std::make_unique<DnnlPlan>(key, pd, dnnl::pooling_forward(pd), dnnl::memory::desc(),
                                      false);
  });
  EXPECT_EQ(p.src_move(), DnnlMove::kInPlace);
  EXPECT_EQ(p.dst_move(), DnnlMove::kInPlace);
  std::vector<float> out(8, -1.f), want(8);
  for (int c = 0; c < 2; ++c)
    for (int oy = 0; oy < 2; ++oy)
      for (int ox = 0; ox < 2; ++ox) {
        float m = -1e30f;
        for (int ky = 0; ky < 2; ++ky)
          for (int kx = 0; kx < 2; ++kx) {
            const int iy = oy * 2 + ky, ix = ox * 2 + kx;
            if (ix < 3) m = std::max(m, x[(c * 4 + iy) * 3 + ix]);
          }
        want[(c * 2 + oy) * 2 + ox] = m;
      }
  p.Execute(x.data(), nullptr, out.data(), FusedActivation());
  ExpectNear(want, out);
}

TEST(DnnlPlanCache, RebuildsOnlyWhenTheKeyChanges) {
  Conv conv(1, 16, 5, 6, 6);
  DnnlPlanCache cache;
  int builds = 0;
  auto get = [&](const DnnlPlanKey& key) -> DnnlPlan& {
    return cache.Get(key, true, [&] {
      ++builds;
      return conv.Plan(key, tag::nchw);
    });
  };
  DnnlPlan* first = &get(conv.Key());
  EXPECT_EQ(&get(conv.Key()), first);
  EXPECT_EQ(builds, 1);
  get(conv.Key(/*threads=*/2));
  EXPECT_EQ(builds, 2);
  DnnlPlanKey other_weights = conv.Key(2);
  const std::vector<float> f2 = conv.f;
  other_weights.w_data = f2.data();
  get(other_weights);
  EXPECT_EQ(builds, 3);
}

TEST(DnnlPlanCache, KeepsOnePlanPerThreadCountUntilTheShapeChanges) {
  // The thread count may alternate run by run (lite/core/thread_governor.h):
  // switching back must not rebuild, and both plans give the same values
  // from shared packed weights and buffers.
  const Conv conv(1, 16, 5, 6, 6), wide(1, 16, 5, 6, 8);
  DnnlPlanCache cache;
  int builds = 0;
  auto get = [&](const Conv& c, const DnnlPlanKey& key) -> DnnlPlan& {
    return cache.Get(key, true, [&] {
      ++builds;
      return c.Plan(key, tag::nChw16c);
    });
  };
  DnnlPlan* one = &get(conv, conv.Key(1));
  one->PackWeights(conv.f.data(), true);
  std::vector<float> out1(5 * 36), out2(5 * 36);
  one->Execute(conv.x.data(), conv.b.data(), out1.data(), FusedActivation());
  DnnlPlan* two = &get(conv, conv.Key(2));
  EXPECT_TRUE(two->weights_valid());
  two->Execute(conv.x.data(), conv.b.data(), out2.data(), FusedActivation());
  EXPECT_EQ(out1, out2);
  ExpectNear(conv.Naive(), out2);
  EXPECT_EQ(&get(conv, conv.Key(1)), one);
  EXPECT_EQ(&get(conv, conv.Key(2)), two);
  EXPECT_EQ(builds, 2);
  DnnlPlanKey wider = wide.Key(1);
  get(wide, wider);
  EXPECT_EQ(builds, 3);
  get(conv, conv.Key(2));  // the old shape's plans were dropped
  EXPECT_EQ(builds, 4);
}

TEST(DnnlPlanCache, PackedWeightsCarryOverOnlyWhenKeptAndUnchanged) {
  const Conv one(1, 16, 5, 6, 6), two(2, 16, 5, 6, 6);
  DnnlPlanKey k1 = one.Key(), k2 = one.Key();
  k2.in = {2, 16, 6, 6};
  k2.out = {2, 5, 6, 6};
  {  // kept: a new batch size reuses the packing, whose values are right
    DnnlPlanCache cache;
    cache.Get(k1, true, [&] { return one.Plan(k1, tag::nchw); }).PackWeights(one.f.data(), true);
    DnnlPlan& p = cache.Get(k2, true, [&] { return two.Plan(k2, tag::nchw); });
    EXPECT_TRUE(p.weights_valid());
    std::vector<float> out(2 * 5 * 36);
    p.Execute(two.x.data(), two.b.data(), out.data(), FusedActivation());
    ExpectNear(two.Naive(), out);
  }
  {  // not kept
    DnnlPlanCache cache;
    cache.Get(k1, false, [&] { return one.Plan(k1, tag::nchw); }).PackWeights(one.f.data(), true);
    EXPECT_FALSE(cache.Get(k2, false, [&] { return two.Plan(k2, tag::nchw); }).weights_valid());
  }
  {  // other weights buffer
    DnnlPlanCache cache;
    cache.Get(k1, true, [&] { return one.Plan(k1, tag::nchw); }).PackWeights(one.f.data(), true);
    DnnlPlanKey k3 = k2;
    k3.w_data = two.f.data();
    EXPECT_FALSE(cache.Get(k3, true, [&] { return two.Plan(k3, tag::nchw); }).weights_valid());
  }
}

}  // namespace
}  // namespace operators
}  // namespace lite
}  // namespace paddle
