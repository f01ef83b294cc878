#include "lite/nnadapter/partition_picture.h"

#include <spawn.h>
#include <sys/wait.h>

#include <cerrno>
#include <cstring>
#include <fstream>
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

std::string PartitionDot(const PartitionReport& r) {
  std::string devices;
  for (const auto& d : r.devices) devices += (devices.empty() ? "" : ", ") + d;
  // One colour for the NNAdapter devices: the report does not record which
  // of several devices runs an op inside a subgraph (NNAdapter decides).
  const std::string color = "#8fd18f";
  std::ostringstream os;
  os << "digraph partition {\n  rankdir=TB;\n  labelloc=t;\n"
     << "  label=\"" << r.ops.size() << " ops: " << r.ops.size() - r.cpu_ops() << " in "
     << r.subgraphs.size() << " subgraph(s) on " << Escape(devices) << " (green), "
     << r.cpu_ops() << " on the CPU (white)\";\n"
     << "  node [shape=box, style=\"filled,rounded\", fontname=\"Helvetica\", fontsize=10];\n";
  auto node = [&](size_t i) {
    const OpPlacement& op = r.ops[i];
    std::string label = op.type;
    if (op.subgraph < 0) {
      label += "\\n" + Escape(op.reason.size() > 48 ? op.reason.substr(0, 45) + "..." : op.reason);
    }
    std::ostringstream n;
    n << "op" << i << " [label=\"" << (op.subgraph < 0 ? label : Escape(op.type))
      << "\", fillcolor=\"" << (op.subgraph < 0 ? "white" : color) << "\", tooltip=\""
      << Escape(op.config_line) << "\"];\n";
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
