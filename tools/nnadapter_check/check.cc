#include "tools/nnadapter_check/check.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <set>
#include <sstream>

#include "file_access/file_access.h"
#include "lite/api/paddle_api.h"
#include "lite/core/error.h"
#include "lite/nnadapter/partition_config.h"
#include "lite/nnadapter/partition_report.h"
#include "tools/common/vision.h"

namespace paddle {
namespace lite {
namespace nnadapter_check {

namespace {
using Report = nnadapter_bridge::PartitionReport;
using Values = std::map<std::string, std::vector<float>>;  // variable -> values

struct Diff {
  double max_abs{0}, max_rel{0};
  bool within{true};  // element-wise: |dev - cpu| <= atol + rtol * |cpu|
  double max_ref{0};  // max |cpu|
};

Diff Compare(const std::vector<float>& cpu, const std::vector<float>& dev, double atol,
             double rtol) {
  Diff d;
  if (cpu.size() != dev.size()) {
    return {std::numeric_limits<double>::infinity(), std::numeric_limits<double>::infinity(),
            false, 0};
  }
  for (size_t i = 0; i < cpu.size(); ++i) {
    const double a = cpu[i], b = dev[i];
    double e = std::fabs(a - b);
    if (std::isnan(e)) e = std::numeric_limits<double>::infinity();  // NaN differs
    if (!(e <= atol + rtol * std::fabs(a))) d.within = false;
    d.max_abs = std::max(d.max_abs, e);
    d.max_rel = std::max(d.max_rel, e / std::max(std::fabs(a), 1e-6));
    d.max_ref = std::max(d.max_ref, std::fabs(a));
  }
  return d;
}

// The output variables of a config line "type:in1,in2:out1,out2" (names
// escaped as the partition config writes them).
std::vector<std::string> OutputsOf(const std::string& config_line) {
  auto rules = nnadapter_bridge::ParsePartitionConfig(config_line, "report line");
  return rules.size() == 1 ? rules[0].outputs : std::vector<std::string>{};
}

std::string TempPath(const std::string& what) {
  return (std::filesystem::temp_directory_path() /
          ("nnadapter_check_" + std::to_string(getpid()) + "_" + what))
      .string();
}

std::string ShapeText(const std::string& name, const std::vector<int64_t>& shape) {
  std::string s = name + ":";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s;
}

// Tolerances are finite and >= 0 (a negative or NaN one makes every
// comparison fail, an infinite one every comparison pass).
void CheckTolerance(const char* flag, double v) {
  LITE_ENFORCE(std::isfinite(v) && v >= 0, flag, "=", v,
               ": expected a finite number >= 0");
}

// The element count of an input, at most kMaxInputElements.
size_t InputElements(const std::string& name, const std::vector<int64_t>& shape) {
  uint64_t n = 1;
  bool overflow = false;
  for (int64_t d : shape) {
    LITE_ENFORCE(d > 0, "--input_shape '", ShapeText(name, shape),
                 "': dimension ", d, " is not a positive integer");
    overflow = overflow || __builtin_mul_overflow(n, static_cast<uint64_t>(d), &n);
  }
  LITE_ENFORCE(!overflow && n <= kMaxInputElements, "--input_shape '",
               ShapeText(name, shape), "': ",
               overflow ? std::string("the element count overflows 64 bits")
                        : std::to_string(n) + " elements",
               ", more than the ", kMaxInputElements, " (1 GiB of float32) an input may have");
  return static_cast<size_t>(n);
}

// The raw float32 file of an input: exactly n floats, read through the
// file-access policy (regular files only: a FIFO is refused, not waited on).
std::vector<float> ReadInputFile(const std::string& name, const std::vector<int64_t>& shape,
                                 size_t n, const std::string& path) {
  const std::string flag = "--input_files '" + name + ":" + path + "'";
  file_access::ReadOptions options;
  options.max_bytes = n * sizeof(float);
  uint64_t size = 0;
  std::string error;
  const int fd = file_access::OpenForRead(path, "input file", options, &size, &error);
  LITE_ENFORCE(fd >= 0, flag, ": ", error, " (the shape ",
               ShapeText(name, shape), " needs ", n * sizeof(float), " bytes)");
  std::string bytes;
  const bool read = size == n * sizeof(float) &&
                    file_access::ReadRange(fd, size, 0, size, "input file", path, &bytes, &error);
  close(fd);
  LITE_ENFORCE(size == n * sizeof(float), flag, ": the file holds ", size,
               " bytes but the shape ", ShapeText(name, shape), " needs ", n * sizeof(float),
               " bytes (", n, " float32)");
  LITE_ENFORCE(read, flag, ": ", error);
  std::vector<float> v(n);
  std::memcpy(v.data(), bytes.data(), bytes.size());
  return v;
}

class Checker {
 public:
  Checker(const CheckOptions& o, std::ostream& out, CheckResult* r) : o_(o), out_(out), r_(r) {
    LITE_ENFORCE(!o.devices.empty(), "nnadapter_check: give at least one NNAdapter device");
    LITE_ENFORCE(!o.inputs.empty(),
                 "nnadapter_check: give every model input with its shape (--input_shape)");
    CheckTolerance("--atol", o.atol);
    CheckTolerance("--rtol", o.rtol);
    CheckTolerance("--tensor_rtol", o.tensor_rtol);
    for (const auto& [name, shape] : o.inputs) {
      const size_t n = InputElements(name, shape);
      auto file = o.input_files.find(name);
      if (file != o.input_files.end()) {
        inputs_[name] = ReadInputFile(name, shape, n, file->second);
      } else {
        std::mt19937 rng(o.seed + static_cast<uint32_t>(inputs_.size()));
        std::uniform_real_distribution<float> u(-1.f, 1.f);
        auto& v = inputs_[name];
        v.resize(n);
        for (auto& x : v) x = u(rng);
      }
    }
  }

  int Run() {
    const auto t0 = std::chrono::steady_clock::now();
    Report report;
    Predict(&o_.devices, &report, {}, false);  // the partition only
    // Every op's outputs are read back from every run (memory reuse is off).
    for (const auto& op : report.ops) {
      for (const auto& n : OutputsOf(op.config_line)) watched_.insert(n);
    }
    cpu_ = Predict(nullptr, nullptr, {}, true);
    for (const auto& op : report.ops) {
      if (op.subgraph >= 0) {
        offloaded_.push_back(op.config_line);
      } else {
        ++r_->cpu_ops;
      }
    }
    r_->offloaded_ops = static_cast<int>(offloaded_.size());
    out_ << "nnadapter_check: " << report.ops.size() << " ops, " << offloaded_.size() << " in "
         << report.subgraphs.size() << " subgraph(s) on " << DeviceList() << ", "
         << r_->cpu_ops << " on the CPU\n";
    Values dev = Predict(&o_.devices, nullptr, {}, true);
    CompareSubgraphs(report, dev);
    Diff whole = OutputDiff(dev);
    r_->initial_max_abs = whole.max_abs;
    r_->initially_matches =
        whole.within && std::none_of(r_->subgraphs.begin(), r_->subgraphs.end(),
                                     [](const SubgraphCheck& sc) { return sc.differs; });
    out_ << "model outputs: max abs " << whole.max_abs << ", max rel " << whole.max_rel
         << " (tolerance " << o_.atol << " + " << o_.rtol << "*|cpu|): "
         << (whole.within ? "match" : "DIFFER") << "\n";
    if (!r_->initially_matches) Bisect();
    r_->seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    out_ << "nnadapter_check: " << r_->predictor_runs << " predictor runs in " << r_->seconds
         << " s\n";
    return r_->initially_matches || r_->fixed ? 0 : 1;
  }

 private:
  std::string DeviceList() const {
    std::string s;
    for (const auto& d : o_.devices) s += (s.empty() ? "" : ",") + d;
    return s;
  }

  // Builds and runs a predictor: CPU only when `devices` is null, else with
  // the devices and the ops of `forced` kept on the CPU. Returns the model
  // outputs (keys "output:<i>") and every variable it can read back.
  // With `run` false the predictor is only created (for its report).
  Values Predict(const std::vector<std::string>* devices, Report* report,
                 const std::vector<std::string>& forced, bool run) {
    ++r_->predictor_runs;
    lite_api::CxxConfig c;
    if (!o_.model_dir.empty()) c.set_model_dir(o_.model_dir);
    if (!o_.model_file.empty()) c.set_model_file(o_.model_file);
    if (!o_.param_file.empty()) c.set_param_file(o_.param_file);
    // Keep intermediates readable: their own buffers (no memory reuse), NCHW
    // data (no blocked layout between chained convs) and computed at all (no
    // CPU fusion that skips writing them: the 1x1 + depthwise and transposed
    // conv pairs).
    c.set_disabled_passes({"memory_optimize_pass", "conv_blocked_chain_pass",
                           "pointwise_depthwise_fuse_pass", "conv_transpose_pair_fuse_pass"});
    const std::string report_path = TempPath("report.json");
    if (devices) {
      c.set_nnadapter_device_names(*devices);
      c.set_nnadapter_context_properties(o_.context_properties);
      std::map<std::string, std::vector<std::vector<int64_t>>> shapes;
      for (const auto& [name, shape] : o_.inputs) shapes[name] = {shape};
      c.set_nnadapter_dynamic_shape_info(shapes);
      std::string lines;
      for (const auto& l : forced) lines += l + "\n";
      // A non-empty buffer so that the environment's config is not read.
      c.set_nnadapter_subgraph_partition_config_buffer(lines.empty() ? "\n" : lines);
      if (report) c.set_nnadapter_partition_report_path(report_path);
    }
    auto p = lite_api::CreatePaddlePredictor(c);
    if (devices && report) {
      *report = Report::FromJsonFile(report_path);
      std::remove(report_path.c_str());
    }
    if (!run) return {};
    const auto names = p->GetInputNames();
    for (size_t i = 0; i < names.size(); ++i) {
      auto it = std::find_if(o_.inputs.begin(), o_.inputs.end(),
                             [&](const auto& kv) { return kv.first == names[i]; });
      LITE_ENFORCE(it != o_.inputs.end(), "nnadapter_check: no shape given for model input '",
                   names[i], "'");
      auto t = p->GetInput(static_cast<int>(i));
      t->Resize(it->second);
      t->CopyFromCpu(inputs_.at(names[i]).data());
    }
    p->Run();
    Values v;
    for (size_t i = 0; i < p->GetOutputNames().size(); ++i) {
      v["output:" + std::to_string(i)] = Read(*p->GetOutput(static_cast<int>(i)));
    }
    for (const auto& name : watched_) {
      auto t = p->GetTensor(name);
      if (t && t->precision() == lite_api::PrecisionType::kFloat) v[name] = Read(*t);
    }
    return v;
  }

  static std::vector<float> Read(const lite_api::Tensor& t) {
    if (t.precision() != lite_api::PrecisionType::kFloat) return {};
    int64_t n = 1;
    for (int64_t d : t.shape()) n *= d;
    std::vector<float> v(static_cast<size_t>(std::max<int64_t>(n, 0)));
    if (n > 0) t.CopyToCpu(v.data());
    return v;
  }

  Diff OutputDiff(const Values& dev) const {
    Diff all;
    for (const auto& [name, cpu] : cpu_) {
      if (name.rfind("output:", 0) != 0) continue;
      auto it = dev.find(name);
      Diff d = it == dev.end() ? Diff{INFINITY, INFINITY, false, 0}
                               : Compare(cpu, it->second, o_.atol, o_.rtol);
      all.max_abs = std::max(all.max_abs, d.max_abs);
      all.max_rel = std::max(all.max_rel, d.max_rel);
      all.within = all.within && d.within;
    }
    return all;
  }

  // Max abs difference over the variables of `names` found in both runs;
  // `within` becomes false when one is beyond the tolerance.
  double VarDiff(const Values& dev, const std::vector<std::string>& names, int* compared,
                 bool* within) const {
    double m = 0;
    for (const auto& n : names) {
      auto a = cpu_.find(n), b = dev.find(n);
      if (a == cpu_.end() || b == dev.end() || a->second.empty()) continue;
      Diff d = Compare(a->second, b->second, o_.atol, o_.rtol);
      m = std::max(m, d.max_abs);
      // Intermediates are compared at the scale of the tensor: a device's
      // summation order moves values near zero by more than rtol * |cpu|.
      if (within) *within = *within && d.max_abs <= o_.atol + o_.tensor_rtol * d.max_ref;
      if (compared) ++*compared;
    }
    return m;
  }

  // Each subgraph's inputs and outputs against the CPU values.
  void CompareSubgraphs(const Report& report, const Values& dev) {
    for (size_t i = 0; i < report.subgraphs.size(); ++i) {
      const auto& s = report.subgraphs[i];
      SubgraphCheck sc;
      sc.index = static_cast<int>(i);
      sc.ops = s.ops.size();
      bool inputs_match = true, outputs_match = true;
      sc.inputs_max_abs = VarDiff(dev, s.inputs, nullptr, &inputs_match);
      sc.outputs_max_abs = VarDiff(dev, s.outputs, &sc.compared_outputs, &outputs_match);
      sc.differs = !outputs_match;
      const bool bad = !outputs_match && inputs_match;
      if (bad && r_->first_bad_subgraph < 0) r_->first_bad_subgraph = sc.index;
      if (sc.differs) {
        out_ << "  subgraph " << i << " (" << s.ops.size() << " ops): inputs max abs "
             << sc.inputs_max_abs << ", outputs max abs " << sc.outputs_max_abs
             << (bad ? "  <- differs from the CPU with matching inputs" : "") << "\n";
      }
      r_->subgraphs.push_back(sc);
    }
    out_ << "subgraphs: " << report.subgraphs.size() << " compared, "
         << std::count_if(r_->subgraphs.begin(), r_->subgraphs.end(),
                          [&](const SubgraphCheck& s) { return s.differs; })
         << " differ";
    if (r_->first_bad_subgraph >= 0) out_ << "; first culprit subgraph " << r_->first_bad_subgraph;
    out_ << "\n";
  }

  // A run with the first k of `candidates` offloaded (the rest and the
  // culprits forced to the CPU); true when the model outputs or the outputs
  // of one of its subgraphs differ from the CPU.
  bool Differs(const std::vector<std::string>& candidates, size_t k, Values* dev) {
    std::vector<std::string> forced(culprit_lines_);
    forced.insert(forced.end(), candidates.begin() + static_cast<std::ptrdiff_t>(k),
                  candidates.end());
    Report report;
    *dev = Predict(&o_.devices, &report, forced, true);
    bool within = OutputDiff(*dev).within;
    for (const auto& s : report.subgraphs) VarDiff(*dev, s.outputs, nullptr, &within);
    return !within;
  }

  void Bisect() {
    out_ << "bisecting over " << offloaded_.size() << " offloaded ops...\n";
    for (;;) {
      std::vector<std::string> candidates;
      for (const auto& l : offloaded_) {
        if (std::find(culprit_lines_.begin(), culprit_lines_.end(), l) == culprit_lines_.end())
          candidates.push_back(l);
      }
      Values dev;
      if (!Differs(candidates, candidates.size(), &dev)) {
        r_->fixed = true;
        r_->fixed_max_abs = OutputDiff(dev).max_abs;
        break;
      }
      // Still different with every offloaded op on the CPU (or too many
      // culprits): offload is not what differs.
      if (candidates.empty() || static_cast<int>(r_->culprits.size()) >= o_.max_culprits) break;
      size_t good = 0, bad = candidates.size();  // offloading none matches the CPU
      while (bad - good > 1) {
        const size_t mid = (good + bad) / 2;
        Values v;
        (Differs(candidates, mid, &v) ? bad : good) = mid;
      }
      // Measure the culprit's own outputs with it the last one offloaded.
      const std::string& line = candidates[bad - 1];
      Values v;
      Differs(candidates, bad, &v);
      Culprit c{line, 0, 0};
      for (const auto& n : OutputsOf(line)) {
        auto a = cpu_.find(n), b = v.find(n);
        if (a == cpu_.end() || b == v.end()) continue;
        Diff d = Compare(a->second, b->second, o_.atol, o_.rtol);
        c.max_abs = std::max(c.max_abs, d.max_abs);
        c.max_rel = std::max(c.max_rel, d.max_rel);
      }
      out_ << "  culprit: " << line << "  (its output: max abs " << c.max_abs << ", max rel "
           << c.max_rel << ")\n";
      r_->culprits.push_back(c);
      culprit_lines_.push_back(line);
    }
    out_ << (r_->fixed ? "with these ops on the CPU the outputs match (max abs " +
                             std::to_string(r_->fixed_max_abs) + ")\n"
                       : std::string("stopped after ") + std::to_string(r_->culprits.size()) +
                             " culprits; the outputs still differ\n");
    out_ << "# partition config (paste into the file given to "
            "set_nnadapter_subgraph_partition_config_path):\n";
    for (const auto& l : culprit_lines_) out_ << l << "\n";
    if (!o_.config_out.empty()) {
      std::string text = "# written by nnadapter_check: ops whose offload to " + DeviceList() +
                         " changes the outputs\n";
      for (const auto& l : culprit_lines_) text += l + "\n";
      std::string error;
      LITE_ENFORCE(file_access::WriteFileAtomically(o_.config_out, text.data(), text.size(),
                                                    "partition config", &error),
                   "--partition_config_out: ", error);
      out_ << "wrote " << o_.config_out << "\n";
    }
  }

  const CheckOptions& o_;
  std::ostream& out_;
  CheckResult* r_;
  std::map<std::string, std::vector<float>> inputs_;
  Values cpu_;
  std::set<std::string> watched_;
  std::vector<std::string> offloaded_, culprit_lines_;
};
}  // namespace

std::vector<std::pair<std::string, std::vector<int64_t>>> ParseInputShapes(
    const std::string& text) {
  std::vector<std::pair<std::string, std::vector<int64_t>>> r;
  std::stringstream ss(text);
  for (std::string entry; std::getline(ss, entry, ';');) {
    if (entry.empty()) continue;
    const size_t colon = entry.find(':');
    LITE_ENFORCE(colon != std::string::npos && colon > 0, "--input_shape entry '", entry,
                 "': expected name:d0,d1,...");
    std::vector<int64_t> dims;
    std::stringstream ds(entry.substr(colon + 1));
    for (std::string d; std::getline(ds, d, ',');) {
      char* end = nullptr;
      const long long v = std::strtoll(d.c_str(), &end, 10);
      LITE_ENFORCE(!d.empty() && *end == '\0' && v > 0, "--input_shape entry '", entry,
                   "': dimension '", d, "' is not a positive integer");
      dims.push_back(v);
    }
    LITE_ENFORCE(!dims.empty(), "--input_shape entry '", entry, "' has no dimensions");
    InputElements(entry.substr(0, colon), dims);  // the cap, named with the flag
    r.emplace_back(entry.substr(0, colon), dims);
  }
  return r;
}

int RunCheck(const CheckOptions& options, std::ostream& out, CheckResult* result) {
  CheckResult local;
  CheckResult* r = result ? result : &local;
  *r = CheckResult{};
  return Checker(options, out, r).Run();
}

}  // namespace nnadapter_check
}  // namespace lite
}  // namespace paddle
