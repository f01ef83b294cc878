// CONV_2D / CONV_2D_TRANSPOSE / DEFORMABLE_CONV_2D / FULLY_CONNECTED and the
// poolings: padding modes, dilations, ceil_mode, groups, quantization of
// filters and biases, constness of attributes, unknown extents.
#include "operation/test_util.h"

namespace nnadapter {
namespace operation {
namespace test {
namespace {

struct ConvArgs {
  Dims input = {1, 3, 32, 32};
  Dims filter = {16, 3, 3, 3};
  int32_t auto_pad = NNADAPTER_AUTO_PAD_NONE;
  std::vector<int32_t> pads = {0, 0, 0, 0};
  std::vector<int32_t> strides = {1, 1};
  int32_t group = 1;
  std::vector<int32_t> dilations = {1, 1};
  int32_t fuse = 0;
};

std::vector<core::Operand*> ConvInputs(Model* m, const ConvArgs& a) {
  return {m->F32(a.input), m->F32(a.filter), m->F32({a.filter[0]}),
          m->I32(a.auto_pad), m->I32s(a.pads), m->I32s(a.strides),
          m->I32(a.group), m->I32s(a.dilations), m->I32(a.fuse)};
}

Dims ConvDims(const ConvArgs& a) {
  Model m;
  core::Operand* out = m.Out();
  std::string msg;
  EXPECT_EQ(RunOp(NNADAPTER_CONV_2D, ConvInputs(&m, a), {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  return DimsOf(out);
}

TEST(Conv2D, ExplicitPadsStridesDilations) {
  ConvArgs a;
  a.input = {2, 3, 30, 31};
  a.pads = {1, 2, 0, 3};
  a.strides = {2, 3};
  a.dilations = {2, 1};
  // H: (30 + 1 + 2 - (2 * 2 + 1)) / 2 + 1 = 28 / 2 + 1 = 15
  // W: (31 + 0 + 3 - 3) / 3 + 1 = 31 / 3 + 1 = 11
  EXPECT_EQ(ConvDims(a), (Dims{2, 16, 15, 11}));
}

TEST(Conv2D, AutoPadSameAndValid) {
  ConvArgs a;
  a.input = {1, 3, 33, 32};
  a.strides = {2, 2};
  a.pads = {9, 9, 9, 9};  // ignored by SAME/VALID
  a.auto_pad = NNADAPTER_AUTO_PAD_SAME;
  EXPECT_EQ(ConvDims(a), (Dims{1, 16, 17, 16}));  // ceil(33/2), ceil(32/2)
  a.auto_pad = NNADAPTER_AUTO_PAD_VALID;
  EXPECT_EQ(ConvDims(a), (Dims{1, 16, 16, 15}));  // (33-3)/2+1, (32-3)/2+1
}

TEST(Conv2D, PadsOperandIsOptional) {
  Model m;
  ConvArgs a;
  auto in = ConvInputs(&m, a);
  in[4] = nullptr;
  core::Operand* out = m.Out();
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D, in, {out}, &msg), NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 16, 30, 30}));
}

TEST(Conv2D, DepthwiseAndGroups) {
  ConvArgs a;
  a.input = {1, 8, 10, 10};
  a.filter = {8, 1, 3, 3};
  a.group = 8;
  EXPECT_EQ(ConvDims(a), (Dims{1, 8, 8, 8}));
  a.filter = {4, 2, 3, 3};
  a.group = 4;
  EXPECT_EQ(ConvDims(a), (Dims{1, 4, 8, 8}));
}

TEST(Conv2D, GroupMustDivideChannels) {
  Model m;
  ConvArgs a;
  a.group = 2;  // 3 input channels
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 6 (group): group 2 does not divide input channels 3");
  a.group = 0;
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 6 (group): expected group >= 1, got 0");
  a.group = 1;
  a.filter = {16, 4, 3, 3};
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 1 (filter): expected dimension 1");
}

TEST(Conv2D, InvalidAttributes) {
  Model m;
  ConvArgs a;
  a.fuse = 7;
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 8 (fuse_code): expected a NNAdapterFuseCode (0..3), "
                 "got 7");
  a = ConvArgs();
  a.auto_pad = 3;
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 3 (auto_pad)");
  a = ConvArgs();
  a.strides = {0, 1};
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 5 (strides): expected values >= 1, got 0");
  a = ConvArgs();
  a.strides = {1, 1, 1};
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 5 (strides): expected 2 values, got 3");
  a = ConvArgs();
  a.pads = {-1, 0, 0, 0};
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 4 (pads)");
  a = ConvArgs();
  a.input = {1, 3, 2, 2};  // 3x3 kernel does not fit
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "output height is 0");
  a = ConvArgs();
  a.input = {1, 3, 32};
  EXPECT_INVALID(NNADAPTER_CONV_2D, ConvInputs(&m, a), {m.Out()}, "CONV_2D",
                 "input 0 (input): expected rank 4, got [1,3,32]");
}

TEST(Conv2D, AttributesMustBeConstant) {
  Model m;
  ConvArgs a;
  auto in = ConvInputs(&m, a);
  in[5] = m.Add(NNADAPTER_INT32, {2});  // a model input, not a constant
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 5 (strides): expected a constant operand, got "
                 "lifetime MODEL_INPUT");
  in = ConvInputs(&m, a);
  in[8] = m.Add(NNADAPTER_INT32, {1}, NNADAPTER_TEMPORARY_VARIABLE);
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 8 (fuse_code): expected a constant operand");
  in = ConvInputs(&m, a);
  in[6] = m.Const<int64_t>(NNADAPTER_INT64, {1}, {1});
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 6 (group): expected precision INT32, got INT64");
}

TEST(Conv2D, UnknownExtentsPropagate) {
  ConvArgs a;
  a.input = {U, 3, U, 32};
  EXPECT_EQ(ConvDims(a), (Dims{U, 16, U, 30}));
  a.auto_pad = NNADAPTER_AUTO_PAD_SAME;
  EXPECT_EQ(ConvDims(a), (Dims{U, 16, U, 32}));
}

TEST(Conv2D, QuantizedPerLayerBias) {
  Model m;
  ConvArgs a;
  auto in = ConvInputs(&m, a);
  in[0] = m.Q8({1, 3, 8, 8}, 0.5f);
  in[1] = m.Q8({16, 3, 3, 3}, 0.25f);
  in[2] = m.Q32({16}, 0.125f);  // 0.5 * 0.25
  core::Operand* out = m.Out();
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D, in, {out}, &msg), NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 16, 6, 6}));
  EXPECT_EQ(out->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
  EXPECT_FLOAT_EQ(out->type.symm_per_layer_params.scale, 0.5f);
  // The caller's output scale is kept.
  core::Operand* scaled = m.Q8({}, 0.75f);
  scaled->type.lifetime = NNADAPTER_TEMPORARY_VARIABLE;
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D, in, {scaled}, &msg), NNADAPTER_NO_ERROR);
  EXPECT_FLOAT_EQ(scaled->type.symm_per_layer_params.scale, 0.75f);
  EXPECT_EQ(DimsOf(scaled), (Dims{1, 16, 6, 6}));
  // Within tolerance passes, off by 1% fails.
  in[2] = m.Q32({16}, 0.125f * 1.0005f);
  EXPECT_EQ(RunOp(NNADAPTER_CONV_2D, in, {m.Out()}, &msg), NNADAPTER_NO_ERROR);
  in[2] = m.Q32({16}, 0.125f * 1.01f);
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 2 (bias): expected scale = input scale * filter "
                 "scale = 0.125");
  in[2] = m.F32({16});
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 2 (bias): expected precision "
                 "QUANT_INT32_SYMM_PER_LAYER, got FLOAT32");
  in[2] = m.Q32({16}, 0.125f);
  in[1] = m.F32({16, 3, 3, 3});
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 1 (filter): expected precision");
  in[1] = m.Q8({16, 3, 3, 3}, 0.f);
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 1 (filter): expected a positive quantization scale");
}

TEST(Conv2D, QuantizedPerChannelBias) {
  Model m;
  ConvArgs a;
  a.filter = {2, 3, 3, 3};
  auto in = ConvInputs(&m, a);
  in[0] = m.Q8({1, 3, 8, 8}, 0.5f);
  in[1] = m.PerChannel(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 3, 3, 3}, 0,
                       {0.1f, 0.2f});
  in[2] = m.PerChannel(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {2}, 0,
                       {0.05f, 0.1f});
  std::string msg;
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D, in, {out}, &msg), NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 2, 6, 6}));
  in[2] = m.PerChannel(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {2}, 0,
                       {0.05f, 0.2f});
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 2 (bias): expected scale[1] = input scale * filter "
                 "scale[1] = 0.1");
  // Scales along the wrong dimension.
  in[1] = m.PerChannel(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 3, 3, 3}, 1,
                       {0.1f, 0.2f, 0.3f});
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 1 (filter): expected per-channel scales along "
                 "dimension 0");
  // Scale count must match the channel extent.
  in[1] = m.PerChannel(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 3, 3, 3}, 0,
                       {0.1f, 0.2f, 0.3f});
  EXPECT_INVALID(NNADAPTER_CONV_2D, in, {m.Out()}, "CONV_2D",
                 "input 1 (filter): expected 2 per-channel scales");
}

TEST(Conv2DTranspose, OutputShapeSameAndGroups) {
  Model m;
  auto inputs = [&](int32_t auto_pad, core::Operand* output_shape,
                    int32_t group, Dims filter) {
    return std::vector<core::Operand*>{
        m.F32({1, 8, 10, 12}), m.F32(filter), m.F32({filter[1] * group}),
        m.I32(auto_pad), m.I32s({0, 0, 0, 0}), m.I32s({2, 2}), m.I32(group),
        m.I32s({1, 1}), nullptr, output_shape, m.I32(0)};
  };
  std::string msg;
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D_TRANSPOSE,
                  inputs(0, m.I32s({22, 25}), 1, {8, 4, 3, 3}), {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 4, 22, 25}));
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D_TRANSPOSE,
                  inputs(NNADAPTER_AUTO_PAD_SAME, nullptr, 1, {8, 4, 3, 3}),
                  {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 4, 20, 24}));
  // group 2: C_out = 3 * 2; (10 - 1) * 2 + 2 + 1 = 21, (12 - 1) * 2 + 3 = 25
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D_TRANSPOSE,
                  inputs(0, nullptr, 2, {8, 3, 3, 3}), {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 6, 21, 25}));
  EXPECT_INVALID(NNADAPTER_CONV_2D_TRANSPOSE,
                 inputs(0, nullptr, 1, {6, 4, 3, 3}), {m.Out()},
                 "CONV_2D_TRANSPOSE",
                 "input 1 (filter): expected dimension 0 to be 8");
  // Non-constant output_shape: the spatial extents are unknown.
  ASSERT_EQ(RunOp(NNADAPTER_CONV_2D_TRANSPOSE,
                  inputs(0, m.Add(NNADAPTER_INT32, {2}), 1, {8, 4, 3, 3}),
                  {out = m.Out()}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 4, U, U}));
}

TEST(DeformableConv2D, OffsetAndMaskChannels) {
  Model m;
  auto in = std::vector<core::Operand*>{
      m.F32({1, 4, 8, 8}), m.F32({1, 17, 8, 8}), m.F32({1, 9, 8, 8}),
      m.F32({6, 4, 3, 3}), m.F32({6}), m.I32s({1, 1, 1, 1}), m.I32s({1, 1}),
      m.I32(1), m.I32(1), m.I32s({1, 1}), m.I32(0)};
  EXPECT_INVALID(NNADAPTER_DEFORMABLE_CONV_2D, in, {m.Out()},
                 "DEFORMABLE_CONV_2D",
                 "input 1 (offset): expected dimension 1 to be 18");
  in[1] = m.F32({1, 18, 8, 8});
  in[8] = m.I32(0);
  EXPECT_INVALID(NNADAPTER_DEFORMABLE_CONV_2D, in, {m.Out()},
                 "DEFORMABLE_CONV_2D", "input 8 (deformable_group)");
  // The mask is optional (OPT in the operand table): null is accepted.
  in[8] = m.I32(1);
  in[2] = nullptr;
  std::string msg;
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_DEFORMABLE_CONV_2D, in, {out}, &msg), NNADAPTER_NO_ERROR) << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 6, 8, 8}));
}

TEST(FullyConnected, BatchFromElementsAndUnknown) {
  Model m;
  std::string msg;
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_FULLY_CONNECTED,
                  {m.F32({U, 12}), m.F32({10, 12}), m.F32({10}), m.I32(0)},
                  {out}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{U, 10}));
  EXPECT_INVALID(NNADAPTER_FULLY_CONNECTED,
                 {m.F32({5, 7}), m.F32({10, 12}), m.F32({10}), m.I32(0)},
                 {m.Out()}, "FULLY_CONNECTED",
                 "input 0 (input): element count 35 is not a multiple of "
                 "input_size 12");
  EXPECT_INVALID(NNADAPTER_FULLY_CONNECTED,
                 {m.F32({2, 12}), m.F32({10, 12}), m.F32({9}), m.I32(0)},
                 {m.Out()}, "FULLY_CONNECTED",
                 "input 2 (bias): expected dimension 0 to be 10");
  // Quantized with a per-channel weight.
  core::Operand* q = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_FULLY_CONNECTED,
                  {m.Q8({4, 3}, 2.f),
                   m.PerChannel(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {2, 3},
                                0, {0.5f, 0.25f}),
                   m.PerChannel(NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL, {2}, 0,
                                {1.f, 0.5f}),
                   m.I32(NNADAPTER_FUSED_RELU6)},
                  {q}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(q), (Dims{4, 2}));
  EXPECT_EQ(q->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER);
}

std::vector<core::Operand*> PoolInputs(Model* m, Dims input, int32_t auto_pad,
                                       std::vector<int32_t> pads,
                                       std::vector<int32_t> kernel,
                                       std::vector<int32_t> strides,
                                       bool ceil_mode) {
  return {m->F32(input),      m->I32(auto_pad), m->I32s(pads),
          m->I32s(kernel),    m->I32s(strides), m->B(ceil_mode),
          m->B(false),        m->I32(0)};
}

TEST(Pool2D, FloorCeilSameValid) {
  Model m;
  std::string msg;
  struct {
    int32_t auto_pad;
    std::vector<int32_t> pads;
    bool ceil_mode;
    Dims expected;
  } cases[] = {
      // (7 + 0 - 2) / 2 + 1 = 3 (floor), 4 (ceil: (5 + 1) / 2 + 1)
      {NNADAPTER_AUTO_PAD_NONE, {0, 0, 0, 0}, false, {1, 2, 3, 3}},
      {NNADAPTER_AUTO_PAD_NONE, {0, 0, 0, 0}, true, {1, 2, 4, 4}},
      // pads 1 + 1: (7 + 2 - 2) / 2 + 1 = 4
      {NNADAPTER_AUTO_PAD_NONE, {1, 1, 1, 1}, false, {1, 2, 4, 4}},
      // ceil: (7 + 2 - 2 + 1) / 2 + 1 = 5; the last window starts at
      // 4 * 2 - 1 = 7, inside the end padding, and is kept (Paddle)
      {NNADAPTER_AUTO_PAD_NONE, {1, 1, 1, 1}, true, {1, 2, 5, 5}},
      {NNADAPTER_AUTO_PAD_SAME, {0, 0, 0, 0}, false, {1, 2, 4, 4}},
      {NNADAPTER_AUTO_PAD_VALID, {5, 5, 5, 5}, false, {1, 2, 3, 3}},
  };
  for (const auto& c : cases) {
    core::Operand* out = m.Out();
    ASSERT_EQ(RunOp(NNADAPTER_AVERAGE_POOL_2D,
                    PoolInputs(&m, {1, 2, 7, 7}, c.auto_pad, c.pads, {2, 2},
                               {2, 2}, c.ceil_mode),
                    {out}, &msg),
              NNADAPTER_NO_ERROR)
        << msg;
    EXPECT_EQ(DimsOf(out), c.expected)
        << "auto_pad " << c.auto_pad << " ceil " << c.ceil_mode;
  }
  // Global pooling with an unknown batch.
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_AVERAGE_POOL_2D,
                  PoolInputs(&m, {U, 2, 7, 7}, 0, {0, 0, 0, 0}, {7, 7},
                             {1, 1}, false),
                  {out}, &msg),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(DimsOf(out), (Dims{U, 2, 1, 1}));
  EXPECT_INVALID(NNADAPTER_AVERAGE_POOL_2D,
                 PoolInputs(&m, {1, 2, 7, 7}, 0, {0, 0, 0, 0}, {0, 2},
                            {1, 1}, false),
                 {m.Out()}, "AVERAGE_POOL_2D",
                 "input 3 (kernel_shape): expected values >= 1, got 0");
  EXPECT_INVALID(NNADAPTER_AVERAGE_POOL_2D,
                 PoolInputs(&m, {1, 2, 7, 7}, 0, {0, 0, 0, 0}, {9, 2},
                            {1, 1}, false),
                 {m.Out()}, "AVERAGE_POOL_2D", "output height is 0");
}

TEST(Pool2D, MaxPoolIndices) {
  Model m;
  auto in = [&](bool return_indices) {
    return std::vector<core::Operand*>{
        m.F32({1, 2, 6, 6}), m.I32(0), m.I32s({0, 0, 0, 0}), m.I32s({2, 2}),
        m.I32s({2, 2}), m.B(false), m.B(return_indices),
        m.I32(NNADAPTER_INT32), m.I32(0)};
  };
  core::Operand* out = m.Out();
  core::Operand* indices = m.Out();
  std::string msg;
  ASSERT_EQ(RunOp(NNADAPTER_MAX_POOL_2D, in(true), {out, indices}, &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(indices), (Dims{1, 2, 3, 3}));
  EXPECT_EQ(indices->type.precision, NNADAPTER_INT32);
  EXPECT_INVALID(NNADAPTER_MAX_POOL_2D, in(true), {m.Out()}, "MAX_POOL_2D",
                 "return_indices is true: expected 2 output operands, got 1");
  auto bad = in(false);
  bad[7] = m.I32(NNADAPTER_FLOAT32);
  EXPECT_INVALID(NNADAPTER_MAX_POOL_2D, bad, {m.Out()}, "MAX_POOL_2D",
                 "input 7 (return_indices_dtype)");
}

TEST(Pool2D, AdaptiveOutputShape) {
  Model m;
  std::string msg;
  core::Operand* out = m.Out();
  ASSERT_EQ(RunOp(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D,
                  {m.F32({1, 3, 9, 9}), m.Add(NNADAPTER_INT32, {2})}, {out},
                  &msg),
            NNADAPTER_NO_ERROR)
      << msg;
  EXPECT_EQ(DimsOf(out), (Dims{1, 3, U, U}));
  EXPECT_INVALID(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D,
                 {m.F32({1, 3, 9, 9}), m.I32s({1, 2, 3})}, {m.Out()},
                 "ADAPTIVE_AVERAGE_POOL_2D",
                 "input 1 (output_shape): expected shape [2], got [3]");
  EXPECT_INVALID(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D,
                 {m.F32({1, 3, 9, 9}), m.I32s({0, 2})}, {m.Out()},
                 "ADAPTIVE_AVERAGE_POOL_2D", "input 1 (output_shape)");
}

}  // namespace
}  // namespace test
}  // namespace operation
}  // namespace nnadapter
