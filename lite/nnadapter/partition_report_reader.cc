// Reads the partition report JSON back (PartitionReport::Json's format), for
// tools that work from the file a predictor or opt wrote
// (tools/nnadapter_check). A small JSON reader: objects, arrays, strings
// (escapes incl. \uXXXX below 0x80), integers, true/false/null.
#include <cctype>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <sstream>

#include "file_access/file_access.h"
#include "lite/core/error.h"
#include "lite/nnadapter/partition_report.h"

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
struct Value {
  enum Kind { kNull, kBool, kNumber, kString, kArray, kObject } kind{kNull};
  long long number{0};
  std::string text;
  std::vector<Value> items;
  std::map<std::string, Value> fields;
  const Value& at(const std::string& key) const {
    auto it = fields.find(key);
    LITE_ENFORCE(it != fields.end(), "partition report: key '", key, "' is missing");
    return it->second;
  }
  bool has(const std::string& key) const { return fields.count(key) > 0; }
};

class Reader {
 public:
  explicit Reader(const std::string& s) : s_(s) {}
  Value Parse() {
    Value v = Any();
    Space();
    LITE_ENFORCE(i_ == s_.size(), "partition report: unexpected text at offset ", i_);
    return v;
  }

 private:
  void Space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) ++i_;
  }
  char Peek() {
    Space();
    LITE_ENFORCE(i_ < s_.size(), "partition report: unexpected end of the JSON text");
    return s_[i_];
  }
  void Expect(char c) {
    LITE_ENFORCE(Peek() == c, "partition report: expected '", c, "' at offset ", i_);
    ++i_;
  }
  Value Any() {
    const char c = Peek();
    Value v;
    if (c == '{') {
      v.kind = Value::kObject;
      ++i_;
      if (Peek() == '}') return ++i_, v;
      for (;;) {
        std::string key = String();
        Expect(':');
        v.fields[key] = Any();
        if (Peek() == '}') return ++i_, v;
        Expect(',');
      }
    }
    if (c == '[') {
      v.kind = Value::kArray;
      ++i_;
      if (Peek() == ']') return ++i_, v;
      for (;;) {
        v.items.push_back(Any());
        if (Peek() == ']') return ++i_, v;
        Expect(',');
      }
    }
    if (c == '"') {
      v.kind = Value::kString;
      v.text = String();
      return v;
    }
    for (const char* word : {"true", "false", "null"}) {
      if (s_.compare(i_, std::strlen(word), word) == 0) {
        i_ += std::strlen(word);
        v.kind = word[0] == 'n' ? Value::kNull : Value::kBool;
        v.number = word[0] == 't';
        return v;
      }
    }
    size_t end = i_ + (s_[i_] == '-');
    while (end < s_.size() && std::isdigit(static_cast<unsigned char>(s_[end]))) ++end;
    LITE_ENFORCE(end > i_ && std::isdigit(static_cast<unsigned char>(s_[end - 1])),
                 "partition report: unexpected '", c, "' at offset ", i_);
    v.kind = Value::kNumber;
    v.number = std::stoll(s_.substr(i_, end - i_));
    i_ = end;
    return v;
  }
  std::string String() {
    Expect('"');
    std::string r;
    while (i_ < s_.size() && s_[i_] != '"') {
      char ch = s_[i_++];
      if (ch != '\\') {
        r += ch;
        continue;
      }
      LITE_ENFORCE(i_ < s_.size(), "partition report: unterminated string");
      const char e = s_[i_++];
      switch (e) {
        case 'n': r += '\n'; break;
        case 'r': r += '\r'; break;
        case 't': r += '\t'; break;
        case 'u':
          LITE_ENFORCE(i_ + 4 <= s_.size(), "partition report: bad \\u escape");
          r += static_cast<char>(std::stoi(s_.substr(i_, 4), nullptr, 16));
          i_ += 4;
          break;
        default: r += e;
      }
    }
    Expect('"');
    return r;
  }
  const std::string& s_;
  size_t i_{0};
};

std::vector<std::string> Strings(const Value& v) {
  std::vector<std::string> r;
  for (const auto& item : v.items) r.push_back(item.text);
  return r;
}
}  // namespace

PartitionReport PartitionReport::FromJson(const std::string& json) {
  const Value root = Reader(json).Parse();
  PartitionReport r;
  r.devices = Strings(root.at("devices"));
  r.min_subgraph_size = static_cast<int>(root.at("min_subgraph_size").number);
  for (const Value& o : root.at("ops").items) {
    OpPlacement op;
    op.type = o.at("type").text;
    op.config_line = o.at("config_line").text;
    op.subgraph = o.has("subgraph") ? static_cast<int>(o.at("subgraph").number) : -1;
    op.block = o.has("block") ? static_cast<int>(o.at("block").number) : 0;
    if (o.has("reason")) op.reason = o.at("reason").text;
    if (o.has("device")) op.device = o.at("device").text;
    r.ops.push_back(op);
  }
  for (const Value& s : root.at("subgraphs").items) {
    SubgraphPlacement sg;
    for (const Value& i : s.at("ops").items) sg.ops.push_back(static_cast<int>(i.number));
    sg.inputs = Strings(s.at("inputs"));
    sg.outputs = Strings(s.at("outputs"));
    r.subgraphs.push_back(sg);
  }
  return r;
}

PartitionReport PartitionReport::FromJsonFile(const std::string& path) {
  // The shared file-access policy: a regular file of at most 256 MiB.
  file_access::ReadOptions options;
  options.max_bytes = uint64_t{256} << 20;
  std::string text, error;
  LITE_ENFORCE(file_access::ReadFile(path, "partition report", options, &text, &error), error);
  try {
    return FromJson(text);
  } catch (const Error& e) {
    ThrowError("'", path, "': ", e.what());
  }
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
