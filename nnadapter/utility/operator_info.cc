#include "nnadapter/utility/operator_info.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <sstream>

#include "file_access/file_access.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/modeling.h"
#include "nnadapter/utility/performance_info.h"
#include "nnadapter/utility/properties.h"

namespace nnadapter {

static bool ParseInt(const std::string& text, int64_t* value) {
  if (text.empty()) return false;
  errno = 0;
  char* end = nullptr;
  long long v = std::strtoll(text.c_str(), &end, 10);
  if (errno != 0 || *end != '\0') return false;
  *value = v;
  return true;
}

static bool ParseShapes(const std::string& text,
                        std::vector<std::vector<int32_t>>* shapes) {
  for (const auto& item : SplitAndTrim(text, ';')) {
    if (item.size() < 2 || item.front() != '[' || item.back() != ']') {
      return false;
    }
    std::vector<int32_t> shape;
    for (const auto& d : SplitAndTrim(item.substr(1, item.size() - 2), ',')) {
      int64_t v;
      if (!ParseInt(d, &v) || v < -1 || v > INT32_MAX) return false;
      shape.push_back(static_cast<int32_t>(v));
    }
    shapes->push_back(shape);
  }
  return !shapes->empty();
}

// "input3.dtype" -> (true, 3, "dtype"); "input.dtype" -> index -1.
static bool ParseKey(const std::string& key, bool* is_input, int* index,
                     std::string* field) {
  size_t dot = key.find('.');
  if (dot == std::string::npos) return false;
  std::string head = key.substr(0, dot);
  *field = key.substr(dot + 1);
  std::string prefix;
  if (head.rfind("input", 0) == 0) {
    *is_input = true;
    prefix = "input";
  } else if (head.rfind("output", 0) == 0) {
    *is_input = false;
    prefix = "output";
  } else {
    return false;
  }
  std::string number = head.substr(prefix.size());
  if (number.empty()) {
    *index = -1;
    return true;
  }
  int64_t v;
  if (!ParseInt(number, &v) || v < 0 || v > 1024) return false;
  *index = static_cast<int>(v);
  return true;
}

// "true"/"false" (also 1/0).
static bool ParseBool(const std::string& text, bool* value) {
  if (text == "true" || text == "1") {
    *value = true;
  } else if (text == "false" || text == "0") {
    *value = false;
  } else {
    return false;
  }
  return true;
}

// Counts for inputs.count / outputs.count.
static bool ParseCounts(const std::string& value, std::vector<uint32_t>* counts,
                        std::string* bad) {
  for (const auto& item : SplitAndTrim(value, ',')) {
    // "N" or a range "LO-HI".
    const size_t dash = item.find('-', 1);
    int64_t lo, hi;
    if (!ParseInt(item.substr(0, dash), &lo) ||
        (dash == std::string::npos ? (hi = lo, false)
                                   : !ParseInt(item.substr(dash + 1), &hi)) ||
        lo < 0 || hi < lo || hi > 1024) {
      *bad = item;
      return false;
    }
    for (int64_t v = lo; v <= hi; v++) counts->push_back(static_cast<uint32_t>(v));
  }
  return !counts->empty();
}

// One operand field ("dtype", "rank", ...) of `key`; false with `message`.
static bool ParseField(const std::string& key, const std::string& field,
                       const std::string& value, OperandRule* rule,
                       std::string* message) {
  auto fail = [&](const std::string& m) {
    *message = key + ": " + m;
    return false;
  };
  if (field == "dtype") {
    for (const auto& item : SplitAndTrim(value, ',')) {
      NNAdapterOperandPrecision p;
      if (!ParseOperandPrecisionName(item, &p)) {
        return fail("unknown dtype '" + item + "'");
      }
      rule->dtypes.push_back(p);
    }
  } else if (field == "format") {
    for (const auto& item : SplitAndTrim(value, ',')) {
      if (item == "NCHW") {
        rule->layouts.push_back(NNADAPTER_NCHW);
      } else if (item == "NHWC") {
        rule->layouts.push_back(NNADAPTER_NHWC);
      } else if (item != "ND") {
        return fail("unknown format '" + item + "' (NCHW, NHWC or ND)");
      }
    }
  } else if (field == "rank") {
    for (const auto& item : SplitAndTrim(value, ',')) {
      int64_t v;
      if (!ParseInt(item, &v) || v < 0 || v > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
        return fail("'" + item + "' is not a rank");
      }
      rule->ranks.push_back(static_cast<uint32_t>(v));
    }
  } else if (field == "shape") {
    if (!ParseShapes(value, &rule->shapes)) {
      return fail("expected [d0,d1,...];[...] with -1 for any");
    }
  } else if (field == "value") {
    for (const auto& item : SplitAndTrim(value, ',')) {
      int64_t v;
      bool b;
      if (ParseBool(item, &b) && (item == "true" || item == "false")) {
        v = b ? 1 : 0;
      } else if (!ParseInt(item, &v)) {
        return fail("'" + item + "' is not an integer");
      }
      rule->values.push_back(v);
    }
  } else if (field == "constant") {
    bool b;
    if (!ParseBool(value, &b)) return fail("expected true or false");
    rule->constant = b ? 1 : 0;
  } else if (field == "axis") {
    if (value != "last" && value != "last_nhwc") {
      return fail("expected 'last' or 'last_nhwc'");
    }
    rule->axis_last = true;
    rule->axis_nhwc = value == "last_nhwc";
  } else if (field == "known_dims") {
    bool b;
    if (!ParseBool(value, &b)) return fail("expected true or false");
    rule->known_dims = b;
  } else {
    return fail("unknown field '" + field +
                "' (dtype, format, rank, shape, value, constant, axis or "
                "known_dims)");
  }
  return true;
}

bool ParseOperatorInfo(const std::string& text, const std::string& source_name,
                       OperatorInfo* info, std::string* error) {
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  OperatorRule* current = nullptr;
  bool in_performance = false;
  info->source = source_name;
  auto here = [&] { return source_name + ":" + std::to_string(line_no); };
  auto fail = [&](const std::string& message) {
    *error = here() + ": " + message;
    return false;
  };
  while (std::getline(in, line)) {
    line_no++;
    size_t comment = line.find_first_of("#;");
    // ';' is also the shape separator: only treat it as a comment at the
    // start of a line.
    if (comment != std::string::npos &&
        (line[comment] == '#' || Trim(line.substr(0, comment)).empty())) {
      line = line.substr(0, comment);
    }
    line = Trim(line);
    if (line.empty()) continue;
    if (line.front() == '[') {
      if (line.back() != ']') return fail("expected [OPERATION_NAME]");
      std::string name = Trim(line.substr(1, line.size() - 2));
      in_performance = name == "PERFORMANCE";
      if (in_performance) {
        if (info->has_performance) return fail("duplicate section [PERFORMANCE]");
        info->has_performance = true;
        info->performance = CpuEquivalentCapabilities();
        info->performance.source = NNADAPTER_CAPABILITIES_DECLARED;
        current = nullptr;
        continue;
      }
      NNAdapterOperationType type;
      if (!ParseOperationTypeName(name, &type)) {
        return fail("unknown operation '" + name + "'");
      }
      if (info->operators.count(type)) {
        return fail("duplicate section [" + name + "]");
      }
      current = &info->operators[type];
      current->where = here();
      continue;
    }
    size_t eq = line.find('=');
    if (eq == std::string::npos) return fail("expected key=value");
    std::string key = Trim(line.substr(0, eq));
    std::string value = Trim(line.substr(eq + 1));
    if (in_performance) {
      std::string message;
      if (!SetPerformanceFigure(key, value, &info->performance, &message)) {
        return fail(message);
      }
      continue;
    }
    if (!current) return fail("key outside of an [OPERATION] section");
    if (key == "inputs.count" || key == "outputs.count") {
      std::string bad;
      if (!ParseCounts(value, key == "inputs.count" ? &current->input_counts
                                                    : &current->output_counts,
                       &bad)) {
        return fail(key + ": '" + (bad.empty() ? value : bad) +
                    "' is not a list of counts");
      }
      continue;
    }
    bool is_input;
    int index;
    std::string field;
    if (!ParseKey(key, &is_input, &index, &field)) {
      return fail("unknown key '" + key +
                  "' (expected inputN.field, outputN.field, inputs.count or "
                  "outputs.count)");
    }
    OperandRule& rule =
        is_input ? current->inputs[index] : current->outputs[index];
    if (rule.where.count(field)) {
      return fail(key + ": given twice (first at " + rule.where[field] + ")");
    }
    std::string message;
    if (!ParseField(key, field, value, &rule, &message)) return fail(message);
    rule.where[field] = here();
  }
  return true;
}

bool LoadOperatorInfoFile(const std::string& path, OperatorInfo* info,
                          std::string* error) {
  // The shared file-access policy: a regular file (a FIFO is refused
  // without blocking) of at most 16 MiB.
  file_access::ReadOptions options;
  options.max_bytes = uint64_t{16} << 20;
  std::string text;
  if (!file_access::ReadFile(path, "operator-info file", options, &text, error)) return false;
  return ParseOperatorInfo(text, path, info, error);
}

template <typename T>
static bool Contains(const std::vector<T>& list, T value) {
  return std::find(list.begin(), list.end(), value) != list.end();
}

// The value of element `off` of an integer/bool constant of `size` bytes.
static int64_t ElementAt(const uint8_t* p, uint32_t off, uint32_t size) {
  if (size == 1) return static_cast<int8_t>(p[off]);
  if (size == 4) {
    int32_t t;
    std::memcpy(&t, p + off, 4);
    return t;
  }
  int64_t v;
  std::memcpy(&v, p + off, 8);
  return v;
}

// Why `operand` breaks rule field `field`, or "" if it does not.
static std::string Violation(const OperandRule& rule, const std::string& field,
                             const core::Operand* operand, int64_t axis_rank) {
  const auto& type = operand->type;
  const auto& dims = type.dimensions;
  if (field == "dtype" && !rule.dtypes.empty() &&
      !Contains(rule.dtypes, type.precision)) {
    return "dtype " + OperandPrecisionName(type.precision);
  }
  if (field == "format" && !rule.layouts.empty() && dims.count == 4 &&
      !Contains(rule.layouts, type.layout)) {
    return "layout " + OperandLayoutName(type.layout);
  }
  if (field == "rank" && !rule.ranks.empty() &&
      !Contains(rule.ranks, dims.count)) {
    return "rank " + std::to_string(dims.count);
  }
  if (field == "shape" && !rule.shapes.empty()) {
    for (const auto& shape : rule.shapes) {
      if (shape.size() != dims.count) continue;
      bool ok = true;
      for (size_t i = 0; i < shape.size(); i++) {
        if (shape[i] != -1 && shape[i] != dims.data[i]) ok = false;
      }
      if (ok) return "";
    }
    return "shape " + DimensionsToString(dims);
  }
  if (field == "known_dims" && rule.known_dims) {
    for (uint32_t i = 0; i < dims.count; i++) {
      if (dims.data[i] <= 0) return "unknown dims " + DimensionsToString(dims);
    }
  }
  const bool constant = IsConstantOperand(operand);
  if (field == "constant" && rule.constant >= 0 &&
      constant != (rule.constant == 1)) {
    return constant ? "a constant" : "a non-constant operand";
  }
  if (field == "axis" && rule.axis_last) {
    const uint32_t size = GetOperandPrecisionDataLength(type.precision);
    if (!constant || !operand->buffer || operand->length != size ||
        (size != 4 && size != 8)) {
      return "a non-constant or non-scalar axis";
    }
    int64_t axis = ElementAt(static_cast<const uint8_t*>(operand->buffer), 0, size);
    if (axis < 0) axis += axis_rank;
    const int64_t last = rule.axis_nhwc && axis_rank == 4 ? 1 : axis_rank - 1;
    if (axis != last) {
      return "axis " + std::to_string(axis) + " of rank " +
             std::to_string(axis_rank) + " (not the last" +
             (rule.axis_nhwc ? " in NHWC order)" : ")");
    }
  }
  if (field == "value" && !rule.values.empty()) {
    if (!constant || !operand->buffer) return "a non-constant operand";
    const uint32_t size = GetOperandPrecisionDataLength(type.precision);
    if (size != 1 && size != 4 && size != 8) {
      return "dtype " + OperandPrecisionName(type.precision) +
             " (the rule needs an integer/bool operand)";
    }
    const uint8_t* p = static_cast<const uint8_t*>(operand->buffer);
    for (uint32_t off = 0; off + size <= operand->length; off += size) {
      const int64_t v = ElementAt(p, off, size);
      if (!Contains(rule.values, v)) return "value " + std::to_string(v);
    }
  }
  return "";
}

static bool CheckOperand(const OperandRule& rule, const core::Operand* operand,
                         const std::string& what, const std::string& key_head,
                         int64_t axis_rank, std::string* reason) {
  if (!operand) return true;  // absent optional operand
  for (const auto& entry : rule.where) {
    const std::string v = Violation(rule, entry.first, operand, axis_rank);
    if (!v.empty()) {
      *reason = key_head + "." + entry.first + " (" + entry.second +
                ") refuses " + v + " of " + what;
      return false;
    }
  }
  return true;
}

// Both the default rule ("input.*") and the operand's own rule
// ("inputN.*") must hold.
// An "axis" rule reads the rank of input 0 (`axis_rank`).
static bool CheckList(const std::map<int, OperandRule>& rules,
                      const std::vector<core::Operand*>& operands,
                      const char* kind, int64_t axis_rank,
                      std::string* reason) {
  auto fallback = rules.find(-1);
  for (size_t i = 0; i < operands.size(); i++) {
    const std::string what = std::string(kind) + std::to_string(i);
    auto it = rules.find(static_cast<int>(i));
    if (it != rules.end() &&
        !CheckOperand(it->second, operands[i], what, what, axis_rank, reason)) {
      return false;
    }
    if (fallback != rules.end() &&
        !CheckOperand(fallback->second, operands[i], what, kind, axis_rank,
                      reason)) {
      return false;
    }
  }
  return true;
}

static bool CheckCount(const std::vector<uint32_t>& counts, size_t n,
                       const char* key, const std::string& where,
                       std::string* reason) {
  if (counts.empty() || Contains(counts, static_cast<uint32_t>(n))) return true;
  *reason = std::string(key) + " (" + where + ") refuses " +
            std::to_string(n);
  return false;
}

bool IsOperationSupported(const OperatorInfo& info,
                          const core::Operation& operation,
                          std::string* reason) {
  const std::string name = OperationTypeName(operation.type);
  auto it = info.operators.find(operation.type);
  if (it == info.operators.end()) {
    *reason = name + ": not listed in " + info.source;
    return false;
  }
  const OperatorRule& rule = it->second;
  const auto& ins = operation.input_operands;
  const int64_t rank =
      ins.empty() || !ins[0] ? 0 : ins[0]->type.dimensions.count;
  std::string detail;
  if (!CheckCount(rule.input_counts, operation.input_operands.size(),
                  "inputs.count", rule.where, &detail) ||
      !CheckCount(rule.output_counts, operation.output_operands.size(),
                  "outputs.count", rule.where, &detail) ||
      !CheckList(rule.inputs, operation.input_operands, "input", rank, &detail) ||
      !CheckList(rule.outputs, operation.output_operands, "output", rank,
                 &detail)) {
    *reason = name + ": " + detail;
    return false;
  }
  return true;
}

int ValidateProgramWithOperatorInfo(const OperatorInfo& info,
                                    const core::Model* model,
                                    bool* supported_operations) {
  return kit::ValidateProgram(
      "operator-info file", model, supported_operations,
      [&info](const core::Operation& op, std::string* reason) {
        return IsOperationSupported(info, op, reason);
      });
}

const OperatorInfo* SharedOperatorInfo(const char* text, const char* name,
                                       std::string* error) {
  struct Parsed {
    OperatorInfo info;
    bool ok = false;
    std::string error;
  };
  static std::mutex mutex;
  static std::map<const char*, Parsed> parsed;
  std::lock_guard<std::mutex> lock(mutex);
  auto it = parsed.find(text);
  if (it == parsed.end()) {
    Parsed p;
    p.ok = ParseOperatorInfo(text, name, &p.info, &p.error);
    it = parsed.emplace(text, std::move(p)).first;
  }
  if (!it->second.ok) {
    *error = it->second.error;
    return nullptr;
  }
  return &it->second.info;
}

}  // namespace nnadapter
