// Randomized agreement test: operations with random shapes and attribute
// values (valid and invalid ones) are built through the public C API; every
// operation google_xnnpack claims must compile, run and match builtin_device,
// and google_xnnpack must claim a good share of the valid ones. Set
// GOOGLE_XNNPACK_RANDOM_SEED for other draws. This is
// validate_program's "answers exactly what the conversion can do" contract.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>
#include <string>
#include <vector>

#include "testing/compare.h"
#include "testing/execution.h"
#include "testing/model_builder.h"
#include "testing/random.h"

namespace {

using namespace nnadapter_test;  // NOLINT
using Op = NNAdapterOperand*;
constexpr int32_t U = NNADAPTER_UNKNOWN;

int Pick(std::mt19937* rng, int lo, int hi) {
  return std::uniform_int_distribution<int>(lo, hi)(*rng);
}

// Adds one random operation on `x` (dims `xd`); false if the runtime's own
// validation rejected it (then nothing is checked).
using Builder = std::function<bool(std::mt19937*, ModelBuilder&, Op x,
                                   const std::vector<int32_t>& xd, Op* y)>;

bool RandomConv(std::mt19937* rng, ModelBuilder& b, Op x,
                const std::vector<int32_t>& xd, Op* y) {
  const int32_t cin = xd[1];
  const int kind = Pick(rng, 0, 2);  // 0 plain, 1 depthwise, 2 grouped
  int32_t group = kind == 1 ? cin : kind == 2 && cin % 2 == 0 ? 2 : 1;
  const int32_t mult = Pick(rng, 1, 2);
  const int32_t cout = kind == 1 ? cin * mult : Pick(rng, 1, 3) * group;
  const int32_t k = Pick(rng, 1, 5);
  std::vector<int32_t> wd = {cout, cin / group, k, k};
  Op w = b.Floats(wd, Random(rng, Count(wd)));
  Op bias = b.Floats({cout}, Random(rng, cout));
  *y = b.Tensor({U, U, U, U});
  return b.TryOp(NNADAPTER_CONV_2D,
               {x, w, bias, b.Int(Pick(rng, 0, 2)),
                b.Ints({Pick(rng, 0, 3), Pick(rng, 0, 3), Pick(rng, 0, 3),
                        Pick(rng, 0, 3)}),
                b.Ints({Pick(rng, 1, 3), Pick(rng, 1, 3)}), b.Int(group),
                b.Ints({Pick(rng, 1, 2), Pick(rng, 1, 2)}), b.Int(Pick(rng, 0, 3))},
               {*y}) == NNADAPTER_NO_ERROR;
}

bool RandomDeconv(std::mt19937* rng, ModelBuilder& b, Op x,
                  const std::vector<int32_t>& xd, Op* y) {
  const int32_t cin = xd[1];
  const int32_t group = cin % 2 == 0 && Pick(rng, 0, 1) ? 2 : 1;
  const int32_t cog = Pick(rng, 1, 3), k = Pick(rng, 1, 4), s = Pick(rng, 1, 3);
  std::vector<int32_t> wd = {cin, cog, k, k};
  Op w = b.Floats(wd, Random(rng, Count(wd)));
  Op bias = b.Floats({cog * group}, Random(rng, cog * group));
  *y = b.Tensor({U, U, U, U});
  const int32_t op = Pick(rng, 0, s - 1);
  return b.TryOp(NNADAPTER_CONV_2D_TRANSPOSE,
               {x, w, bias, b.Int(0),
                b.Ints({Pick(rng, 0, 1), Pick(rng, 0, 1), Pick(rng, 0, 1),
                        Pick(rng, 0, 1)}),
                b.Ints({s, s}), b.Int(group), b.Ints({1, 1}), b.Ints({op, op}),
                nullptr, b.Int(Pick(rng, 0, 1))},
               {*y}) == NNADAPTER_NO_ERROR;
}

bool RandomPool(std::mt19937* rng, ModelBuilder& b, Op x,
                const std::vector<int32_t>&, Op* y) {
  const bool is_max = Pick(rng, 0, 1);
  const int32_t k = Pick(rng, 1, 4);
  std::vector<Op> in = {x, b.Int(Pick(rng, 0, 2)),
                        b.Ints({Pick(rng, 0, 1), Pick(rng, 0, 1), Pick(rng, 0, 1),
                                Pick(rng, 0, 1)}),
                        b.Ints({k, k}), b.Ints({Pick(rng, 1, 3), Pick(rng, 1, 3)}),
                        b.Bool(Pick(rng, 0, 1))};
  if (is_max) {
    in.push_back(b.Bool(false));
    in.push_back(b.Int(NNADAPTER_INT64));
  } else {
    in.push_back(b.Bool(Pick(rng, 0, 1)));
  }
  in.push_back(b.Int(Pick(rng, 0, 3)));
  *y = b.Tensor({U, U, U, U});
  return b.TryOp(is_max ? NNADAPTER_MAX_POOL_2D : NNADAPTER_AVERAGE_POOL_2D, in,
               {*y}) == NNADAPTER_NO_ERROR;
}

bool RandomResize(std::mt19937* rng, ModelBuilder& b, Op x,
                  const std::vector<int32_t>& xd, Op* y) {
  *y = b.Tensor({U, U, U, U});
  const bool linear = Pick(rng, 0, 1);
  const int32_t oh = xd[2] * Pick(rng, 1, 3) + Pick(rng, 0, 1) * Pick(rng, 0, 2);
  const int32_t ow = xd[3] * Pick(rng, 1, 3);
  std::vector<Op> in = {x, b.Ints({oh, ow}), nullptr, b.Bool(Pick(rng, 0, 1))};
  if (linear) in.push_back(b.Int(Pick(rng, 0, 1)));
  return b.TryOp(linear ? NNADAPTER_RESIZE_LINEAR : NNADAPTER_RESIZE_NEAREST, in,
               {*y}) == NNADAPTER_NO_ERROR;
}

bool RandomBinary(std::mt19937* rng, ModelBuilder& b, Op x,
                  const std::vector<int32_t>& xd, Op* y) {
  static const NNAdapterOperationType kTypes[] = {
      NNADAPTER_ADD, NNADAPTER_SUB, NNADAPTER_MUL,
      NNADAPTER_DIV, NNADAPTER_MAX, NNADAPTER_MIN};
  std::vector<int32_t> cd = xd;
  for (auto& d : cd) {
    if (Pick(rng, 0, 1)) d = 1;
  }
  const int drop = Pick(rng, 0, 3);
  cd.erase(cd.begin(), cd.begin() + drop);
  std::vector<float> v = Random(rng, Count(cd));
  for (auto& f : v) f = f >= 0 ? f + 0.5f : f - 0.5f;  // no division by ~0
  *y = b.Tensor({U, U, U, U});
  Op c = b.Floats(cd, v);
  const bool swap = Pick(rng, 0, 1);
  return b.TryOp(kTypes[Pick(rng, 0, 5)],
               {swap ? c : x, swap ? x : c, b.Int(Pick(rng, 0, 3))}, {*y}) == NNADAPTER_NO_ERROR;
}

bool RandomConcat(std::mt19937* rng, ModelBuilder& b, Op x,
                  const std::vector<int32_t>& xd, Op* y) {
  const int32_t axis = Pick(rng, -4, 3);
  std::vector<int32_t> cd = xd;
  cd[(axis + 4) % 4] = Pick(rng, 1, 3);
  std::vector<Op> in = {x, b.Floats(cd, Random(rng, Count(cd)))};
  if (Pick(rng, 0, 1)) std::swap(in[0], in[1]);
  if (Pick(rng, 0, 1)) in.push_back(x);
  in.push_back(b.Int(axis));
  *y = b.Tensor({U, U, U, U});
  return b.TryOp(NNADAPTER_CONCAT, in, {*y}) == NNADAPTER_NO_ERROR;
}

bool RandomPad(std::mt19937* rng, ModelBuilder& b, Op x,
               const std::vector<int32_t>&, Op* y) {
  std::vector<int32_t> pads(8);
  for (auto& p : pads) p = Pick(rng, 0, 2);
  *y = b.Tensor({U, U, U, U});
  return b.TryOp(NNADAPTER_PAD,
               {x, b.Ints(pads), b.Int(Pick(rng, 0, 3)), b.Float(0.25f)}, {*y}) == NNADAPTER_NO_ERROR;
}

bool RandomSoftmaxOrReshape(std::mt19937* rng, ModelBuilder& b, Op x,
                            const std::vector<int32_t>& xd, Op* y) {
  if (Pick(rng, 0, 1)) {
    *y = b.Tensor({U, U, U, U});
    return b.TryOp(NNADAPTER_SOFTMAX, {x, b.Int(Pick(rng, -4, 3))}, {*y}) == NNADAPTER_NO_ERROR;
  }
  const int32_t n = static_cast<int32_t>(Count(xd));
  std::vector<int32_t> shape =
      Pick(rng, 0, 1) ? std::vector<int32_t>{xd[0], -1}
                      : std::vector<int32_t>{1, n / xd[0] * xd[0] == n ? n : -1, 1, 1};
  *y = b.Tensor(std::vector<int32_t>(shape.size(), U));
  return b.TryOp(NNADAPTER_RESHAPE, {x, b.Ints(shape)}, {*y}) == NNADAPTER_NO_ERROR;
}

TEST(GoogleXnnpackRandom, ClaimedOperationsMatchBuiltinDevice) {
  const char* seed = std::getenv("GOOGLE_XNNPACK_RANDOM_SEED");
  std::mt19937 rng(seed ? static_cast<unsigned>(std::atoi(seed)) : 2026u);
  const std::vector<std::pair<const char*, Builder>> builders = {
      {"conv", RandomConv}, {"deconv", RandomDeconv}, {"pool", RandomPool},
      {"resize", RandomResize}, {"binary", RandomBinary},
      {"concat", RandomConcat}, {"pad", RandomPad},
      {"softmax/reshape", RandomSoftmaxOrReshape}};
  for (const auto& builder : builders) {
    int valid = 0, claimed = 0;
    for (int iteration = 0; iteration < 60; iteration++) {
      std::vector<int32_t> xd = {Pick(&rng, 1, 2), Pick(&rng, 1, 4) * 2 - 1 + Pick(&rng, 0, 1),
                                 Pick(&rng, 3, 12), Pick(&rng, 3, 12)};
      ModelBuilder b;
      Op x = b.Tensor(xd), y = nullptr;
      if (!builder.second(&rng, b, x, xd, &y)) continue;  // invalid model
      SCOPED_TRACE(std::string(builder.first) + " iteration " +
                   std::to_string(iteration));
      b.Finish({x}, {y});
      std::vector<Memory> in = {{xd, Random(&rng, Count(xd)), 0}}, ref, got;
      if (CompileAndRun(b.model(), {"builtin_device"}, "", in, 1, &ref) !=
          NNADAPTER_NO_ERROR) {
        continue;
      }
      valid++;
      Devices d({"google_xnnpack"}, "");
      bool supported = false;
      ASSERT_EQ(NNAdapterModel_getSupportedOperations(b.model(), d.context(),
                                                      &supported),
                NNADAPTER_NO_ERROR);
      if (!supported) continue;
      claimed++;
      ASSERT_EQ(CompileAndRun(b.model(), {"google_xnnpack"}, "", in, 1, &got),
                NNADAPTER_NO_ERROR)
          << NNAdapter_getLastErrorMessage();
      ExpectClose(got, ref, builder.first);
    }
    std::printf("%s: %d valid random models, %d claimed by google_xnnpack\n",
                builder.first, valid, claimed);
    EXPECT_GT(valid, 10) << builder.first;
    // Most random reshapes of rank-4 tensors (C > 1, H*W > 1) and softmaxes
    // on a spatial axis need a transpose this XNNPACK lacks.
    const int share = std::string(builder.first) == "softmax/reshape" ? 12 : 3;
    EXPECT_GT(claimed, valid / share) << builder.first;
  }
}

}  // namespace
