#include "drivers/builtin_device/test_util.h"

#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace nnadapter_test {

std::set<int>& CoveredOperations() {
  static std::set<int> s;
  return s;
}

namespace {

size_t ElementSize(NNAdapterOperandPrecision p) {
  switch (p) {
    case NNADAPTER_BOOL8:
    case NNADAPTER_INT8:
    case NNADAPTER_UINT8:
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL:
      return 1;
    case NNADAPTER_INT16:
    case NNADAPTER_UINT16:
    case NNADAPTER_FLOAT16:
      return 2;
    case NNADAPTER_INT64:
    case NNADAPTER_UINT64:
    case NNADAPTER_FLOAT64:
      return 8;
    default:
      return 4;
  }
}

void* AccessInput(void* memory, NNAdapterOperandType* type) {
  T* t = static_cast<T*>(memory);
  type->dimensions.count = static_cast<uint32_t>(t->dims.size());
  for (size_t i = 0; i < t->dims.size(); i++)
    type->dimensions.data[i] = t->dims[i];
  return t->data.data();
}

void* AccessOutput(void* memory, NNAdapterOperandType* type) {
  T* t = static_cast<T*>(memory);
  t->precision = type->precision;
  t->dims.assign(type->dimensions.data,
                 type->dimensions.data + type->dimensions.count);
  size_t n = 1;
  for (auto d : t->dims) n *= static_cast<size_t>(d);
  t->data.assign(n * ElementSize(type->precision), 0);
  t->data.reserve(1);
  if (type->precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ||
      type->precision == NNADAPTER_QUANT_INT32_SYMM_PER_LAYER)
    t->scale = type->symm_per_layer_params.scale;
  return t->data.data();
}

struct Handles {
  NNAdapterModel* model = nullptr;
  NNAdapterDevice* device = nullptr;
  NNAdapterContext* context = nullptr;
  NNAdapterCompilation* compilation = nullptr;
  NNAdapterExecution* execution = nullptr;
  ~Handles() {
    NNAdapterExecution_destroy(execution);
    NNAdapterCompilation_destroy(compilation);
    NNAdapterContext_destroy(context);
    NNAdapterDevice_release(device);
    NNAdapterModel_destroy(model);
  }
};

}  // namespace

RunResult RunOp(NNAdapterOperationType op, const std::vector<Arg>& args,
                const std::vector<OutSpec>& outs,
                const std::vector<T>& run_inputs, bool through_cache) {
  RunResult res;
  Handles h;
  std::vector<T> consts;  // keep alive
  EXPECT_EQ(NNAdapterModel_create(&h.model), NNADAPTER_NO_ERROR);
  std::vector<NNAdapterOperand*> ins, model_ins, model_outs;
  std::vector<T> input_values;
  for (const Arg& a : args) {
    if (a.kind == Arg::kAbsent) {
      ins.push_back(nullptr);
      continue;
    }
    NNAdapterOperandType type = a.value.type();
    NNAdapterOperand* o = nullptr;
    EXPECT_EQ(NNAdapterModel_addOperand(h.model, &type, &o), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    if (a.kind == Arg::kConst) {
      EXPECT_EQ(NNAdapterModel_setOperandValue(
                    o, const_cast<uint8_t*>(a.value.data.data()),
                    static_cast<uint32_t>(a.value.data.size()), true),
                NNADAPTER_NO_ERROR)
          << NNAdapter_getLastErrorMessage();
    } else {
      model_ins.push_back(o);
      input_values.push_back(a.value);
    }
    ins.push_back(o);
  }
  for (const OutSpec& s : outs) {
    T t;
    t.precision = s.precision;
    t.scale = s.scale;
    NNAdapterOperandType type = t.type();
    NNAdapterOperand* o = nullptr;
    EXPECT_EQ(NNAdapterModel_addOperand(h.model, &type, &o), NNADAPTER_NO_ERROR);
    model_outs.push_back(o);
  }
  res.add_operation = NNAdapterModel_addOperation(
      h.model, op, static_cast<uint32_t>(ins.size()), ins.data(),
      static_cast<uint32_t>(model_outs.size()), model_outs.data(), nullptr);
  if (res.add_operation) {
    res.message = NNAdapter_getLastErrorMessage();
    return res;
  }
  EXPECT_EQ(NNAdapterModel_identifyInputsAndOutputs(
                h.model, static_cast<uint32_t>(model_ins.size()),
                model_ins.data(), static_cast<uint32_t>(model_outs.size()),
                model_outs.data()),
            NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  res.finish = NNAdapterModel_finish(h.model);
  if (res.finish) {
    res.message = NNAdapter_getLastErrorMessage();
    return res;
  }
  EXPECT_EQ(NNAdapterDevice_acquire("builtin_device", &h.device),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterContext_create(&h.device, 1, "", &h.context),
            NNADAPTER_NO_ERROR);
  std::string dir;
  if (through_cache) {
    char tmpl[] = "/tmp/nna_builtin_cache_XXXXXX";
    const char* d = mkdtemp(tmpl);
    EXPECT_NE(d, nullptr);
    dir = d ? d : "/tmp";
    NNAdapterCompilation* first = nullptr;
    EXPECT_EQ(NNAdapterCompilation_create(h.model, "builtin_test", nullptr, 0,
                                          dir.c_str(), h.context, &first),
              NNADAPTER_NO_ERROR);
    EXPECT_EQ(NNAdapterCompilation_finish(first), NNADAPTER_NO_ERROR)
        << NNAdapter_getLastErrorMessage();
    NNAdapterCompilation_destroy(first);
    // Rebuild from the cache file alone (no model).
    res.compile = NNAdapterCompilation_create(nullptr, "builtin_test", nullptr,
                                              0, dir.c_str(), h.context,
                                              &h.compilation);
  } else {
    res.compile = NNAdapterCompilation_create(h.model, nullptr, nullptr, 0,
                                              nullptr, h.context,
                                              &h.compilation);
  }
  if (!res.compile) res.compile = NNAdapterCompilation_finish(h.compilation);
  if (through_cache) {
    std::string cmd = "rm -rf '" + dir + "'";
    if (std::system(cmd.c_str()) != 0) ADD_FAILURE() << "cannot remove " << dir;
  }
  if (res.compile) {
    res.message = NNAdapter_getLastErrorMessage();
    return res;
  }
  EXPECT_EQ(NNAdapterExecution_create(h.compilation, &h.execution),
            NNADAPTER_NO_ERROR);
  std::vector<T> feed = run_inputs.empty() ? input_values : run_inputs;
  EXPECT_EQ(feed.size(), model_ins.size());
  for (size_t i = 0; i < feed.size(); i++) {
    EXPECT_EQ(NNAdapterExecution_setInput(h.execution, static_cast<int32_t>(i),
                                          &feed[i], AccessInput),
              NNADAPTER_NO_ERROR);
  }
  res.outputs.resize(outs.size());
  for (size_t i = 0; i < outs.size(); i++) {
    EXPECT_EQ(NNAdapterExecution_setOutput(h.execution, static_cast<int32_t>(i),
                                           &res.outputs[i], AccessOutput),
              NNADAPTER_NO_ERROR);
  }
  res.compute = NNAdapterExecution_compute(h.execution);
  if (res.compute) res.message = NNAdapter_getLastErrorMessage();
  return res;
}

std::vector<T> Exec(NNAdapterOperationType op, const std::vector<Arg>& args,
                   const std::vector<OutSpec>& outs) {
  RunResult r = RunOp(op, args, outs);
  EXPECT_TRUE(r.ok()) << NNAdapterOperationTypeName(op) << ": add "
                      << r.add_operation << " finish " << r.finish
                      << " compile " << r.compile << " compute " << r.compute
                      << ": " << r.message;
  if (!r.ok()) r.outputs.assign(outs.size(), T());
  return r.outputs;
}

template <typename V>
static void ExpectValues(const T& t, NNAdapterOperandPrecision p,
                         const std::vector<int32_t>& dims,
                         const std::vector<V>& values, double tol) {
  EXPECT_EQ(t.precision, p);
  EXPECT_EQ(t.dims, dims);
  std::vector<V> got = t.as<V>();
  ASSERT_EQ(got.size(), values.size());
  for (size_t i = 0; i < values.size(); i++) {
    if (tol > 0) {
      EXPECT_NEAR(static_cast<double>(got[i]), static_cast<double>(values[i]),
                  tol)
          << "element " << i;
    } else {
      EXPECT_EQ(got[i], values[i]) << "element " << i;
    }
  }
}

void ExpectF32(const T& t, const std::vector<int32_t>& dims,
               const std::vector<float>& values, float tol) {
  ExpectValues(t, NNADAPTER_FLOAT32, dims, values, tol);
}
void ExpectI32(const T& t, const std::vector<int32_t>& dims,
               const std::vector<int32_t>& values) {
  ExpectValues(t, NNADAPTER_INT32, dims, values, 0);
}
void ExpectI64(const T& t, const std::vector<int32_t>& dims,
               const std::vector<int64_t>& values) {
  ExpectValues(t, NNADAPTER_INT64, dims, values, 0);
}
void ExpectB8(const T& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values) {
  ExpectValues(t, NNADAPTER_BOOL8, dims, values, 0);
}
void ExpectQ8(const T& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values) {
  ExpectValues(t, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, dims, values, 0);
}

}  // namespace nnadapter_test
