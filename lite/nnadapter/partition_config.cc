#include "lite/nnadapter/partition_config.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "lite/core/error.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
std::string Trim(const std::string& s) {
  const char* ws = " \t\r\n";
  size_t b = s.find_first_not_of(ws);
  if (b == std::string::npos) return "";
  return s.substr(b, s.find_last_not_of(ws) - b + 1);
}

std::vector<std::string> SplitKeepEmpty(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (char ch : s) {
    if (ch == sep) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += ch;
    }
  }
  parts.push_back(cur);
  return parts;
}

// A line as it may appear in one message line: control and non-ASCII bytes
// as \xNN, at most 80 characters (a binary file's "line" can be kilobytes).
std::string Printable(const std::string& s) {
  std::string out;
  for (unsigned char c : s) {
    if (out.size() >= 80) return out + "... (" + std::to_string(s.size()) + " bytes)";
    if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      char buf[5];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
    }
  }
  return out;
}

bool ValidName(const std::string& s) {
  if (s.empty() || s.find_first_of(" \t:,") != std::string::npos) return false;
  // Op types and variable names are printable ASCII (a binary file is not a
  // partition config).
  return std::all_of(s.begin(), s.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

std::vector<std::string> NameList(const std::string& field, const std::string& source, int line,
                                  const std::string& what) {
  std::vector<std::string> names;
  if (Trim(field).empty()) return names;
  for (const auto& part : SplitKeepEmpty(field, ',')) {
    std::string name = Trim(part);
    LITE_ENFORCE(ValidName(name), source, ":", line, ": malformed ", what,
                 " list '", Printable(Trim(field)), "' (expected comma-separated variable names)");
    names.push_back(name);
  }
  return names;
}

// One rule "op_type[:inputs[:outputs]]" of line `line`.
void ParseRule(const std::string& s, const std::string& source, int line,
               std::vector<PartitionRule>* rules) {
  auto fields = SplitKeepEmpty(s, ':');
  LITE_ENFORCE(fields.size() <= 3, source, ":", line, ": '", Printable(s),
               "' has more than 3 ':'-separated fields (expected op_type:inputs:outputs)");
  PartitionRule rule;
  rule.line = line;
  rule.text = Printable(s);
  rule.op_type = Trim(fields[0]);
  LITE_ENFORCE(ValidName(rule.op_type), source, ":", line, ": '", Printable(s),
               "' does not start with an op type");
  if (fields.size() > 1) rule.inputs = NameList(fields[1], source, line, "input");
  if (fields.size() > 2) rule.outputs = NameList(fields[2], source, line, "output");
  rules->push_back(rule);
}
}  // namespace

std::vector<PartitionRule> ParsePartitionConfig(const std::string& text,
                                                const std::string& source) {
  std::vector<PartitionRule> rules;
  std::stringstream ss(text);
  std::string raw;
  int line = 0;
  while (std::getline(ss, raw)) {
    ++line;
    std::string whole = Trim(raw);
    if (whole.empty() || whole[0] == '#') continue;
    // Paddle Lite joins several rules on one line with '-'.
    for (const auto& spec : SplitKeepEmpty(whole, '-')) {
      std::string s = Trim(spec);
      LITE_ENFORCE(!s.empty(), source, ":", line, ": '", Printable(whole),
                   "' has an empty rule between '-' separators");
      ParseRule(s, source, line, &rules);
    }
  }
  return rules;
}


bool RuleMatches(const PartitionRule& rule, const cpp::OpDesc& op) {
  if (rule.op_type != op.Type()) return false;
  auto ins = op.InputArgumentNames();
  auto outs = op.OutputArgumentNames();
  for (const auto& n : rule.inputs) {
    if (std::find(ins.begin(), ins.end(), n) == ins.end()) return false;
  }
  for (const auto& n : rule.outputs) {
    if (std::find(outs.begin(), outs.end(), n) == outs.end()) return false;
  }
  return true;
}

std::string OpConfigLine(const cpp::OpDesc& op) {
  auto join = [](const std::vector<std::string>& v) {
    std::string s;
    for (const auto& n : v) s += (s.empty() ? "" : ",") + n;
    return s;
  };
  return op.Type() + ":" + join(op.InputArgumentNames()) + ":" + join(op.OutputArgumentNames());
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
