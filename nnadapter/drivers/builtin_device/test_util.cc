#include "drivers/builtin_device/test_util.h"

#include "testing/execution.h"
#include "testing/files.h"
#include "testing/model_builder.h"

namespace nnadapter_test {

std::set<int>& CoveredOperations() {
  static std::set<int> s;
  return s;
}

// Compiles `model` on `context` (through a cache file written by a first
// compilation and read back without the model when `through_cache`).
static int Compile(NNAdapterModel* model, NNAdapterContext* context,
                   bool through_cache, NNAdapterCompilation** compilation) {
  if (!through_cache) {
    int code = NNAdapterCompilation_create(model, nullptr, nullptr, 0, nullptr,
                                           context, compilation);
    return code ? code : NNAdapterCompilation_finish(*compilation);
  }
  TempDir tmp("nna_builtin_cache_");
  const std::string& dir = tmp.path();
  NNAdapterCompilation* first = nullptr;
  EXPECT_EQ(NNAdapterCompilation_create(model, "builtin_test", nullptr, 0,
                                        dir.c_str(), context, &first),
            NNADAPTER_NO_ERROR);
  EXPECT_EQ(NNAdapterCompilation_finish(first), NNADAPTER_NO_ERROR)
      << NNAdapter_getLastErrorMessage();
  NNAdapterCompilation_destroy(first);
  // Rebuild from the cache file alone (no model).
  int code = NNAdapterCompilation_create(nullptr, "builtin_test", nullptr, 0,
                                         dir.c_str(), context, compilation);
  if (!code) code = NNAdapterCompilation_finish(*compilation);
  return code;
}

RunResult RunOp(NNAdapterOperationType op, const std::vector<Arg>& args,
                const std::vector<OutSpec>& outs,
                const std::vector<Tensor>& run_inputs, bool through_cache) {
  RunResult res;
  ModelBuilder b;
  std::vector<NNAdapterOperand*> ins, model_ins, model_outs;
  std::vector<Tensor> input_values;
  for (const Arg& a : args) {
    if (a.kind == Arg::kAbsent) {
      ins.push_back(nullptr);
    } else if (a.kind == Arg::kConst) {
      ins.push_back(b.Constant(a.value));
    } else {
      ins.push_back(b.Operand(a.value));
      model_ins.push_back(ins.back());
      input_values.push_back(a.value);
    }
  }
  for (const OutSpec& s : outs) {
    Tensor t;
    t.precision = s.precision;
    t.scale = s.scale;
    model_outs.push_back(b.Operand(t));
  }
  res.add_operation = b.TryOp(op, ins, model_outs);
  if (res.add_operation) {
    res.message = NNAdapter_getLastErrorMessage();
    return res;
  }
  b.Identify(model_ins, model_outs);
  res.finish = NNAdapterModel_finish(b.model());
  if (res.finish) {
    res.message = NNAdapter_getLastErrorMessage();
    return res;
  }
  Devices devices({"builtin_device"}, "");
  NNAdapterCompilation* compilation = nullptr;
  res.compile = Compile(b.model(), devices.context(), through_cache, &compilation);
  if (res.compile) {
    res.message = NNAdapter_getLastErrorMessage();
    NNAdapterCompilation_destroy(compilation);
    return res;
  }
  std::vector<Tensor> feed = run_inputs.empty() ? input_values : run_inputs;
  EXPECT_EQ(feed.size(), model_ins.size());
  res.outputs.resize(outs.size());
  res.compute = Execute(compilation, &feed, &res.outputs, &res.message);
  NNAdapterCompilation_destroy(compilation);
  return res;
}

std::vector<Tensor> Exec(NNAdapterOperationType op,
                         const std::vector<Arg>& args,
                         const std::vector<OutSpec>& outs) {
  RunResult r = RunOp(op, args, outs);
  EXPECT_TRUE(r.ok()) << NNAdapterOperationTypeName(op) << ": add "
                      << r.add_operation << " finish " << r.finish
                      << " compile " << r.compile << " compute " << r.compute
                      << ": " << r.message;
  if (!r.ok()) r.outputs.assign(outs.size(), Tensor());
  return r.outputs;
}

template <typename V>
static void ExpectValues(const Tensor& t, NNAdapterOperandPrecision p,
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

void ExpectF32(const Tensor& t, const std::vector<int32_t>& dims,
               const std::vector<float>& values, float tol) {
  ExpectValues(t, NNADAPTER_FLOAT32, dims, values, tol);
}
void ExpectI32(const Tensor& t, const std::vector<int32_t>& dims,
               const std::vector<int32_t>& values) {
  ExpectValues(t, NNADAPTER_INT32, dims, values, 0);
}
void ExpectI64(const Tensor& t, const std::vector<int32_t>& dims,
               const std::vector<int64_t>& values) {
  ExpectValues(t, NNADAPTER_INT64, dims, values, 0);
}
void ExpectB8(const Tensor& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values) {
  ExpectValues(t, NNADAPTER_BOOL8, dims, values, 0);
}
void ExpectQ8(const Tensor& t, const std::vector<int32_t>& dims,
              const std::vector<int8_t>& values) {
  ExpectValues(t, NNADAPTER_QUANT_INT8_SYMM_PER_LAYER, dims, values, 0);
}

}  // namespace nnadapter_test
