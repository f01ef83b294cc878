#include "tensor.h"

#include <cmath>
#include <sstream>

#include "nnadapter/utility/precision.h"

namespace conformance {

int64_t Tensor::NumElements() const {
  int64_t n = 1;
  for (int32_t d : dims) n *= d;
  return n;
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

size_t ElementSize(int32_t precision) {
  return nnadapter::PrecisionByteSize(precision);
}

const char* PrecisionName(int32_t precision) {
  const char* name = nnadapter::PrecisionName(precision);
  return name ? name : "UNKNOWN_PRECISION";
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

}  // namespace conformance
