// Normalizations, resampling and detection operations.
#include "drivers/builtin_device/test_util.h"

using namespace nnadapter_test;  // NOLINT

OP_TEST(BATCH_NORMALIZATION, PerChannel) {
  auto r = Exec(NNADAPTER_BATCH_NORMALIZATION,
               {V(F32({1, 2, 1, 2}, {1, 2, 3, 4})), cfs({1, 2}), cfs({0, 1}),
                cfs({1, 3}), cfs({4, 1}), cf(0)},
               {{}});
  ExpectF32(r[0], {1, 2, 1, 2}, {0, 0.5f, 1, 3});
}
OP_TEST(INSTANCE_NORMALIZATION, OneChannel) {
  // mean 2.5, var 1.25, 1/sqrt(1.25) = 0.894427
  auto r = Exec(NNADAPTER_INSTANCE_NORMALIZATION,
               {V(F32({1, 1, 2, 2}, {1, 2, 3, 4})), cfs({1}), cfs({0}), cf(0)},
               {{}});
  ExpectF32(r[0], {1, 1, 2, 2}, {-1.3416408f, -0.4472136f, 0.4472136f, 1.3416408f});
}
OP_TEST(LAYER_NORMALIZATION, LastAxis) {
  auto r = Exec(NNADAPTER_LAYER_NORMALIZATION,
               {V(F32({2, 2}, {1, 3, 2, 6})), cfs({1, 2}), cfs({0, 10}), ci(1),
                cf(0)},
               {{}});
  ExpectF32(r[0], {2, 2}, {-1, 12, -1, 12});
}
OP_TEST(GROUP_NORMALIZATION, TwoGroups) {
  auto r = Exec(NNADAPTER_GROUP_NORMALIZATION,
               {V(F32({1, 4, 1, 1}, {1, 3, 10, 20})), cfs({1, 1, 1, 1}),
                cfs({0, 0, 0, 0}), cf(0), ci(2)},
               {{}});
  ExpectF32(r[0], {1, 4, 1, 1}, {-1, 1, -1, 1});
}
OP_TEST(LRN, AcrossChannels) {
  // alpha / size = 1: c0 1/(1+1+4), c1 2/(1+1+4+9), c2 3/(1+4+9)
  auto r = Exec(NNADAPTER_LRN,
               {V(F32({1, 3, 1, 1}, {1, 2, 3})), ci(3), cf(1), cf(3), cf(1)},
               {{}});
  ExpectF32(r[0], {1, 3, 1, 1}, {1.0f / 6, 2.0f / 15, 3.0f / 14});
}
// RESIZE_NEAREST operands: input, shape, scales, align_corners.
OP_TEST(RESIZE_NEAREST, ShapeAndScales) {
  Tensor x = F32({1, 1, 2, 2}, {1, 2, 3, 4});
  std::vector<float> want = {1, 1, 2, 2, 1, 1, 2, 2, 3, 3, 4, 4, 3, 3, 4, 4};
  auto r = Exec(NNADAPTER_RESIZE_NEAREST, {V(x), cis({4, 4}), None(), cb(false)},
               {{}});
  ExpectF32(r[0], {1, 1, 4, 4}, want);
  r = Exec(NNADAPTER_RESIZE_NEAREST, {V(x), None(), cfs({2, 2}), cb(false)}, {{}});
  ExpectF32(r[0], {1, 1, 4, 4}, want);
}
// RESIZE_LINEAR operands: input, shape, scales, align_corners, align_mode.
OP_TEST(RESIZE_LINEAR, AlignCornersAndHalfPixel) {
  Tensor x = F32({1, 1, 2, 2}, {0, 1, 2, 3});
  auto r = Exec(NNADAPTER_RESIZE_LINEAR,
               {V(x), cis({3, 3}), None(), cb(true), ci(1)}, {{}});
  ExpectF32(r[0], {1, 1, 3, 3}, {0, 0.5f, 1, 1, 1.5f, 2, 2, 2.5f, 3});
  // align_mode 0: source coordinates (per axis) 0, 0.25, 0.75, 1
  r = Exec(NNADAPTER_RESIZE_LINEAR,
          {V(x), cis({4, 4}), None(), cb(false), ci(0)}, {{}});
  ExpectF32(r[0], {1, 1, 4, 4},
            {0, 0.25f, 0.75f, 1, 0.5f, 0.75f, 1.25f, 1.5f, 1.5f, 1.75f, 2.25f,
             2.5f, 2, 2.25f, 2.75f, 3});
}
// GRID_SAMPLE operands: input, grid, align_corners, mode, pad_mode.
OP_TEST(GRID_SAMPLE, AlignCornersAndZeroPadding) {
  Tensor x = F32({1, 1, 2, 2}, {1, 2, 3, 4});
  Tensor grid = F32({1, 1, 3, 2}, {-1, -1, 0, 0, 1, 1});
  auto r = Exec(NNADAPTER_GRID_SAMPLE,
               {V(x), V(grid), cb(true), ci(NNADAPTER_INTERPOLATE_MODE_BILINEAR),
                ci(NNADAPTER_PAD_MODE_CONSTANT)},
               {{}});
  ExpectF32(r[0], {1, 1, 1, 3}, {1, 2.5f, 4});
  r = Exec(NNADAPTER_GRID_SAMPLE,
          {V(x), V(grid), cb(false), ci(NNADAPTER_INTERPOLATE_MODE_BILINEAR),
           ci(NNADAPTER_PAD_MODE_CONSTANT)},
          {{}});
  ExpectF32(r[0], {1, 1, 1, 3}, {0.25f, 2.5f, 1});
  r = Exec(NNADAPTER_GRID_SAMPLE,
          {V(x), V(grid), cb(false), ci(NNADAPTER_INTERPOLATE_MODE_BILINEAR),
           ci(NNADAPTER_PAD_MODE_EDGE)},
          {{}});
  ExpectF32(r[0], {1, 1, 1, 3}, {1, 2.5f, 4});
}
// ROI_ALIGN operands: input, rois, batch_indices, output_height,
// output_width, sampling_ratio, spatial_scale, aligned.
OP_TEST(ROI_ALIGN, LinearImage) {
  std::vector<float> v;
  for (int i = 0; i < 16; i++) v.push_back(static_cast<float>(i));  // 4y + x
  auto r = Exec(NNADAPTER_ROI_ALIGN,
               {V(F32({1, 1, 4, 4}, v)), V(F32({1, 4}, {0, 0, 2, 2})),
                V(I32({1}, {0})), ci(1), ci(1), ci(2), cf(1), cb(false)},
               {{}});
  ExpectF32(r[0], {1, 1, 1, 1}, {5});  // mean at (1, 1)
  r = Exec(NNADAPTER_ROI_ALIGN,
          {V(F32({1, 1, 4, 4}, v)), V(F32({1, 4}, {0, 0, 2, 2})),
           V(I32({1}, {0})), ci(1), ci(1), ci(2), cf(1), cb(true)},
          {{}});
  ExpectF32(r[0], {1, 1, 1, 1}, {2.5f});  // mean at (0.5, 0.5)
}
// PRIOR_BOX operands: input, image, min_sizes, max_sizes, aspect_ratios,
// variances, flip, clip, step_w, step_h, offset, min_max_aspect_ratios_order.
OP_TEST(PRIOR_BOX, OneCell) {
  auto run = [](bool order) {
    return Exec(NNADAPTER_PRIOR_BOX,
               {V(F32({1, 1, 1, 1}, {0})), V(F32({1, 1, 10, 10}, std::vector<float>(100, 0))),
                cfs({4}), cfs({9}), cfs({2}), cfs({0.1f, 0.1f, 0.2f, 0.2f}),
                cb(false), cb(false), cf(0), cf(0), cf(0.5f), cb(order)},
               {{}, {}});
  };
  // ratio 2: w = 4 sqrt2 = 5.656854, h = 2.828427, centre (5, 5), image 10
  std::vector<float> ar2 = {0.2171573f, 0.3585786f, 0.7828427f, 0.6414214f};
  std::vector<float> sq4 = {0.3f, 0.3f, 0.7f, 0.7f}, sq6 = {0.2f, 0.2f, 0.8f, 0.8f};
  auto r = run(false);
  std::vector<float> want;
  for (auto* b : {&sq4, &ar2, &sq6}) want.insert(want.end(), b->begin(), b->end());
  ExpectF32(r[0], {1, 1, 3, 4}, want);
  ExpectF32(r[1], {1, 1, 3, 4},
            {0.1f, 0.1f, 0.2f, 0.2f, 0.1f, 0.1f, 0.2f, 0.2f, 0.1f, 0.1f, 0.2f, 0.2f});
  r = run(true);
  want.clear();
  for (auto* b : {&sq4, &sq6, &ar2}) want.insert(want.end(), b->begin(), b->end());
  ExpectF32(r[0], {1, 1, 3, 4}, want);
}
// YOLO_BOX operands: input, imgsize, anchors, class_num, conf_thresh,
// downsample_ratio, clip_bbox, scale_x_y, iou_aware, iou_aware_factor.
OP_TEST(YOLO_BOX, OneAnchorOneCell) {
  auto run = [](float thresh) {
    return Exec(NNADAPTER_YOLO_BOX,
               {V(F32({1, 6, 1, 1}, {0, 0, 0, 0, 0, 0})), V(I32({1, 2}, {100, 200})),
                cis({10, 20}), ci(1), cf(thresh), ci(32), cb(true), cf(1),
                cb(false), cf(0.5f)},
               {{}, {}});
  };
  // cx = 0.5 * 200 = 100, cy = 50, bw = 10 * 200 / 32 = 62.5, bh = 62.5
  auto r = run(0.01f);
  ExpectF32(r[0], {1, 1, 4}, {68.75f, 18.75f, 131.25f, 81.25f});
  ExpectF32(r[1], {1, 1, 1}, {0.25f});
  r = run(0.6f);  // conf 0.5 below the threshold: zeros
  ExpectF32(r[0], {1, 1, 4}, {0, 0, 0, 0});
  ExpectF32(r[1], {1, 1, 1}, {0});
}
