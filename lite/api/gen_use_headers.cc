// Writes paddle_use_ops.h, paddle_use_kernels.h and paddle_use_passes.h (the
// lists Paddle Lite generates at build time) into the folder given as the
// only argument, from the registry itself: every op and kernel the tables
// register, including those expanded from the table macros (activations,
// elementwise ops), and every pass of passes.inc. A file is rewritten only
// when its text changed, so a build that changes no table recompiles nothing.
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "lite/api/paddle_place.h"
#include "lite/core/registry.h"
#include "lite/graph/pass.h"

namespace {

constexpr const char* kHead =
    "// Generated from the registry by lite/api/gen_use_headers.cc.\n"
    "#pragma once\n#include \"paddle_lite_factory_helper.h\"  // NOLINT\n\n";

bool WriteIfChanged(const std::string& path, const std::string& text) {
  {
    std::ifstream in(path, std::ios::binary);
    std::stringstream old;
    old << in.rdbuf();
    if (in && old.str() == text) return true;
  }
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) {
    std::cerr << "gen_use_headers: cannot write " << path << "\n";
    return false;
  }
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace paddle::lite;  // NOLINT
  namespace api = paddle::lite_api;
  if (argc != 2) {
    std::cerr << "usage: gen_use_headers OUT_DIR\n";
    return 2;
  }
  const std::string dir = argv[1];
  std::string ops = kHead, kernels = kHead, passes = kHead;
  for (const std::string& op : RegisteredOps()) {
    ops += "USE_LITE_OP(" + op + ");\n";
    for (const KernelInfo* k : KernelsFor(op)) {
      kernels += "USE_LITE_KERNEL(" + op + ", " + api::TargetRepr(k->key.target) + ", " +
                 api::PrecisionRepr(k->key.precision) + ", " +
                 api::DataLayoutRepr(k->key.layout) + ", " + k->key.alias + ");\n";
    }
  }
  for (const std::string& pass : graph::DefaultPassNames()) {
    passes += "USE_MIR_PASS(" + pass + ");\n";
  }
  bool ok = WriteIfChanged(dir + "/paddle_use_ops.h", ops) &&
            WriteIfChanged(dir + "/paddle_use_kernels.h", kernels) &&
            WriteIfChanged(dir + "/paddle_use_passes.h", passes);
  return ok ? 0 : 1;
}
