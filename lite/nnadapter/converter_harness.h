// The converter differential harness (test-only): one Paddle op built with
// OpRunner runs through its CPU kernel, then through its converter
// (converters.inc) on NNAdapter's reference device (its device 0), and
// every converted output is compared.
// Cases live in converter_harness_test.cc, one table walked against the
// converter table.
#pragma once
#include <nnadapter/nnadapter.h>

#include <cstring>
#include <functional>
#include <set>
#include <string>
#include <vector>

#include "lite/core/op_test_util.h"
#include "lite/nnadapter/converter.h"

namespace paddle {
namespace lite {
namespace testing {

// A host buffer bound to an execution input or output.
struct HostBuffer {
  std::vector<int32_t> dims;
  int32_t precision{NNADAPTER_FLOAT32};
  const void* input{nullptr};
  std::vector<uint8_t> output;
};

inline size_t NNAdapterElementSize(int32_t precision) {
  return SizeOf(nnadapter_bridge::DataTypeOfPrecision(precision));
}

inline void* HostInputAccess(void* memory, NNAdapterOperandType* type) {
  auto* b = static_cast<HostBuffer*>(memory);
  type->dimensions.count = static_cast<uint32_t>(b->dims.size());
  for (size_t i = 0; i < b->dims.size(); ++i) type->dimensions.data[i] = b->dims[i];
  return const_cast<void*>(b->input);
}

inline void* HostOutputAccess(void* memory, NNAdapterOperandType* type) {
  auto* b = static_cast<HostBuffer*>(memory);
  b->dims.assign(type->dimensions.data, type->dimensions.data + type->dimensions.count);
  b->precision = type->precision;
  size_t n = 1;
  for (int32_t d : b->dims) n *= static_cast<size_t>(d < 0 ? 0 : d);
  b->output.assign(std::max<size_t>(1, n * NNAdapterElementSize(type->precision)), 0);
  return b->output.data();
}

// The elements of a buffer of `type` as doubles (comparison of any dtype).
inline std::vector<double> AsDoubles(const void* data, size_t n, DataType type) {
  std::vector<double> r(n);
  for (size_t i = 0; i < n; ++i) {
    switch (type) {
      case DataType::kFloat32: r[i] = static_cast<const float*>(data)[i]; break;
      case DataType::kInt32: r[i] = static_cast<const int32_t*>(data)[i]; break;
      case DataType::kInt64: r[i] = static_cast<double>(static_cast<const int64_t*>(data)[i]); break;
      case DataType::kInt8: r[i] = static_cast<const int8_t*>(data)[i]; break;
      case DataType::kUInt8:
      case DataType::kBool: r[i] = static_cast<const uint8_t*>(data)[i]; break;
      default: ADD_FAILURE() << "harness: dtype " << static_cast<int>(type) << " not compared";
    }
  }
  return r;
}

// What converting and running one op on the reference device gave.
struct DeviceRun {
  bool declined{false};        // the converter threw (the op stays on CPU)
  std::string decline_reason;  // its message
  bool unsupported{false};     // the reference device declined an operation
  std::map<std::string, HostBuffer> outputs;  // by Paddle variable
  std::vector<std::string> unmapped_outputs;  // op outputs with no operand
};

// Converts `op` (inputs and weights in `scope`, shapes of every variable
// from `scope` after the CPU run) and runs it on the reference device.
inline DeviceRun RunOnBuiltinDevice(const cpp::OpDesc& op, Scope& scope) {
  DeviceRun run;
  NNAdapterModel* model = nullptr;
  EXPECT_EQ(NNAdapterModel_create(&model), NNADAPTER_NO_ERROR);
  std::unique_ptr<NNAdapterModel, void (*)(NNAdapterModel*)> model_guard(model,
                                                                         NNAdapterModel_destroy);
  nnadapter_bridge::Converter c(model, &scope, [&](const std::string& name, DDim* d, DataType* t) {
    const Tensor* v = scope.FindVar(name);
    if (!v) return false;
    *d = v->dims();
    *t = v->dtype();
    return true;
  });
  try {
    c.Convert(op);
  } catch (const Error& e) {
    run.declined = true;
    run.decline_reason = e.what();
    return run;
  }
  std::vector<NNAdapterOperand*> outs;
  std::vector<std::string> out_names;
  for (const auto& [slot, names] : op.outputs()) {
    for (const auto& name : names) {
      if (NNAdapterOperand* o = c.Mapped(name)) {
        outs.push_back(o);
        out_names.push_back(name);
      } else {
        run.unmapped_outputs.push_back(slot + ":" + name);
      }
    }
  }
  std::vector<NNAdapterOperand*> ins = c.model_inputs();
  EXPECT_EQ(NNAdapterModel_identifyInputsAndOutputs(model, static_cast<uint32_t>(ins.size()),
                                                    ins.data(), static_cast<uint32_t>(outs.size()),
                                                    outs.data()),
            NNADAPTER_NO_ERROR)
      << op.Type() << ": " << NNAdapter_getLastErrorMessage();
  EXPECT_EQ(NNAdapterModel_finish(model), NNADAPTER_NO_ERROR)
      << op.Type() << ": " << NNAdapter_getLastErrorMessage();
  NNAdapterDevice* device = nullptr;
  NNAdapterContext* context = nullptr;
  NNAdapterCompilation* compilation = nullptr;
  NNAdapterExecution* execution = nullptr;
  // NNAdapter's device 0 is its compiled-in reference device.
  const char* reference = nullptr;
  bool ok = NNAdapter_getDeviceName(0, &reference) == NNADAPTER_NO_ERROR &&
            NNAdapterDevice_acquire(reference, &device) == NNADAPTER_NO_ERROR &&
            NNAdapterContext_create(&device, 1, "", nullptr, &context) == NNADAPTER_NO_ERROR;
  if (ok) {
    std::unique_ptr<bool[]> flags(new bool[c.operation_count() + 1]());
    ok = NNAdapterModel_getSupportedOperations(model, context, flags.get()) == NNADAPTER_NO_ERROR;
    for (size_t i = 0; ok && i < c.operation_count(); ++i) run.unsupported |= !flags[i];
  }
  std::vector<HostBuffer> in_buffers(ins.size());
  for (size_t i = 0; i < ins.size(); ++i) {
    const Tensor* t = scope.FindVar(c.model_input_names()[i]);
    in_buffers[i].dims.assign(t->dims().begin(), t->dims().end());
    in_buffers[i].input = t->raw_data();
  }
  std::vector<HostBuffer> out_buffers(outs.size());
  ok = ok && !run.unsupported &&
       NNAdapterCompilation_create(model, "", nullptr, 0, "", context, &compilation) ==
           NNADAPTER_NO_ERROR &&
       NNAdapterCompilation_finish(compilation) == NNADAPTER_NO_ERROR &&
       NNAdapterExecution_create(compilation, &execution) == NNADAPTER_NO_ERROR;
  for (size_t i = 0; ok && i < ins.size(); ++i) {
    ok = NNAdapterExecution_setInput(execution, static_cast<int32_t>(i), &in_buffers[i],
                                     HostInputAccess) == NNADAPTER_NO_ERROR;
  }
  for (size_t i = 0; ok && i < outs.size(); ++i) {
    ok = NNAdapterExecution_setOutput(execution, static_cast<int32_t>(i), &out_buffers[i],
                                      HostOutputAccess) == NNADAPTER_NO_ERROR;
  }
  ok = ok && NNAdapterExecution_compute(execution) == NNADAPTER_NO_ERROR;
  EXPECT_TRUE(ok || run.unsupported) << op.Type() << ": " << NNAdapter_getLastErrorMessage();
  NNAdapterExecution_destroy(execution);
  NNAdapterCompilation_destroy(compilation);
  NNAdapterContext_destroy(context);
  if (device) NNAdapterDevice_release(device);
  if (ok) {
    for (size_t i = 0; i < outs.size(); ++i) run.outputs[out_names[i]] = std::move(out_buffers[i]);
  }
  return run;
}

// Compares the CPU tensor `ref` with a device output: same dims, integer and
// bool elements exact, float within atol + rtol * |ref|.
inline void ExpectSameOutput(const Tensor& ref, const HostBuffer& got, const std::string& what,
                             double atol, double rtol) {
  std::vector<int32_t> ref_dims(ref.dims().begin(), ref.dims().end());
  // A rank-0 CPU result and a [1] device result hold the same scalar.
  if (ref_dims.empty()) ref_dims = {1};
  std::vector<int32_t> got_dims = got.dims.empty() ? std::vector<int32_t>{1} : got.dims;
  ASSERT_EQ(ref_dims, got_dims) << what << ": output dims differ";
  const DataType got_type = nnadapter_bridge::DataTypeOfPrecision(got.precision);
  const bool ref_int = ref.dtype() == DataType::kInt32 || ref.dtype() == DataType::kInt64;
  const bool got_int = got_type == DataType::kInt32 || got_type == DataType::kInt64;
  ASSERT_TRUE(ref.dtype() == got_type || (ref_int && got_int))
      << what << ": dtype " << static_cast<int>(ref.dtype()) << " on CPU, "
      << static_cast<int>(got_type) << " on the device";
  const size_t n = static_cast<size_t>(ref.numel());
  auto a = AsDoubles(ref.raw_data(), n, ref.dtype());
  auto b = AsDoubles(got.output.data(), n, got_type);
  int bad = 0;
  double max_err = 0;
  for (size_t i = 0; i < n; ++i) {
    const double err = std::fabs(a[i] - b[i]);
    max_err = std::max(max_err, err);
    const double tol = ref.dtype() == DataType::kFloat32 ? atol + rtol * std::fabs(a[i]) : 0.0;
    if (!(err <= tol) && bad++ < 3) {
      ADD_FAILURE() << what << " [" << i << "] CPU " << a[i] << " device " << b[i];
    }
  }
  EXPECT_EQ(bad, 0) << what << ": " << bad << " of " << n << " elements differ (max |diff| "
                    << max_err << ")";
}

}  // namespace testing
}  // namespace lite
}  // namespace paddle
