// NON_MAX_SUPPRESSION on both input layouts, against hand-computed rows.
#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

namespace {
// Boxes b0 = [0,0,10,10], b1 = [1,1,11,11], b2 = [20,20,30,30]. IoU(b0, b1):
// normalized 81 / 119 = 0.681, unnormalized (+1) 100 / 142 = 0.704.
// Class 0 is the background; class 1 scores 0.9, 0.8, 0.7.
std::vector<Tensor> RunPerImage(float score_threshold, float nms_threshold, int32_t keep_top_k,
                                bool normalized, bool return_index) {
  std::vector<OutSpec> outs = {{}, {NNADAPTER_INT32}};
  if (return_index) outs.push_back({NNADAPTER_INT32});
  return Exec(NNADAPTER_NON_MAX_SUPPRESSION,
              {V(F32({1, 3, 4}, {0, 0, 10, 10, 1, 1, 11, 11, 20, 20, 30, 30})),
               V(F32({1, 2, 3}, {0.5f, 0.5f, 0.5f, 0.9f, 0.8f, 0.7f})), None(), ci(0),
               cf(score_threshold), ci(-1), cf(nms_threshold), cf(1), ci(keep_top_k),
               cb(normalized), cb(return_index)},
              outs);
}
}  // namespace

OP_TEST(NON_MAX_SUPPRESSION, PerImageThresholdsAndKeepTopK) {
  auto r = RunPerImage(0.1f, 0.5f, -1, true, true);
  ExpectF32(r[0], {2, 6}, {1, 0.9f, 0, 0, 10, 10, 1, 0.7f, 20, 20, 30, 30});
  ExpectI32(r[1], {1}, {2});
  ExpectI32(r[2], {2}, {0, 2});
  r = RunPerImage(0.1f, 0.5f, 1, true, true);  // keep_top_k: the best box only
  ExpectF32(r[0], {1, 6}, {1, 0.9f, 0, 0, 10, 10});
  ExpectI32(r[2], {1}, {0});
  r = RunPerImage(0.1f, 0.7f, -1, true, true);  // 0.681 <= 0.7: b1 stays
  ExpectF32(r[0], {3, 6},
            {1, 0.9f, 0, 0, 10, 10, 1, 0.8f, 1, 1, 11, 11, 1, 0.7f, 20, 20, 30, 30});
  r = RunPerImage(0.1f, 0.7f, -1, false, true);  // 0.704 > 0.7: b1 goes
  ExpectI32(r[2], {2}, {0, 2});
}

OP_TEST(NON_MAX_SUPPRESSION, NothingKept) {
  auto r = RunPerImage(0.95f, 0.5f, -1, true, false);  // Paddle's [1, 1] = -1
  ExpectF32(r[0], {1, 1}, {-1});
  ExpectI32(r[1], {1}, {0});
  r = RunPerImage(0.95f, 0.5f, -1, true, true);
  ExpectF32(r[0], {0, 6}, {});
  ExpectI32(r[2], {0}, {});
}

// Boxes [M=2, C=2, 4] with scores [M, C], one box per image (rois_num
// [1, 1]), no background: image 0 keeps both classes of box 0, image 1 only
// class 1 of box 1 (0.2 is below the threshold). Index = box * C + class.
OP_TEST(NON_MAX_SUPPRESSION, PerBoxAndClassWithRoisNum) {
  auto r = Exec(NNADAPTER_NON_MAX_SUPPRESSION,
                {V(F32({2, 2, 4}, {0, 0, 1, 1, 0, 0, 2, 2, 5, 5, 6, 6, 5, 5, 7, 7})),
                 V(F32({2, 2}, {0.6f, 0.3f, 0.2f, 0.9f})), V(I32({2}, {1, 1})), ci(-1),
                 cf(0.25f), ci(-1), cf(0.5f), cf(1), ci(-1), cb(true), cb(true)},
                {{}, {NNADAPTER_INT32}, {NNADAPTER_INT32}});
  ExpectF32(r[0], {3, 6},
            {0, 0.6f, 0, 0, 1, 1, 1, 0.3f, 0, 0, 2, 2, 1, 0.9f, 5, 5, 7, 7});
  ExpectI32(r[1], {2}, {2, 1});
  ExpectI32(r[2], {3}, {0, 1, 3});
}
