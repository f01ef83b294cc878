// libFuzzer target for the subgraph partition config parser: any byte
// string either parses into rules or throws paddle::lite_api::Error with a
// message of bounded length (binary lines are escaped and cut); parsed rules
// are matched against a small op. Never a crash, leak or undefined
// behaviour. Built and run by tools/scripts/run_lite_config_fuzzer.sh.
#include <cstdint>
#include <cstdlib>
#include <string>

#include "lite/nnadapter/partition_config.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace paddle::lite;  // NOLINT
  std::string text(reinterpret_cast<const char*>(data), size);
  try {
    auto rules = nnadapter_bridge::ParsePartitionConfig(text, "fuzz.txt");
    cpp::OpDesc op("conv2d");
    op.SetInput("Input", {"x"});
    op.SetInput("Filter", {"w"});
    op.SetOutput("Output", {"y"});
    for (const auto& r : rules) {
      if (r.op_type.empty() || r.text.size() > 200) std::abort();
      nnadapter_bridge::RuleMatches(r, op);
    }
    nnadapter_bridge::OpConfigLine(op);
  } catch (const paddle::lite_api::Error& e) {
    // One line naming the source: never the raw kilobytes of a binary file.
    std::string what = e.what();
    if (what.find("fuzz.txt") == std::string::npos || what.size() > 400) std::abort();
  }
  return 0;
}
