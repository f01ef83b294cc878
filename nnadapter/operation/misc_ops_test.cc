// Reductions, normalizations, MAT_MUL, resampling, detection, and the
// creating/converting operations (FILL, RANGE, CAST, QUANTIZE, ...).
#include "operation/test_util.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

Dims Infer(NNAdapterOperationType type, Model* m,
           std::vector<core::Operand*> inputs,
           NNAdapterOperandPrecision* precision = nullptr) {
  core::Operand* out = m->Out();
  std::string msg;
  EXPECT_EQ(RunOp(type, inputs, {out}, &msg), NNADAPTER_NO_ERROR) << msg;
  if (precision) *precision = out->type.precision;
  return DimsOf(out);
}

TEST(Reduce, AxesKeepdimAndErrors) {
  Model m;
  EXPECT_EQ(Infer(NNADAPTER_REDUCE_SUM, &m,
                  {m.F32({U, 3, 4}), m.I32s({-1, 1}), m.B(false)}),
            (Dims{U}));
  EXPECT_EQ(Infer(NNADAPTER_REDUCE_MAX, &m,
                  {m.F32({2, 3, 4}), m.I32s({}), m.B(true)}),
            (Dims{1, 1, 1}));
  EXPECT_INVALID(NNADAPTER_REDUCE_MEAN,
                 {m.F32({2, 3}), m.I32s({1, -1}), m.B(false)}, {m.Out()},
                 "REDUCE_MEAN", "input 1 (axes): axis -1 appears twice");
  EXPECT_INVALID(NNADAPTER_REDUCE_MEAN,
                 {m.F32({2, 3}), m.I32s({2}), m.B(false)}, {m.Out()},
                 "REDUCE_MEAN",
                 "input 1 (axes): expected an axis in [-2, 2), got 2");
  EXPECT_INVALID(NNADAPTER_REDUCE_MEAN, {m.F32({2, 3}), m.I32s({0}), m.I32(0)},
                 {m.Out()}, "REDUCE_MEAN",
                 "input 2 (keepdim): expected precision BOOL8, got INT32");
  EXPECT_INVALID(NNADAPTER_ARG_MAX,
                 {m.F32({2, 3}), m.I32(0), m.B(false), m.I32(NNADAPTER_INT8)},
                 {m.Out()}, "ARG_MAX",
                 "input 3 (dtype): expected NNADAPTER_INT32 or "
                 "NNADAPTER_INT64, got 2");
  EXPECT_INVALID(NNADAPTER_ARG_MIN,
                 {m.F32({2, 3}), m.I32(-3), m.B(false), m.I32(NNADAPTER_INT32)},
                 {m.Out()}, "ARG_MIN", "input 1 (axis)");
}

TEST(Normalization, ChannelParametersAndAttributes) {
  Model m;
  EXPECT_INVALID(NNADAPTER_BATCH_NORMALIZATION,
                 {m.F32({2, 4, 5, 5}), m.Fs({1, 1, 1, 1}), m.Fs({0, 0, 0}),
                  m.Fs({0, 0, 0, 0}), m.Fs({1, 1, 1, 1}), m.F(1e-5f)},
                 {m.Out()}, "BATCH_NORMALIZATION",
                 "input 2 (bias): expected dimension 0 to be 4 (the channels "
                 "of input 0), got [3]");
  EXPECT_INVALID(NNADAPTER_BATCH_NORMALIZATION,
                 {m.F32({2, 4, 5, 5}), m.Fs({1, 1, 1, 1}), m.Fs({0, 0, 0, 0}),
                  m.Fs({0, 0, 0, 0}), m.Fs({1, 1, 1, 1}), m.F(-1.f)},
                 {m.Out()}, "BATCH_NORMALIZATION", "input 5 (epsilon)");
  EXPECT_INVALID(NNADAPTER_GROUP_NORMALIZATION,
                 {m.F32({2, 6, 4, 4}), m.Fs(std::vector<float>(6, 1)),
                  m.Fs(std::vector<float>(6, 0)), m.F(1e-5f), m.I32(4)},
                 {m.Out()}, "GROUP_NORMALIZATION",
                 "input 4 (groups): expected a positive divisor of the "
                 "channels 6, got 4");
  EXPECT_INVALID(NNADAPTER_LAYER_NORMALIZATION,
                 {m.F32({2, 3, 4}), m.Fs({1, 1, 1}), m.Fs({0, 0, 0}), m.I32(1),
                  m.F(1e-5f)},
                 {m.Out()}, "LAYER_NORMALIZATION",
                 "input 1 (scale): expected [3,4] (12 elements");
  EXPECT_EQ(Infer(NNADAPTER_LAYER_NORMALIZATION, &m,
                  {m.F32({U, 3, 4}), m.Fs({1, 1, 1, 1}), m.Fs({0, 0, 0, 0}),
                   m.I32(-1), m.F(1e-5f)}),
            (Dims{U, 3, 4}));
  EXPECT_INVALID(NNADAPTER_LP_NORMALIZATION,
                 {m.F32({2, 5}), m.I32(1), m.I32(3), m.F(1e-10f)}, {m.Out()},
                 "LP_NORMALIZATION", "input 2 (p): expected 1 or 2, got 3");
  EXPECT_INVALID(NNADAPTER_LRN,
                 {m.F32({1, 8, 5, 5}), m.I32(0), m.F(1), m.F(1e-4f),
                  m.F(0.75f)},
                 {m.Out()}, "LRN", "input 1 (size): expected size >= 1");
  EXPECT_INVALID(NNADAPTER_CHANNEL_SHUFFLE, {m.F32({1, 6, 4, 4}), m.I32(4)},
                 {m.Out()}, "CHANNEL_SHUFFLE",
                 "input 1 (group): expected an integer >= 1 dividing the "
                 "channels 6");
  EXPECT_EQ(Infer(NNADAPTER_CHANNEL_SHUFFLE, &m,
                  {m.F32({1, 6, 4, 4}), m.F(2.f)}),
            (Dims{1, 6, 4, 4}));
  EXPECT_INVALID(NNADAPTER_SOFTMAX, {m.F32({2, 3}), m.I32(2)}, {m.Out()},
                 "SOFTMAX", "input 1 (axis): expected an axis in [-2, 2)");
  EXPECT_INVALID(NNADAPTER_CUM_SUM,
                 {m.F32({2, 3}), m.I32(0), m.B(false), m.F(0)}, {m.Out()},
                 "CUM_SUM", "input 3 (reverse)");
}

TEST(MatMul, VectorsTransposesBroadcasting) {
  Model m;
  auto mm = [&](Dims x, Dims y, bool tx, bool ty) {
    return Infer(NNADAPTER_MAT_MUL, &m, {m.F32(x), m.F32(y), m.B(tx), m.B(ty)});
  };
  EXPECT_EQ(mm({3, 4}, {4, 5}, false, false), (Dims{3, 5}));
  EXPECT_EQ(mm({4, 3}, {5, 4}, true, true), (Dims{3, 5}));
  EXPECT_EQ(mm({4}, {4}, false, false), (Dims{}));
  EXPECT_EQ(mm({4}, {2, 4, 5}, false, false), (Dims{2, 5}));
  EXPECT_EQ(mm({2, 3, 4}, {4}, false, false), (Dims{2, 3}));
  EXPECT_EQ(mm({U, 1, 3, 4}, {7, 4, 2}, false, false), (Dims{U, 7, 3, 2}));
  EXPECT_EQ(mm({3, U}, {4, 5}, false, false), (Dims{3, 5}));
  EXPECT_INVALID(NNADAPTER_MAT_MUL,
                 {m.F32({3, 4}), m.F32({5, 4}), m.B(false), m.B(false)},
                 {m.Out()}, "MAT_MUL",
                 "input 1 (y): inner dimension 5 does not match 4");
  EXPECT_INVALID(NNADAPTER_MAT_MUL,
                 {m.F32({2, 3, 4}), m.F32({3, 4, 5}), m.B(false), m.B(false)},
                 {m.Out()}, "MAT_MUL",
                 "input 1 (y): batch dimensions of [3,4,5] cannot be "
                 "broadcast");
  EXPECT_INVALID(NNADAPTER_MAT_MUL,
                 {m.F32({3, 4}), m.Q8({4, 5}, 1.f), m.B(false), m.B(false)},
                 {m.Out()}, "MAT_MUL", "input 1 (y): expected the precision");
}

TEST(Resample, ResizeGridSampleRoiAlign) {
  Model m;
  // shape has priority over scales.
  EXPECT_EQ(Infer(NNADAPTER_RESIZE_NEAREST, &m,
                  {m.F32({1, 3, 10, 10}), m.I64s({7, 9}), m.Fs({2, 2}),
                   m.B(false)}),
            (Dims{1, 3, 7, 9}));
  // floor(5 * 1.5) = 7
  EXPECT_EQ(Infer(NNADAPTER_RESIZE_LINEAR, &m,
                  {m.F32({U, 3, 5, U}), nullptr, m.Fs({1.5f, 2}), m.B(false),
                   m.I32(0)}),
            (Dims{U, 3, 7, U}));
  EXPECT_EQ(Infer(NNADAPTER_RESIZE_NEAREST, &m,
                  {m.F32({1, 3, 5, 5}), m.Add(NNADAPTER_INT32, {2}), nullptr,
                   m.B(false)}),
            (Dims{1, 3, U, U}));
  EXPECT_INVALID(NNADAPTER_RESIZE_NEAREST,
                 {m.F32({1, 3, 5, 5}), nullptr, nullptr, m.B(false)},
                 {m.Out()}, "RESIZE_NEAREST",
                 "input 1 (shape) and input 2 (scales) are both null");
  EXPECT_INVALID(NNADAPTER_RESIZE_LINEAR,
                 {m.F32({1, 3, 5, 5}), m.I32s({4, 4}), nullptr, m.B(false),
                  m.I32(2)},
                 {m.Out()}, "RESIZE_LINEAR",
                 "input 4 (align_mode): expected 0 or 1, got 2");
  EXPECT_INVALID(NNADAPTER_RESIZE_NEAREST,
                 {m.F32({1, 3, 5, 5}), nullptr, m.Fs({-1, 2}), m.B(false)},
                 {m.Out()}, "RESIZE_NEAREST",
                 "input 2 (scales): expected positive scales");
  EXPECT_INVALID(NNADAPTER_GRID_SAMPLE,
                 {m.F32({1, 3, 8, 8}), m.F32({1, 4, 4, 3}), m.B(false),
                  m.I32(1), m.I32(1)},
                 {m.Out()}, "GRID_SAMPLE",
                 "input 1 (grid): expected dimension 3 to be 2");
  EXPECT_INVALID(NNADAPTER_GRID_SAMPLE,
                 {m.F32({1, 3, 8, 8}), m.F32({1, 4, 4, 2}), m.B(false),
                  m.I32(5), m.I32(1)},
                 {m.Out()}, "GRID_SAMPLE", "input 3 (mode)");
  EXPECT_EQ(Infer(NNADAPTER_ROI_ALIGN, &m,
                  {m.F32({1, 8, 16, 16}), m.F32({U, 4}),
                   m.Add(NNADAPTER_INT32, {U}), m.I32(3), m.I32(5), m.I32(0),
                   m.F(1.f), m.B(false)}),
            (Dims{U, 8, 3, 5}));
  EXPECT_INVALID(NNADAPTER_ROI_ALIGN,
                 {m.F32({1, 8, 16, 16}), m.F32({4, 4}),
                  m.Add(NNADAPTER_INT32, {3}), m.I32(3), m.I32(5), m.I32(0),
                  m.F(1.f), m.B(false)},
                 {m.Out()}, "ROI_ALIGN",
                 "input 2 (batch_indices): expected dimension 0 to be 4");
  EXPECT_INVALID(NNADAPTER_ROI_ALIGN,
                 {m.F32({1, 8, 16, 16}), m.F32({4, 4}),
                  m.Add(NNADAPTER_INT32, {4}), m.I32(0), m.I32(5), m.I32(0),
                  m.F(1.f), m.B(false)},
                 {m.Out()}, "ROI_ALIGN", "input 3 (output_height)");
}

TEST(Detection, PriorBoxAndYoloBox) {
  Model m;
  auto prior = [&](std::vector<float> ratios, bool flip,
                   std::vector<float> max_sizes) {
    std::vector<core::Operand*> outs = {m.Out(), m.Out()};
    std::string msg;
    EXPECT_EQ(RunOp(NNADAPTER_PRIOR_BOX,
                    {m.F32({1, 8, 5, 6}), m.F32({1, 3, 60, 60}),
                     m.Fs({10, 20}), m.Fs(max_sizes), m.Fs(ratios),
                     m.Fs({.1f, .1f, .2f, .2f}), m.B(flip), m.B(true), m.F(0),
                     m.F(0), m.F(.5f), m.B(true)},
                    outs, &msg),
              NNADAPTER_NO_ERROR)
        << msg;
    EXPECT_EQ(DimsOf(outs[0]), DimsOf(outs[1]));
    return DimsOf(outs[0]);
  };
  // {1, 2, 3} (1.0 duplicate skipped), no flip: 3 * 2 + 2 = 8
  EXPECT_EQ(prior({1.f, 2.f, 3.f}, false, {15, 30}), (Dims{5, 6, 8, 4}));
  // {1, 2, 1/2, 3, 1/3} with flip: 5 * 2 + 0 = 10
  EXPECT_EQ(prior({2.f, 3.f}, true, {}), (Dims{5, 6, 10, 4}));
  EXPECT_INVALID(NNADAPTER_PRIOR_BOX,
                 {m.F32({1, 8, 5, 6}), m.F32({1, 3, 60, 60}), m.Fs({10, 20}),
                  m.Fs({30}), m.Fs({2}), m.Fs({.1f, .1f, .2f, .2f}),
                  m.B(false), m.B(false), m.F(0), m.F(0), m.F(.5f),
                  m.B(false)},
                 {m.Out(), m.Out()}, "PRIOR_BOX",
                 "input 3 (max_sizes): expected 2 values (as min_sizes), "
                 "got 1");
  EXPECT_INVALID(NNADAPTER_PRIOR_BOX,
                 {m.F32({1, 8, 5, 6}), m.F32({1, 3, 60, 60}), m.Fs({10}),
                  m.Fs({}), m.Fs({2}), m.Fs({.1f, .1f}), m.B(false),
                  m.B(false), m.F(0), m.F(0), m.F(.5f), m.B(false)},
                 {m.Out(), m.Out()}, "PRIOR_BOX",
                 "input 5 (variances): expected 4 values, got 2");
  // iou_aware adds one channel per anchor: 2 * (5 + 3) + 2 = 18
  std::vector<core::Operand*> outs = {m.Out(), m.Out()};
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_YOLO_BOX,
                  {m.F32({2, 18, U, 8}), m.Add(NNADAPTER_INT32, {2, 2}),
                   m.I32s({1, 2, 3, 4}), m.I32(3), m.F(.1f), m.I32(16),
                   m.B(false), m.F(1.05f), m.B(true), m.F(.5f)},
                  outs, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(outs[0]), (Dims{2, U, 4}));
  EXPECT_EQ(DimsOf(outs[1]), (Dims{2, U, 3}));
  EXPECT_INVALID(NNADAPTER_YOLO_BOX,
                 {m.F32({2, 17, 8, 8}), m.Add(NNADAPTER_INT32, {2, 2}),
                  m.I32s({1, 2, 3, 4}), m.I32(3), m.F(.1f), m.I32(16),
                  m.B(false), m.F(1.f), m.B(false), m.F(.5f)},
                 {m.Out(), m.Out()}, "YOLO_BOX",
                 "input 0 (input): expected dimension 1 to be 16");
  EXPECT_INVALID(NNADAPTER_YOLO_BOX,
                 {m.F32({2, 16, 8, 8}), m.Add(NNADAPTER_INT32, {2, 2}),
                  m.I32s({1, 2, 3}), m.I32(3), m.F(.1f), m.I32(16),
                  m.B(false), m.F(1.f), m.B(false), m.F(.5f)},
                 {m.Out(), m.Out()}, "YOLO_BOX",
                 "input 2 (anchors): expected an even, non-zero number");
}

TEST(Detection, NonMaxSuppressionLayoutsAndAttributes) {
  Model m;
  auto nms = [&](core::Operand* boxes, core::Operand* scores,
                 core::Operand* rois_num, float eta, bool return_index,
                 std::vector<core::Operand*> outs) {
    std::vector<core::Operand*> in = {
        boxes,       scores,    rois_num,   m.I32(0), m.F(.01f),
        m.I32(-1),   m.F(.45f), m.F(eta),   m.I32(-1), m.B(true),
        m.B(return_index)};
    return std::make_pair(in, outs);
  };
  auto [in, outs] = nms(m.F32({1, 10, 4}), m.F32({1, 3, 9}), nullptr, 1.f,
                        true, {m.Out(), m.Out(), m.Out()});
  EXPECT_INVALID(NNADAPTER_NON_MAX_SUPPRESSION, in, outs, "NON_MAX_SUPPRESSION",
                 "input 0 (bboxes): expected dimension 1 to be 9");
  std::tie(in, outs) = nms(m.F32({6, 3, 4}), m.F32({6, 3}), nullptr, 1.f,
                           true, {m.Out(), m.Out(), m.Out()});
  EXPECT_INVALID(NNADAPTER_NON_MAX_SUPPRESSION, in, outs, "NON_MAX_SUPPRESSION",
                 "input 2 (rois_num): is required when scores is [M, C]");
  std::tie(in, outs) = nms(m.F32({1, 10, 4}), m.F32({1, 3, 10}), nullptr, 0.f,
                           true, {m.Out(), m.Out(), m.Out()});
  EXPECT_INVALID(NNADAPTER_NON_MAX_SUPPRESSION, in, outs, "NON_MAX_SUPPRESSION",
                 "input 7 (nms_eta): expected a value in (0, 1]");
  std::tie(in, outs) = nms(m.F32({1, 10, 4}), m.F32({1, 3, 10}), nullptr, 1.f,
                           true, {m.Out(), m.Out()});
  EXPECT_INVALID(NNADAPTER_NON_MAX_SUPPRESSION, in, outs, "NON_MAX_SUPPRESSION",
                 "return_index is true: expected 3 outputs, got 2");
}

TEST(Generators, FillRangeCastQuantize) {
  Model m;
  NNAdapterOperandPrecision p;
  EXPECT_EQ(Infer(NNADAPTER_FILL, &m, {m.I32s({3, 1, 2}), m.B(true)}, &p),
            (Dims{3, 1, 2}));
  EXPECT_EQ(p, NNADAPTER_BOOL8);
  EXPECT_EQ(Infer(NNADAPTER_FILL, &m,
                  {m.Add(NNADAPTER_INT64, {2}), m.I32(0)}, &p),
            (Dims{U, U}));
  EXPECT_EQ(p, NNADAPTER_INT32);
  EXPECT_INVALID(NNADAPTER_FILL, {m.I32s({3, -2}), m.F(0)}, {m.Out()}, "FILL",
                 "input 0 (shape): invalid extent -2 at index 1");
  EXPECT_INVALID(NNADAPTER_FILL, {m.I32s({3}), m.Fs({0, 1})}, {m.Out()},
                 "FILL", "input 1 (value): expected shape [1], got [2]");
  EXPECT_EQ(Infer(NNADAPTER_FILL_LIKE, &m, {m.F32({U, 2}), m.F(1)}, &p),
            (Dims{U, 2}));
  EXPECT_EQ(p, NNADAPTER_FLOAT32);
  // int32: ceil((1 - 10) / -2) = 5; empty when the step points away.
  auto i32 = [&](int32_t v) {
    return m.Const<int32_t>(NNADAPTER_INT32, {1}, {v});
  };
  EXPECT_EQ(Infer(NNADAPTER_RANGE, &m, {i32(10), i32(1), i32(-2)}, &p),
            (Dims{5}));
  EXPECT_EQ(p, NNADAPTER_INT32);
  EXPECT_EQ(Infer(NNADAPTER_RANGE, &m, {i32(10), i32(1), i32(2)}), (Dims{0}));
  EXPECT_EQ(Infer(NNADAPTER_RANGE, &m,
                  {m.F(0), m.F32({1}), m.F(0.5f)}),
            (Dims{U}));
  EXPECT_INVALID(NNADAPTER_RANGE, {i32(0), i32(4), i32(0)}, {m.Out()},
                 "RANGE", "input 2 (step): expected a finite non-zero step");
  EXPECT_INVALID(NNADAPTER_RANGE, {i32(0), m.F(4), i32(1)}, {m.Out()},
                 "RANGE", "input 1 (end): expected the precision of input 0");
  EXPECT_EQ(Infer(NNADAPTER_CAST, &m,
                  {m.Add(NNADAPTER_INT64, {U, 4}), m.I32(NNADAPTER_BOOL8)}, &p),
            (Dims{U, 4}));
  EXPECT_EQ(p, NNADAPTER_BOOL8);
  EXPECT_INVALID(NNADAPTER_CAST,
                 {m.F32({2}),
                  m.I32(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER)},
                 {m.Out()}, "CAST",
                 "input 1 (dtype): expected one of BOOL8, INT8, UINT8");
  // QUANTIZE: per-layer asymmetric and per-channel symmetric.
  core::Operand* out = m.Out();
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_QUANTIZE,
                  {m.F32({2, 3}), m.I32(1), m.Fs({0.5f}), m.Fs({128})},
                  {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(out->type.precision, NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER);
  EXPECT_FLOAT_EQ(out->type.asymm_per_layer_params.scale, 0.5f);
  EXPECT_EQ(out->type.asymm_per_layer_params.zero_point, 128);
  out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_QUANTIZE,
                  {m.F32({2, 3}), m.I32(1), m.Fs({0.5f, 0.25f, 2.f}),
                   m.Fs({0, 0, 0})},
                  {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(out->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL);
  EXPECT_EQ(out->type.symm_per_channel_params.channel_dim, 1u);
  ASSERT_EQ(out->type.symm_per_channel_params.scale_count, 3u);
  EXPECT_FLOAT_EQ(out->type.symm_per_channel_params.scales[2], 2.f);
  EXPECT_INVALID(NNADAPTER_QUANTIZE,
                 {m.F32({2, 3}), m.I32(0), m.Fs({0.5f, 0.25f, 2.f}),
                  m.Fs({0, 0, 0})},
                 {m.Out()}, "QUANTIZE",
                 "input 2 (scale): expected 1 scale or one per element of "
                 "dimension 0");
  EXPECT_INVALID(NNADAPTER_QUANTIZE,
                 {m.F32({2, 3}), m.I32(0), m.Fs({0.5f}), m.Fs({0, 0})},
                 {m.Out()}, "QUANTIZE",
                 "input 3 (zero_point): expected 1 values (as scale), got 2");
  EXPECT_INVALID(NNADAPTER_DEQUANTIZE, {m.F32({2})}, {m.Out()}, "DEQUANTIZE",
                 "input 0 (input): expected precision "
                 "QUANT_INT8_SYMM_PER_LAYER or");
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
