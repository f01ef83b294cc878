// AVERAGE_POOL_2D / MAX_POOL_2D with ceil_mode windows that lie entirely in
// (or past) the end padding. Output size: the standard's formula
// ceil((in + pad_begin + pad_end - kernel) / stride) + 1, such windows kept
// (Paddle). Values as Paddle's CPU pool2d: per axis begin = max(start, 0),
// end = min(start + kernel, in); max of no element = -FLT_MAX (index -1);
// exclusive average = sum / ((end_h - begin_h) * (end_w - begin_w)), i.e.
// 0 / 0 = NaN or a signed zero; inclusive average = sum / (kh * kw).
#include <cfloat>

#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

namespace {

const float kNan = NAN;

// Like ExpectF32 but NaN matches NaN and the sign of zeros is checked.
void ExpectExact(const Tensor& t, const std::vector<int32_t>& dims,
                 const std::vector<float>& expected) {
  ASSERT_EQ(t.precision, NNADAPTER_FLOAT32);
  ASSERT_EQ(t.dims, dims);
  std::vector<float> got = t.as<float>();
  ASSERT_EQ(got.size(), expected.size());
  for (size_t i = 0; i < got.size(); i++) {
    if (std::isnan(expected[i])) {
      EXPECT_TRUE(std::isnan(got[i])) << "element " << i << ": " << got[i];
    } else {
      EXPECT_NEAR(got[i], expected[i], 1e-6f) << "element " << i;
      EXPECT_EQ(std::signbit(got[i]), std::signbit(expected[i]))
          << "element " << i << ": " << got[i];
    }
  }
}

// 1x1x3x3 [[1,2,3],[4,5,6],[7,8,9]], pads 1, kernel 2, stride 2, ceil_mode:
// ceil((3 + 2 - 2) / 2) + 1 = 3 per axis; window starts -1, 1, 3 give the
// element ranges [0,1), [1,3), [3,3) (the last one is empty).
std::vector<Arg> Img3x3Ceil(bool flag) {
  return {V(F32({1, 1, 3, 3}, {1, 2, 3, 4, 5, 6, 7, 8, 9})), ci(0),
          cis({1, 1, 1, 1}), cis({2, 2}), cis({2, 2}), cb(true), cb(flag)};
}

// 1x1x1x4 [1,2,3,4], pads right 2, kernel 1x2, stride 1x5, ceil_mode:
// width ceil((4 + 2 - 2) / 5) + 1 = 2; the second window starts at 5, past
// the padding: width range [5, 4), length -1.
std::vector<Arg> RowPastPadding(bool flag) {
  return {V(F32({1, 1, 1, 4}, {1, 2, 3, 4})), ci(0), cis({0, 0, 0, 2}),
          cis({1, 2}), cis({1, 5}), cb(true), cb(flag)};
}

}  // namespace

OP_TEST(AVERAGE_POOL_2D, CeilModeWindowInPaddingExclusive) {
  auto args = Img3x3Ceil(false);
  args.push_back(ci(0));
  auto r = Exec(NNADAPTER_AVERAGE_POOL_2D, args, {{}});
  ExpectExact(r[0], {1, 1, 3, 3},
              {1, 2.5f, kNan, 5.5f, 7, kNan, kNan, kNan, kNan});
  args = RowPastPadding(false);
  args.push_back(ci(0));
  r = Exec(NNADAPTER_AVERAGE_POOL_2D, args, {{}});
  ExpectExact(r[0], {1, 1, 1, 2}, {1.5f, -0.0f});  // 0 / (1 * -1)
}

OP_TEST(AVERAGE_POOL_2D, CeilModeWindowInPaddingInclusive) {
  auto args = Img3x3Ceil(true);
  args.push_back(ci(0));
  auto r = Exec(NNADAPTER_AVERAGE_POOL_2D, args, {{}});
  ExpectExact(r[0], {1, 1, 3, 3},
              {0.25f, 1.25f, 0, 2.75f, 7, 0, 0, 0, 0});
  args = RowPastPadding(true);
  args.push_back(ci(0));
  r = Exec(NNADAPTER_AVERAGE_POOL_2D, args, {{}});
  ExpectExact(r[0], {1, 1, 1, 2}, {1.5f, 0});
}

OP_TEST(MAX_POOL_2D, CeilModeWindowInPadding) {
  auto args = Img3x3Ceil(true);
  args.push_back(ci(NNADAPTER_INT32));
  args.push_back(ci(0));
  auto r = Exec(NNADAPTER_MAX_POOL_2D, args, {{}, {NNADAPTER_INT32}});
  const float m = -FLT_MAX;
  ExpectExact(r[0], {1, 1, 3, 3}, {1, 3, m, 7, 9, m, m, m, m});
  ExpectI32(r[1], {1, 1, 3, 3}, {0, 2, -1, 6, 8, -1, -1, -1, -1});
  args = RowPastPadding(false);
  args.push_back(ci(NNADAPTER_INT64));
  args.push_back(ci(0));
  r = Exec(NNADAPTER_MAX_POOL_2D, args, {{}});
  ExpectExact(r[0], {1, 1, 1, 2}, {2, m});
  // RELU fused after the pooling: max(0, -FLT_MAX) = 0.
  args = RowPastPadding(false);
  args.push_back(ci(NNADAPTER_INT64));
  args.push_back(ci(NNADAPTER_FUSED_RELU));
  r = Exec(NNADAPTER_MAX_POOL_2D, args, {{}});
  ExpectExact(r[0], {1, 1, 1, 2}, {2, 0});
}

// The shape the runtime infers (the model's declared output) is the shape
// builtin_device writes, with dynamic input dims too (shape from the kernel).
OP_TEST(AVERAGE_POOL_2D, CeilModeShapeMatchesInference) {
  // N2 C2 H8 W6, pads 1/2/0/1, kernel 2x3, stride 2x2, ceil_mode:
  // H ceil((8+3-2)/2)+1 = 6, W ceil((6+1-3)/2)+1 = 3.
  std::vector<float> x(2 * 2 * 8 * 6, 1.0f);
  Tensor in = F32({2, 2, 8, 6}, x);
  for (bool unknown : {false, true}) {
    Tensor arg = in;
    arg.dims_unknown = unknown;
    auto r = RunOp(NNADAPTER_AVERAGE_POOL_2D,
                   {V(arg), ci(0), cis({1, 2, 0, 1}), cis({2, 3}), cis({2, 2}),
                    cb(true), cb(true), ci(0)},
                   {{}}, {in});
    ASSERT_TRUE(r.ok()) << r.message;
    ASSERT_EQ(r.outputs[0].dims, (std::vector<int32_t>{2, 2, 6, 3}));
    // Row 5 starts at 5 * 2 - 1 = 9 >= 8: every window there is padding.
    std::vector<float> got = r.outputs[0].as<float>();
    for (int p = 0; p < 4; p++)
      for (int w = 0; w < 3; w++) EXPECT_EQ(got[(p * 6 + 5) * 3 + w], 0.0f);
  }
}
