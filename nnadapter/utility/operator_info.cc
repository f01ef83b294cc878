#include "nnadapter/utility/operator_info.h"

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

#include "file_access/file_access.h"
#include "nnadapter/utility/debug.h"
#include "nnadapter/utility/driver_kit.h"
#include "nnadapter/utility/modeling.h"
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

bool ParseOperatorInfo(const std::string& text, const std::string& source_name,
                       OperatorInfo* info, std::string* error) {
  std::istringstream in(text);
  std::string line;
  int line_no = 0;
  OperatorRule* current = nullptr;
  auto fail = [&](const std::string& message) {
    *error = source_name + ":" + std::to_string(line_no) + ": " + message;
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
      NNAdapterOperationType type;
      if (!ParseOperationTypeName(name, &type)) {
        return fail("unknown operation '" + name + "'");
      }
      if (info->operators.count(type)) {
        return fail("duplicate section [" + name + "]");
      }
      current = &info->operators[type];
      continue;
    }
    if (!current) return fail("key outside of an [OPERATION] section");
    size_t eq = line.find('=');
    if (eq == std::string::npos) return fail("expected key=value");
    std::string key = Trim(line.substr(0, eq));
    std::string value = Trim(line.substr(eq + 1));
    if (key == "inputs.count") {
      for (const auto& item : SplitAndTrim(value, ',')) {
        int64_t v;
        if (!ParseInt(item, &v) || v < 0) {
          return fail("inputs.count: '" + item + "' is not a count");
        }
        current->input_counts.push_back(static_cast<uint32_t>(v));
      }
      continue;
    }
    bool is_input;
    int index;
    std::string field;
    if (!ParseKey(key, &is_input, &index, &field)) {
      return fail("unknown key '" + key +
                  "' (expected inputN.field, outputN.field or inputs.count)");
    }
    OperandRule& rule =
        is_input ? current->inputs[index] : current->outputs[index];
    if (field == "dtype") {
      for (const auto& item : SplitAndTrim(value, ',')) {
        NNAdapterOperandPrecision p;
        if (!ParseOperandPrecisionName(item, &p)) {
          return fail(key + ": unknown dtype '" + item + "'");
        }
        rule.dtypes.push_back(p);
      }
    } else if (field == "format") {
      for (const auto& item : SplitAndTrim(value, ',')) {
        if (item == "NCHW") {
          rule.layouts.push_back(NNADAPTER_NCHW);
        } else if (item == "NHWC") {
          rule.layouts.push_back(NNADAPTER_NHWC);
        } else if (item != "ND") {
          return fail(key + ": unknown format '" + item +
                      "' (NCHW, NHWC or ND)");
        }
      }
    } else if (field == "rank") {
      for (const auto& item : SplitAndTrim(value, ',')) {
        int64_t v;
        if (!ParseInt(item, &v) || v < 0 ||
            v > NNADAPTER_MAX_SIZE_OF_DIMENSIONS) {
          return fail(key + ": '" + item + "' is not a rank");
        }
        rule.ranks.push_back(static_cast<uint32_t>(v));
      }
    } else if (field == "shape") {
      if (!ParseShapes(value, &rule.shapes)) {
        return fail(key + ": expected [d0,d1,...];[...] with -1 for any");
      }
    } else if (field == "value") {
      for (const auto& item : SplitAndTrim(value, ',')) {
        int64_t v;
        if (item == "true") {
          v = 1;
        } else if (item == "false") {
          v = 0;
        } else if (!ParseInt(item, &v)) {
          return fail(key + ": '" + item + "' is not an integer");
        }
        rule.values.push_back(v);
      }
    } else {
      return fail("unknown field '" + field +
                  "' (dtype, format, rank, shape or value)");
    }
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

static bool CheckOperand(const OperandRule& rule, const core::Operand* operand,
                         const std::string& what, std::string* reason) {
  if (!operand) return true;  // absent optional operand
  const auto& type = operand->type;
  if (!rule.dtypes.empty() && !Contains(rule.dtypes, type.precision)) {
    *reason = what + ": dtype " + OperandPrecisionName(type.precision) +
              " not supported";
    return false;
  }
  if (!rule.layouts.empty() && type.dimensions.count == 4 &&
      !Contains(rule.layouts, type.layout)) {
    *reason = what + ": layout " + OperandLayoutName(type.layout) +
              " not supported";
    return false;
  }
  if (!rule.ranks.empty() && !Contains(rule.ranks, type.dimensions.count)) {
    *reason = what + ": rank " + std::to_string(type.dimensions.count) +
              " not supported";
    return false;
  }
  if (!rule.shapes.empty()) {
    bool match = false;
    for (const auto& shape : rule.shapes) {
      if (shape.size() != type.dimensions.count) continue;
      bool ok = true;
      for (size_t i = 0; i < shape.size(); i++) {
        if (shape[i] != -1 && shape[i] != type.dimensions.data[i]) ok = false;
      }
      match = match || ok;
    }
    if (!match) {
      *reason = what + ": shape " + DimensionsToString(type.dimensions) +
                " not supported";
      return false;
    }
  }
  if (!rule.values.empty()) {
    if (!IsConstantOperand(operand) || !operand->buffer) {
      *reason = what + ": must be a constant";
      return false;
    }
    const uint32_t size = GetOperandPrecisionDataLength(type.precision);
    if (size != 1 && size != 4 && size != 8) {
      *reason = what + ": value rule needs an integer/bool operand";
      return false;
    }
    const uint8_t* p = static_cast<const uint8_t*>(operand->buffer);
    for (uint32_t off = 0; off + size <= operand->length; off += size) {
      int64_t v = 0;
      if (size == 1) {
        v = static_cast<int8_t>(p[off]);
      } else if (size == 4) {
        int32_t t;
        std::memcpy(&t, p + off, 4);
        v = t;
      } else {
        std::memcpy(&v, p + off, 8);
      }
      if (!Contains(rule.values, v)) {
        *reason = what + ": value " + std::to_string(v) + " not supported";
        return false;
      }
    }
  }
  return true;
}

// Both the default rule ("input.*") and the operand's own rule
// ("inputN.*") must hold.
static bool CheckList(const std::map<int, OperandRule>& rules,
                      const std::vector<core::Operand*>& operands,
                      const char* kind, std::string* reason) {
  auto fallback = rules.find(-1);
  for (size_t i = 0; i < operands.size(); i++) {
    const std::string what = std::string(kind) + std::to_string(i);
    auto it = rules.find(static_cast<int>(i));
    if (it != rules.end() &&
        !CheckOperand(it->second, operands[i], what, reason)) {
      return false;
    }
    if (fallback != rules.end() &&
        !CheckOperand(fallback->second, operands[i], what, reason)) {
      return false;
    }
  }
  return true;
}

bool IsOperationSupported(const OperatorInfo& info,
                          const core::Operation& operation,
                          std::string* reason) {
  auto it = info.operators.find(operation.type);
  if (it == info.operators.end()) {
    *reason = OperationTypeName(operation.type) + ": not listed";
    return false;
  }
  const OperatorRule& rule = it->second;
  const uint32_t n = static_cast<uint32_t>(operation.input_operands.size());
  if (!rule.input_counts.empty() && !Contains(rule.input_counts, n)) {
    *reason = OperationTypeName(operation.type) + ": " + std::to_string(n) +
              " inputs not supported";
    return false;
  }
  std::string detail;
  if (!CheckList(rule.inputs, operation.input_operands, "input", &detail) ||
      !CheckList(rule.outputs, operation.output_operands, "output", &detail)) {
    *reason = OperationTypeName(operation.type) + ": " + detail;
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

}  // namespace nnadapter
