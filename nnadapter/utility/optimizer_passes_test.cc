// The optimizer toolkit's passes (utility/optimizer.h) on small hand-built
// models: the exact structure after each pass, and the same outputs as the
// model before it, both run on builtin_device (testing/core_model_run.h).
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <functional>

#include "nnadapter/utility/optimizer.h"
#include "testing/core_model.h"
#include "testing/core_model_run.h"

namespace nnadapter_test {
namespace {

using nnadapter::core::Operand;
using nnadapter::core::Operation;

std::vector<NNAdapterOperationType> SortedTypes(nnadapter::core::Model* m) {
  std::vector<NNAdapterOperationType> types;
  for (const auto* op : nnadapter::SortOperationsInTopologicalOrder(m)) {
    types.push_back(op->type);
  }
  return types;
}

std::vector<int32_t> Dims(const Operand* o) {
  return {o->type.dimensions.data, o->type.dimensions.data + o->type.dimensions.count};
}

std::vector<float> Values(const Operand* o) {
  const auto* f = static_cast<const float*>(o->buffer);
  return {f, f + o->length / sizeof(float)};
}

std::vector<float> Ramp(size_t n, float scale) {
  std::vector<float> v(n);
  for (size_t i = 0; i < n; i++) v[i] = scale * (static_cast<float>(i % 7) - 3.f);
  return v;
}

// Runs `m` on builtin_device before and after `pass` and expects the same
// outputs; returns what the pass returned.
size_t RunPassAndCompare(CoreModel* m, const std::vector<Tensor>& inputs,
                         const std::function<size_t(nnadapter::OwnedModel*)>& pass) {
  std::vector<Tensor> before, after;
  std::string error;
  EXPECT_TRUE(RunOnBuiltinDevice(m->model(), inputs, &before, &error)) << error;
  const size_t changed = pass(&m->owned());
  EXPECT_TRUE(RunOnBuiltinDevice(m->model(), inputs, &after, &error)) << error;
  EXPECT_EQ(before.size(), after.size());
  for (size_t i = 0; i < before.size() && i < after.size(); i++) {
    EXPECT_EQ(before[i].dims, after[i].dims) << "output " << i;
    const std::vector<float> ref = ToFloat(before[i]), got = ToFloat(after[i]);
    EXPECT_EQ(ref.size(), got.size());
    if (ref.size() != got.size()) continue;
    for (size_t k = 0; k < ref.size(); k++) {
      EXPECT_NEAR(got[k], ref[k], 1e-5 + 1e-5 * std::fabs(ref[k]))
          << "output " << i << " element " << k;
    }
  }
  return changed;
}

// A conv (float, NCHW) with the given filter dims and group, 1x1 strides,
// no padding, fuse code NONE, a zero bias unless one is given.
Operation* Conv(CoreModel* m, Operand* x, Operand* y, std::vector<int32_t> fdims,
                int32_t group, Operand* bias = nullptr) {
  const size_t n = static_cast<size_t>(fdims[0] * fdims[1] * fdims[2] * fdims[3]);
  Operand* w = m->Const<float>(NNADAPTER_FLOAT32, fdims, Ramp(n, 0.25f));
  if (!bias) {
    bias = m->Const<float>(NNADAPTER_FLOAT32, {fdims[0]},
                           std::vector<float>(static_cast<size_t>(fdims[0]), 0.f));
  }
  auto i32 = [&](std::vector<int32_t> v) {
    return m->Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  };
  auto scalar = [&](int32_t v) { return m->Const<int32_t>(NNADAPTER_INT32, {}, {v}); };
  return m->Op(NNADAPTER_CONV_2D,
               {x, w, bias, scalar(NNADAPTER_AUTO_PAD_NONE), i32({0, 0, 0, 0}),
                i32({1, 1}), scalar(group), i32({1, 1}), scalar(NNADAPTER_FUSED_NONE)},
               {y});
}

size_t NchwToNhwc(nnadapter::OwnedModel* m) {
  return nnadapter::ConvertDataLayoutNchwToNhwc(m);
}

Operand* Temp(CoreModel* m, std::vector<int32_t> dims) {
  return m->Add(NNADAPTER_FLOAT32, dims, NNADAPTER_TEMPORARY_VARIABLE);
}

TEST(ConvertDataLayoutNchwToNhwc, ForcesConvAndPoolToNhwcAndRenumbersAxes) {
  CoreModel m;
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 2, 5, 4}, NNADAPTER_MODEL_INPUT);
  Operand* c1 = Temp(&m, {1, 3, 3, 4});   // conv 3x1 filter, 2 -> 3 channels
  Operand* r1 = Temp(&m, {1, 3, 3, 4});   // relu
  Operand* a1 = Temp(&m, {1, 3, 3, 4});   // + per-channel constant [3,1,1]
  Operand* d1 = Temp(&m, {1, 2, 5, 4});   // depthwise 1x1 on x
  Operand* p1 = Temp(&m, {1, 2, 3, 4});   // max pool 3x1 on d1
  Operand* cat = Temp(&m, {1, 5, 3, 4});  // concat on the channel axis
  Operand* y = m.Add(NNADAPTER_FLOAT32, {1, 5, 3, 4}, NNADAPTER_MODEL_OUTPUT);
  Operand* flat = m.Add(NNADAPTER_FLOAT32, {1, 60}, NNADAPTER_MODEL_OUTPUT);
  Operation* conv = Conv(&m, x, c1, {3, 2, 3, 1}, 1);
  m.Op(NNADAPTER_RELU, {c1}, {r1});
  m.Op(NNADAPTER_ADD,
       {r1, m.Const<float>(NNADAPTER_FLOAT32, {3, 1, 1}, {0.5f, -1.f, 2.f}),
        m.Const<int32_t>(NNADAPTER_INT32, {}, {NNADAPTER_FUSED_NONE})},
       {a1});
  Operation* depthwise = Conv(&m, x, d1, {2, 1, 1, 1}, 2);
  auto i32 = [&](std::vector<int32_t> v) {
    return m.Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  };
  auto scalar = [&](int32_t v) { return m.Const<int32_t>(NNADAPTER_INT32, {}, {v}); };
  auto boolean = [&](bool v) {
    return m.Const<int8_t>(NNADAPTER_BOOL8, {}, {static_cast<int8_t>(v)});
  };
  m.Op(NNADAPTER_MAX_POOL_2D,
       {d1, scalar(NNADAPTER_AUTO_PAD_NONE), i32({0, 0, 0, 0}), i32({3, 1}),
        i32({1, 1}), boolean(false), boolean(false), scalar(NNADAPTER_INT32),
        scalar(NNADAPTER_FUSED_NONE)},
       {p1});
  m.Op(NNADAPTER_CONCAT, {a1, p1, scalar(1)}, {cat});
  m.Op(NNADAPTER_SOFTMAX, {cat, scalar(-3)}, {y});
  // A RESHAPE reads NCHW: the pass transposes back before it.
  m.Op(NNADAPTER_RESHAPE, {cat, i32({1, 60})}, {flat});
  m.model().input_operands = {x};
  m.model().output_operands = {y, flat};

  std::vector<float> input = Ramp(40, 0.5f);
  // x -> NHWC (one transpose shared by both convs), concat -> NCHW before
  // the reshape, softmax's output -> NCHW for the model output.
  EXPECT_EQ(RunPassAndCompare(&m, {F32({1, 2, 5, 4}, input)},
                              NchwToNhwc),
            3u);

  EXPECT_EQ(conv->input_operands[0]->type.layout, NNADAPTER_NHWC);
  EXPECT_EQ(Dims(conv->input_operands[0]), (std::vector<int32_t>{1, 5, 4, 2}));
  EXPECT_EQ(conv->input_operands[0], depthwise->input_operands[0]);
  EXPECT_EQ(Dims(conv->input_operands[1]), (std::vector<int32_t>{3, 3, 1, 2}));
  EXPECT_EQ(Dims(depthwise->input_operands[1]), (std::vector<int32_t>{1, 1, 1, 2}));
  EXPECT_EQ(Dims(c1), (std::vector<int32_t>{1, 3, 4, 3}));
  EXPECT_EQ(c1->type.layout, NNADAPTER_NHWC);
  EXPECT_EQ(Dims(cat), (std::vector<int32_t>{1, 3, 4, 5}));
  // The model outputs keep their NCHW dims.
  EXPECT_EQ(Dims(y), (std::vector<int32_t>{1, 5, 3, 4}));
  EXPECT_EQ(Dims(flat), (std::vector<int32_t>{1, 60}));
  int32_t concat_axis = -1, softmax_axis = -1;
  for (const auto& op : m.model().operations) {
    if (op.type == NNADAPTER_CONCAT) {
      nnadapter::GetConstantInt32(op.input_operands.back(), &concat_axis);
    } else if (op.type == NNADAPTER_SOFTMAX) {
      nnadapter::GetConstantInt32(op.input_operands[1], &softmax_axis);
    } else if (op.type == NNADAPTER_ADD) {
      // The [3,1,1] constant became [1,1,1,3] with the same values.
      EXPECT_EQ(Dims(op.input_operands[1]), (std::vector<int32_t>{1, 1, 1, 3}));
      EXPECT_EQ(Values(op.input_operands[1]), (std::vector<float>{0.5f, -1.f, 2.f}));
    }
  }
  EXPECT_EQ(concat_axis, 3);
  EXPECT_EQ(softmax_axis, 3);
  EXPECT_EQ(SortedTypes(&m.model()),
            (std::vector<NNAdapterOperationType>{
                NNADAPTER_TRANSPOSE, NNADAPTER_CONV_2D, NNADAPTER_RELU,
                NNADAPTER_ADD, NNADAPTER_CONV_2D, NNADAPTER_MAX_POOL_2D,
                NNADAPTER_CONCAT, NNADAPTER_SOFTMAX, NNADAPTER_TRANSPOSE,
                NNADAPTER_RESHAPE, NNADAPTER_TRANSPOSE}));
}

// The value of an INT32 constant input of the first operation of `type`.
std::vector<int32_t> Int32Input(nnadapter::core::Model* m, NNAdapterOperationType type,
                                size_t input) {
  for (const auto& op : m->operations) {
    if (op.type != type) continue;
    const auto* v = static_cast<const int32_t*>(op.input_operands[input]->buffer);
    return {v, v + op.input_operands[input]->length / sizeof(int32_t)};
  }
  return {};
}

// PAD, the reductions (with and without keepdim), a resize, PRELU and an
// element-wise SIN after an NHWC conv: pads and axes in the stored order,
// a reduction over H and W leaving [N, C] in NCHW order (no transpose).
TEST(ConvertDataLayoutNchwToNhwc, PermutesPadsAndReductionAxesAndForcesResizeAndPreluToNhwc) {
  CoreModel m;
  auto i32 = [&](std::vector<int32_t> v) {
    return m.Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  };
  auto scalar = [&](int32_t v) { return m.Const<int32_t>(NNADAPTER_INT32, {}, {v}); };
  auto boolean = [&](bool v) {
    return m.Const<int8_t>(NNADAPTER_BOOL8, {}, {static_cast<int8_t>(v)});
  };
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 2, 5, 4}, NNADAPTER_MODEL_INPUT);
  Operand* c = Temp(&m, {1, 3, 5, 4});
  Operand* padded = Temp(&m, {1, 4, 6, 6});
  Operand* mean = m.Add(NNADAPTER_FLOAT32, {1, 4}, NNADAPTER_MODEL_OUTPUT);
  Operand* sum = m.Add(NNADAPTER_FLOAT32, {1, 1, 5, 4}, NNADAPTER_MODEL_OUTPUT);
  Operand* big = Temp(&m, {1, 3, 10, 8});
  Operand* prelu = Temp(&m, {1, 3, 10, 8});
  Operand* sin = m.Add(NNADAPTER_FLOAT32, {1, 3, 10, 8}, NNADAPTER_MODEL_OUTPUT);
  Conv(&m, x, c, {3, 2, 1, 1}, 1);
  // [begin, end] per N, C, H, W.
  m.Op(NNADAPTER_PAD,
       {c, i32({0, 0, 1, 0, 0, 1, 2, 0}), scalar(NNADAPTER_PAD_MODE_CONSTANT),
        m.Const<float>(NNADAPTER_FLOAT32, {}, {0.5f})},
       {padded});
  m.Op(NNADAPTER_REDUCE_MEAN, {padded, i32({2, 3}), boolean(false)}, {mean});
  m.Op(NNADAPTER_REDUCE_SUM, {c, i32({1}), boolean(true)}, {sum});
  m.Op(NNADAPTER_RESIZE_NEAREST,
       {c, i32({10, 8}), nullptr, boolean(false)}, {big});
  m.Op(NNADAPTER_PRELU, {big, m.Const<float>(NNADAPTER_FLOAT32, {3}, {0.1f, 0.2f, 0.3f})},
       {prelu});
  m.Op(NNADAPTER_SIN, {prelu}, {sin});
  m.model().input_operands = {x};
  m.model().output_operands = {mean, sum, sin};
  // x -> NHWC and the SIN output back to NCHW; the keepdim sum [1, 5, 4, 1]
  // goes back by a RESHAPE (only its 1-sized C moves).
  EXPECT_EQ(RunPassAndCompare(&m, {F32({1, 2, 5, 4}, Ramp(40, 0.5f))},
                              NchwToNhwc),
            2u);
  EXPECT_EQ(Int32Input(&m.model(), NNADAPTER_PAD, 1),
            (std::vector<int32_t>{0, 0, 0, 1, 2, 0, 1, 0}));
  EXPECT_EQ(Int32Input(&m.model(), NNADAPTER_REDUCE_MEAN, 1), (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(Int32Input(&m.model(), NNADAPTER_REDUCE_SUM, 1), (std::vector<int32_t>{3}));
  EXPECT_EQ(Dims(padded), (std::vector<int32_t>{1, 6, 6, 4}));
  EXPECT_EQ(Dims(mean), (std::vector<int32_t>{1, 4}));
  EXPECT_EQ(Dims(big), (std::vector<int32_t>{1, 10, 8, 3}));
  EXPECT_EQ(big->type.layout, NNADAPTER_NHWC);
  EXPECT_EQ(Dims(prelu), (std::vector<int32_t>{1, 10, 8, 3}));
  EXPECT_EQ(Dims(sin), (std::vector<int32_t>{1, 3, 10, 8}));
}

// A classifier head: conv, global average pool to 1x1, RESHAPE to [N, C].
// Back to NCHW the pooled [N, 1, 1, C] needs no data movement: the pass
// inserts a RESHAPE, not a TRANSPOSE.
TEST(ConvertDataLayoutNchwToNhwc, MovingOnlyOneSizedDimsIsAReshape) {
  CoreModel m;
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 2, 4, 4}, NNADAPTER_MODEL_INPUT);
  Operand* c = Temp(&m, {1, 3, 4, 4});
  Operand* pooled = Temp(&m, {1, 3, 1, 1});
  Operand* y = m.Add(NNADAPTER_FLOAT32, {1, 3}, NNADAPTER_MODEL_OUTPUT);
  auto i32 = [&](std::vector<int32_t> v) {
    return m.Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  };
  Conv(&m, x, c, {3, 2, 1, 1}, 1);
  m.Op(NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D, {c, i32({1, 1})}, {pooled});
  m.Op(NNADAPTER_RESHAPE, {pooled, i32({1, 3})}, {y});
  m.model().input_operands = {x};
  m.model().output_operands = {y};
  EXPECT_EQ(RunPassAndCompare(&m, {F32({1, 2, 4, 4}, Ramp(32, 0.5f))},
                              NchwToNhwc),
            1u);  // only x -> NHWC
  EXPECT_EQ(SortedTypes(&m.model()),
            (std::vector<NNAdapterOperationType>{
                NNADAPTER_TRANSPOSE, NNADAPTER_CONV_2D, NNADAPTER_ADAPTIVE_AVERAGE_POOL_2D,
                NNADAPTER_RESHAPE, NNADAPTER_RESHAPE}));
  EXPECT_EQ(Dims(pooled), (std::vector<int32_t>{1, 1, 1, 3}));
}

TEST(ConvertDataLayoutNchwToNhwc, LeavesModelsWithoutLayoutSensitiveOperations) {
  CoreModel m;
  Operand* x = m.Add(NNADAPTER_FLOAT32, {2, 3, 4, 5}, NNADAPTER_MODEL_INPUT);
  Operand* y = m.Add(NNADAPTER_FLOAT32, {2, 3, 4, 5}, NNADAPTER_MODEL_OUTPUT);
  m.Op(NNADAPTER_SIGMOID, {x}, {y});
  m.model().input_operands = {x};
  m.model().output_operands = {y};
  EXPECT_EQ(nnadapter::ConvertDataLayoutNchwToNhwc(&m.owned()), 0u);
  EXPECT_EQ(SortedTypes(&m.model()), (std::vector<NNAdapterOperationType>{NNADAPTER_SIGMOID}));
  EXPECT_EQ(y->type.layout, NNADAPTER_NCHW);
}

// A grouped CONV_2D_TRANSPOSE runs in NHWC (its filter repacked group by
// group), a lower-rank tensor is broadcast after a RESHAPE to leading 1s,
// and SUM aligns every input.
TEST(ConvertDataLayoutNchwToNhwc, ConvTransposeSumAndLowerRankTensorsFollowNhwc) {
  CoreModel m;
  auto i32 = [&](std::vector<int32_t> v) {
    return m.Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  };
  auto scalar = [&](int32_t v) { return m.Const<int32_t>(NNADAPTER_INT32, {}, {v}); };
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 4, 3, 3}, NNADAPTER_MODEL_INPUT);
  Operand* z = m.Add(NNADAPTER_FLOAT32, {6}, NNADAPTER_MODEL_INPUT);
  Operand* up = Temp(&m, {1, 2, 6, 6});
  Operand* r = Temp(&m, {1, 2, 6, 6});
  Operand* a = Temp(&m, {1, 2, 6, 6});
  Operand* y = m.Add(NNADAPTER_FLOAT32, {1, 2, 6, 6}, NNADAPTER_MODEL_OUTPUT);
  // 4 -> 2 channels in 2 groups: filter [Cin 4, Cout/g 1, 2, 2], stride 2.
  Operation* deconv = m.Op(
      NNADAPTER_CONV_2D_TRANSPOSE,
      {x, m.Const<float>(NNADAPTER_FLOAT32, {4, 1, 2, 2}, Ramp(16, 0.25f)),
       m.Const<float>(NNADAPTER_FLOAT32, {2}, {0.5f, -0.5f}),
       scalar(NNADAPTER_AUTO_PAD_NONE), i32({0, 0, 0, 0}), i32({2, 2}), scalar(2),
       i32({1, 1}), nullptr, nullptr, scalar(NNADAPTER_FUSED_NONE)},
      {up});
  m.Op(NNADAPTER_RELU, {up}, {r});
  m.Op(NNADAPTER_ADD, {r, z, scalar(NNADAPTER_FUSED_NONE)}, {a});
  m.Op(NNADAPTER_SUM,
       {a, r, m.Const<float>(NNADAPTER_FLOAT32, {2, 1, 1}, {1.f, -2.f})}, {y});
  m.model().input_operands = {x, z};
  m.model().output_operands = {y};
  // x -> NHWC and y back; z needs no data movement (two RESHAPEs).
  EXPECT_EQ(RunPassAndCompare(&m,
                              {F32({1, 4, 3, 3}, Ramp(36, 0.5f)), F32({6}, Ramp(6, 0.3f))},
                              NchwToNhwc),
            2u);
  EXPECT_EQ(deconv->input_operands[0]->type.layout, NNADAPTER_NHWC);
  // [Cout 2, kh, kw, Cin/g 2]: output channel 1 reads input channels 2, 3.
  const Operand* w = deconv->input_operands[1];
  EXPECT_EQ(Dims(w), (std::vector<int32_t>{2, 2, 2, 2}));
  const std::vector<float> packed = Values(w), original = Ramp(16, 0.25f);
  // packed[o=1, kh=0, kw=1, i=1] = original[cin=2*1+1, 0, 0, 1].
  EXPECT_EQ(packed[((1 * 2 + 0) * 2 + 1) * 2 + 1], original[(3 * 2 + 0) * 2 + 1]);
  EXPECT_EQ(Dims(a), (std::vector<int32_t>{1, 6, 6, 2}));
  EXPECT_EQ(SortedTypes(&m.model()),
            (std::vector<NNAdapterOperationType>{
                NNADAPTER_TRANSPOSE, NNADAPTER_CONV_2D_TRANSPOSE, NNADAPTER_RELU,
                NNADAPTER_RESHAPE, NNADAPTER_RESHAPE, NNADAPTER_ADD, NNADAPTER_SUM,
                NNADAPTER_TRANSPOSE}));
}

// With the NHWC boundary the rank-4 model input and output are stored NHWC
// (no TRANSPOSE at either end); the RESHAPE still reads NCHW.
TEST(ConvertDataLayoutNchwToNhwc, NhwcBoundaryStoresRank4InputsAndOutputsNhwc) {
  CoreModel m;
  auto i32 = [&](std::vector<int32_t> v) {
    return m.Const<int32_t>(NNADAPTER_INT32, {static_cast<int32_t>(v.size())}, v);
  };
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 2, 5, 4}, NNADAPTER_MODEL_INPUT);
  Operand* c = Temp(&m, {1, 3, 5, 4});
  Operand* y = m.Add(NNADAPTER_FLOAT32, {1, 3, 5, 4}, NNADAPTER_MODEL_OUTPUT);
  Operand* flat = m.Add(NNADAPTER_FLOAT32, {1, 60}, NNADAPTER_MODEL_OUTPUT);
  Conv(&m, x, c, {3, 2, 1, 1}, 1);
  m.Op(NNADAPTER_RELU, {c}, {y});
  m.Op(NNADAPTER_RESHAPE, {c, i32({1, 60})}, {flat});
  m.model().input_operands = {x};
  m.model().output_operands = {y, flat};
  const std::vector<float> input = Ramp(40, 0.5f);
  std::vector<Tensor> before, after;
  std::string error;
  ASSERT_TRUE(RunOnBuiltinDevice(m.model(), {F32({1, 2, 5, 4}, input)}, &before, &error))
      << error;
  EXPECT_EQ(nnadapter::ConvertDataLayoutNchwToNhwc(&m.owned(),
                                                    nnadapter::BoundaryLayout::kNhwc),
            1u);
  EXPECT_EQ(Dims(x), (std::vector<int32_t>{1, 5, 4, 2}));
  EXPECT_EQ(x->type.layout, NNADAPTER_NHWC);
  EXPECT_EQ(Dims(y), (std::vector<int32_t>{1, 5, 4, 3}));
  EXPECT_EQ(y->type.layout, NNADAPTER_NHWC);
  EXPECT_EQ(Dims(flat), (std::vector<int32_t>{1, 60}));
  EXPECT_EQ(SortedTypes(&m.model()),
            (std::vector<NNAdapterOperationType>{NNADAPTER_CONV_2D, NNADAPTER_RELU,
                                                 NNADAPTER_TRANSPOSE, NNADAPTER_RESHAPE}));
  const std::vector<int32_t> nhwc = nnadapter::NchwToNhwcPermutation();
  auto permuted = [&](const std::vector<float>& v, std::vector<int32_t> dims) {
    const std::vector<uint8_t> b = nnadapter::PermuteBytes(v.data(), sizeof(float), dims, nhwc);
    std::vector<float> out(v.size());
    std::memcpy(out.data(), b.data(), b.size());
    return out;
  };
  ASSERT_TRUE(RunOnBuiltinDevice(m.model(), {F32({1, 5, 4, 2}, permuted(input, {1, 2, 5, 4}))},
                                 &after, &error))
      << error;
  ASSERT_EQ(after.size(), 2u);
  EXPECT_EQ(ToFloat(after[0]), permuted(ToFloat(before[0]), {1, 3, 5, 4}));
  EXPECT_EQ(ToFloat(after[1]), ToFloat(before[1]));
}

// conv -> batch_norm -> + per-channel constant -> relu, one conv after the
// three fusions.
TEST(FuseConv2d, BatchNormAddAndReluFoldIntoTheConv) {
  CoreModel m;
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 2, 4, 3}, NNADAPTER_MODEL_INPUT);
  Operand* c = Temp(&m, {1, 3, 2, 3});
  Operand* b = Temp(&m, {1, 3, 2, 3});
  Operand* a = Temp(&m, {1, 3, 2, 3});
  Operand* y = m.Add(NNADAPTER_FLOAT32, {1, 3, 2, 3}, NNADAPTER_MODEL_OUTPUT);
  Operation* conv = Conv(&m, x, c, {3, 2, 3, 1}, 1,
                         m.Const<float>(NNADAPTER_FLOAT32, {3}, {0.1f, 0.2f, -0.3f}));
  auto f3 = [&](std::vector<float> v) { return m.Const<float>(NNADAPTER_FLOAT32, {3}, v); };
  m.Op(NNADAPTER_BATCH_NORMALIZATION,
       {c, f3({1.5f, 0.5f, -2.f}), f3({0.f, 1.f, 0.25f}), f3({0.3f, -0.2f, 1.f}),
        f3({2.f, 0.5f, 1.f}), m.Const<float>(NNADAPTER_FLOAT32, {}, {1e-5f})},
       {b});
  m.Op(NNADAPTER_ADD,
       {m.Const<float>(NNADAPTER_FLOAT32, {1, 3, 1, 1}, {1.f, -0.5f, 0.25f}), b,
        m.Const<int32_t>(NNADAPTER_INT32, {}, {NNADAPTER_FUSED_NONE})},
       {a});
  m.Op(NNADAPTER_RELU, {a}, {y});
  m.model().input_operands = {x};
  m.model().output_operands = {y};
  auto all = [](nnadapter::OwnedModel* o) {
    return nnadapter::FuseConv2dBatchNorm(o) * 100 + nnadapter::FuseConv2dAdd(o) * 10 +
           nnadapter::FuseConv2dActivation(o);
  };
  EXPECT_EQ(RunPassAndCompare(&m, {F32({1, 2, 4, 3}, Ramp(24, 0.3f))}, all),
            111u);
  ASSERT_EQ(SortedTypes(&m.model()), (std::vector<NNAdapterOperationType>{NNADAPTER_CONV_2D}));
  EXPECT_EQ(conv->output_operands[0], y);
  int32_t fuse = -1;
  nnadapter::GetConstantInt32(conv->input_operands[8], &fuse);
  EXPECT_EQ(fuse, NNADAPTER_FUSED_RELU);
  // bias = (b - mean) * s / sqrt(v + eps) + beta + added, per channel.
  const float s0 = 1.5f / std::sqrt(2.f + 1e-5f);
  EXPECT_NEAR(Values(conv->input_operands[2])[0], (0.1f - 0.3f) * s0 + 0.f + 1.f, 1e-6);
}

TEST(FuseConv2d, KeepsAConvWhoseOutputHasTwoReaders) {
  CoreModel m;
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 1, 3, 3}, NNADAPTER_MODEL_INPUT);
  Operand* c = Temp(&m, {1, 2, 3, 3});
  Operand* y0 = m.Add(NNADAPTER_FLOAT32, {1, 2, 3, 3}, NNADAPTER_MODEL_OUTPUT);
  Operand* y1 = m.Add(NNADAPTER_FLOAT32, {1, 2, 3, 3}, NNADAPTER_MODEL_OUTPUT);
  Conv(&m, x, c, {2, 1, 1, 1}, 1);
  m.Op(NNADAPTER_RELU, {c}, {y0});
  m.Op(NNADAPTER_SIGMOID, {c}, {y1});
  m.model().input_operands = {x};
  m.model().output_operands = {y0, y1};
  EXPECT_EQ(nnadapter::FuseConv2dActivation(&m.owned()), 0u);
  EXPECT_EQ(m.model().operations.size(), 3u);
}

// (A + B)^T folds into one constant; the MUL with the input stays.
TEST(FoldConstantOperations, EvaluatesConstantChainsOnce) {
  CoreModel m;
  const std::vector<float> va = Ramp(6, 1.f), vb = Ramp(6, 0.5f);
  Operand* a = m.Const<float>(NNADAPTER_FLOAT32, {2, 3}, va);
  Operand* b = m.Const<float>(NNADAPTER_FLOAT32, {2, 3}, vb);
  Operand* sum = Temp(&m, {2, 3});
  Operand* t = Temp(&m, {3, 2});
  Operand* x = m.Add(NNADAPTER_FLOAT32, {3, 2}, NNADAPTER_MODEL_INPUT);
  Operand* y = m.Add(NNADAPTER_FLOAT32, {3, 2}, NNADAPTER_MODEL_OUTPUT);
  auto none = m.Const<int32_t>(NNADAPTER_INT32, {}, {NNADAPTER_FUSED_NONE});
  m.Op(NNADAPTER_ADD, {a, b, none}, {sum});
  m.Op(NNADAPTER_TRANSPOSE, {sum, m.Const<int32_t>(NNADAPTER_INT32, {2}, {1, 0})}, {t});
  Operation* mul = m.Op(NNADAPTER_MUL, {x, t, none}, {y});
  m.model().input_operands = {x};
  m.model().output_operands = {y};
  EXPECT_EQ(RunPassAndCompare(&m, {F32({3, 2}, Ramp(6, 0.7f))},
                              nnadapter::FoldConstantOperations),
            2u);
  ASSERT_EQ(SortedTypes(&m.model()), (std::vector<NNAdapterOperationType>{NNADAPTER_MUL}));
  const Operand* folded = mul->input_operands[1];
  EXPECT_TRUE(nnadapter::IsConstantOperand(folded));
  EXPECT_EQ(Dims(folded), (std::vector<int32_t>{3, 2}));
  std::vector<float> expected(6);
  for (int r = 0; r < 3; r++)
    for (int c = 0; c < 2; c++) expected[r * 2 + c] = va[c * 3 + r] + vb[c * 3 + r];
  EXPECT_EQ(Values(folded), expected);
}

TEST(ConvertQuantizationSymmToAsymm, ShiftsInt8ToUint8WithZeroPoint128) {
  CoreModel m;
  std::vector<int8_t> caller = {-128, -1, 0, 127};
  Operand* x = m.Add(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {4}, NNADAPTER_MODEL_INPUT);
  x->type.symm_per_layer_params.scale = 0.5f;
  Operand* k = m.Add(NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, {4}, NNADAPTER_CONSTANT_REFERENCE);
  k->type.symm_per_layer_params.scale = 0.25f;
  k->buffer = caller.data();
  k->length = 4;
  Operand* w = m.PerChannel(NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL, {4}, 0,
                            {1.f, 2.f, 3.f, 4.f}, NNADAPTER_CONSTANT_COPY);
  EXPECT_EQ(nnadapter::ConvertQuantizationSymmToAsymm(&m.owned()), 2u);
  EXPECT_EQ(x->type.precision, NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER);
  EXPECT_EQ(x->type.asymm_per_layer_params.scale, 0.5f);
  EXPECT_EQ(x->type.asymm_per_layer_params.zero_point, 128);
  EXPECT_EQ(k->type.lifetime, NNADAPTER_CONSTANT_COPY);
  const auto* q = static_cast<const uint8_t*>(k->buffer);
  for (size_t i = 0; i < caller.size(); i++) {
    // Same real value: 0.25 * (q - 128) == 0.25 * caller[i].
    EXPECT_EQ(static_cast<int32_t>(q[i]) - 128, caller[i]);
  }
  EXPECT_EQ(caller, (std::vector<int8_t>{-128, -1, 0, 127}));  // not written
  EXPECT_EQ(w->type.precision, NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL);
}

// Operations with null, missing or ill-typed operands (a driver's copy of a
// hostile caller's model): every pass leaves them alone, nothing crashes.
TEST(OptimizerPasses, LeaveMalformedOperationsAlone) {
  CoreModel m;
  Operand* x = m.Add(NNADAPTER_FLOAT32, {1, 2, 3, 3}, NNADAPTER_MODEL_INPUT);
  Operand* n = Temp(&m, {1, 2, 3, 3});  // NHWC after the pass: the others read it
  Operand* c = Temp(&m, {1, 2, 3, 3});
  Operand* d = Temp(&m, {1, 2, 3, 3});
  Operand* y = m.Add(NNADAPTER_FLOAT32, {1, 2, 3, 3}, NNADAPTER_MODEL_OUTPUT);
  auto f2 = [&](std::vector<float> v) { return m.Const<float>(NNADAPTER_FLOAT32, {2}, v); };
  m.Op(NNADAPTER_BATCH_NORMALIZATION,
       {x, f2({1, 1}), f2({0, 0}), f2({0, 0}), f2({1, 1}),
        m.Const<float>(NNADAPTER_FLOAT32, {}, {1e-5f})},
       {n});
  std::vector<Operand*> nulls(9, nullptr);
  nulls[0] = n;
  Operation* conv = m.Op(NNADAPTER_CONV_2D, nulls, {c});  // no filter, no attributes
  m.Op(NNADAPTER_RELU, {n}, {nullptr});                   // no output
  m.Op(NNADAPTER_CONCAT, {n, nullptr, m.Const<int32_t>(NNADAPTER_INT32, {}, {1})},
       {y});                                              // a null data input
  // A constant of higher rank than the output.
  m.Op(NNADAPTER_ADD, {n, m.Const<float>(NNADAPTER_FLOAT32, {1, 1, 1, 1, 2}, {1, 2})}, {d});
  m.model().input_operands = {x};
  m.model().output_operands = {y};
  ASSERT_EQ(SortedTypes(&m.model()).size(), 5u);  // no cycle: every pass sees them
  EXPECT_EQ(nnadapter::FuseConv2dBatchNorm(&m.owned()), 0u);
  EXPECT_EQ(nnadapter::FuseConv2dAdd(&m.owned()), 0u);
  EXPECT_EQ(nnadapter::FuseConv2dActivation(&m.owned()), 0u);
  EXPECT_EQ(nnadapter::FoldConstantOperations(&m.owned()), 0u);
  EXPECT_EQ(nnadapter::ConvertQuantizationSymmToAsymm(&m.owned()), 0u);
  // The batch norm goes NHWC (x transposed in); every malformed reader of
  // its output gets it back in NCHW through one shared TRANSPOSE.
  EXPECT_EQ(nnadapter::ConvertDataLayoutNchwToNhwc(&m.owned()), 2u);
  EXPECT_EQ(n->type.layout, NNADAPTER_NHWC);
  EXPECT_EQ(Dims(conv->input_operands[0]), (std::vector<int32_t>{1, 2, 3, 3}));
  EXPECT_NE(conv->input_operands[0], n);
}

}  // namespace
}  // namespace nnadapter_test
