#include "lite/nnadapter/partition_config.h"

#include <algorithm>
#include <cstdio>
#include <sstream>

#include "file_access/file_access.h"
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

// Length of the escape sequence starting at s[i] ('\\' + one character,
// or '\\xNN'); 1 when s[i] is not a backslash.
size_t EscapeLength(const std::string& s, size_t i) {
  if (s[i] != '\\' || i + 1 >= s.size()) return 1;
  return s[i + 1] == 'x' ? std::min<size_t>(4, s.size() - i) : 2;
}

// Splits at the separators that are not escaped (see EscapeName).
std::vector<std::string> SplitKeepEmpty(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (size_t i = 0; i < s.size();) {
    const size_t n = EscapeLength(s, i);
    if (n == 1 && s[i] == sep) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur.append(s, i, n);
    }
    i += n;
  }
  parts.push_back(cur);
  return parts;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// The name a token stands for: '\\c' is c for c in \\ - : , #, '\\xNN' the
// byte NN; false for any other backslash sequence.
bool Unescape(const std::string& token, std::string* name) {
  name->clear();
  for (size_t i = 0; i < token.size(); ++i) {
    if (token[i] != '\\') {
      *name += token[i];
      continue;
    }
    if (i + 1 >= token.size()) return false;
    const char c = token[i + 1];
    if (c == 'x') {
      if (i + 3 >= token.size()) return false;
      const int hi = HexDigit(token[i + 2]), lo = HexDigit(token[i + 3]);
      if (hi < 0 || lo < 0) return false;
      *name += static_cast<char>(hi * 16 + lo);
      i += 3;
    } else if (c == '\\' || c == '-' || c == ':' || c == ',' || c == '#') {
      *name += c;
      i += 1;
    } else {
      return false;
    }
  }
  return true;
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

// A token as written: printable ASCII without blanks or unescaped
// separators (a binary file is not a partition config).
bool ValidToken(const std::string& s) {
  if (s.empty()) return false;
  return std::all_of(s.begin(), s.end(), [](char c) { return c > 0x20 && c < 0x7f; });
}

std::string Name(const std::string& token, const std::string& source, int line,
                 const std::string& what, const std::string& shown) {
  std::string name;
  LITE_ENFORCE(ValidToken(token) && Unescape(token, &name), source, ":", line, ": malformed ",
               what, " '", Printable(shown),
               "' (names are printable ASCII; write \\ - : , # as \\\\ \\- \\: \\, \\# "
               "and other bytes as \\xNN)");
  return name;
}

std::vector<std::string> NameList(const std::string& field, const std::string& source, int line,
                                  const std::string& what) {
  std::vector<std::string> names;
  if (Trim(field).empty()) return names;
  for (const auto& part : SplitKeepEmpty(field, ',')) {
    names.push_back(Name(Trim(part), source, line, what + " list", Trim(field)));
  }
  return names;
}

// One rule "op_type[:inputs[:outputs]]" of line `line`.
void ParseRule(const std::string& s, const std::string& source, int line,
               std::vector<PartitionRule>* rules) {
  auto fields = SplitKeepEmpty(s, ':');
  LITE_ENFORCE(fields.size() <= 3, source, ":", line, ": '", Printable(s),
               "' has more than 3 ':'-separated fields (expected op_type:inputs:outputs; a ':' "
               "inside a name is written \\:)");
  PartitionRule rule;
  rule.line = line;
  rule.text = Printable(s);
  LITE_ENFORCE(ValidToken(Trim(fields[0])), source, ":", line, ": '", Printable(s),
               "' does not start with an op type");
  rule.op_type = Name(Trim(fields[0]), source, line, "op type", s);
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
    // Paddle Lite joins several rules on one line with '-' (a '-' inside a
    // name is written \-).
    for (const auto& spec : SplitKeepEmpty(whole, '-')) {
      std::string s = Trim(spec);
      LITE_ENFORCE(!s.empty(), source, ":", line, ": '", Printable(whole),
                   "' has an empty rule between '-' separators");
      ParseRule(s, source, line, &rules);
    }
  }
  return rules;
}

std::string ReadPartitionConfigFile(const std::string& path, const std::string& what) {
  file_access::ReadOptions options;
  options.max_bytes = kMaxPartitionConfigBytes;
  std::string text, error;
  if (!file_access::ReadFile(path, what, options, &text, &error)) ThrowError(error);
  return text;
}

std::string EscapeName(const std::string& name) {
  std::string out;
  for (unsigned char c : name) {
    if (c == '\\' || c == '-' || c == ':' || c == ',' || c == '#') {
      out += '\\';
      out += static_cast<char>(c);
    } else if (c <= 0x20 || c >= 0x7f) {
      char buf[5];
      std::snprintf(buf, sizeof(buf), "\\x%02x", c);
      out += buf;
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
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
    for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + EscapeName(v[i]);
    return s;
  };
  return EscapeName(op.Type()) + ":" + join(op.InputArgumentNames()) + ":" +
         join(op.OutputArgumentNames());
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
