// The `opt` tool as a library (the binary is opt_main.cc; tests call RunOpt
// directly): converts a Paddle model into an optimized .nb (or a Paddle
// protobuf model) for the chosen targets, and reports what it did.
#pragma once
#include <ostream>
#include <string>

namespace paddle {
namespace lite {
namespace opt {

struct OptFlags {
  std::string model_dir;
  std::string model_file;
  std::string param_file;
  std::string model_type{"auto"};  // auto, paddle or onnx (checked against the file)
  std::string optimize_out_type{"naive_buffer"};  // or "protobuf"
  std::string optimize_out;                        // ".nb" is appended
  std::string valid_targets{"x86"};                // x86, host, NNAdapter device names
  bool print_supported_ops{false};
  bool print_all_ops{false};
  bool print_all_ops_in_md_format{false};  // the same list as a Markdown table
  bool print_op_audit_md{false};  // docs/op-attribute-audit.md's table (LITE_OP_AUDIT rows)
  bool print_model_ops{false};
  std::string nnadapter_device_names;  // comma list, added after those in valid_targets
  std::string nnadapter_context_properties;
  std::string nnadapter_subgraph_partition_config_path;
  std::string nnadapter_model_cache_dir;
  std::string nnadapter_mixed_precision_quantization_config_path;
  // What CxxConfig's set_nnadapter_strict_mode / _min_subgraph_size /
  // _partition_report_path / _dynamic_shape_info do, while optimizing
  // (MobileConfig cannot partition again). dynamic_shape_info:
  // "input:1x3x224x224,1x3x320x320;input2:..." (opt pre-compiles a program
  // per shape into the .nb with --nnadapter_model_cache_dir).
  bool nnadapter_strict_mode{false};
  int nnadapter_min_subgraph_size{1};
  std::string nnadapter_partition_report_path;
  std::string nnadapter_dynamic_shape_info;
  std::string nnadapter_partition_strategy;  // set_nnadapter_partition_strategy
  // Paddle Lite's remaining flags.
  std::string model_set_dir;   // optimize every model folder below it
  std::string model_filename;  // with model_set_dir: program file name in each folder
  std::string param_filename;  // with model_set_dir: params file name in each folder
  bool record_tailoring_info{false};
  bool display_kernels{false};
  bool quant_model{false};
  std::string quant_type{"QUANT_INT16"};
  bool enable_fp16{false};
  bool sparse_model{false};
  float sparse_threshold{0.6f};
  std::string optimized_nb_model_path;         // with visualization_file_output_path
  // With NNAdapter devices: the partition report and picture
  // (<optimize_out name>_partition.json/.dot/.svg/.png); with
  // optimized_nb_model_path: <nb stem>.dot.
  std::string visualization_file_output_path;
  // QAT models (fake quant-dequant ops): fold them into int8 kernels when
  // the valid targets have int8 kernels (x86, NNAdapter devices), as Paddle
  // Lite's opt does for its int8 targets; false keeps the float execution.
  bool int8_kernels{true};
};

// Runs opt; returns the process exit code (0 only on success). Progress goes
// to `out`, errors to `err`; no exception escapes.
int RunOpt(const OptFlags& flags, std::ostream& out, std::ostream& err);

}  // namespace opt
}  // namespace lite
}  // namespace paddle
