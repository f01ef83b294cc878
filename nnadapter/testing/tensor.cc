#include "testing/tensor.h"

#include <cmath>
#include <sstream>

#include "nnadapter/utility/modeling.h"

namespace nnadapter_test {

int64_t Tensor::NumElements() const {
  return nnadapter::GetElementCount(dims.data(),
                                    static_cast<uint32_t>(dims.size()));
}

static double HalfToDouble(uint16_t h) {
  const int sign = (h >> 15) & 1;
  const int exponent = (h >> 10) & 0x1f;
  const int mantissa = h & 0x3ff;
  double v;
  if (exponent == 0) {
    v = std::ldexp(static_cast<double>(mantissa), -24);
  } else if (exponent == 31) {
    v = mantissa ? NAN : INFINITY;
  } else {
    v = std::ldexp(static_cast<double>(mantissa | 0x400), exponent - 25);
  }
  return sign ? -v : v;
}

double Tensor::At(int64_t i) const {
  switch (precision) {
    case NNADAPTER_BOOL8:
      return data<uint8_t>()[i] ? 1.0 : 0.0;
    case NNADAPTER_INT8:
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
      return data<int8_t>()[i];
    case NNADAPTER_UINT8:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL:
      return data<uint8_t>()[i];
    case NNADAPTER_INT16:
      return data<int16_t>()[i];
    case NNADAPTER_UINT16:
      return data<uint16_t>()[i];
    case NNADAPTER_INT32:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      return data<int32_t>()[i];
    case NNADAPTER_UINT32:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      return data<uint32_t>()[i];
    case NNADAPTER_INT64:
      return static_cast<double>(data<int64_t>()[i]);
    case NNADAPTER_UINT64:
      return static_cast<double>(data<uint64_t>()[i]);
    case NNADAPTER_FLOAT16:
      return HalfToDouble(data<uint16_t>()[i]);
    case NNADAPTER_FLOAT32:
      return data<float>()[i];
    case NNADAPTER_FLOAT64:
      return data<double>()[i];
    default:
      return NAN;
  }
}

NNAdapterOperandType Tensor::type() const {
  NNAdapterOperandType t;
  std::memset(&t, 0, sizeof(t));
  t.precision = precision;
  t.layout = NNADAPTER_NCHW;
  t.dimensions.count = static_cast<uint32_t>(dims.size());
  for (size_t i = 0; i < dims.size() && i < NNADAPTER_MAX_SIZE_OF_DIMENSIONS;
       ++i) {
    t.dimensions.data[i] = dims_unknown ? NNADAPTER_UNKNOWN : dims[i];
  }
  switch (precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT32_SYMM_PER_LAYER:
      t.symm_per_layer_params.scale = scale;
      break;
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT32_ASYMM_PER_LAYER:
      t.asymm_per_layer_params.scale = scale;
      t.asymm_per_layer_params.zero_point = zero_point;
      break;
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
    case NNADAPTER_QUANT_INT32_SYMM_PER_CHANNEL:
      t.symm_per_channel_params.channel_dim = channel_dim;
      t.symm_per_channel_params.scale_count =
          static_cast<uint32_t>(scales.size());
      t.symm_per_channel_params.scales = const_cast<float*>(scales.data());
      break;
    default:
      break;
  }
  return t;
}

// An empty tensor still gets a non-NULL buffer: NULL means "failed" to the
// runtime.
static uint8_t* NonNullData(std::vector<uint8_t>* bytes) {
  if (bytes->empty()) bytes->reserve(8);
  return bytes->data();
}

void* Tensor::AccessInput(void* memory, NNAdapterOperandType* type) {
  Tensor* t = static_cast<Tensor*>(memory);
  type->dimensions.count = static_cast<uint32_t>(t->dims.size());
  for (size_t i = 0; i < t->dims.size(); ++i) {
    type->dimensions.data[i] = t->dims[i];
  }
  return NonNullData(&t->bytes);
}

void* Tensor::AccessOutput(void* memory, NNAdapterOperandType* type) {
  Tensor* t = static_cast<Tensor*>(memory);
  t->precision = type->precision;
  if (t->precision == NNADAPTER_QUANT_INT8_SYMM_PER_LAYER ||
      t->precision == NNADAPTER_QUANT_INT32_SYMM_PER_LAYER) {
    t->scale = type->symm_per_layer_params.scale;
  } else if (t->precision == NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER) {
    t->scale = type->asymm_per_layer_params.scale;
    t->zero_point = type->asymm_per_layer_params.zero_point;
  }
  t->dims.assign(type->dimensions.data,
                 type->dimensions.data + type->dimensions.count);
  const int64_t n = t->NumElements();
  if (n < 0) return nullptr;
  t->bytes.assign(static_cast<size_t>(n) *
                      nnadapter::GetOperandPrecisionDataLength(t->precision),
                  0);
  return NonNullData(&t->bytes);
}

std::string DimsToString(const std::vector<int32_t>& dims) {
  std::ostringstream os;
  os << "[";
  for (size_t i = 0; i < dims.size(); ++i) os << (i ? "," : "") << dims[i];
  os << "]";
  return os.str();
}

std::string ValuesToString(const Tensor& t, int64_t max_count) {
  std::ostringstream os;
  const int64_t n = t.NumElements();
  os << "{";
  for (int64_t i = 0; i < n && i < max_count; ++i) {
    os << (i ? ", " : "") << t.At(i);
  }
  if (n > max_count) os << ", ...";
  os << "}";
  return os.str();
}

std::vector<int64_t> ToInt64(const Tensor& t) {
  std::vector<int64_t> out(static_cast<size_t>(t.NumElements()));
  for (size_t i = 0; i < out.size(); ++i) {
    if (t.precision == NNADAPTER_INT64) {
      out[i] = t.data<int64_t>()[i];
    } else {
      out[i] = static_cast<int64_t>(t.At(static_cast<int64_t>(i)));
    }
  }
  return out;
}

std::vector<float> ToFloat(const Tensor& t) {
  std::vector<float> out(static_cast<size_t>(t.NumElements()));
  for (size_t i = 0; i < out.size(); ++i) {
    out[i] = static_cast<float>(t.At(static_cast<int64_t>(i)));
  }
  return out;
}

}  // namespace nnadapter_test
