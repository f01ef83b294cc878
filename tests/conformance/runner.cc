#include "runner.h"

#include <cmath>
#include <memory>
#include <sstream>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/modeling.h"

namespace conformance {
namespace {

std::string LastError() {
  const char* m = NNAdapter_getLastErrorMessage();
  return m ? std::string(m) : std::string();
}

struct ModelDeleter {
  void operator()(NNAdapterModel* m) const { NNAdapterModel_destroy(m); }
};
struct CompilationDeleter {
  void operator()(NNAdapterCompilation* c) const {
    NNAdapterCompilation_destroy(c);
  }
};
struct ExecutionDeleter {
  void operator()(NNAdapterExecution* e) const { NNAdapterExecution_destroy(e); }
};

CaseResult Fail(const std::string& message) {
  CaseResult r;
  r.outcome = Outcome::kFailed;
  r.message = message;
  return r;
}

bool IsQuant8(int32_t p) {
  return p == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ||
         p == NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL ||
         p == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER ||
         p == NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL || p == NNADAPTER_INT8 ||
         p == NNADAPTER_UINT8;
}

}  // namespace

std::string CompareTensors(const Tensor& e, const Tensor& a, double extra_atol) {
  std::ostringstream os;
  if (e.dims != a.dims) {
    os << "dims mismatch: expected " << DimsToString(e.dims) << ", got "
       << DimsToString(a.dims);
    return os.str();
  }
  // Plain 8-bit ONNX data (UINT8/INT8) compares with the NNAdapter
  // quantized precision of the same storage.
  auto storage = [](int32_t p) {
    if (p == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER) return int32_t{NNADAPTER_UINT8};
    if (p == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER) return int32_t{NNADAPTER_INT8};
    return p;
  };
  if (storage(e.precision) != storage(a.precision)) {
    os << "precision mismatch: expected " << nnadapter::OperandPrecisionName(e.precision)
       << ", got " << nnadapter::OperandPrecisionName(a.precision);
    return os.str();
  }
  if (e.precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER &&
      std::fabs(e.scale - a.scale) > 1e-6 * std::fabs(e.scale)) {
    os << "output scale mismatch: expected " << e.scale << ", got " << a.scale;
    return os.str();
  }
  const int64_t n = e.NumElements();
  if (a.bytes.size() < static_cast<size_t>(n) *
                           nnadapter::GetOperandPrecisionDataLength(a.precision)) {
    return "output buffer too small";
  }
  int64_t mismatches = 0;
  std::string first;
  for (int64_t i = 0; i < n; ++i) {
    const double ev = e.At(i);
    const double av = a.At(i);
    bool ok;
    double tol = 0.0;
    if (e.precision == NNADAPTER_FLOAT32 || e.precision == NNADAPTER_FLOAT64) {
      if (std::isnan(ev)) {
        ok = std::isnan(av);
      } else if (std::isinf(ev)) {
        ok = av == ev;
      } else {
        tol = extra_atol + 1e-5 + 5.0 * 1.1920929e-7 * std::fabs(ev);
        ok = std::fabs(ev - av) <= tol;
      }
    } else if (e.precision == NNADAPTER_FLOAT16) {
      if (std::isnan(ev)) {
        ok = std::isnan(av);
      } else if (std::isinf(ev)) {
        ok = av == ev;
      } else {
        tol = extra_atol + 1e-3 + 5.0 * 0.0009765625 * std::fabs(ev);
        ok = std::fabs(ev - av) <= tol;
      }
    } else if (IsQuant8(e.precision)) {
      tol = 1.0;
      ok = std::fabs(ev - av) <= 1.0;
    } else {
      ok = ev == av;
    }
    if (!ok) {
      if (mismatches == 0) {
        std::ostringstream f;
        f.precision(9);
        f << "element " << i << ": expected " << ev << ", got " << av
          << " (tolerance " << tol << ")";
        first = f.str();
      }
      ++mismatches;
    }
  }
  if (mismatches == 0) return "";
  os << mismatches << " of " << n << " elements differ; first " << first;
  return os.str();
}

std::string BuildCaseModel(const CaseSpec &spec, NNAdapterModel **out) {
  *out = nullptr;
  NNAdapterModel *raw_model = nullptr;
  if (NNAdapterModel_create(&raw_model) != NNADAPTER_NO_ERROR) {
    return "NNAdapterModel_create: " + LastError();
  }
  std::unique_ptr<NNAdapterModel, ModelDeleter> model(raw_model);
  std::vector<NNAdapterOperand *> operands(spec.operands.size(), nullptr);
  for (size_t i = 0; i < spec.operands.size(); ++i) {
    const OperandSpec &o = spec.operands[i];
    NNAdapterOperandType type = o.tensor.type();
    // Temporaries are declared without dims: shape inference decides.
    if (o.kind == OperandSpec::kTemporary)
      type.dimensions.count = 0;
    if (NNAdapterModel_addOperand(model.get(), &type, &operands[i]) !=
        NNADAPTER_NO_ERROR) {
      return "addOperand " + std::to_string(i) + " (" +
             nnadapter::OperandPrecisionName(o.tensor.precision) +
             DimsToString(o.tensor.dims) + "): " + LastError();
    }
    if (o.kind == OperandSpec::kConstant) {
      static uint8_t empty_buffer[8] = {0};
      void *buffer = o.tensor.bytes.empty()
                         ? static_cast<void *>(empty_buffer)
                         : const_cast<uint8_t *>(o.tensor.bytes.data());
      if (NNAdapterModel_setOperandValue(
              operands[i], buffer, static_cast<uint32_t>(o.tensor.bytes.size()),
              true) != NNADAPTER_NO_ERROR) {
        return "setOperandValue " + std::to_string(i) + ": " + LastError();
      }
    }
  }
  for (size_t k = 0; k < spec.operations.size(); ++k) {
    const OperationSpec &op = spec.operations[k];
    std::vector<NNAdapterOperand *> ins, outs;
    for (int i : op.inputs)
      ins.push_back(i < 0 ? nullptr : operands[i]);
    for (int i : op.outputs)
      outs.push_back(operands[i]);
    if (NNAdapterModel_addOperation(
            model.get(), op.type, static_cast<uint32_t>(ins.size()), ins.data(),
            static_cast<uint32_t>(outs.size()), outs.data(),
            nullptr) != NNADAPTER_NO_ERROR) {
      const char *name = NNAdapterOperationTypeName(op.type);
      return std::string("addOperation ") + (name ? name : "?") + ": " +
             LastError();
    }
  }
  std::vector<NNAdapterOperand *> ins, outs;
  for (int i : spec.inputs)
    ins.push_back(operands[i]);
  for (int i : spec.outputs)
    outs.push_back(operands[i]);
  if (NNAdapterModel_identifyInputsAndOutputs(
          model.get(), static_cast<uint32_t>(ins.size()), ins.data(),
          static_cast<uint32_t>(outs.size()),
          outs.data()) != NNADAPTER_NO_ERROR) {
    return "identifyInputsAndOutputs: " + LastError();
  }
  *out = model.release();
  return "";
}

CaseResult RunCase(const CaseSpec& spec, NNAdapterContext* context) {
  NNAdapterModel* raw_model = nullptr;
  const std::string build_error = BuildCaseModel(spec, &raw_model);
  if (!build_error.empty()) return Fail(build_error);
  std::unique_ptr<NNAdapterModel, ModelDeleter> model(raw_model);
  {
    std::unique_ptr<bool[]> supported(new bool[spec.operations.size() + 1]);
    if (NNAdapterModel_getSupportedOperations(model.get(), context,
                                              supported.get()) !=
        NNADAPTER_NO_ERROR) {
      return Fail("getSupportedOperations: " + LastError());
    }
    for (size_t k = 0; k < spec.operations.size(); ++k) {
      if (!supported[k]) {
        CaseResult r;
        r.outcome = Outcome::kNotSupported;
        const char* name = NNAdapterOperationTypeName(spec.operations[k].type);
        r.message = std::string("device declines operation ") +
                    std::to_string(k) + " (" + (name ? name : "?") + ")";
        return r;
      }
    }
  }
  if (NNAdapterModel_finish(model.get()) != NNADAPTER_NO_ERROR) {
    return Fail("NNAdapterModel_finish: " + LastError());
  }
  NNAdapterCompilation* raw_compilation = nullptr;
  if (NNAdapterCompilation_create(model.get(), nullptr, nullptr, 0, nullptr,
                                  context, &raw_compilation) !=
      NNADAPTER_NO_ERROR) {
    return Fail("NNAdapterCompilation_create: " + LastError());
  }
  std::unique_ptr<NNAdapterCompilation, CompilationDeleter> compilation(
      raw_compilation);
  if (NNAdapterCompilation_finish(compilation.get()) != NNADAPTER_NO_ERROR) {
    return Fail("NNAdapterCompilation_finish: " + LastError());
  }
  NNAdapterExecution* raw_execution = nullptr;
  if (NNAdapterExecution_create(compilation.get(), &raw_execution) !=
      NNADAPTER_NO_ERROR) {
    return Fail("NNAdapterExecution_create: " + LastError());
  }
  std::unique_ptr<NNAdapterExecution, ExecutionDeleter> execution(
      raw_execution);
  std::vector<Tensor> input_values;
  for (int i : spec.inputs) input_values.push_back(spec.operands[i].tensor);
  std::vector<Tensor> actual(spec.outputs.size());
  for (size_t i = 0; i < input_values.size(); ++i) {
    if (NNAdapterExecution_setInput(execution.get(), static_cast<int32_t>(i),
                                    &input_values[i], Tensor::AccessInput) !=
        NNADAPTER_NO_ERROR) {
      return Fail("setInput " + std::to_string(i) + ": " + LastError());
    }
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    if (NNAdapterExecution_setOutput(execution.get(), static_cast<int32_t>(i),
                                     &actual[i], Tensor::AccessOutput) !=
        NNADAPTER_NO_ERROR) {
      return Fail("setOutput " + std::to_string(i) + ": " + LastError());
    }
  }
  if (NNAdapterExecution_compute(execution.get()) != NNADAPTER_NO_ERROR) {
    return Fail("NNAdapterExecution_compute: " + LastError());
  }
  for (size_t i = 0; i < actual.size(); ++i) {
    const std::string diff = CompareTensors(
        spec.expected[i], actual[i],
        i < spec.extra_atol.size() ? spec.extra_atol[i] : 0.0);
    if (!diff.empty()) {
      return Fail("output " + std::to_string(i) + ": " + diff);
    }
  }
  CaseResult r;
  r.outcome = Outcome::kPassed;
  return r;
}

}  // namespace conformance
