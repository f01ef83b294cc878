#include <cmath>

#include "lite/core/op_test_util.h"
#include "lite/operators/nn/quantize_s8.h"

namespace paddle {
namespace lite {
namespace testing {
namespace {

struct InterpCase {
  bool nearest;
  bool v2;
  bool align_corners;
  int align_mode;
  bool nhwc;
  int64_t in_h, in_w;
  int out_h_attr, out_w_attr;
  float scale_h, scale_w;  // attribute scale; <= 0: unset
};

// Plain reference: output size from scale or out_h/out_w, then Paddle's
// coordinate formulas, pixel by pixel.
std::vector<float> NaiveInterp(const std::vector<float>& x, int64_t n, int64_t c,
                               const InterpCase& k, int64_t* out_h, int64_t* out_w) {
  int64_t oh = k.out_h_attr, ow = k.out_w_attr;
  if (k.scale_h > 0) {
    oh = static_cast<int64_t>(k.in_h * k.scale_h);
    ow = static_cast<int64_t>(k.in_w * k.scale_w);
  }
  *out_h = oh;
  *out_w = ow;
  auto ratio = [&](int64_t in, int64_t out, float scale) {
    if (out <= 1) return 0.f;
    if (k.align_corners) return (in - 1) / static_cast<float>(out - 1);
    if (k.v2 && scale > 0) return static_cast<float>(1.0 / scale);
    return in / static_cast<float>(out);
  };
  const float rh = ratio(k.in_h, oh, k.scale_h), rw = ratio(k.in_w, ow, k.scale_w);
  auto at = [&](int64_t b, int64_t ch, int64_t h, int64_t w) {
    return k.nhwc ? x[((b * k.in_h + h) * k.in_w + w) * c + ch]
                  : x[((b * c + ch) * k.in_h + h) * k.in_w + w];
  };
  std::vector<float> out(n * c * oh * ow);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t ch = 0; ch < c; ++ch)
      for (int64_t i = 0; i < oh; ++i)
        for (int64_t j = 0; j < ow; ++j) {
          float v;
          if (k.in_h == oh && k.in_w == ow) {
            v = at(b, ch, i, j);
          } else if (k.nearest) {
            int64_t si = k.align_corners ? static_cast<int64_t>(std::floor(rh * i + 0.5))
                                         : static_cast<int64_t>(std::floor(rh * i));
            int64_t sj = k.align_corners ? static_cast<int64_t>(std::floor(rw * j + 0.5))
                                         : static_cast<int64_t>(std::floor(rw * j));
            v = at(b, ch, si, sj);
          } else {
            bool half = k.align_mode == 0 && !k.align_corners;
            double sy = half ? std::max(rh * (i + 0.5) - 0.5, 0.0) : rh * i;
            double sx = half ? std::max(rw * (j + 0.5) - 0.5, 0.0) : rw * j;
            int64_t y0 = static_cast<int64_t>(sy), x0 = static_cast<int64_t>(sx);
            int64_t y1 = std::min(y0 + 1, k.in_h - 1), x1 = std::min(x0 + 1, k.in_w - 1);
            double dy = sy - y0, dx = sx - x0;
            v = static_cast<float>(at(b, ch, y0, x0) * (1 - dy) * (1 - dx) +
                                   at(b, ch, y1, x0) * dy * (1 - dx) +
                                   at(b, ch, y0, x1) * (1 - dy) * dx +
                                   at(b, ch, y1, x1) * dy * dx);
          }
          if (k.nhwc) {
            out[((b * oh + i) * ow + j) * c + ch] = v;
          } else {
            out[((b * c + ch) * oh + i) * ow + j] = v;
          }
        }
  return out;
}

void RunCase(InterpCase k) {
  const int64_t n = 2, c = 3;
  if (!k.v2) k.scale_w = k.scale_h;  // v1 has one scale for both sides
  std::string op = std::string(k.nearest ? "nearest" : "bilinear") + "_interp" + (k.v2 ? "_v2" : "");
  DDim in = k.nhwc ? DDim{n, k.in_h, k.in_w, c} : DDim{n, c, k.in_h, k.in_w};
  auto x = RandomFloats(Numel(in), -2, 2, 7);
  OpRunner r(op);
  r.Input<float>("X", "x", in, x);
  r.Output("Out", "out");
  r.Attr("out_h", k.out_h_attr);
  r.Attr("out_w", k.out_w_attr);
  if (k.v2) {
    r.Attr("scale", k.scale_h > 0 ? std::vector<float>{k.scale_h, k.scale_w} : std::vector<float>{});
  } else {
    r.Attr("scale", k.scale_h > 0 ? k.scale_h : 0.f);
  }
  r.Attr("interp_method", k.nearest ? "nearest" : "bilinear");
  r.Attr("align_corners", k.align_corners);
  r.Attr("align_mode", k.align_mode);
  r.Attr("data_layout", k.nhwc ? "NHWC" : "NCHW");
  r.Run();
  int64_t oh, ow;
  auto expected = NaiveInterp(x, n, c, k, &oh, &ow);
  DDim od = k.nhwc ? DDim{n, oh, ow, c} : DDim{n, c, oh, ow};
  std::string what = op + " ac=" + std::to_string(k.align_corners) + " am=" +
                     std::to_string(k.align_mode) + " nhwc=" + std::to_string(k.nhwc) +
                     " in=" + std::to_string(k.in_h) + "x" + std::to_string(k.in_w) +
                     " out=" + std::to_string(oh) + "x" + std::to_string(ow);
  ASSERT_EQ(r.Get("out")->dims(), od) << what;
  ExpectAllClose(expected, r.Values<float>("out"), 1e-5f, 5 * 1.1920929e-7f, what);
}

TEST(Interp, AllAttributeCombinations) {
  for (bool nearest : {true, false})
    for (bool v2 : {false, true})
      for (bool ac : {false, true})
        for (int am : {0, 1})
          for (bool nhwc : {false, true}) {
            RunCase({nearest, v2, ac, am, nhwc, 13, 7, 27, 3, -1, -1});  // out_h/out_w
            RunCase({nearest, v2, ac, am, nhwc, 5, 4, -1, -1, 2.f, 2.f});   // scale 2
            RunCase({nearest, v2, ac, am, nhwc, 5, 13, -1, -1, 1.5f, 0.6f});
            RunCase({nearest, v2, ac, am, nhwc, 1, 1, 3, 1, -1, -1});
            RunCase({nearest, v2, ac, am, nhwc, 4, 6, 4, 6, -1, -1});  // same size: copy
          }
}

TEST(Interp, LargerInputsOnTwoThreads) {
  // 2 x 16 planes of 32x24 -> 64x48: above the parallel threshold.
  for (bool nearest : {true, false}) {
    for (bool nhwc : {false, true}) {
      InterpCase k{nearest, true, false, 0, nhwc, 32, 24, -1, -1, 2.f, 2.f};
      const int64_t n = 2, c = 16;
      std::string op = nearest ? "nearest_interp_v2" : "bilinear_interp_v2";
      DDim in = nhwc ? DDim{n, 32, 24, c} : DDim{n, c, 32, 24};
      auto x = RandomFloats(Numel(in), -1, 1, 9);
      OpRunner r(op);
      r.Input<float>("X", "x", in, x);
      r.Output("Out", "out");
      r.Attr("scale", std::vector<float>{2.f, 2.f});
      r.Attr("align_corners", false);
      r.Attr("align_mode", 0);
      r.Attr("data_layout", nhwc ? "NHWC" : "NCHW");
      r.Run(2);
      int64_t oh, ow;
      ExpectAllClose(NaiveInterp(x, n, c, k, &oh, &ow), r.Values<float>("out"));
    }
  }
}

// nhwc_data (int8_nhwc_chain_pass): NCHW dims, NHWC memory; the result is
// the NCHW path's result in NHWC order.
TEST(Interp, NhwcDataMatchesNchw) {
  for (bool nearest : {true, false}) {
    for (float scale : {2.f, 1.5f}) {
      const DDim in{2, 24, 13, 11};
      const std::string op = nearest ? "nearest_interp_v2" : "bilinear_interp_v2";
      SCOPED_TRACE(op + " scale " + std::to_string(scale));
      auto x = RandomFloats(Numel(in), -1, 1, 14);
      auto run = [&](bool nhwc_data, DDim* od) {
        OpRunner r(op);
        r.Input<float>("X", "x", in, nhwc_data ? ToNhwc(x, in) : x);
        r.Output("Out", "out");
        r.Attr("scale", std::vector<float>{scale, scale});
        r.Attr("align_corners", false);
        r.Attr("align_mode", 1);
        r.Attr("nhwc_data", nhwc_data);
        r.Run(2);
        *od = r.Get("out")->dims();
        return r.Values<float>("out");
      };
      DDim od, od_nhwc;
      const auto nchw = run(false, &od);
      const auto nhwc = run(true, &od_nhwc);
      EXPECT_EQ(od, od_nhwc);
      ExpectAllClose(ToNhwc(nchw, od), nhwc, 0, 0, "interp NHWC data vs NCHW");
    }
  }
}

// output_int8 (int8_nhwc_chain_pass, for int8 convs reading the
// interpolation alone): Out is the s8 NHWC data those convs would make of
// the float result (QuantizeS8 of the value, the addend's sum rounded
// first), resampling or not, with and without an addend, channel counts
// with and without whole vectors of 8.
TEST(Interp, NearestNhwcDataQuantizedToS8IsWhatTheConvsWouldQuantize) {
  const float scale = 2.f / 127;
  for (int64_t c : {24, 13}) {
    for (float factor : {2.f, 1.f}) {
      for (bool with_addend : {true, false}) {
        SCOPED_TRACE("C " + std::to_string(c) + " scale " + std::to_string(factor) +
                     (with_addend ? " with addend" : ""));
        const DDim in{2, c, 5, 7};
        const DDim od{2, c, 5 * static_cast<int64_t>(factor), 7 * static_cast<int64_t>(factor)};
        const auto x = ToNhwc(RandomFloats(Numel(in), -3, 3, 40), in);
        const auto a = ToNhwc(RandomFloats(Numel(od), -1, 1, 41), od);
        OpRunner f32("nearest_interp_v2"), s8("nearest_interp_v2");
        for (OpRunner* r : {&f32, &s8}) {
          r->Input<float>("X", "x", in, x);
          if (with_addend) r->Input<float>("Addend", "a", od, a);
          r->Output("Out", "out");
          r->Attr("scale", std::vector<float>{factor, factor});
          r->Attr("align_corners", false);
          r->Attr("nhwc_data", true);
        }
        s8.Attr("output_int8", true);
        s8.Attr("Out0_scale", std::vector<float>{scale});
        f32.Run(2);
        s8.Run(2);
        EXPECT_EQ(s8.Get("out")->dtype(), DataType::kInt8);
        EXPECT_EQ(s8.Get("out")->dims(), od);
        const std::vector<float> ref = f32.Values<float>("out");
        const std::vector<int8_t> got = s8.Values<int8_t>("out");
        ASSERT_EQ(got.size(), ref.size());
        int saturated = 0;
        for (size_t i = 0; i < got.size(); ++i) {
          const int8_t q = operators::QuantizeS8(ref[i], 1.f / scale);
          saturated += q == 127 || q == -127;
          ASSERT_EQ(got[i], q) << "element " << i << ": float " << ref[i];
        }
        EXPECT_GT(saturated, 0);
      }
    }
  }
  OpRunner bad("nearest_interp_v2");  // not NHWC data
  bad.Input<float>("X", "x", {1, 8, 4, 4}, RandomFloats(128, -1, 1, 3));
  bad.Output("Out", "out");
  bad.Attr("scale", std::vector<float>{2.f, 2.f});
  bad.Attr("output_int8", true);
  bad.Attr("Out0_scale", std::vector<float>{scale});
  ExpectErrorMentions(bad, {"nearest_interp_v2", "output_int8", "nhwc_data"});
}

// AddendScale (interp_addend_scale_fuse_pass): Out = interp(X) + (A * S
// (+ A)), each step rounded as the separate ops round it, per image for an
// [N, C, 1, 1] S and shared for [1, C, 1, 1], on NHWC data (also quantized
// to s8 like the float result) and on NCHW (the integer-repeat path and,
// for a non-integer size, the general one); an error with data_layout NHWC.
TEST(Interp, AddendScaleIsTheMultiplyThenTheAdd) {
  const DDim in{2, 24, 3, 5}, od{2, 24, 6, 10};
  const auto x = ToNhwc(RandomFloats(Numel(in), -3, 3, 60), in);
  const auto a = ToNhwc(RandomFloats(Numel(od), -2, 2, 61), od);
  for (int64_t sn : {2, 1}) {
    for (bool plus_x : {true, false}) {
      SCOPED_TRACE("scale batch " + std::to_string(sn) + (plus_x ? " plus_x" : ""));
      const auto sc = RandomFloats(sn * 24, 0, 1, 62);
      std::vector<float> ref(Numel(od));
      for (int64_t b = 0; b < 2; ++b)
        for (int64_t y = 0; y < 6; ++y)
          for (int64_t w = 0; w < 10; ++w)
            for (int64_t c = 0; c < 24; ++c) {
              const int64_t o = ((b * 6 + y) * 10 + w) * 24 + c;
              const float as = a[o] * sc[(sn == 1 ? 0 : b) * 24 + c];
              ref[o] = x[((b * 3 + y / 2) * 5 + w / 2) * 24 + c] + (plus_x ? as + a[o] : as);
            }
      for (bool s8 : {false, true}) {
        OpRunner r("nearest_interp_v2");
        r.Input<float>("X", "x", in, x);
        r.Input<float>("Addend", "a", od, a);
        r.Input<float>("AddendScale", "s", {sn, 24, 1, 1}, sc);
        r.Output("Out", "out");
        r.Attr("scale", std::vector<float>{2.f, 2.f});
        r.Attr("align_corners", false);
        r.Attr("nhwc_data", true);
        r.Attr("addend_plus_x", plus_x);
        const float scale = 2.f / 127;
        if (s8) {
          r.Attr("output_int8", true);
          r.Attr("Out0_scale", std::vector<float>{scale});
        }
        r.Run(2);
        if (!s8) {
          ExpectAllClose(ref, r.Values<float>("out"), 0, 0, "interp with AddendScale");
          continue;
        }
        const std::vector<int8_t> got = r.Values<int8_t>("out");
        ASSERT_EQ(got.size(), ref.size());
        for (size_t i = 0; i < got.size(); ++i) {
          ASSERT_EQ(got[i], operators::QuantizeS8(ref[i], 1.f / scale)) << "element " << i;
        }
      }
    }
  }
  // NCHW: the integer repeat (6 x 10 from 3 x 5) and the general index
  // path (6 x 7), against the multiply then the add done here.
  const auto xn = RandomFloats(Numel(in), -3, 3, 64);
  const auto sc = RandomFloats(2 * 24, 0, 1, 65);
  for (int64_t ow : {10, 7}) {
    SCOPED_TRACE("NCHW, width " + std::to_string(ow));
    const DDim odn{2, 24, 6, ow};
    const auto an = RandomFloats(Numel(odn), -2, 2, 66);
    std::vector<float> ref(Numel(odn));
    for (int64_t b = 0; b < 2; ++b)
      for (int64_t c = 0; c < 24; ++c)
        for (int64_t y = 0; y < 6; ++y)
          for (int64_t w = 0; w < ow; ++w) {
            const int64_t o = ((b * 24 + c) * 6 + y) * ow + w;
            const int64_t sx = static_cast<int64_t>(static_cast<float>(5.f / ow) * w);
            const float as = an[o] * sc[b * 24 + c];
            ref[o] = xn[((b * 24 + c) * 3 + y / 2) * 5 + sx] + (as + an[o]);
          }
    OpRunner r("nearest_interp_v2");
    r.Input<float>("X", "x", in, xn);
    r.Input<float>("Addend", "a", odn, an);
    r.Input<float>("AddendScale", "s", {2, 24, 1, 1}, sc);
    r.Output("Out", "out");
    r.Attr("out_h", 6);
    r.Attr("out_w", static_cast<int32_t>(ow));
    r.Attr("align_corners", false);
    r.Attr("addend_plus_x", true);
    r.Run(2);
    ExpectAllClose(ref, r.Values<float>("out"), 0, 0, "NCHW interp with AddendScale");
  }
  OpRunner bad("nearest_interp_v2");  // data_layout NHWC
  bad.Input<float>("X", "x", {2, 3, 5, 24}, x);
  bad.Input<float>("Addend", "a", {2, 6, 10, 24}, a);
  bad.Input<float>("AddendScale", "s", {1, 24, 1, 1}, RandomFloats(24, 0, 1, 63));
  bad.Output("Out", "out");
  bad.Attr("scale", std::vector<float>{2.f, 2.f});
  bad.Attr("data_layout", std::string("NHWC"));
  ExpectErrorMentions(bad, {"nearest_interp_v2", "AddendScale", "NCHW"});
}

TEST(Interp, NearestScale2IsPixelReplication) {
  OpRunner r("nearest_interp_v2");
  r.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.Output("Out", "out");
  r.Attr("out_h", -1);
  r.Attr("out_w", -1);
  r.Attr("scale", std::vector<float>{2.f, 2.f});
  r.Attr("interp_method", "nearest");
  r.Attr("align_corners", false);
  r.Attr("align_mode", 1);
  r.Run();
  EXPECT_EQ(r.Values<float>("out"),
            (std::vector<float>{1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4}));
  // Dynamic shape: a new input size on the same op.
  Tensor* t = r.Get("x");
  t->Resize({1, 1, 1, 3});
  float* p = t->mutable_data<float>();
  p[0] = 5;
  p[1] = 6;
  p[2] = 7;
  r.Run();
  EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 1, 2, 6}));
  EXPECT_EQ(r.Values<float>("out"), (std::vector<float>{5, 5, 6, 6, 7, 7, 5, 5, 6, 6, 7, 7}));
}

// Pure replication: out[b, c, i, j] = x[b, c, i / kh, j / kw] (NCHW).
std::vector<float> Replicate(const std::vector<float>& x, int64_t planes, int64_t h, int64_t w,
                             int64_t kh, int64_t kw) {
  std::vector<float> out;
  for (int64_t p = 0; p < planes; ++p)
    for (int64_t i = 0; i < h * kh; ++i)
      for (int64_t j = 0; j < w * kw; ++j) out.push_back(x[(p * h + i / kh) * w + j / kw]);
  return out;
}

// Integer nearest upscaling (the kernel's row-repeating fast path) must be
// bit-identical to the per-element formula, through every way of giving the
// size: v1/v2 scale attribute, out_h/out_w, OutSize, Scale input.
TEST(Interp, NearestIntegerUpscaleMatchesGeneralPathExactly) {
  const int64_t n = 2, c = 3;
  struct Shape { int64_t h, w, kh, kw; };
  for (Shape s : {Shape{5, 7, 2, 2}, Shape{7, 3, 3, 3}, Shape{3, 9, 4, 4}, Shape{1, 13, 2, 2},
                  Shape{6, 5, 8, 8}, Shape{5, 11, 1, 2}, Shape{4, 3, 3, 2}}) {
    DDim in{n, c, s.h, s.w};
    auto x = RandomFloats(Numel(in), -3, 3, 11);
    const auto expected = Replicate(x, n * c, s.h, s.w, s.kh, s.kw);
    for (int variant = 0; variant < 5; ++variant) {
      const bool v2 = variant != 1;
      if (variant == 0 && s.kh != s.kw) continue;  // v1 scale is one number
      OpRunner r(v2 ? "nearest_interp_v2" : "nearest_interp");
      r.Input<float>("X", "x", in, x);
      r.Output("Out", "out");
      r.Attr("align_corners", false);
      r.Attr("align_mode", 1);
      const float sh = static_cast<float>(s.kh), sw = static_cast<float>(s.kw);
      if (variant == 0) r.Attr("scale", sh);                                     // v1 scale
      if (variant == 1) { r.Attr("out_h", int(s.h * s.kh)); r.Attr("out_w", int(s.w * s.kw)); }
      if (variant == 2) r.Attr("scale", std::vector<float>{sh, sw});             // v2 scale
      if (variant == 3) r.Input<int32_t>("OutSize", "os", {2}, {int(s.h * s.kh), int(s.w * s.kw)});
      if (variant == 4) r.Input<float>("Scale", "sc", {2}, {sh, sw});
      r.Run(variant % 2 ? 2 : 1);
      std::string what = "variant " + std::to_string(variant) + " in " + DimsToString(in) +
                         " k " + std::to_string(s.kh) + "x" + std::to_string(s.kw);
      ASSERT_EQ(r.Get("out")->dims(), (DDim{n, c, s.h * s.kh, s.w * s.kw})) << what;
      EXPECT_EQ(r.Values<float>("out"), expected) << what;
      // The per-element reference formula gives the same values.
      InterpCase k{true, v2, false, 1, false, s.h, s.w, int(s.h * s.kh), int(s.w * s.kw), -1, -1};
      if (variant == 0 || variant == 2 || variant == 4) {
        k.scale_h = sh;
        k.scale_w = sw;
      }
      int64_t oh, ow;
      EXPECT_EQ(NaiveInterp(x, n, c, k, &oh, &ow), expected) << what;
    }
  }
  // Above the parallel threshold, 2 threads: 2 x 20 planes of 33x21 -> 66x42.
  DDim in{2, 20, 33, 21};
  auto x = RandomFloats(Numel(in), -1, 1, 12);
  OpRunner r("nearest_interp_v2");
  r.Input<float>("X", "x", in, x);
  r.Output("Out", "out");
  r.Attr("scale", std::vector<float>{2.f, 2.f});
  r.Attr("align_corners", false);
  r.Run(2);
  EXPECT_EQ(r.Values<float>("out"), Replicate(x, 40, 33, 21, 2, 2));
}

// Other sizes keep Paddle's formula. Where the output is an integer multiple
// but the coordinates are not i / k (`differs`), the result must differ from
// plain replication. (align_corners with 5 -> 10 happens to give i / 2.)
TEST(Interp, NearestNonReplicatingCasesKeepTheGeneralFormula) {
  const int64_t n = 2, c = 3;
  struct Case { bool v2, ac; int64_t h, w; float sh, sw; int oh, ow; bool differs; };
  for (Case t : {Case{true, true, 5, 7, 2.f, 2.f, -1, -1, false},  // align_corners, scale 2
                 Case{true, true, 5, 7, 3.f, 3.f, -1, -1, true},   // align_corners, scale 3
                 Case{false, true, 4, 6, -1, -1, 12, 18, true},    // align_corners, out 3x
                 Case{true, false, 5, 5, 2.1f, 2.1f, -1, -1, true},  // 5 * 2.1 -> 10, ratio 1/2.1
                 Case{true, false, 5, 7, 2.5f, 1.5f, -1, -1, false},  // non-integer scales
                 Case{false, false, 6, 4, -1, -1, 9, 10, false}}) {   // non-integer factors
    InterpCase k{true, t.v2, t.ac, 1, false, t.h, t.w, t.oh, t.ow, t.sh, t.sw};
    DDim in{n, c, t.h, t.w};
    auto x = RandomFloats(Numel(in), -3, 3, 13);
    OpRunner r(t.v2 ? "nearest_interp_v2" : "nearest_interp");
    r.Input<float>("X", "x", in, x);
    r.Output("Out", "out");
    r.Attr("out_h", t.oh);
    r.Attr("out_w", t.ow);
    if (t.v2) r.Attr("scale", t.sh > 0 ? std::vector<float>{t.sh, t.sw} : std::vector<float>{});
    r.Attr("align_corners", t.ac);
    r.Attr("align_mode", 1);
    r.Run();
    int64_t oh, ow;
    auto expected = NaiveInterp(x, n, c, k, &oh, &ow);
    std::string what = "in " + DimsToString(in) + " out " + std::to_string(oh) + "x" +
                       std::to_string(ow) + " ac " + std::to_string(t.ac);
    ASSERT_EQ(r.Get("out")->dims(), (DDim{n, c, oh, ow})) << what;
    EXPECT_EQ(r.Values<float>("out"), expected) << what;
    if (t.differs) {
      EXPECT_NE(r.Values<float>("out"), Replicate(x, n * c, t.h, t.w, oh / t.h, ow / t.w)) << what;
    }
  }
}

TEST(Interp, V1AndV2RatiosDifferWhenScaleIsGiven) {
  // in_w 5, scale 1.5 -> out_w 7. v1 ratio = 5/7, v2 ratio = 1/1.5.
  std::vector<float> x = {0, 10, 20, 30, 40};
  for (bool v2 : {false, true}) {
    OpRunner r(v2 ? "bilinear_interp_v2" : "bilinear_interp");
    r.Input<float>("X", "x", {1, 1, 1, 5}, x);
    r.Output("Out", "out");
    if (v2) {
      r.Attr("scale", std::vector<float>{1.5f, 1.5f});
    } else {
      r.Attr("scale", 1.5f);
    }
    r.Attr("align_corners", false);
    r.Attr("align_mode", 1);
    r.Run();
    EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 1, 1, 7}));
    auto out = r.Values<float>("out");
    // Output column 1 samples source x = ratio * 1.
    EXPECT_NEAR(out[1], v2 ? 10.f / 1.5f : 50.f / 7.f, 1e-4) << v2;
  }
}

TEST(Interp, OutSizeSizeTensorAndScaleInputs) {
  DDim in{1, 2, 5, 7};
  auto x = RandomFloats(Numel(in));
  InterpCase base{false, true, false, 0, false, 5, 7, -1, -1, -1, -1};
  {
    // OutSize overrides the scale attribute (the ratio still uses 1/scale in
    // v2 only when a scale was given; here none is).
    OpRunner r("bilinear_interp_v2");
    r.Input<float>("X", "x", in, x);
    r.Input<int32_t>("OutSize", "os", {2}, {9, 4});
    r.Output("Out", "out");
    r.Attr("out_h", 2);
    r.Attr("out_w", 2);
    r.Attr("align_corners", false);
    r.Attr("align_mode", 0);
    r.Run();
    InterpCase k = base;
    k.out_h_attr = 9;
    k.out_w_attr = 4;
    int64_t oh, ow;
    ExpectAllClose(NaiveInterp(x, 1, 2, k, &oh, &ow), r.Values<float>("out"));
    EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 2, 9, 4}));
  }
  {
    OpRunner r("bilinear_interp_v2");
    r.Input<float>("X", "x", in, x);
    r.Input<int32_t>("OutSize", "os", {2}, {9, 4});
    r.Input<int32_t>("SizeTensor", "h", {1}, {3});
    r.Input<int64_t>("SizeTensor", "w", {1}, {11});
    r.Output("Out", "out");
    r.Attr("align_corners", true);
    r.Attr("align_mode", 0);
    r.Run();
    InterpCase k = base;
    k.align_corners = true;
    k.out_h_attr = 3;
    k.out_w_attr = 11;
    int64_t oh, ow;
    ExpectAllClose(NaiveInterp(x, 1, 2, k, &oh, &ow), r.Values<float>("out"));
  }
  {
    OpRunner r("nearest_interp_v2");
    r.Input<float>("X", "x", in, x);
    r.Input<float>("Scale", "s", {2}, {2.f, 0.5f});
    r.Output("Out", "out");
    r.Attr("scale", std::vector<float>{3.f, 3.f});
    r.Attr("align_corners", false);
    r.Run();
    InterpCase k = base;
    k.nearest = true;
    k.scale_h = 2.f;
    k.scale_w = 0.5f;
    int64_t oh, ow;
    ExpectAllClose(NaiveInterp(x, 1, 2, k, &oh, &ow), r.Values<float>("out"));
    EXPECT_EQ(r.Get("out")->dims(), (DDim{1, 2, 10, 3}));
  }
}

TEST(Interp, MissingSizeIsAnErrorNamingTheOp) {
  OpRunner r("nearest_interp_v2");
  r.Input<float>("X", "x", {1, 1, 2, 2}, {1, 2, 3, 4});
  r.Output("Out", "out");
  r.Attr("out_h", -1);
  r.Attr("out_w", -1);
  ExpectErrorMentions(r, {"nearest_interp_v2"});
  OpRunner b("bilinear_interp");
  b.Input<float>("X", "x", {2, 2}, {1, 2, 3, 4});
  b.Output("Out", "out");
  b.Attr("out_h", 3);
  b.Attr("out_w", 3);
  ExpectErrorMentions(b, {"bilinear_interp", "4-D"});
}

}  // namespace
}  // namespace testing
}  // namespace lite
}  // namespace paddle
