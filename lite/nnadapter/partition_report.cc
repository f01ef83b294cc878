#include "lite/nnadapter/partition_report.h"

#include <map>
#include <sstream>

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
std::string Quote(const std::string& s) {
  std::string r = "\"";
  for (char ch : s) {
    switch (ch) {
      case '"': r += "\\\""; break;
      case '\\': r += "\\\\"; break;
      case '\n': r += "\\n"; break;
      case '\r': r += "\\r"; break;
      case '\t': r += "\\t"; break;
      default:
        if (static_cast<unsigned char>(ch) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\u%04x", ch);
          r += buf;
        } else {
          r += ch;
        }
    }
  }
  return r + "\"";
}
template <typename T, typename F>
std::string List(const std::vector<T>& v, F f) {
  std::string r = "[";
  for (size_t i = 0; i < v.size(); ++i) r += (i ? ", " : "") + f(v[i]);
  return r + "]";
}
}  // namespace

int PartitionReport::cpu_ops() const {
  int n = 0;
  for (const auto& op : ops) n += op.subgraph < 0;
  return n;
}

std::string PartitionReport::Json() const {
  std::ostringstream os;
  os << "{\n  \"devices\": " << List(devices, Quote) << ",\n";
  os << "  \"min_subgraph_size\": " << min_subgraph_size << ",\n  \"ops\": [\n";
  for (size_t i = 0; i < ops.size(); ++i) {
    const auto& op = ops[i];
    os << "    {\"index\": " << i << ", \"block\": " << op.block << ", \"type\": " << Quote(op.type)
       << ", \"config_line\": " << Quote(op.config_line) << ", \"placement\": "
       << (op.subgraph < 0 ? "\"cpu\"" : "\"nnadapter\"");
    if (op.subgraph >= 0) os << ", \"subgraph\": " << op.subgraph;
    if (op.subgraph >= 0 && !op.device.empty()) os << ", \"device\": " << Quote(op.device);
    if (op.subgraph < 0) os << ", \"reason\": " << Quote(op.reason);
    os << "}" << (i + 1 < ops.size() ? "," : "") << "\n";
  }
  os << "  ],\n  \"subgraphs\": [\n";
  for (size_t i = 0; i < subgraphs.size(); ++i) {
    const auto& s = subgraphs[i];
    os << "    {\"index\": " << i << ", \"ops\": "
       << List(s.ops, [](int v) { return std::to_string(v); })
       << ", \"inputs\": " << List(s.inputs, Quote) << ", \"outputs\": " << List(s.outputs, Quote)
       << ", \"devices\": " << List(devices, Quote) << "}" << (i + 1 < subgraphs.size() ? "," : "")
       << "\n";
  }
  os << "  ],\n  \"totals\": {\"ops\": " << ops.size()
     << ", \"nnadapter_ops\": " << ops.size() - cpu_ops() << ", \"cpu_ops\": " << cpu_ops()
     << ", \"subgraphs\": " << subgraphs.size() << "}\n}\n";
  return os.str();
}

std::string PartitionReport::Summary() const {
  std::ostringstream os;
  std::string devs;
  for (const auto& d : devices) devs += (devs.empty() ? "" : ",") + d;
  int in_blocks = 0;
  for (const auto& op : ops) in_blocks += op.block > 0;
  os << ops.size() << " ops";
  if (in_blocks) os << " (" << in_blocks << " in control-flow blocks)";
  os << ": " << ops.size() - cpu_ops() << " in " << subgraphs.size() << " subgraph(s) on " << devs
     << "; " << cpu_ops() << " on the CPU";
  // One entry per (type, reason), counted.
  std::map<std::string, int> kinds;
  for (const auto& op : ops) {
    if (op.subgraph < 0) kinds[op.type + ": " + op.reason.substr(0, 120)]++;
  }
  if (!kinds.empty()) {
    os << " (";
    bool first = true;
    for (const auto& [k, n] : kinds) {
      os << (first ? "" : "; ") << k << (n > 1 ? " x" + std::to_string(n) : "");
      first = false;
    }
    os << ")";
  }
  return os.str();
}

std::string PartitionReport::CpuOpLines() const {
  std::string r;
  for (const auto& op : ops) {
    if (op.subgraph < 0) {
      r += "  " + (op.block > 0 ? "[block " + std::to_string(op.block) + "] " : std::string()) +
           op.config_line + " (" + op.reason + ")\n";
    }
  }
  return r;
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
