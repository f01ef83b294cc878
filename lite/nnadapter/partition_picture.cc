#include "lite/nnadapter/partition_picture.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <algorithm>
#include <map>
#include <sstream>

#include "file_access/file_access.h"
#include "lite/core/error.h"
#include "lite/nnadapter/partition_config.h"

extern char** environ;

namespace paddle {
namespace lite {
namespace nnadapter_bridge {

namespace {
std::string Escape(const std::string& s) {
  std::string r;
  for (char c : s) {
    if (c == '"' || c == '\\') r += '\\';
    r += c;
  }
  return r;
}

// Inputs and outputs of a config line "type:in1,in2:out1" (names escaped as
// the partition config writes them).
void InputsOutputs(const std::string& line, std::vector<std::string>* in,
                   std::vector<std::string>* out) {
  auto rules = ParsePartitionConfig(line, "report line");
  if (rules.size() != 1) return;
  *in = rules[0].inputs;
  *out = rules[0].outputs;
}

void Render(const std::string& dot_path, const std::string& format, const std::string& out) {
  const std::string flag = "-T" + format, o = "-o" + out;
  char* argv[] = {const_cast<char*>("dot"), const_cast<char*>(flag.c_str()),
                  const_cast<char*>(o.c_str()), const_cast<char*>(dot_path.c_str()), nullptr};
  pid_t pid = 0;
  const int rc = posix_spawnp(&pid, "dot", nullptr, nullptr, argv, environ);
  LITE_ENFORCE(rc == 0, "cannot run Graphviz's 'dot' to render '", out, "' (",
               std::strerror(rc), "); install the Debian package graphviz");
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
  }
  LITE_ENFORCE(WIFEXITED(status) && WEXITSTATUS(status) == 0, "Graphviz's 'dot -T", format,
               "' failed on '", dot_path, "'");
}
}  // namespace

namespace {
// The fill colour of each device (in the report's device order; the first is
// the green the single-device pictures always had), CPU ops white.
const char* const kDeviceColors[] = {"#8fd18f", "#8fb8e8", "#f2c27b", "#d7a6e8", "#f09a9a",
                                     "#a8e0d8"};
// The device colours of the picture: one per device of the list, plus one per
// combination ("dev1+dev2") an op's operations were split over, and a grey
// for ops whose device the report does not record.
std::map<std::string, std::string> DeviceColors(const PartitionReport& r) {
  std::map<std::string, std::string> colors;
  size_t next = 0;
  auto add = [&](const std::string& d) {
    if (colors.count(d)) return;
    const size_t n = sizeof(kDeviceColors) / sizeof(kDeviceColors[0]);
    colors[d] = next < n ? kDeviceColors[next] : "#c8c8c8";
    ++next;
  };
  for (const auto& d : r.devices) add(d);
  for (const auto& op : r.ops) {
    if (op.subgraph >= 0 && !op.device.empty()) add(op.device);
  }
  return colors;
}
}  // namespace

std::string PartitionDot(const PartitionReport& r) {
  std::string devices;
  for (const auto& d : r.devices) devices += (devices.empty() ? "" : ", ") + d;
  const auto colors = DeviceColors(r);
  const std::string unknown = r.devices.size() == 1 ? colors.at(r.devices[0]) : "#c8c8c8";
  auto color_of = [&](const OpPlacement& op) {
    if (op.subgraph < 0) return std::string("white");
    auto it = colors.find(op.device);
    return it == colors.end() ? unknown : it->second;
  };
  std::ostringstream os;
  os << "digraph partition {\n  rankdir=TB;\n  labelloc=t;\n"
     << "  label=\"" << r.ops.size() << " ops: " << r.ops.size() - r.cpu_ops() << " in "
     << r.subgraphs.size() << " subgraph(s) on " << Escape(devices) << ", " << r.cpu_ops()
     << " on the CPU (white); colours: see the legend\";\n"
     << "  node [shape=box, style=\"filled,rounded\", fontname=\"Helvetica\", fontsize=10];\n";
  // The legend: one swatch per device (and split), one for the CPU.
  os << "  subgraph cluster_legend {\n    label=\"legend\";\n    style=\"rounded\";\n"
     << "    color=\"#888888\";\n";
  size_t k = 0;
  std::vector<std::pair<std::string, std::string>> swatches;
  for (const auto& d : r.devices) swatches.emplace_back(d, colors.at(d));
  for (const auto& [d, c] : colors) {
    if (std::find(r.devices.begin(), r.devices.end(), d) == r.devices.end()) {
      swatches.emplace_back(d + " (an op split over these)", c);
    }
  }
  if (r.devices.size() > 1) swatches.emplace_back("device not recorded", "#c8c8c8");
  swatches.emplace_back("CPU", "white");
  for (const auto& [name, c] : swatches) {
    os << "    legend" << k++ << " [label=\"" << Escape(name) << "\", fillcolor=\"" << c
       << "\"];\n";
  }
  for (size_t i = 1; i < k; ++i) {
    os << "    legend" << i - 1 << " -> legend" << i << " [style=invis];\n";
  }
  os << "  }\n";
  auto node = [&](size_t i) {
    const OpPlacement& op = r.ops[i];
    std::string label = Escape(op.type);
    if (op.subgraph < 0) {
      label += "\\n" + Escape(op.reason.size() > 48 ? op.reason.substr(0, 45) + "..." : op.reason);
    } else if (r.devices.size() > 1 && !op.device.empty()) {
      label += "\\n" + Escape(op.device);
    }
    std::ostringstream n;
    n << "op" << i << " [label=\"" << label << "\", fillcolor=\"" << color_of(op)
      << "\", tooltip=\"" << Escape(op.config_line) << "\"];\n";
    return n.str();
  };
  for (size_t s = 0; s < r.subgraphs.size(); ++s) {
    os << "  subgraph cluster_" << s << " {\n    label=\"subgraph " << s << " ("
       << r.subgraphs[s].ops.size() << " ops, " << Escape(devices)
       << ")\";\n    style=\"rounded,dashed\";\n    color=\"#2e7d32\";\n";
    for (int i : r.subgraphs[s].ops) os << "    " << node(static_cast<size_t>(i));
    os << "  }\n";
  }
  for (size_t i = 0; i < r.ops.size(); ++i) {
    if (r.ops[i].subgraph < 0) os << "  " << node(i);
  }
  std::map<std::string, size_t> producer;
  std::vector<std::vector<std::string>> inputs(r.ops.size());
  for (size_t i = 0; i < r.ops.size(); ++i) {
    std::vector<std::string> outs;
    InputsOutputs(r.ops[i].config_line, &inputs[i], &outs);
    for (const auto& o : outs) producer[o] = i;
  }
  for (size_t i = 0; i < r.ops.size(); ++i) {
    for (const auto& in : inputs[i]) {
      auto p = producer.find(in);
      if (p != producer.end() && p->second != i) {
        os << "  op" << p->second << " -> op" << i << ";\n";
      }
    }
  }
  os << "}\n";
  return os.str();
}

std::vector<std::string> WritePartitionPicture(const PartitionReport& report,
                                               const std::string& stem) {
  const std::string dot = stem + ".dot";
  const std::string text = PartitionDot(report);
  std::string error;
  LITE_ENFORCE(file_access::WriteFileAtomically(dot, text.data(), text.size(),
                                                "partition picture", &error),
               error);
  Render(dot, "svg", stem + ".svg");
  Render(dot, "png", stem + ".png");
  return {dot, stem + ".svg", stem + ".png"};
}

}  // namespace nnadapter_bridge
}  // namespace lite
}  // namespace paddle
