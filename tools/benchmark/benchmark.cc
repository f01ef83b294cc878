// Latency benchmark with Paddle Lite's benchmark flags: loads a Paddle model,
// feeds inputs of --input_shape (from --input_data_path raw float32 files or
// a deterministic pattern), runs --warmup + --repeats times and prints
// min/median/mean/max latency, peak RSS, the conv work's GFLOP/s and, with
// --enable_profile, the time per op type. Prints one JSON line at the end
// (for scripts) after the human-readable report.
#include <gflags/gflags.h>
#include <sys/resource.h>
#include <time.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <numeric>
#include <sstream>
#include <string>
#include <vector>

#include "lite/api/cxx_predictor.h"
#include "lite/nnadapter/partition_picture.h"

DEFINE_string(model_dir, "", "model folder (auto-detects the layout)");
DEFINE_string(model_file, "", "program file (e.g. inference.pdmodel)");
DEFINE_string(param_file, "", "combined params file (e.g. inference.pdiparams)");
DEFINE_string(optimized_model_file, "",
              "an optimized .nb (ours from opt, or Paddle Lite's), run by MobileConfig as "
              "Paddle Lite's benchmark_bin does (instead of --model_dir/--model_file)");
DEFINE_string(input_shape, "1,3,224,224",
              "input shapes, one per input in feed order, separated by ':' (e.g. 1,3,640,640)");
DEFINE_string(input_data_path, "",
              "raw little-endian float32 files, one per input, separated by ':' (default: "
              "x[i] = ((i*7919) %% 2000)/1000 - 1, as ort_bench.js)");
DEFINE_string(input_lod, "",
              "sequence offsets of input 0 (e.g. 0,12,22: two sentences); int64 inputs get ids "
              "in [0, 1000) unless read from --input_data_path");
DEFINE_int32(threads, 1, "CPU threads");
DEFINE_int32(warmup, 3, "untimed runs first");
DEFINE_int32(repeats, 20, "timed runs");
DEFINE_bool(enable_profile, false, "print the time per op type");
DEFINE_int32(profile_top, 0,
             "with --enable_profile, also print the N slowest instructions with their shapes");
DEFINE_string(result_path, "", "append the JSON result line to this file");
DEFINE_string(nnadapter_device_names, "",
              "comma-separated NNAdapter devices (e.g. google_xnnpack,builtin_device)");
DEFINE_string(nnadapter_context_properties, "",
              "NNAdapter context properties (e.g. GOOGLE_XNNPACK_NUM_THREADS=2)");
DEFINE_string(nnadapter_model_cache_dir, "", "NNAdapter .nnc cache directory");
DEFINE_string(nnadapter_partition_report_path, "",
              "write the NNAdapter partition report (JSON) here (docs/offload-debugging.md)");
DEFINE_string(visualization_file_output_path, "",
              "folder for the partition picture (partition.json/.dot/.svg/.png; needs Graphviz)");
DEFINE_bool(int8, false,
            "valid places {X86 int8, X86 float}: int8 kernels (and int8 NNAdapter operands) "
            "for quantized models");
DEFINE_string(output_data_path, "", "write output 0 (float32) to this file after the runs");
DEFINE_string(disable_passes, "", "comma-separated optimizer passes to skip (e.g. memory_optimize_pass)");

namespace {

std::vector<std::string> Split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::stringstream ss(s);
  std::string item;
  while (std::getline(ss, item, sep)) parts.push_back(item);
  return parts;
}

std::vector<int64_t> ParseShape(const std::string& s) {
  std::vector<int64_t> shape;
  for (auto& d : Split(s, ',')) {
    char* end = nullptr;
    long long v = std::strtoll(d.c_str(), &end, 10);
    if (d.empty() || *end || v <= 0) {
      throw paddle::lite_api::Error("--input_shape: '" + s +
                                    "' is not a list of positive integers");
    }
    shape.push_back(v);
  }
  return shape;
}

// FLOPs (multiply + add = 2) of the conv work in the last profiled run.
double ProcessCpuMs() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

// The dims an instruction last saw for the first variable of a slot.
template <typename Inst>
std::vector<int64_t> LastDims(const Inst& inst, const std::string& slot, bool out) {
  const auto& d = inst.op->desc();
  if (out ? !d.HasOutput(slot) : !d.HasInput(slot)) return {};
  const auto& names = out ? d.Output(slot) : d.Input(slot);
  if (names.empty()) return {};
  auto it = inst.last_dims.find(names[0]);
  return it == inst.last_dims.end() ? std::vector<int64_t>{} : it->second;
}

// Direct-conv FLOPs of one run of a conv instruction (0 for other ops),
// with a 1x1 conv folded in front of a depthwise one (PointwiseFilter).
template <typename Inst>
double InstConvFlops(const Inst& inst) {
  auto numel = [](const std::vector<int64_t>& v) {
    return std::accumulate(v.begin(), v.end(), 1.0, std::multiplies<double>());
  };
  const std::string& t = inst.op->desc().Type();
  const auto f = LastDims(inst, "Filter", false);
  if (f.size() != 4) return 0;
  if (t == "conv2d_transpose") return 2.0 * numel(LastDims(inst, "Input", false)) * f[1] * f[2] * f[3];
  if (t != "conv2d" && t != "depthwise_conv2d") return 0;
  double flops = 2.0 * numel(LastDims(inst, "Output", true)) * f[1] * f[2] * f[3];
  const auto pw = LastDims(inst, "PointwiseFilter", false);
  if (pw.size() == 4) flops += 2.0 * numel(LastDims(inst, "Input", false)) * pw[0];
  return flops;
}

double ConvFlops(paddle::lite::ProgramPredictor* p) {
  double flops = 0;
  for (const auto& inst : p->runtime_program().instructions()) flops += InstConvFlops(inst);
  return flops;
}

std::string DimsStr(const std::vector<int64_t>& d) {
  std::string s;
  for (size_t i = 0; i < d.size(); ++i) s += (i ? "x" : "") + std::to_string(d[i]);
  return s;
}

// The `top` slowest instructions: index, type, input/filter/output dims,
// conv attributes and, for convs, GFLOP/s.
void PrintTopInstructions(paddle::lite::ProgramPredictor* p, int runs, int top) {
  const auto& insts = p->runtime_program().instructions();
  std::vector<size_t> order(insts.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(),
            [&](size_t a, size_t b) { return insts[a].total_ms > insts[b].total_ms; });
  std::printf("%5s %-20s %10s  %s\n", "#", "op", "ms/run", "shapes (in / filter -> out), attrs");
  for (size_t k = 0; k < order.size() && static_cast<int>(k) < top; ++k) {
    const auto& inst = insts[order[k]];
    const auto& d = inst.op->desc();
    auto dims = [&](const std::vector<std::string>& names) {
      if (names.empty()) return std::vector<int64_t>{};
      auto it = inst.last_dims.find(names[0]);
      return it == inst.last_dims.end() ? std::vector<int64_t>{} : it->second;
    };
    std::string info;
    std::vector<int64_t> out;
    for (const auto& slot : d.OutputArgumentNames()) {
      out = dims({slot});
      break;
    }
    for (const auto& slot : {"X", "Input"}) {
      if (d.HasInput(slot)) info += DimsStr(dims(d.Input(slot)));
    }
    double ms = inst.total_ms / std::max(1, runs);
    std::string extra;
    if (d.HasInput("Filter")) {
      auto f = dims(d.Input("Filter"));
      info += " / " + DimsStr(f);
      if (d.HasAttr("groups")) extra += " g=" + std::to_string(d.GetAttr<int>("groups"));
      if (d.HasAttr("strides")) extra += " s=" + std::to_string(d.GetAttr<std::vector<int>>("strides")[0]);
      if (d.HasAttr("act_type")) extra += " act=" + d.GetAttr<std::string>("act_type");
      if (d.HasInput("PointwiseFilter")) {
        extra += " after 1x1 " + DimsStr(dims(d.Input("PointwiseFilter")));
      }
      // conv_blocked_chain_pass: which side holds oneDNN's blocked layout
      const bool blocked_in = d.HasAttr("input_blocked") && d.GetAttr<bool>("input_blocked");
      const bool blocked_out = d.HasAttr("output_blocked") && d.GetAttr<bool>("output_blocked");
      if (blocked_in || blocked_out) {
        extra += std::string(" blocked ") + (blocked_in ? "in" : "") +
                 (blocked_in && blocked_out ? "/" : "") + (blocked_out ? "out" : "");
      }
      if (f.size() == 4 && out.size() == 4 && d.Type() != "conv2d_transpose") {
        const double flop = InstConvFlops(inst);
        char buf[64];
        std::snprintf(buf, sizeof(buf), " %.1f GFLOP/s", ms > 0 ? flop / (ms * 1e6) : 0.0);
        extra += buf;
      }
    }
    info += " -> " + DimsStr(out);
    std::printf("%5zu %-20s %10.3f  %s%s\n", order[k], d.Type().c_str(), ms, info.c_str(),
                extra.c_str());
  }
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "benchmark --model_file=m.pdmodel --param_file=m.pdiparams --input_shape=1,3,640,640 "
      "--threads=1 --warmup=3 --repeats=20 [--enable_profile]");
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  using Clock = std::chrono::steady_clock;
  try {
    const bool mobile = !FLAGS_optimized_model_file.empty();
    if (mobile && (!FLAGS_model_dir.empty() || !FLAGS_model_file.empty() ||
                   !FLAGS_param_file.empty() || !FLAGS_disable_passes.empty() || FLAGS_int8 ||
                   !FLAGS_nnadapter_device_names.empty())) {
      throw paddle::lite_api::Error(
          "--optimized_model_file runs a .nb as opt wrote it: --model_dir, --model_file, "
          "--param_file, --disable_passes, --int8 and --nnadapter_device_names apply when "
          "optimizing (give them to opt instead)");
    }
    std::shared_ptr<paddle::lite_api::PaddlePredictor> base;
    double load_ms = 0;
    if (mobile) {
      paddle::lite_api::MobileConfig config;
      config.set_model_from_file(FLAGS_optimized_model_file);
      config.set_threads(FLAGS_threads);
      auto t0 = Clock::now();
      base = paddle::lite_api::CreatePaddlePredictor(config);
      load_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    } else {
      paddle::lite_api::CxxConfig config;
      if (!FLAGS_model_dir.empty()) config.set_model_dir(FLAGS_model_dir);
      if (!FLAGS_model_file.empty()) config.set_model_file(FLAGS_model_file);
      if (!FLAGS_param_file.empty()) config.set_param_file(FLAGS_param_file);
      config.set_threads(FLAGS_threads);
      if (FLAGS_int8) {
        config.set_valid_places({paddle::lite_api::Place{TARGET(kX86), PRECISION(kInt8)},
                                 paddle::lite_api::Place{TARGET(kX86), PRECISION(kFloat)}});
      }
      if (!FLAGS_disable_passes.empty()) config.set_disabled_passes(Split(FLAGS_disable_passes, ','));
      if (!FLAGS_nnadapter_device_names.empty()) {
        config.set_nnadapter_device_names(Split(FLAGS_nnadapter_device_names, ','));
        config.set_nnadapter_context_properties(FLAGS_nnadapter_context_properties);
        if (!FLAGS_nnadapter_model_cache_dir.empty()) {
          config.set_nnadapter_model_cache_dir(FLAGS_nnadapter_model_cache_dir);
        }
        if (!FLAGS_visualization_file_output_path.empty()) {
          std::filesystem::create_directories(FLAGS_visualization_file_output_path);
          config.set_nnadapter_partition_report_path(FLAGS_visualization_file_output_path +
                                                     "/partition.json");
        } else if (!FLAGS_nnadapter_partition_report_path.empty()) {
          config.set_nnadapter_partition_report_path(FLAGS_nnadapter_partition_report_path);
        }
      }
      auto t0 = Clock::now();
      base = paddle::lite_api::CreatePaddlePredictor(config);
      load_ms = std::chrono::duration<double, std::milli>(Clock::now() - t0).count();
    }
    auto* predictor = dynamic_cast<paddle::lite::ProgramPredictor*>(base.get());
    if (!FLAGS_visualization_file_output_path.empty() && !FLAGS_nnadapter_device_names.empty()) {
      const std::string stem = FLAGS_visualization_file_output_path + "/partition";
      auto report = paddle::lite::nnadapter_bridge::PartitionReport::FromJsonFile(stem + ".json");
      std::printf("partition: %s\n", report.Summary().c_str());
      for (const auto& f : paddle::lite::nnadapter_bridge::WritePartitionPicture(report, stem)) {
        std::printf("written: %s\n", f.c_str());
      }
    }

    auto shapes = Split(FLAGS_input_shape, ':');
    auto files = FLAGS_input_data_path.empty() ? std::vector<std::string>{}
                                               : Split(FLAGS_input_data_path, ':');
    auto names = predictor->GetInputNames();
    if (shapes.size() != names.size()) {
      throw paddle::lite_api::Error("--input_shape gives " + std::to_string(shapes.size()) +
                                    " shapes but the model has " +
                                    std::to_string(names.size()) + " inputs");
    }
    for (size_t i = 0; i < names.size(); ++i) {
      auto shape = ParseShape(shapes[i]);
      auto in = predictor->GetInput(static_cast<int>(i));
      in->Resize(shape);
      size_t n = std::accumulate(shape.begin(), shape.end(), size_t{1}, std::multiplies<size_t>());
      if (i == 0 && !FLAGS_input_lod.empty()) {
        std::vector<uint64_t> offsets;
        for (const auto& v : Split(FLAGS_input_lod, ',')) offsets.push_back(std::stoull(v));
        in->SetLoD({offsets});
      }
      if (in->precision() == paddle::lite_api::PrecisionType::kInt64) {
        int64_t* ids = in->mutable_data<int64_t>();
        if (i < files.size() && !files[i].empty()) {
          std::ifstream f(files[i], std::ios::binary);
          f.read(reinterpret_cast<char*>(ids), n * sizeof(int64_t));
          if (!f || static_cast<size_t>(f.gcount()) != n * sizeof(int64_t)) {
            throw paddle::lite_api::Error("--input_data_path: '" + files[i] +
                                          "' does not hold " + std::to_string(n) +
                                          " int64 values");
          }
        } else {
          for (size_t k = 0; k < n; ++k) ids[k] = static_cast<int64_t>((k * 7919) % 1000);
        }
        continue;
      }
      float* data = in->mutable_data<float>();
      if (i < files.size() && !files[i].empty()) {
        std::ifstream f(files[i], std::ios::binary);
        f.read(reinterpret_cast<char*>(data), n * sizeof(float));
        if (!f || static_cast<size_t>(f.gcount()) != n * sizeof(float)) {
          throw paddle::lite_api::Error("--input_data_path: '" + files[i] + "' does not hold " +
                                        std::to_string(n) + " float32 values");
        }
      } else {
        for (size_t k = 0; k < n; ++k) data[k] = ((k * 7919) % 2000) / 1000.f - 1.f;
      }
    }
    // One profiled warm-up run records the dims the FLOP count needs.
    predictor->runtime_program().set_profile(true);
    auto first = Clock::now();
    predictor->Run();
    double first_ms = std::chrono::duration<double, std::milli>(Clock::now() - first).count();
    double gflop = ConvFlops(predictor) / 1e9;
    predictor->runtime_program().set_profile(false);
    for (int i = 1; i < FLAGS_warmup; ++i) predictor->Run();
    predictor->runtime_program().ResetProfile();
    predictor->runtime_program().set_profile(FLAGS_enable_profile);
    const std::vector<int64_t> runs_before = predictor->thread_governor().runs_by_threads();
    std::vector<double> ms;
    // Process CPU time over the timed runs: on a machine shared with other
    // jobs it moves far less than wall time (no waiting for a core).
    const double cpu0 = ProcessCpuMs();
    for (int i = 0; i < FLAGS_repeats; ++i) {
      auto a = Clock::now();
      predictor->Run();
      ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - a).count());
    }
    const double cpu_ms = FLAGS_repeats > 0 ? (ProcessCpuMs() - cpu0) / FLAGS_repeats : 0.0;
    std::vector<double> sorted = ms;
    std::sort(sorted.begin(), sorted.end());
    double median = sorted.empty() ? 0 : sorted[sorted.size() / 2];
    double mean = sorted.empty() ? 0 : std::accumulate(ms.begin(), ms.end(), 0.0) / ms.size();
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    double peak_mb = ru.ru_maxrss / 1024.0;
    std::printf("model: %s%s\nthreads: %d  warmup: %d  repeats: %d  load: %.1f ms\n",
                FLAGS_model_dir.c_str(), FLAGS_model_file.c_str(), FLAGS_threads, FLAGS_warmup,
                FLAGS_repeats, load_ms);
    if (!sorted.empty()) {
      std::printf("latency ms: min %.3f  median %.3f  mean %.3f  max %.3f\n", sorted.front(),
                  median, mean, sorted.back());
    }
    std::printf("process CPU ms per timed run: %.3f\n", cpu_ms);
    // The thread count each timed run used (lite/core/thread_governor.h).
    std::string used_threads;
    const auto& runs_after = predictor->thread_governor().runs_by_threads();
    for (size_t t = 0; t < runs_after.size(); ++t) {
      const int64_t n = runs_after[t] - runs_before[t];
      if (n == 0) continue;
      used_threads += std::string(used_threads.empty() ? "" : ",") + std::to_string(t + 1) +
                      "x" + std::to_string(n);
    }
    std::printf("timed runs by thread count used: %s\n", used_threads.c_str());
    double act_mb = predictor->ActivationBytes() / (1024.0 * 1024.0);
    std::printf("first run (incl. NNAdapter compilation): %.1f ms\n", first_ms);
    if (!FLAGS_output_data_path.empty()) {
      auto out = predictor->GetOutput(0);
      int64_t n = 1;
      for (auto d : out->shape()) n *= d;
      std::ofstream(FLAGS_output_data_path, std::ios::binary)
          .write(reinterpret_cast<const char*>(out->data<float>()),
                 static_cast<std::streamsize>(n * sizeof(float)));
    }
    std::printf("peak RSS: %.1f MB  activation memory: %.1f MB\n", peak_mb, act_mb);
    std::printf("conv work: %.3f GFLOP/run -> %.1f GFLOP/s at the median\n", gflop,
                median > 0 ? gflop / (median / 1e3) : 0.0);
    if (FLAGS_enable_profile) {
      std::printf("%s", predictor->runtime_program().ProfileReport(FLAGS_repeats).c_str());
      if (FLAGS_profile_top > 0) PrintTopInstructions(predictor, FLAGS_repeats, FLAGS_profile_top);
    }
    char json[640];
    std::snprintf(json, sizeof(json),
                  "{\"engine\":\"paddle-lite-nna\",\"threads\":%d,\"median_ms\":%.3f,"
                  "\"min_ms\":%.3f,\"max_ms\":%.3f,\"mean_ms\":%.3f,\"peak_rss_mb\":%.1f,"
                  "\"activation_mb\":%.1f,\"conv_gflop\":%.4f,\"load_ms\":%.1f,"
                  "\"first_run_ms\":%.1f,\"used_threads\":\"%s\",\"cpu_ms\":%.3f}",
                  FLAGS_threads, median, sorted.empty() ? 0 : sorted.front(),
                  sorted.empty() ? 0 : sorted.back(), mean, peak_mb, act_mb, gflop, load_ms,
                  first_ms, used_threads.c_str(), cpu_ms);
    std::printf("%s\n", json);
    if (!FLAGS_result_path.empty()) std::ofstream(FLAGS_result_path, std::ios::app) << json << "\n";
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
