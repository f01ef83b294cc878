// ONNX import time against model size (issue 27: a 200k-node chain took
// 74 s and 495 MB when every node's declaration scanned the block's
// variables). Builds chains of N Relu nodes in memory, imports each with
// the ONNX importer and prints wall time, time per node and peak RSS growth.
// Usage: onnx_import_bench [N ...]   (default 20000 100000 200000)
// Prints; not a test. Linear import: the per-node time stays flat.
#include <onnx/onnx_pb.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <vector>

#include "lite/core/scope.h"
#include "lite/model_parser/onnx/onnx_importer.h"

namespace {

long PeakRssKb() {
  std::ifstream f("/proc/self/status");
  std::string line;
  while (std::getline(f, line)) {
    if (line.rfind("VmHWM:", 0) == 0) return std::atol(line.c_str() + 6);
  }
  return 0;
}

std::string Chain(int n) {
  onnx::ModelProto m;
  m.set_ir_version(7);
  auto* o = m.add_opset_import();
  o->set_domain("");
  o->set_version(13);
  auto* g = m.mutable_graph();
  g->set_name("chain");
  for (int i = 0; i < n; ++i) {
    auto* node = g->add_node();
    node->set_op_type("Relu");
    node->add_input(i == 0 ? "x" : "v" + std::to_string(i - 1));
    node->add_output(i == n - 1 ? "y" : "v" + std::to_string(i));
  }
  for (const char* name : {"x", "y"}) {
    auto* vi = name[0] == 'x' ? g->add_input() : g->add_output();
    vi->set_name(name);
    auto* tt = vi->mutable_type()->mutable_tensor_type();
    tt->set_elem_type(onnx::TensorProto::FLOAT);
    tt->mutable_shape()->add_dim()->set_dim_value(4);
  }
  return m.SerializeAsString();
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes;
  for (int i = 1; i < argc; ++i) sizes.push_back(std::atoi(argv[i]));
  if (sizes.empty()) sizes = {20000, 100000, 200000};
  std::printf("%10s %10s %12s %14s %14s\n", "nodes", "MB", "import ms", "us per node",
              "peak RSS MB");
  for (int n : sizes) {
    const std::string bytes = Chain(n);
    paddle::lite::cpp::ProgramDesc program;
    paddle::lite::Scope weights;
    const auto t0 = std::chrono::steady_clock::now();
    paddle::lite::ImportOnnxModelFromBuffer(bytes, "chain", "", &program, &weights);
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%10d %10.1f %12.1f %14.2f %14.1f\n", n, bytes.size() / 1e6, ms, 1e3 * ms / n,
                PeakRssKb() / 1024.0);
    std::fflush(stdout);
  }
  return 0;
}
