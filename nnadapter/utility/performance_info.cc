#include "nnadapter/utility/performance_info.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <sstream>

#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/properties.h"

namespace nnadapter {

namespace {

// The operand-type figures: the single table of their key prefixes.
struct TypeFigure {
  const char* prefix;
  NNAdapterPerformanceInfo NNAdapterCapabilities::*member;
};
constexpr TypeFigure kTypeFigures[] = {
    {"float32", &NNAdapterCapabilities::float32_performance},
    {"quant8_symm", &NNAdapterCapabilities::quant8_symm_performance},
    {"quant8_asymm", &NNAdapterCapabilities::quant8_asymm_performance},
};
// The scalar figures.
struct ScalarFigure {
  const char* key;
  float NNAdapterCapabilities::*member;
};
constexpr ScalarFigure kScalarFigures[] = {
    {"transfer_ns_per_byte", &NNAdapterCapabilities::transfer_ns_per_byte},
    {"cpu_ns_per_mac", &NNAdapterCapabilities::cpu_ns_per_mac},
};

bool ParseFigure(const std::string& text, float* value) {
  if (text.empty()) return false;
  errno = 0;
  char* end = nullptr;
  double v = std::strtod(text.c_str(), &end);
  if (errno != 0 || *end != '\0' || !std::isfinite(v) || v < 0 || v > 1e9) {
    return false;
  }
  *value = static_cast<float>(v);
  return true;
}

float* InfoField(NNAdapterPerformanceInfo* info, const std::string& field) {
  if (field == "exec_time") return &info->exec_time;
  if (field == "power_usage") return &info->power_usage;
  return nullptr;
}

NNAdapterPerformanceInfo OneIfUnknown(NNAdapterPerformanceInfo p) {
  if (p.exec_time <= 0) p.exec_time = 1;
  if (p.power_usage <= 0) p.power_usage = 1;
  return p;
}

}  // namespace

NNAdapterCapabilities CpuEquivalentCapabilities() {
  NNAdapterCapabilities c = NNAdapterCapabilities();
  for (const auto& t : kTypeFigures) c.*(t.member) = {1.0f, 1.0f};
  return c;
}

bool SetPerformanceFigure(const std::string& key, const std::string& value,
                          NNAdapterCapabilities* c, std::string* message) {
  float v;
  if (!ParseFigure(value, &v)) {
    *message = key + ": '" + value + "' is not a non-negative number";
    return false;
  }
  for (const auto& s : kScalarFigures) {
    if (key == s.key) {
      c->*(s.member) = v;
      return true;
    }
  }
  const size_t dot = key.find('.');
  const std::string head = key.substr(0, dot);
  const std::string field = dot == std::string::npos ? "" : key.substr(dot + 1);
  NNAdapterPerformanceInfo probe{0, 0};
  if (!InfoField(&probe, field)) {
    *message = "unknown key '" + key +
               "' (expected <float32|quant8_symm|quant8_asymm|OPERATION>."
               "<exec_time|power_usage>, transfer_ns_per_byte or "
               "cpu_ns_per_mac)";
    return false;
  }
  for (const auto& t : kTypeFigures) {
    if (head == t.prefix) {
      *InfoField(&(c->*(t.member)), field) = v;
      return true;
    }
  }
  NNAdapterOperationType type;
  if (!ParseOperationTypeName(head, &type)) {
    *message = key + ": '" + head +
               "' is neither an operand type (float32, quant8_symm, "
               "quant8_asymm) nor an operation";
    return false;
  }
  for (uint32_t i = 0; i < c->operation_count; i++) {
    if (c->operations[i].type == type) {
      *InfoField(&c->operations[i].performance, field) = v;
      return true;
    }
  }
  if (c->operation_count >= NNADAPTER_MAX_OPERATION_PERFORMANCES) {
    *message = key + ": more than " +
               std::to_string(NNADAPTER_MAX_OPERATION_PERFORMANCES) +
               " operations have figures";
    return false;
  }
  auto& entry = c->operations[c->operation_count++];
  entry.type = type;
  entry.performance = {0, 0};
  *InfoField(&entry.performance, field) = v;
  return true;
}

bool ParsePerformanceFigures(const std::string& text, const std::string& source,
                             NNAdapterCapabilities* c, std::string* error) {
  for (const auto& item : SplitAndTrim(text, ',')) {
    if (item.empty()) continue;
    const size_t eq = item.find('=');
    std::string message;
    if (eq == std::string::npos) {
      message = "'" + item + "': expected key=value";
    } else if (SetPerformanceFigure(Trim(item.substr(0, eq)),
                                    Trim(item.substr(eq + 1)), c, &message)) {
      continue;
    }
    *error = source + ": " + message;
    return false;
  }
  return true;
}

NNAdapterPerformanceInfo PerformanceOf(const NNAdapterCapabilities& c,
                                       NNAdapterOperationType type,
                                       NNAdapterOperandPrecision precision) {
  for (uint32_t i = 0; i < c.operation_count && i < NNADAPTER_MAX_OPERATION_PERFORMANCES; i++) {
    if (c.operations[i].type == type) return OneIfUnknown(c.operations[i].performance);
  }
  switch (precision) {
    case NNADAPTER_QUANT_INT8_SYMM_PER_LAYER:
    case NNADAPTER_QUANT_INT8_SYMM_PER_CHANNEL:
      return OneIfUnknown(c.quant8_symm_performance);
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_LAYER:
    case NNADAPTER_QUANT_UINT8_ASYMM_PER_CHANNEL:
      return OneIfUnknown(c.quant8_asymm_performance);
    default:
      return OneIfUnknown(c.float32_performance);
  }
}

std::string FormatCapabilities(const NNAdapterCapabilities& c) {
  static const char* const kSources[] = {"not reported", "declared", "measured"};
  std::ostringstream os;
  const int source = c.source;
  os << "source=" << (source >= 0 && source <= 2 ? kSources[source] : "?")
     << "\n";
  for (const auto& t : kTypeFigures) {
    const auto& p = c.*(t.member);
    os << t.prefix << ".exec_time=" << p.exec_time << "\n"
       << t.prefix << ".power_usage=" << p.power_usage << "\n";
  }
  for (const auto& s : kScalarFigures) os << s.key << "=" << c.*(s.member) << "\n";
  for (uint32_t i = 0; i < c.operation_count && i < NNADAPTER_MAX_OPERATION_PERFORMANCES; i++) {
    const auto& o = c.operations[i];
    const std::string name = OperationTypeName(o.type);
    os << name << ".exec_time=" << o.performance.exec_time << "\n"
       << name << ".power_usage=" << o.performance.power_usage << "\n";
  }
  return os.str();
}

}  // namespace nnadapter
