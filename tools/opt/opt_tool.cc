#include "tools/opt/opt_tool.h"
#include "tools/opt/nb_print.h"
#include "tools/opt/op_audit.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <map>
#include <set>
#include <sstream>
#include <vector>

#include "file_access/file_access.h"
#include "lite/api/cxx_predictor.h"
#include "lite/api/nnadapter_precompile.h"
#include "lite/core/registry.h"
#include "lite/graph/pass.h"
#include "lite/nnadapter/converter.h"
#include "lite/nnadapter/device_context.h"
#include "lite/nnadapter/partition_picture.h"
#include "lite/model_parser/model_loader.h"
#include "lite/model_parser/nb/nb_model.h"
#include "lite/model_parser/onnx/onnx_importer.h"
#include "lite/model_parser/paddle_lite_nb/paddle_lite_nb.h"

namespace paddle {
namespace lite {
namespace opt {
namespace {

std::vector<std::string> SplitList(const std::string& text) {
  std::vector<std::string> out;
  std::stringstream ss(text);
  std::string item;
  while (std::getline(ss, item, ',')) {
    size_t b = item.find_first_not_of(" \t");
    size_t e = item.find_last_not_of(" \t");
    if (b != std::string::npos) out.push_back(item.substr(b, e - b + 1));
  }
  return out;
}

std::string Join(const std::vector<std::string>& v, const char* sep = ", ") {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : sep) + x;
  return s;
}

// The targets of --valid_targets / --nnadapter_device_names.
struct Targets {
  std::vector<Place> places;             // CPU places (and kNNAdapter when devices)
  std::vector<std::string> cpu;          // "x86", "host" as given
  std::vector<std::string> devices;      // NNAdapter device names, in order
};

// --nnadapter_dynamic_shape_info="x:1x3x224x224,1x3x320x320;y:1x4".
std::map<std::string, std::vector<std::vector<int64_t>>> ParseDynamicShapeInfo(
    const std::string& text) {
  std::map<std::string, std::vector<std::vector<int64_t>>> info;
  std::stringstream inputs(text);
  std::string entry;
  while (std::getline(inputs, entry, ';')) {
    if (entry.find_first_not_of(" \t") == std::string::npos) continue;
    const size_t colon = entry.find(':');
    LITE_ENFORCE(colon != std::string::npos && colon > 0,
                 "--nnadapter_dynamic_shape_info: '", entry,
                 "' (expected name:1x3x224x224,1x3x320x320)");
    const std::string name = entry.substr(0, colon);
    for (const auto& shape_text : SplitList(entry.substr(colon + 1))) {
      std::vector<int64_t> shape;
      std::stringstream dims(shape_text);
      std::string d;
      while (std::getline(dims, d, 'x')) {
        char* end = nullptr;
        const long long v = std::strtoll(d.c_str(), &end, 10);
        LITE_ENFORCE(!d.empty() && end && *end == 0 && v >= 1,
                     "--nnadapter_dynamic_shape_info: input '", name, "' shape '", shape_text,
                     "': '", d, "' is not an extent >= 1 (expected e.g. 1x3x224x224)");
        shape.push_back(v);
      }
      info[name].push_back(shape);
    }
    LITE_ENFORCE(!info[name].empty(), "--nnadapter_dynamic_shape_info: input '", name,
                 "' has no shapes");
  }
  return info;
}

Targets ParseTargets(const OptFlags& f) {
  Targets t;
  for (const auto& name : SplitList(f.valid_targets)) {
    if (name == "x86" || name == "X86") {
      t.cpu.push_back("x86");
      t.places.emplace_back(TargetType::kX86, PrecisionType::kFloat);
    } else if (name == "host" || name == "Host") {
      t.cpu.push_back("host");
      t.places.emplace_back(TargetType::kHost, PrecisionType::kFloat);
    } else if (name == "arm" || name == "opencl" || name == "cuda" || name == "xpu" ||
               name == "npu" || name == "metal" || name == "fpga") {
      ThrowError("--valid_targets: target '", name,
                 "' is not supported by this build (CPU targets: x86, host; accelerators are "
                 "NNAdapter device names such as builtin_device, fake_device, google_xnnpack)");
    } else {
      t.devices.push_back(name);
    }
  }
  for (const auto& name : SplitList(f.nnadapter_device_names)) {
    bool seen = false;
    for (const auto& d : t.devices) seen = seen || d == name;
    if (!seen) t.devices.push_back(name);
  }
  LITE_ENFORCE(!t.cpu.empty() || !t.devices.empty(),
               "--valid_targets is empty (expected e.g. x86 or builtin_device,x86)");
  // int8 kernels exist for x86 (lite/operators/nn/*_int8.cc) and NNAdapter
  // devices take QUANT_INT8 operands; the host target has none. On a model
  // without fake quant ops the int8 place changes nothing.
  const bool x86 = std::find(t.cpu.begin(), t.cpu.end(), "x86") != t.cpu.end();
  if (f.int8_kernels && (x86 || !t.devices.empty())) {
    t.places.emplace_back(TargetType::kX86, PrecisionType::kInt8);
  }
  for (const auto& d : t.devices) {
    NNAdapterOptions one;
    one.device_names = {d};
    one.context_properties = f.nnadapter_context_properties;
    try {
      nnadapter_bridge::DeviceContext probe(one);
    } catch (const Error& e) {
      ThrowError("--valid_targets: '", d,
                 "' is neither a CPU target (x86, host) nor an NNAdapter device this machine can "
                 "open: ", e.what());
    }
  }
  return t;
}

bool CpuSupports(const std::string& op, const std::string& cpu) {
  for (const KernelInfo* k : KernelsFor(op)) {
    TargetType t = k->key.target;
    if (t == TargetType::kAny || t == TargetType::kHost) return true;
    if (cpu == "x86" && t == TargetType::kX86) return true;
  }
  return false;
}

std::string KernelTargets(const std::string& op) {
  std::set<std::string> s;
  for (const KernelInfo* k : KernelsFor(op)) {
    s.insert(lite_api::TargetToStr(k->key.target) + "/" +
             lite_api::PrecisionToStr(k->key.precision));
  }
  return Join(std::vector<std::string>(s.begin(), s.end()));
}

void PrintAllOps(std::ostream& out) {
  auto ops = RegisteredOps();
  out << ops.size() << " op types (kernels as target/precision; 'nnadapter' = has a converter, "
      << "devices decide per op instance):\n";
  for (const auto& op : ops) {
    out << "  " << std::left << std::setw(34) << op << " " << KernelTargets(op)
        << (nnadapter_bridge::FindConverter(op) ? "  nnadapter" : "") << "\n";
  }
}

// Paddle Lite's --print_all_ops_in_md_format: the op list for docs.
void PrintAllOpsMarkdown(std::ostream& out) {
  out << "| op type | kernels (target/precision) | NNAdapter converter |\n|---|---|---|\n";
  for (const auto& op : RegisteredOps()) {
    out << "| " << op << " | " << KernelTargets(op) << " | "
        << (nnadapter_bridge::FindConverter(op) ? "yes" : "") << " |\n";
  }
}

void PrintSupportedOps(const Targets& t, std::ostream& out) {
  for (const auto& cpu : t.cpu) {
    std::vector<std::string> ops;
    for (const auto& op : RegisteredOps()) {
      if (CpuSupports(op, cpu)) ops.push_back(op);
    }
    out << cpu << ": " << ops.size() << " op types\n  " << Join(ops) << "\n";
  }
  if (!t.devices.empty()) {
    auto ops = nnadapter_bridge::ConvertibleOpTypes();
    out << "NNAdapter (" << Join(t.devices) << "): " << ops.size()
        << " op types have converters; each device answers per op instance at opt time\n  "
        << Join(ops) << "\n";
  }
}

// Op types (with counts) that ended up inside `subgraph` blocks; op types
// left on the CPU are listed with count 0, fused-away types are absent.
// Block 0 and the blocks control-flow ops run: where ops run on the CPU or
// as subgraph ops.
std::vector<const cpp::BlockDesc*> RunBlocks(const cpp::ProgramDesc& program) {
  std::vector<const cpp::BlockDesc*> blocks{&program.blocks.at(0)};
  for (int32_t b : cpp::ControlFlowBlocks(program)) blocks.push_back(&program.blocks.at(b));
  return blocks;
}

std::map<std::string, int> OpsOnDevices(const cpp::ProgramDesc& optimized) {
  std::map<std::string, int> on;
  for (const cpp::BlockDesc* block : RunBlocks(optimized))
  for (const auto& op : block->ops) {
    if (op.Type() != "subgraph") {
      on[op.Type()] += 0;
      continue;
    }
    int idx = op.GetAttr<int32_t>("sub_block", 0);
    if (idx <= 0 || idx >= static_cast<int>(optimized.blocks.size())) continue;
    for (const auto& inner : optimized.blocks[idx].ops) on[inner.Type()]++;
  }
  return on;
}

// Table of the model's op types: per CPU target whether a kernel exists; for
// NNAdapter devices how many ops of the type the devices accepted (asked of
// them by the subgraph pass on the optimized program; fusions may have
// merged some ops first). Returns true when every op type is supported.
bool PrintModelOps(const cpp::ProgramDesc& program, const std::map<std::string, int>* on_devices,
                   const Targets& t, std::ostream& out) {
  std::map<std::string, int> counts;
  for (const auto& block : program.blocks) {
    for (const auto& op : block.ops) {
      if (op.Type() != "feed" && op.Type() != "fetch") counts[op.Type()]++;
    }
  }
  out << std::left << std::setw(30) << "op type" << std::setw(7) << "count";
  for (const auto& c : t.cpu) out << std::setw(8) << c;
  if (on_devices) out << "on NNAdapter devices (" << Join(t.devices, ",") << ")";
  out << "\n";
  bool all = true;
  for (const auto& kv : counts) {
    bool any = false;
    out << std::setw(30) << kv.first << std::setw(7) << kv.second;
    for (const auto& c : t.cpu) {
      bool ok = CpuSupports(kv.first, c);
      any = any || ok;
      out << std::setw(8) << (ok ? "yes" : "NO");
    }
    if (on_devices) {
      auto it = on_devices->find(kv.first);
      if (it == on_devices->end()) {
        out << "- (removed or fused by the passes)";
      } else if (it->second > 0) {
        any = true;
        out << it->second;
      } else {
        out << (nnadapter_bridge::FindConverter(kv.first) ? "0 (the devices declined)"
                                                          : "0 (no converter)");
      }
    }
    out << "\n";
    if (!any) all = false;
  }
  out << DescribeBlocks(program);
  return all;
}

size_t CountOps(const cpp::ProgramDesc& program) {
  size_t n = 0;
  for (const auto& block : program.blocks) {
    for (const auto& op : block.ops) n += op.Type() != "feed" && op.Type() != "fetch";
  }
  return n;
}

void PrintWeights(const Scope& weights, std::ostream& out) {
  size_t bytes = 0;
  auto names = weights.LocalVarNames();
  for (const auto& n : names) bytes += weights.FindLocalVar(n)->memory_size();
  out << names.size() << " params, " << bytes << " bytes";
}

void PrintPlacement(const cpp::ProgramDesc& program, const Targets& t, std::ostream& out) {
  int subgraphs = 0;
  size_t inside = 0;
  std::map<std::string, int> cpu;
  for (const cpp::BlockDesc* block : RunBlocks(program))
  for (const auto& op : block->ops) {
    if (op.Type() == "feed" || op.Type() == "fetch") continue;
    if (op.Type() == "subgraph") {
      ++subgraphs;
      int idx = op.GetAttr<int32_t>("sub_block", 0);
      if (idx > 0 && idx < static_cast<int>(program.blocks.size())) {
        inside += program.blocks[idx].ops.size();
      }
    } else {
      cpu[op.Type()]++;
    }
  }
  if (!t.devices.empty()) {
    out << "subgraphs: " << subgraphs << " for NNAdapter devices [" << Join(t.devices)
        << "] holding " << inside << " ops (the runtime places each operation on the first "
        << "device that supports it; with NNADAPTER_PARTITION=cost on the cheapest)\n";
  }
  int left = 0;
  std::string list;
  for (const auto& kv : cpu) {
    left += kv.second;
    list += StrCat(list.empty() ? "" : ", ", kv.first, " x", kv.second);
  }
  out << "ops on the CPU (" << Join(t.cpu.empty() ? std::vector<std::string>{"x86"} : t.cpu)
      << "): " << left << (left ? " (" + list + ")" : "") << "\n";
}

// How many ops of the optimized program run int8 kernels (a QAT model on
// targets with int8 kernels), and the flag that keeps them float.
void PrintInt8Kernels(const nb::NbModel& m, const OptFlags& f, std::ostream& out) {
  int int8 = 0;
  for (const auto& key : m.kernel_keys) int8 += key.precision == PrecisionType::kInt8;
  for (const auto& [b, keys] : m.sub_block_kernel_keys) {
    for (const auto& key : keys) int8 += key.precision == PrecisionType::kInt8;
  }
  if (int8 > 0) {
    out << "int8 kernels: " << int8 << " ops (quantization-aware model; --int8_kernels=false "
        << "keeps them float)\n";
  } else if (!f.int8_kernels) {
    out << "int8 kernels: off (--int8_kernels=false)\n";
  }
}

// --optimized_nb_model_path + --visualization_file_output_path: the .nb's
// graph, every block (nb_print.h).
int Visualize(const OptFlags& f, std::ostream& out) {
  LITE_ENFORCE(!f.visualization_file_output_path.empty(),
               "--optimized_nb_model_path needs --visualization_file_output_path=<folder>");
  nb::NbModel m;
  nb::LoadNbModelFile(f.optimized_nb_model_path, &m);
  std::filesystem::create_directories(f.visualization_file_output_path);
  std::string path = f.visualization_file_output_path + "/" +
                     std::filesystem::path(f.optimized_nb_model_path).stem().string() + ".dot";
  const std::string text = NbModelDot(m);
  std::string error;
  LITE_ENFORCE(file_access::WriteFileAtomically(path, text.data(), text.size(),
                                                "--visualization_file_output_path graph", &error),
               error);
  out << "written: " << path << " (" << CountOps(m.program) << " ops in "
      << m.program.blocks.size() << " block(s))\n";
  return 0;
}

int Run(const OptFlags& f, std::ostream& out);

// A Paddle Lite optimized model (its .nb, or the pre-v2.3 folder): prints
// its layout and what the mapping onto our ops did (LoadModel does the same
// mapping when the program is loaded for optimizing).
void PrintPaddleLiteMapping(const OptFlags& f, std::ostream& out) {
  plnb::PaddleLiteModel m;
  std::string source;
  if (!f.model_file.empty() && plnb::FileLooksLikePaddleLiteNb(f.model_file)) {
    source = f.model_file;
    plnb::LoadPaddleLiteNbFile(source, &m);
  } else if (f.model_file.empty() && !f.model_dir.empty() &&
             plnb::IsPaddleLiteNbFolder(f.model_dir)) {
    source = f.model_dir;
    plnb::LoadPaddleLiteNbFolder(source, &m);
  } else if (f.model_file.empty() && !f.model_dir.empty() &&
             plnb::FileLooksLikePaddleLiteNb(f.model_dir + "/model.nb")) {
    source = f.model_dir + "/model.nb";
    plnb::LoadPaddleLiteNbFile(source, &m);
  } else {
    return;
  }
  plnb::MappingReport report;
  plnb::MapToOurProgram(&m, source, &IsOpRegistered, true, &report);
  out << "Paddle Lite model: " << plnb::LayoutName(m.layout)
      << (m.producer.empty() ? std::string() : ", written by Paddle Lite opt '" + m.producer + "'")
      << "\nmapped onto this runtime's ops (Paddle Lite's kernel choices dropped):\n"
      << report.Summary();
}

// --visualization_file_output_path while optimizing for NNAdapter devices:
// <folder>/<output name>_partition (.json report, .dot, .svg, .png); empty
// when not asked.
std::string PartitionPictureStem(const OptFlags& f, const Targets& targets) {
  if (f.visualization_file_output_path.empty()) return "";
  LITE_ENFORCE(!targets.devices.empty(),
               "--visualization_file_output_path draws the NNAdapter partition: give NNAdapter "
               "devices (--valid_targets or --nnadapter_device_names), or visualize an .nb "
               "with --optimized_nb_model_path");
  std::filesystem::create_directories(f.visualization_file_output_path);
  const std::string name =
      f.optimize_out.empty() ? "model" : std::filesystem::path(f.optimize_out).filename().string();
  return f.visualization_file_output_path + "/" + name + "_partition";
}

void WritePicture(const std::string& stem, std::ostream& out) {
  const auto report = nnadapter_bridge::PartitionReport::FromJsonFile(stem + ".json");
  out << "partition: " << report.Summary() << "\n";
  out << "written: " << stem << ".json (partition report)\n";
  for (const auto& file : nnadapter_bridge::WritePartitionPicture(report, stem)) {
    out << "written: " << file << "\n";
  }
}

// --model_set_dir: every folder below it holding a model is optimized into
// <optimize_out>/<folder name>.nb (or a protobuf folder).
int RunModelSet(const OptFlags& f, std::ostream& out) {
  LITE_ENFORCE(!f.optimize_out.empty(),
               "--model_set_dir needs --optimize_out=<folder> (one output per model)");
  std::vector<std::filesystem::path> dirs;
  for (const auto& e : std::filesystem::directory_iterator(f.model_set_dir)) {
    if (e.is_directory()) dirs.push_back(e.path());
  }
  std::sort(dirs.begin(), dirs.end());
  LITE_ENFORCE(!dirs.empty(), "--model_set_dir='", f.model_set_dir, "' has no model folders");
  std::filesystem::create_directories(f.optimize_out);
  for (const auto& d : dirs) {
    OptFlags one = f;
    one.model_set_dir.clear();
    one.model_dir.clear();
    if (!f.model_filename.empty() || !f.param_filename.empty()) {
      LITE_ENFORCE(!f.model_filename.empty() && !f.param_filename.empty(),
                   "--model_filename and --param_filename go together");
      one.model_file = (d / f.model_filename).string();
      one.param_file = (d / f.param_filename).string();
    } else {
      one.model_dir = d.string();
    }
    one.optimize_out = (std::filesystem::path(f.optimize_out) / d.filename()).string();
    out << "== " << d.filename().string() << "\n";
    try {
      Run(one, out);
    } catch (const Error& e) {
      ThrowError("--model_set_dir: model '", d.string(), "': ", e.what());
    }
  }
  return 0;
}

int Run(const OptFlags& f, std::ostream& out) {
  if (f.print_all_ops) {
    PrintAllOps(out);
    return 0;
  }
  if (f.print_all_ops_in_md_format) {
    PrintAllOpsMarkdown(out);
    return 0;
  }
  if (f.print_op_audit_md) {
    PrintOpAuditMarkdown(out);
    return 0;
  }
  if (!f.optimized_nb_model_path.empty()) return Visualize(f, out);
  LITE_ENFORCE(!f.enable_fp16,
               "--enable_fp16: this build cannot make fp16 models: its CPU (x86) kernels have no "
               "fp16 arithmetic (Paddle Lite's fp16 kernels are Arm v8.2+ only); run without "
               "--enable_fp16 (NNAdapter devices choose their own precision)");
  LITE_ENFORCE(f.quant_type == "QUANT_INT8" || f.quant_type == "QUANT_INT16", "--quant_type='",
               f.quant_type, "' (expected QUANT_INT8 or QUANT_INT16)");
  LITE_ENFORCE(f.sparse_threshold >= 0.f && f.sparse_threshold <= 1.f,
               "--sparse_threshold=", f.sparse_threshold, " (expected a ratio in [0, 1])");
  if (f.sparse_model) {
    out << "--sparse_model: does not apply on this build (no sparse conv kernels; Paddle "
           "Lite's are Arm only); the model is optimized dense\n";
  }
  if (!f.model_set_dir.empty()) return RunModelSet(f, out);
  Targets targets = ParseTargets(f);
  if (f.print_supported_ops) {
    PrintSupportedOps(targets, out);
    return 0;
  }
  LITE_ENFORCE(!f.model_dir.empty() || !f.model_file.empty(),
               "no model: give --model_dir=<dir> or --model_file=<file> --param_file=<file>");
  LITE_ENFORCE(f.model_type == "auto" || f.model_type == "paddle" || f.model_type == "onnx",
               "--model_type='", f.model_type, "' (expected auto, paddle or onnx)");
  if (f.model_type != "auto") {
    const bool onnx = !f.model_file.empty() && (IsOnnxModelFile(f.model_file) ||
                                                FileLooksLikeOnnxModel(f.model_file));
    LITE_ENFORCE(onnx == (f.model_type == "onnx"), "--model_type=", f.model_type, " but '",
                 f.model_file.empty() ? f.model_dir : f.model_file, "' is ",
                 onnx ? "an ONNX model" : "not an ONNX model file (give it as --model_file)");
  }
  LITE_ENFORCE(f.optimize_out_type == "naive_buffer" || f.optimize_out_type == "protobuf",
               "--optimize_out_type='", f.optimize_out_type,
               "' (expected naive_buffer or protobuf)");
  LITE_ENFORCE(f.print_model_ops || !f.optimize_out.empty(),
               "--optimize_out is required (the output path; '.nb' is appended)");

  auto print_loaded = [&out](const cpp::ProgramDesc& program, const Scope& weights) {
    out << "model loaded: " << CountOps(program) << " ops in " << program.blocks.size()
        << " block(s), ";
    PrintWeights(weights, out);
    out << "\n";
  };
  if (f.print_model_ops && targets.devices.empty()) {
    cpp::ProgramDesc program;
    Scope weights;
    LoadModel(ModelSource{f.model_dir, f.model_file, f.param_file, "", ""}, &program, &weights);
    print_loaded(program, weights);
    return PrintModelOps(program, nullptr, targets, out) ? 0 : 1;
  }

  PrintPaddleLiteMapping(f, out);
  // Exactly what CreatePaddlePredictor<CxxConfig> does with these settings.
  lite_api::CxxConfig config;
  config.set_model_dir(f.model_dir);
  config.set_model_file(f.model_file);
  config.set_param_file(f.param_file);
  config.set_valid_places(targets.places);
  config.set_nnadapter_device_names(targets.devices);
  config.set_nnadapter_context_properties(f.nnadapter_context_properties);
  config.set_nnadapter_subgraph_partition_config_path(f.nnadapter_subgraph_partition_config_path);
  config.set_nnadapter_model_cache_dir(f.nnadapter_model_cache_dir);
  config.set_nnadapter_mixed_precision_quantization_config_path(
      f.nnadapter_mixed_precision_quantization_config_path);
  config.set_nnadapter_strict_mode(f.nnadapter_strict_mode);
  config.set_nnadapter_min_subgraph_size(f.nnadapter_min_subgraph_size);
  config.set_nnadapter_partition_strategy(f.nnadapter_partition_strategy);
  config.set_nnadapter_dynamic_shape_info(ParseDynamicShapeInfo(f.nnadapter_dynamic_shape_info));
  config.set_quant_model(f.quant_model);
  config.set_quant_type(f.quant_type == "QUANT_INT8" ? lite_api::QuantType::QUANT_INT8
                                                     : lite_api::QuantType::QUANT_INT16);
  const std::string picture = PartitionPictureStem(f, targets);
  LITE_ENFORCE(picture.empty() || f.nnadapter_partition_report_path.empty(),
               "--nnadapter_partition_report_path and --visualization_file_output_path both "
               "write the report (the latter to ", picture, ".json): give one");
  if (!picture.empty()) config.set_nnadapter_partition_report_path(picture + ".json");
  if (!f.nnadapter_partition_report_path.empty()) {
    LITE_ENFORCE(!targets.devices.empty(), "--nnadapter_partition_report_path: the report is "
                 "about NNAdapter devices; give some (--valid_targets or --nnadapter_device_names)");
    config.set_nnadapter_partition_report_path(f.nnadapter_partition_report_path);
  }
  LITE_ENFORCE(!f.nnadapter_strict_mode || !targets.devices.empty(),
               "--nnadapter_strict_mode: every op must run on NNAdapter devices, but none is "
               "given (--valid_targets or --nnadapter_device_names)");
  cpp::ProgramDesc original;
  std::vector<std::pair<std::string, int>> applied;
  auto shared = LoadAndOptimize(
      config,
      [&](const cpp::ProgramDesc& program, const Scope& weights) {
        print_loaded(program, weights);
        if (f.print_model_ops) original = program;
      },
      &applied);
  out << "passes applied:";
  for (const auto& p : applied) out << " " << p.first << "(" << p.second << ")";
  out << "\n";
  if (f.print_model_ops) {
    auto on = OpsOnDevices(shared->program);
    return PrintModelOps(original, &on, targets, out) ? 0 : 1;
  }
  std::unique_ptr<CxxPredictor> predictor;
  try {
    predictor.reset(new CxxPredictor(shared, 1));
  } catch (const Error& e) {
    std::vector<std::string> tried;
    for (const Place& p : shared->places) tried.push_back(p.DebugString());
    ThrowError(e.what(), "\n(targets tried: ", Join(tried),
               "; see which ops each target supports with --print_model_ops)");
  }
  out << "optimized program: " << CountOps(shared->program) << " ops\n";
  PrintInt8Kernels(predictor->OptimizedModel(), f, out);
  if (f.quant_model) {
    const WeightQuantStats& q = shared->weight_quant;
    out << "weights quantized (" << f.quant_type << ", per channel): " << q.weights
        << " tensors, " << q.float_bytes << " -> " << q.quantized_bytes
        << " bytes (dequantized to fp32 when the model is loaded)\n";
  }
  PrintPlacement(shared->program, targets, out);
  if (!picture.empty()) WritePicture(picture, out);
  if (f.display_kernels) PrintKernels(predictor->OptimizedModel(), out);
  if (f.optimize_out_type == "protobuf") {
    predictor->SaveOptimizedModel(f.optimize_out, lite_api::LiteModelType::kProtobuf,
                                  f.record_tailoring_info);
    for (const char* name : {"/__model__", "/__params__"}) {
      std::string path = f.optimize_out + name;
      out << "written: " << path << " (" << std::filesystem::file_size(path) << " bytes)\n";
    }
    return 0;
  }
  std::string path = f.optimize_out + ".nb";
  CheckNotOverSource(*shared, path, {path});
  if (f.record_tailoring_info) {
    predictor->SaveOptimizedModel(f.optimize_out, lite_api::LiteModelType::kNaiveBuffer, true);
    std::string folder = std::filesystem::path(path).parent_path().string();
    out << "written: " << (folder.empty() ? "." : folder)
        << "/.tailored_ops_list, .tailored_kernels_list\n";
  }
  nb::NbModel model = predictor->OptimizedModel();
  std::string embedded = EmbedNNAdapterPrograms(*shared, &model);
  if (!embedded.empty()) out << embedded << "\n";
  size_t size = WriteNbModelFile(model, path);
  out << "written: " << path << " (" << size << " bytes)\n";
  return 0;
}

}  // namespace

int RunOpt(const OptFlags& flags, std::ostream& out, std::ostream& err) {
  try {
    return Run(flags, out);
  } catch (const std::exception& e) {
    err << "opt: error: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace opt
}  // namespace lite
}  // namespace paddle
