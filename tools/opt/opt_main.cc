// opt: converts a Paddle model into the optimized .nb that MobileConfig runs.
// Flags follow Paddle Lite's opt; see `opt --help` and docs/nb-format.md.
#include <gflags/gflags.h>

#include <iostream>
#include <string>

#include "tools/opt/opt_tool.h"

DEFINE_string(model_dir, "",
              "folder of the Paddle model (__model__ + one file per parameter, or "
              "*.pdmodel/__model__ + combined params, auto-detected)");
DEFINE_string(model_file, "", "the program file (e.g. inference.pdmodel); with --param_file");
DEFINE_string(param_file, "", "the combined params file (e.g. inference.pdiparams)");
DEFINE_string(model_type, "auto",
              "auto (an .onnx file or ONNX content is ONNX, else Paddle), paddle or onnx "
              "(--model_file=x.onnx: an ONNX model, imported; no --param_file)");
DEFINE_string(optimize_out_type, "naive_buffer",
              "naive_buffer: write <optimize_out>.nb for MobileConfig; protobuf: write the "
              "optimized Paddle model <optimize_out>/__model__ + __params__");
DEFINE_string(optimize_out, "", "output path; '.nb' is appended for naive_buffer");
DEFINE_string(valid_targets, "x86",
              "comma list in priority order: x86, host, and NNAdapter device names "
              "(builtin_device, fake_device, google_xnnpack, ...); a device name puts the ops it "
              "supports into NNAdapter subgraphs, the rest runs on the CPU");
DEFINE_bool(print_supported_ops, false,
            "print the op types the --valid_targets support, then exit");
DEFINE_bool(print_all_ops, false, "print every op type this build knows with its kernels, then exit");
DEFINE_bool(print_op_audit_md, false,
            "print the attribute audit of every op (docs/op-attribute-audit.md's table), then exit");
DEFINE_bool(print_all_ops_in_md_format, false,
            "--print_all_ops as a Markdown table (op type, kernels, NNAdapter converter)");
DEFINE_bool(print_model_ops, false,
            "print a table of the model's op types and whether each valid target supports them; "
            "exit 0 when every op is supported");
DEFINE_string(nnadapter_device_names, "",
              "comma list of NNAdapter devices (added after those named in --valid_targets)");
DEFINE_string(nnadapter_context_properties, "",
              "\"KEY=VALUE;KEY=VALUE\" for the devices; used while partitioning and stored in the "
              ".nb (MobileConfig's setter overrides)");
DEFINE_string(nnadapter_subgraph_partition_config_path, "",
              "file of ops to keep on the CPU, one \"op_type:in1,in2:out1\" per line");
DEFINE_string(nnadapter_model_cache_dir, "",
              "folder of compiled-program caches (<token>.nnc) opt compiles the subgraphs "
              "into; the programs are embedded in the .nb (the folder, a path of this host, "
              "is not stored: on the target the cache folder is MobileConfig's setting)");

DEFINE_string(nnadapter_mixed_precision_quantization_config_path, "",
              "file of quantized ops to run in float, one \"op_type:in1,in2:out1\" per line");
DEFINE_bool(nnadapter_strict_mode, false,
            "fail (exit 1, listing them) if any op would stay on the CPU instead of the "
            "NNAdapter devices");
DEFINE_int32(nnadapter_min_subgraph_size, 1, "clusters of fewer ops stay on the CPU");
DEFINE_string(nnadapter_partition_strategy, "",
              "greedy (default: every op a device supports is offloaded) or cost (an op stays "
              "on the CPU when the devices' capabilities estimate it faster there); stored in "
              "the .nb as the context property NNADAPTER_PARTITION");
DEFINE_string(nnadapter_partition_report_path, "",
              "write the partition report (JSON: every op's placement and why it stayed on the "
              "CPU, every subgraph) to this file");
DEFINE_string(nnadapter_dynamic_shape_info, "",
              "the shapes each input will have, \"name:1x3x224x224,1x3x320x320;name2:...\"; "
              "with --nnadapter_model_cache_dir a program is pre-compiled into the .nb per shape");
DEFINE_string(model_set_dir, "",
              "folder of model folders: each is optimized into <optimize_out>/<name>.nb");
DEFINE_string(model_filename, "",
              "with --model_set_dir: the program file name inside each model folder");
DEFINE_string(param_filename, "",
              "with --model_set_dir: the params file name inside each model folder");
DEFINE_bool(record_tailoring_info, false,
            "also write .tailored_ops_list and .tailored_kernels_list (the ops and kernels the "
            "model uses) next to the output");
DEFINE_bool(int8_kernels, true,
            "QAT models (fake quant-dequant ops): fold them into int8 kernels when the valid "
            "targets have int8 kernels (x86, NNAdapter devices: QUANT_INT8 operations), as "
            "Paddle Lite's opt does for its int8 targets; set it false to keep them as float "
            "ops (the fake quant-dequant runs in float, as with CxxConfig without an int8 "
            "place)");
DEFINE_bool(display_kernels, false, "print the kernel chosen for every op of the optimized model");
DEFINE_bool(quant_model, false,
            "post-training weight quantization: conv2d, mul and fc weights (Paddle Lite's "
            "set; matmul weights are not quantized) stored as --quant_type integers with "
            "per-channel scales, dequantized to fp32 at load");
DEFINE_string(quant_type, "QUANT_INT16", "QUANT_INT8 or QUANT_INT16 (with --quant_model)");
DEFINE_bool(enable_fp16, false,
            "fp16 model; this build's x86 kernels have no fp16 arithmetic: opt says so and "
            "exits 1");
DEFINE_bool(sparse_model, false,
            "sparse conv detection; no sparse kernels on this build: accepted, optimized dense");
DEFINE_double(sparse_threshold, 0.6, "with --sparse_model: the zero ratio, in [0, 1]");
DEFINE_string(optimized_nb_model_path, "",
              "an optimized .nb to visualize (with --visualization_file_output_path)");
DEFINE_string(visualization_file_output_path, "",
              "folder for pictures: with NNAdapter devices, the partition (<optimize_out "
              "name>_partition.json report, .dot, .svg, .png: ops coloured by device, subgraphs "
              "boxed; needs Graphviz's dot); with --optimized_nb_model_path, the .nb's graph as "
              "<nb name>.dot");

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "converts a Paddle model into an optimized model for the light runtime\n"
      "  opt --model_dir=<dir> --valid_targets=x86 --optimize_out=<path>   (writes <path>.nb)\n"
      "  opt --model_file=<m.pdmodel> --param_file=<m.pdiparams> "
      "--valid_targets=builtin_device,x86 --optimize_out=<path>\n"
      "  opt --print_all_ops | --print_supported_ops --valid_targets=... | "
      "--print_model_ops --model_dir=<dir>");
  // --help shows opt's own flags (not those of glog/gflags).
  static char helpshort[] = "--helpshort";
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--help" || a == "-help" || a == "-h") argv[i] = helpshort;
  }
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  if (argc > 1) {
    std::cerr << "opt: unexpected argument '" << argv[1] << "' (flags are --name=value; see --help)\n";
    return 2;
  }
  paddle::lite::opt::OptFlags f;
  f.model_dir = FLAGS_model_dir;
  f.model_file = FLAGS_model_file;
  f.param_file = FLAGS_param_file;
  f.model_type = FLAGS_model_type;
  f.optimize_out_type = FLAGS_optimize_out_type;
  f.optimize_out = FLAGS_optimize_out;
  f.valid_targets = FLAGS_valid_targets;
  f.print_supported_ops = FLAGS_print_supported_ops;
  f.print_all_ops = FLAGS_print_all_ops;
  f.print_all_ops_in_md_format = FLAGS_print_all_ops_in_md_format;
  f.print_op_audit_md = FLAGS_print_op_audit_md;
  f.print_model_ops = FLAGS_print_model_ops;
  f.nnadapter_device_names = FLAGS_nnadapter_device_names;
  f.nnadapter_context_properties = FLAGS_nnadapter_context_properties;
  f.nnadapter_subgraph_partition_config_path = FLAGS_nnadapter_subgraph_partition_config_path;
  f.nnadapter_model_cache_dir = FLAGS_nnadapter_model_cache_dir;
  f.nnadapter_mixed_precision_quantization_config_path =
      FLAGS_nnadapter_mixed_precision_quantization_config_path;
  f.nnadapter_strict_mode = FLAGS_nnadapter_strict_mode;
  f.nnadapter_min_subgraph_size = FLAGS_nnadapter_min_subgraph_size;
  f.nnadapter_partition_strategy = FLAGS_nnadapter_partition_strategy;
  f.nnadapter_partition_report_path = FLAGS_nnadapter_partition_report_path;
  f.nnadapter_dynamic_shape_info = FLAGS_nnadapter_dynamic_shape_info;
  f.model_set_dir = FLAGS_model_set_dir;
  f.model_filename = FLAGS_model_filename;
  f.param_filename = FLAGS_param_filename;
  f.record_tailoring_info = FLAGS_record_tailoring_info;
  f.display_kernels = FLAGS_display_kernels;
  f.int8_kernels = FLAGS_int8_kernels;
  f.quant_model = FLAGS_quant_model;
  f.quant_type = FLAGS_quant_type;
  f.enable_fp16 = FLAGS_enable_fp16;
  f.sparse_model = FLAGS_sparse_model;
  f.sparse_threshold = static_cast<float>(FLAGS_sparse_threshold);
  f.optimized_nb_model_path = FLAGS_optimized_nb_model_path;
  f.visualization_file_output_path = FLAGS_visualization_file_output_path;
  return paddle::lite::opt::RunOpt(f, std::cout, std::cerr);
}
