// nnadapter_check: verifies a model's NNAdapter offload against the CPU path
// and, when they differ, bisects to the Paddle ops whose offload causes the
// difference. See docs/offload-debugging.md ("When the device is wrong").
//
//   1. Runs the model on the CPU path and with the given devices on the same
//      inputs (given .bin files or seeded uniform values in [-1, 1)).
//   2. Compares the model outputs and every subgraph's outputs with the CPU
//      values of the same variables (memory reuse is disabled in both runs
//      so that intermediates survive); the first subgraph whose inputs match
//      but whose outputs differ is named. Subgraph outputs are compared
//      because a model output can hide a fault (a saturated sigmoid).
//   3. If anything differs beyond the tolerance, bisects: with the
//      ops already found forced to the CPU, the shortest prefix (in
//      topological order) of the offloaded ops whose offload makes the
//      outputs differ ends with a culprit; repeat until the outputs match.
//      Every step is a real predictor built with a generated partition
//      config (one "op_type:inputs:outputs" line per op kept on the CPU).
//   4. Prints the culprits as partition-config lines with the max abs / rel
//      error of their outputs, writes the config that makes the outputs
//      match (when asked) and checks it once more.
#pragma once
#include <cstdint>
#include <map>
#include <ostream>
#include <string>
#include <vector>

namespace paddle {
namespace lite {
namespace nnadapter_check {

// The largest input the tool makes or reads: 2^28 elements (1 GiB of
// float32); a larger --input_shape is an error naming it.
constexpr uint64_t kMaxInputElements = uint64_t{1} << 28;

struct CheckOptions {
  std::string model_dir, model_file, param_file;
  std::vector<std::string> devices;
  std::string context_properties;
  // Every model input with its shape (in the model's input order or by name).
  std::vector<std::pair<std::string, std::vector<int64_t>>> inputs;
  // Optional raw float32 files per input name (else generated with `seed`).
  std::map<std::string, std::string> input_files;
  uint32_t seed{1};
  // An output element matches when |device - cpu| <= atol + rtol * |cpu|.
  double atol{1e-4}, rtol{1e-4};
  // A subgraph output (an intermediate) differs when its max |device - cpu|
  // exceeds atol + tensor_rtol * max |cpu| over the tensor.
  double tensor_rtol{1e-3};
  std::string config_out;  // write the partition config that fixes the model
  int max_culprits{32};    // stop bisecting after this many
};

struct Culprit {
  std::string config_line;  // op_type:inputs:outputs
  double max_abs{0}, max_rel{0};
};

struct SubgraphCheck {
  int index{0};
  size_t ops{0};
  double inputs_max_abs{0}, outputs_max_abs{0};
  int compared_outputs{0};  // outputs found in both runs
  bool differs{false};      // an output beyond the tolerance
};

struct CheckResult {
  int offloaded_ops{0}, cpu_ops{0};
  std::vector<SubgraphCheck> subgraphs;
  int first_bad_subgraph{-1};  // inputs match, outputs differ
  double initial_max_abs{0};
  bool initially_matches{false};
  std::vector<Culprit> culprits;
  bool fixed{false};  // outputs match with the culprits on the CPU
  double fixed_max_abs{0};
  int predictor_runs{0};
  double seconds{0};
};

// Runs the check, printing progress and results to `out`. Returns 0 when
// the outputs match (at once, or with the culprits kept on the CPU), 1
// when they still differ; throws paddle::lite_api::Error on bad options or
// a model that does not run.
int RunCheck(const CheckOptions& options, std::ostream& out, CheckResult* result);

// "x:1,3,160,160;y:1,2" -> {{"x", {1,3,160,160}}, {"y", {1,2}}}; throws
// naming the entry that is malformed.
std::vector<std::pair<std::string, std::vector<int64_t>>> ParseInputShapes(
    const std::string& text);

}  // namespace nnadapter_check
}  // namespace lite
}  // namespace paddle
