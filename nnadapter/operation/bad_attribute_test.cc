// One bad attribute per operation that has attributes: the valid case from
// valid_cases.cc with input `index` replaced must fail with a message that
// names the operation and the operand. (Operations without attribute
// operands are covered by the precision/count tests in coverage_test.cc.)
#include "operation/test_util.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

struct BadAttribute {
  NNAdapterOperationType type;
  const char* name;
  uint32_t index;
  core::Operand* (*make)(Model* m);
  const char* fragment;
};

const BadAttribute kBad[] = {
    {NNADAPTER_ADAPTIVE_MAX_POOL_2D, "ADAPTIVE_MAX_POOL_2D", 3,
     [](Model* m) { return m->I32(NNADAPTER_FLOAT32); },
     "input 3 (return_indices_dtype): expected NNADAPTER_INT32 or"},
    {NNADAPTER_ADAPTIVE_MAX_POOL_2D, "ADAPTIVE_MAX_POOL_2D", 2,
     [](Model* m) { return m->Bool8({1}); },
     "input 2 (return_indices): expected a constant operand"},
    {NNADAPTER_ARG_MAX, "ARG_MAX", 2, [](Model* m) { return m->I32(1); },
     "input 2 (keepdim): expected precision BOOL8"},
    {NNADAPTER_AVERAGE_POOL_2D, "AVERAGE_POOL_2D", 6,
     [](Model* m) { return m->I32(1); },
     "input 6 (count_include_pad): expected precision BOOL8"},
    {NNADAPTER_AVERAGE_POOL_2D, "AVERAGE_POOL_2D", 4,
     [](Model* m) { return m->I32s({2}); },
     "input 4 (strides): expected 2 values, got 1"},
    {NNADAPTER_BATCH_NORMALIZATION, "BATCH_NORMALIZATION", 1,
     [](Model* m) { return m->Q8({4}, 1.f); },
     "input 1 (scale): expected precision FLOAT32"},
    {NNADAPTER_CAST, "CAST", 1, [](Model* m) { return m->I32(99); },
     "input 1 (dtype): expected one of"},
    {NNADAPTER_CHANNEL_SHUFFLE, "CHANNEL_SHUFFLE", 1,
     [](Model* m) { return m->F(1.5f); },
     "input 1 (group): expected an integer >= 1"},
    {NNADAPTER_CONCAT, "CONCAT", 2, [](Model* m) { return m->I32(-4); },
     "input 2 (axis): expected an axis in [-3, 3), got -4"},
    {NNADAPTER_CONV_2D_TRANSPOSE, "CONV_2D_TRANSPOSE", 8,
     [](Model* m) { return m->I32s({2, 0}); },
     "input 8 (output_padding): expected output_padding < max(stride, "
     "dilation)"},
    {NNADAPTER_CONV_2D_TRANSPOSE, "CONV_2D_TRANSPOSE", 7,
     [](Model* m) { return m->I32s({1, 0}); },
     "input 7 (dilations): expected values >= 1, got 0"},
    {NNADAPTER_CUM_SUM, "CUM_SUM", 1, [](Model* m) { return m->I32(2); },
     "input 1 (axis): expected an axis in [-2, 2), got 2"},
    {NNADAPTER_DEFORMABLE_CONV_2D, "DEFORMABLE_CONV_2D", 10,
     [](Model* m) { return m->I32(4); }, "input 10 (fuse_code)"},
    {NNADAPTER_DIV, "DIV", 2, [](Model* m) { return m->F(0); },
     "input 2 (fuse_code): expected precision INT32, got FLOAT32"},
    {NNADAPTER_EXPAND, "EXPAND", 1, [](Model* m) { return m->I32s({-2, 3, 4}); },
     "input 1 (shape): invalid value -2"},
    {NNADAPTER_FILL, "FILL", 1,
     [](Model* m) { return m->Add(NNADAPTER_INT16, {1}); },
     "input 1 (value): expected precision FLOAT32 or INT32 or INT64 or BOOL8"},
    {NNADAPTER_FILL_LIKE, "FILL_LIKE", 1,
     [](Model* m) { return m->Fs({1, 2}); },
     "input 1 (value): expected shape [1], got [2]"},
    {NNADAPTER_FLATTEN, "FLATTEN", 2, [](Model* m) { return m->I32(4); },
     "input 2 (end_axis): expected an axis in [-4, 4), got 4"},
    {NNADAPTER_FULLY_CONNECTED, "FULLY_CONNECTED", 3,
     [](Model* m) { return m->I32(-1); }, "input 3 (fuse_code)"},
    {NNADAPTER_GATHER, "GATHER", 2, [](Model* m) { return m->I32(3); },
     "input 2 (axis): expected an axis in [-3, 3), got 3"},
    {NNADAPTER_GELU, "GELU", 1, [](Model* m) { return m->Bool8({1}); },
     "input 1 (approximate): expected a constant operand"},
    {NNADAPTER_GRID_SAMPLE, "GRID_SAMPLE", 4, [](Model* m) { return m->I32(5); },
     "input 4 (pad_mode): expected a NNAdapterPadMode (0..4), got 5"},
    {NNADAPTER_GROUP_NORMALIZATION, "GROUP_NORMALIZATION", 4,
     [](Model* m) { return m->I32(0); },
     "input 4 (groups): expected a positive divisor"},
    {NNADAPTER_HARD_SWISH, "HARD_SWISH", 1,
     [](Model* m) { return m->F(1.f / 0.f); },
     "input 1 (alpha): expected a finite value"},
    {NNADAPTER_INSTANCE_NORMALIZATION, "INSTANCE_NORMALIZATION", 2,
     [](Model* m) { return m->Fs({0, 0}); },
     "input 2 (bias): expected dimension 0 to be 3"},
    {NNADAPTER_LAYER_NORMALIZATION, "LAYER_NORMALIZATION", 3,
     [](Model* m) { return m->I32(3); },
     "input 3 (begin_norm_axis): expected an axis in [-3, 3), got 3"},
    {NNADAPTER_LOG_SOFTMAX, "LOG_SOFTMAX", 1,
     [](Model* m) { return m->I32s({0, 1}); },
     "input 1 (axis): expected shape [1], got [2]"},
    {NNADAPTER_LP_NORMALIZATION, "LP_NORMALIZATION", 3,
     [](Model* m) { return m->F(-1.f); }, "input 3 (epsilon)"},
    {NNADAPTER_LRN, "LRN", 4, [](Model* m) { return m->I32(1); },
     "input 4 (beta): expected precision FLOAT32, got INT32"},
    {NNADAPTER_MAT_MUL, "MAT_MUL", 3, [](Model* m) { return m->I32(1); },
     "input 3 (transpose_y): expected precision BOOL8"},
    {NNADAPTER_MAX_POOL_2D, "MAX_POOL_2D", 1, [](Model* m) { return m->I32(-1); },
     "input 1 (auto_pad): expected a NNAdapterAutoPadCode (0..2), got -1"},
    {NNADAPTER_PAD, "PAD", 1, [](Model* m) { return m->I32s({1, -1, 0, 0}); },
     "input 1 (pads): expected pads >= 0"},
    {NNADAPTER_PRIOR_BOX, "PRIOR_BOX", 4, [](Model* m) { return m->Fs({-2}); },
     "input 4 (aspect_ratios): expected positive ratios"},
    {NNADAPTER_PRIOR_BOX, "PRIOR_BOX", 10, [](Model* m) { return m->F(-0.5f); },
     "input 10 (offset): expected a finite value >= 0"},
    {NNADAPTER_QUANTIZE, "QUANTIZE", 2, [](Model* m) { return m->Fs({0}); },
     "input 2 (scale): expected positive scales"},
    {NNADAPTER_QUANTIZE, "QUANTIZE", 2, [](Model* m) { return m->F32({1}); },
     "input 2 (scale): expected a constant operand"},
    {NNADAPTER_REDUCE_MAX, "REDUCE_MAX", 1,
     [](Model* m) { return m->I64s({0}); },
     "input 1 (axes): expected precision INT32, got INT64"},
    {NNADAPTER_RESIZE_NEAREST, "RESIZE_NEAREST", 3,
     [](Model* m) { return m->I32(0); },
     "input 3 (align_corners): expected precision BOOL8"},
    {NNADAPTER_RESIZE_LINEAR, "RESIZE_LINEAR", 1,
     [](Model* m) { return m->I32s({15, 0}); },
     "input 1 (shape): expected positive sizes, got 0"},
    {NNADAPTER_ROI_ALIGN, "ROI_ALIGN", 6, [](Model* m) { return m->F(0.f); },
     "input 6 (spatial_scale): expected a positive value"},
    {NNADAPTER_ROLL, "ROLL", 1, [](Model* m) { return m->Fs({1, 1}); },
     "input 1 (shifts): expected precision INT32 or INT64, got FLOAT32"},
    {NNADAPTER_SHAPE, "SHAPE", 1, [](Model* m) { return m->I32s({6, 6}); },
     "input 1 (dtype): expected shape [1], got [2]"},
    {NNADAPTER_SLICE, "SLICE", 1, [](Model* m) { return m->I32s({0, 0}); },
     "input 1 (axes): axis 0 appears twice"},
    {NNADAPTER_SOFTMAX, "SOFTMAX", 1,
     [](Model* m) { return m->Add(NNADAPTER_INT32, {1}); },
     "input 1 (axis): expected a constant operand, got lifetime MODEL_INPUT"},
    {NNADAPTER_SPLIT, "SPLIT", 2, [](Model* m) { return m->I32s({3, -2, 2}); },
     "input 2 (split): invalid section size -2 at index 1"},
    {NNADAPTER_SQUEEZE, "SQUEEZE", 1, [](Model* m) { return m->Fs({0}); },
     "input 1 (axes): expected precision INT32, got FLOAT32"},
    {NNADAPTER_STACK, "STACK", 3, [](Model* m) { return m->I32(3); },
     "input 3 (axis): expected an axis in [-3, 3), got 3"},
    {NNADAPTER_SUB, "SUB", 2, [](Model* m) { return m->I32(4); },
     "input 2 (fuse_code): expected a NNAdapterFuseCode (0..3), got 4"},
    {NNADAPTER_TILE, "TILE", 1, [](Model* m) { return m->I32s({2}); },
     "input 1 (repeats): expected 2 values (the rank of input 0), got 1"},
    {NNADAPTER_TOP_K, "TOP_K", 1, [](Model* m) { return m->I32(0); },
     "input 1 (k): expected one value >= 1"},
    {NNADAPTER_TOP_K, "TOP_K", 5, [](Model* m) { return m->I32(NNADAPTER_BOOL8); },
     "input 5 (return_indices_dtype)"},
    {NNADAPTER_TRANSPOSE, "TRANSPOSE", 1, [](Model* m) { return m->I32s({0, 1, 3}); },
     "input 1 (perm): expected an axis in [-3, 3), got 3"},
    {NNADAPTER_UNSQUEEZE, "UNSQUEEZE", 1, [](Model* m) { return m->I32s({}); },
     "input 1 (axes): expected at least one axis"},
    {NNADAPTER_YOLO_BOX, "YOLO_BOX", 5, [](Model* m) { return m->I32(0); },
     "input 5 (downsample_ratio): expected >= 1, got 0"},
    {NNADAPTER_YOLO_BOX, "YOLO_BOX", 1,
     [](Model* m) { return m->Add(NNADAPTER_INT32, {2, 2}); },
     "input 1 (imgsize): expected dimension 0 to be 1"},
};

TEST(BadAttribute, IsRejectedNamingOperationAndOperand) {
  for (const BadAttribute& bad : kBad) {
    SCOPED_TRACE(std::string(bad.name) + " input " + std::to_string(bad.index));
    Model m;
    Case c = ValidCases().at(bad.type)(&m);
    ASSERT_LT(bad.index, c.inputs.size());
    c.inputs[bad.index] = bad.make(&m);
    EXPECT_INVALID(c.type, c.inputs, c.outputs, bad.name, bad.fragment);
  }
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
