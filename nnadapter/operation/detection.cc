// Detection helpers: PRIOR_BOX (SSD), YOLO_BOX (YOLOv3) and
// NON_MAX_SUPPRESSION.
#include <cmath>

#include "operation/context.h"

namespace nnadapter {
namespace operation {

// num_priors = |expanded aspect ratios| * |min_sizes| + |max_sizes|, where
// the expanded ratios start with 1.0, skip duplicates (within 1e-6) and add
// 1 / ar after each new ar when flip is set (Paddle's prior_box).
void Infer_PRIOR_BOX(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32,
                           NNADAPTER_QUANT_INT8_SYMM_PER_LAYER});
  ctx->ExpectRank(0, 4);
  ctx->ExpectPrecision(1, {NNADAPTER_FLOAT32,
                           NNADAPTER_QUANT_INT8_SYMM_PER_LAYER});
  ctx->ExpectRank(1, 4);
  const std::vector<float> min_sizes = ctx->FloatVector(2);
  std::vector<float> max_sizes;
  if (ctx->InOptional(3)) max_sizes = ctx->FloatVector(3);
  const std::vector<float> ratios = ctx->FloatVector(4);
  const std::vector<float> variances = ctx->FloatVector(5);
  const bool flip = ctx->Bool(6);
  ctx->Bool(7);
  for (uint32_t i = 8; i <= 10; i++) {
    const float v = ctx->Float(i);
    if (!(v >= 0) || !std::isfinite(v)) {
      ctx->FailInput(i, "expected a finite value >= 0, got " +
                            std::to_string(v));
    }
  }
  ctx->Bool(11);
  if (min_sizes.empty()) ctx->FailInput(2, "expected at least one min size");
  for (float s : min_sizes) {
    if (!(s > 0)) ctx->FailInput(2, "expected positive sizes, got " +
                                        std::to_string(s));
  }
  if (!max_sizes.empty()) {
    if (max_sizes.size() != min_sizes.size()) {
      ctx->FailInput(3, "expected " + std::to_string(min_sizes.size()) +
                            " values (as min_sizes), got " +
                            std::to_string(max_sizes.size()));
    }
    for (size_t k = 0; k < max_sizes.size(); k++) {
      if (!(max_sizes[k] > min_sizes[k])) {
        ctx->FailInput(3, "max size " + std::to_string(max_sizes[k]) +
                              " is not greater than min size " +
                              std::to_string(min_sizes[k]));
      }
    }
  }
  if (variances.size() != 4) {
    ctx->FailInput(5, "expected 4 values, got " +
                          std::to_string(variances.size()));
  }
  std::vector<float> expanded = {1.0f};
  for (float ar : ratios) {
    if (!(ar > 0)) {
      ctx->FailInput(4, "expected positive ratios, got " + std::to_string(ar));
    }
    bool exists = false;
    for (float e : expanded) exists = exists || std::fabs(ar - e) < 1e-6f;
    if (exists) continue;
    expanded.push_back(ar);
    if (flip) expanded.push_back(1.0f / ar);
  }
  const int32_t num_priors = static_cast<int32_t>(
      expanded.size() * min_sizes.size() + max_sizes.size());
  const Dims in = ctx->InDims(0);
  const Dims dims = {in[2], in[3], num_priors, 4};
  ctx->SetOutputPrecision(0, dims, NNADAPTER_FLOAT32, -1);
  ctx->SetOutputPrecision(1, dims, NNADAPTER_FLOAT32, -1);
}

// C = A * (5 + class_num) (+ A with iou_aware), A = len(anchors) / 2;
// boxes [N, A * H * W, 4], scores [N, A * H * W, class_num].
void Infer_YOLO_BOX(Context* ctx) {
  ctx->InputsAndOutputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32});
  ctx->ExpectRank(0, 4);
  ctx->ExpectPrecision(1, {NNADAPTER_INT32});
  ctx->ExpectRank(1, 2);
  const Dims in = ctx->InDims(0);
  ctx->ExpectDim(1, 0, in[0], "the batch of input 0");
  ctx->ExpectDim(1, 1, 2, "(height, width)");
  ctx->ExpectPrecision(2, {NNADAPTER_INT32});
  const std::vector<int64_t> anchors = ctx->IntVector(2);
  if (anchors.empty() || anchors.size() % 2 != 0) {
    ctx->FailInput(2, "expected an even, non-zero number of values, got " +
                          std::to_string(anchors.size()));
  }
  const int32_t class_num = ctx->Int32(3);
  if (class_num < 1) {
    ctx->FailInput(3, "expected >= 1, got " + std::to_string(class_num));
  }
  ctx->Float(4);
  const int32_t ratio = ctx->Int32(5);
  if (ratio < 1) ctx->FailInput(5, "expected >= 1, got " + std::to_string(ratio));
  ctx->Bool(6);
  ctx->Float(7);
  const bool iou_aware = ctx->Bool(8);
  ctx->Float(9);
  const int64_t a = static_cast<int64_t>(anchors.size() / 2);
  const int32_t channels =
      CheckedExtent(ctx, 3, a * (5 + int64_t{class_num}) + (iou_aware ? a : 0));
  ctx->ExpectDim(0, 1, channels,
                 std::string("anchors * (5 + class_num)") +
                     (iou_aware ? " + anchors (iou_aware)" : ""));
  const int32_t boxes =
      in[2] < 0 || in[3] < 0 ? NNADAPTER_UNKNOWN
                             : CheckedExtent(ctx, 0, a * in[2] * in[3]);
  ctx->SetOutputPrecision(0, {in[0], boxes, 4}, NNADAPTER_FLOAT32, -1);
  ctx->SetOutputPrecision(1, {in[0], boxes, class_num}, NNADAPTER_FLOAT32,
                          -1);
}

// The number of kept boxes is data-dependent: output 0 is [-1, 6] (or
// [-1, -1] without return_index, whose empty result is [1, 1]), index [-1],
// out_rois_num [B] with B the batch (first layout) or rois_num's length.
void Infer_NON_MAX_SUPPRESSION(Context* ctx) {
  ctx->Inputs();
  ctx->ExpectPrecision(0, {NNADAPTER_FLOAT32});
  ctx->ExpectPrecision(1, {NNADAPTER_FLOAT32});
  ctx->ExpectRank(0, 3);
  ctx->ExpectRankRange(1, 2, 3);
  const Dims boxes = ctx->InDims(0), scores = ctx->InDims(1);
  ctx->ExpectDim(0, 2, 4, "4 values per box");
  int32_t batch = NNADAPTER_UNKNOWN;
  if (scores.size() == 3) {
    if (ctx->InOptional(2)) {
      ctx->FailInput(2, "must be null when scores is [B, C, M]");
    }
    ctx->ExpectDim(0, 0, scores[0], "the batch of input 1 (scores)");
    ctx->ExpectDim(0, 1, scores[2], "the box count M of scores [B, C, M]");
    batch = scores[0];
  } else {
    if (!ctx->InOptional(2)) {
      ctx->FailInput(2, "is required when scores is [M, C]");
    }
    ctx->ExpectPrecision(2, {NNADAPTER_INT32});
    ctx->ExpectRank(2, 1);
    ctx->ExpectDim(0, 0, scores[0], "the box count M of scores [M, C]");
    ctx->ExpectDim(0, 1, scores[1], "the class count C of scores [M, C]");
    batch = ctx->InDims(2)[0];
  }
  const int32_t background = ctx->Int32(3);
  if (background < -1) {
    ctx->FailInput(3, "expected >= -1, got " + std::to_string(background));
  }
  ctx->Float(4);
  for (uint32_t i : {5u, 8u}) {
    const int32_t k = ctx->Int32(i);
    if (k < -1) ctx->FailInput(i, "expected >= -1, got " + std::to_string(k));
  }
  const float threshold = ctx->Float(6);
  if (!(threshold >= 0 && threshold <= 1)) {
    ctx->FailInput(6, "expected a value in [0, 1], got " +
                          std::to_string(threshold));
  }
  const float eta = ctx->Float(7);
  if (!(eta > 0 && eta <= 1)) {
    ctx->FailInput(7, "expected a value in (0, 1], got " + std::to_string(eta));
  }
  ctx->Bool(9);
  const bool return_index = ctx->Bool(10);
  if (return_index != (ctx->output_count() == 3)) {
    ctx->Fail(std::string("return_index is ") +
              (return_index ? "true: expected 3 outputs" : "false: expected 2 outputs") +
              ", got " + std::to_string(ctx->output_count()));
  }
  ctx->Outputs();
  ctx->SetOutputPrecision(
      0, {NNADAPTER_UNKNOWN, return_index ? 6 : NNADAPTER_UNKNOWN},
      NNADAPTER_FLOAT32, -1);
  ctx->SetOutputPrecision(1, {batch}, NNADAPTER_INT32, -1);
  if (return_index) {
    ctx->SetOutputPrecision(2, {NNADAPTER_UNKNOWN}, NNADAPTER_INT32, -1);
  }
}

}  // namespace operation
}  // namespace nnadapter
