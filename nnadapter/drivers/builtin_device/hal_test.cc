// The builtin_device HAL function table used directly (as the runtime does):
// validate_program decisions, program rebuild from the cache buffer alone,
// corrupt caches, failing access callbacks.
#include <gtest/gtest.h>

#include <cstring>
#include <list>
#include <vector>

#include "nnadapter/hal/device.h"
#include "testing/core_model.h"

extern "C" nnadapter::hal::Device __nnadapter_device__builtin_device;

namespace {

using nnadapter::core::Argument;
using nnadapter::core::Cache;
using nnadapter::core::Model;
using nnadapter::core::Operand;
using nnadapter::core::Operation;

nnadapter::hal::Device& Dev() { return __nnadapter_device__builtin_device; }

// Operands default to temporaries.
struct HalModel : nnadapter_test::CoreModel {
  Operand* Add(NNAdapterOperandPrecision p, std::vector<int32_t> dims,
               NNAdapterOperandLifetime lifetime = NNADAPTER_TEMPORARY_VARIABLE) {
    return CoreModel::Add(p, dims, lifetime);
  }
  bool Supported() {
    bool flags[16] = {};
    EXPECT_EQ(Dev().validate_program(nullptr, &model(), flags), NNADAPTER_NO_ERROR);
    return flags[0];
  }
};

HalModel AddModel(int32_t fuse) {
  HalModel h;
  Operand* a = h.Add(NNADAPTER_FLOAT32, {2}, NNADAPTER_MODEL_INPUT);
  Operand* b = h.Const(NNADAPTER_FLOAT32, {2}, std::vector<float>{10, 20});
  Operand* f = h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{fuse});
  Operand* y = h.Add(NNADAPTER_FLOAT32, {2}, NNADAPTER_MODEL_OUTPUT);
  h.Op(NNADAPTER_ADD, {a, b, f}, {y});
  h.model().input_operands = {a};
  h.model().output_operands = {y};
  return h;
}

struct Buffer {
  std::vector<float> data;
  std::vector<int32_t> dims;
  bool fail = false;
};
void* Access(void* memory, NNAdapterOperandType* type) {
  Buffer* b = static_cast<Buffer*>(memory);
  if (b->fail) return nullptr;
  if (!b->dims.empty()) {  // input: publish actual dims
    type->dimensions.count = static_cast<uint32_t>(b->dims.size());
    for (size_t i = 0; i < b->dims.size(); i++)
      type->dimensions.data[i] = b->dims[i];
    return b->data.data();
  }
  size_t n = 1;
  for (uint32_t i = 0; i < type->dimensions.count; i++)
    n *= static_cast<size_t>(type->dimensions.data[i]);
  b->data.assign(n, 0);
  return b->data.data();
}

}  // namespace

TEST(BuiltinDeviceHal, TableIdentity) {
  EXPECT_EQ(Dev().hal_version, static_cast<uint32_t>(NNADAPTER_HAL_VERSION));
  EXPECT_STREQ(Dev().name, "builtin_device");
  EXPECT_EQ(Dev().type, NNADAPTER_CPU);
}

TEST(BuiltinDeviceHal, ValidateDecisions) {
  EXPECT_TRUE(AddModel(NNADAPTER_FUSED_RELU6).Supported());
  EXPECT_FALSE(AddModel(7).Supported());  // fuse_code out of range
  {
    HalModel h;  // unknown operation type
    Operand* a = h.Add(NNADAPTER_FLOAT32, {1});
    h.Op(999, {a}, {h.Add(NNADAPTER_FLOAT32, {1})});
    EXPECT_FALSE(h.Supported());
  }
  {
    HalModel h;  // CONV_2D without its filter
    Operand* x = h.Add(NNADAPTER_FLOAT32, {1, 1, 2, 2});
    std::vector<Operand*> ins = {x, nullptr};
    for (int i = 0; i < 7; i++)
      ins.push_back(h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{0}));
    h.Op(NNADAPTER_CONV_2D, ins, {h.Add(NNADAPTER_FLOAT32, {})});
    EXPECT_FALSE(h.Supported());
  }
  {
    HalModel h;  // too few operands
    h.Op(NNADAPTER_ADD, {h.Add(NNADAPTER_FLOAT32, {1})},
         {h.Add(NNADAPTER_FLOAT32, {1})});
    EXPECT_FALSE(h.Supported());
  }
  {
    HalModel h;  // unreadable precision
    Operand* a = h.Add(NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER, {1});
    h.Op(NNADAPTER_ABS, {a}, {h.Add(NNADAPTER_FLOAT32, {1})});
    EXPECT_FALSE(h.Supported());
  }
  {
    HalModel h;  // auto_pad out of range
    Operand* x = h.Add(NNADAPTER_FLOAT32, {1, 1, 2, 2});
    std::vector<Operand*> ins = {
        x, h.Const(NNADAPTER_FLOAT32, {1, 1, 1, 1}, std::vector<float>{1}),
        h.Const(NNADAPTER_FLOAT32, {1}, std::vector<float>{0}),
        h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{5})};
    for (int i = 0; i < 5; i++)
      ins.push_back(h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{1}));
    h.Op(NNADAPTER_CONV_2D, ins, {h.Add(NNADAPTER_FLOAT32, {})});
    EXPECT_FALSE(h.Supported());
  }
  {
    HalModel h;  // CAST to an unsupported precision code
    Operand* x = h.Add(NNADAPTER_FLOAT32, {1});
    h.Op(NNADAPTER_CAST,
         {x, h.Const(NNADAPTER_INT32, {1},
                     std::vector<int32_t>{NNADAPTER_QUANT_INT8_SYMM_PER_LAYER})},
         {h.Add(NNADAPTER_FLOAT32, {1})});
    EXPECT_FALSE(h.Supported());
  }
  {
    HalModel h;  // ARG_MAX with a float index dtype
    Operand* x = h.Add(NNADAPTER_FLOAT32, {2});
    h.Op(NNADAPTER_ARG_MAX,
         {x, h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{0}),
          h.Const(NNADAPTER_BOOL8, {1}, std::vector<int8_t>{0}),
          h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{NNADAPTER_FLOAT32})},
         {h.Add(NNADAPTER_INT64, {})});
    EXPECT_FALSE(h.Supported());
  }
  {
    HalModel h;  // documented optional operands may be null
    Operand* x = h.Add(NNADAPTER_FLOAT32, {1, 1, 2, 2});
    std::vector<Operand*> ins = {
        x, h.Const(NNADAPTER_FLOAT32, {1, 1, 1, 1}, std::vector<float>{1}),
        nullptr, h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{0}),
        nullptr};
    for (int i = 0; i < 3; i++)
      ins.push_back(h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{1}));
    ins.push_back(nullptr);
    ins.push_back(nullptr);
    ins.push_back(h.Const(NNADAPTER_INT32, {1}, std::vector<int32_t>{0}));
    h.Op(NNADAPTER_CONV_2D_TRANSPOSE, ins, {h.Add(NNADAPTER_FLOAT32, {})});
    EXPECT_TRUE(h.Supported());
  }
}

TEST(BuiltinDeviceHal, RebuildFromCacheBufferAlone) {
  Cache cache;
  void* program = nullptr;
  {
    HalModel h = AddModel(0);
    ASSERT_EQ(Dev().create_program(nullptr, &h.model(), &cache, &program),
              NNADAPTER_NO_ERROR);
    Dev().destroy_program(program);
    program = nullptr;
  }  // the model is gone
  ASSERT_FALSE(cache.buffer.empty());
  ASSERT_EQ(Dev().create_program(nullptr, nullptr, &cache, &program),
            NNADAPTER_NO_ERROR);
  Buffer in{{1, 2}, {2}}, out;
  Argument ia, oa;
  ia.index = 0;
  ia.memory = &in;
  ia.access = Access;
  oa.index = 0;
  oa.memory = &out;
  oa.access = Access;
  ASSERT_EQ(Dev().execute_program(program, 1, &ia, 1, &oa), NNADAPTER_NO_ERROR);
  EXPECT_EQ(out.data, (std::vector<float>{11, 22}));
  // A failing output callback is an error, not a crash.
  out.fail = true;
  EXPECT_NE(Dev().execute_program(program, 1, &ia, 1, &oa), NNADAPTER_NO_ERROR);
  in.fail = true;
  EXPECT_NE(Dev().execute_program(program, 1, &ia, 1, &oa), NNADAPTER_NO_ERROR);
  Dev().destroy_program(program);
}

TEST(BuiltinDeviceHal, CorruptCacheIsRejected) {
  Cache cache;
  void* program = nullptr;
  HalModel h = AddModel(0);
  ASSERT_EQ(Dev().create_program(nullptr, &h.model(), &cache, &program), 0);
  Dev().destroy_program(program);
  std::vector<uint8_t> good = cache.buffer;
  cache.buffer[0] ^= 0xff;  // magic
  program = nullptr;
  EXPECT_NE(Dev().create_program(nullptr, nullptr, &cache, &program), 0);
  EXPECT_EQ(program, nullptr);
  for (size_t cut : {size_t(3), size_t(8), good.size() / 2, good.size() - 1}) {
    cache.buffer.assign(good.begin(), good.begin() + cut);
    EXPECT_NE(Dev().create_program(nullptr, nullptr, &cache, &program), 0)
        << "truncated at " << cut;
  }
}
