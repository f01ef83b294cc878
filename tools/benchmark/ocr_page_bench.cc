// The OCR page benchmark: det -> cls -> rec on one page image with the
// batched pipeline of tools/common/ocr_pipeline.h, --warmup pages then
// --repeats timed pages. Prints one JSON line: the median / min / max over
// the timed pages of the three stages' predictor time (input copy + Run +
// output copy; "median_ms" is their sum per page), the page's wall time
// including pre- and post-processing, the batch shapes and the text read.
// With --dump_dir it writes every predictor input of one page (raw float32,
// run_<i>.bin) and manifest.json (stage, shape, file per run), which
// tools/benchmark/ort_page_bench.js replays on ONNX Runtime: the same
// models at the same batch shapes with the same inputs.
#include <gflags/gflags.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "tools/common/ocr_pipeline.h"

DEFINE_string(det_model_file, "", "detector model (.pdmodel or .onnx)");
DEFINE_string(det_param_file, "", "detector params (.pdiparams; empty for .onnx)");
DEFINE_string(cls_model_file, "", "direction classifier model (.onnx or .pdmodel)");
DEFINE_string(cls_param_file, "", "classifier params (empty for .onnx)");
DEFINE_string(rec_model_file, "", "recognizer model (.onnx or .pdmodel)");
DEFINE_string(rec_param_file, "", "recognizer params (empty for .onnx)");
DEFINE_string(dict, "", "the recognizer's dictionary (ppocr_keys_v1.txt)");
DEFINE_string(image, "", "the page image");
DEFINE_int32(threads, 1, "CPU threads");
DEFINE_int32(batch, 6, "text lines per classifier / recognizer run (1: one by one)");
DEFINE_int32(warmup, 2, "untimed pages first");
DEFINE_int32(repeats, 20, "timed pages");
DEFINE_string(dump_dir, "", "write one page's predictor inputs and manifest.json here");

using namespace paddle;  // NOLINT

namespace {

std::shared_ptr<lite_api::PaddlePredictor> Load(const std::string& model,
                                                const std::string& params) {
  lite_api::CxxConfig config;
  config.set_model_file(model);
  if (!params.empty()) config.set_param_file(params);
  config.set_threads(FLAGS_threads);
  return lite_api::CreatePaddlePredictor(config);
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + "\"";
}

std::string ShapeJson(const std::vector<int64_t>& shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i) s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

void Dump(const vision::OcrTrace& trace, const std::string& dir) {
  std::ofstream manifest(dir + "/manifest.json");
  manifest << "{\"runs\": [";
  for (size_t i = 0; i < trace.runs.size(); ++i) {
    const auto& r = trace.runs[i];
    const std::string file = "run_" + std::to_string(i) + ".bin";
    std::ofstream bin(dir + "/" + file, std::ios::binary);
    bin.write(reinterpret_cast<const char*>(r.input.data()),
              static_cast<std::streamsize>(r.input.size() * sizeof(float)));
    if (!bin) throw std::runtime_error("cannot write " + dir + "/" + file);
    manifest << (i ? ", " : "") << "{\"stage\": " << JsonString(r.stage)
             << ", \"shape\": " << ShapeJson(r.shape) << ", \"file\": " << JsonString(file) << "}";
  }
  manifest << "]}\n";
  if (!manifest) throw std::runtime_error("cannot write " + dir + "/manifest.json");
}

struct Stats {
  double median, min, max;
};
Stats Summarize(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return {v[v.size() / 2], v.front(), v.back()};
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage(
      "ocr_page_bench --det_model_file=... --det_param_file=... --cls_model_file=... "
      "--rec_model_file=... --dict=ppocr_keys_v1.txt --image=page.jpg [--batch=6]");
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  try {
    for (const auto* f : {&FLAGS_det_model_file, &FLAGS_cls_model_file, &FLAGS_rec_model_file,
                          &FLAGS_dict, &FLAGS_image}) {
      if (f->empty()) throw std::runtime_error("--det_model_file, --cls_model_file, "
                                               "--rec_model_file, --dict and --image are needed");
    }
    if (FLAGS_repeats < 1) throw std::runtime_error("--repeats must be >= 1");
    auto det = Load(FLAGS_det_model_file, FLAGS_det_param_file);
    auto cls = Load(FLAGS_cls_model_file, FLAGS_cls_param_file);
    auto rec = Load(FLAGS_rec_model_file, FLAGS_rec_param_file);
    const auto classes = vision::LoadCtcClasses(FLAGS_dict);
    const vision::Image page = vision::LoadImageRGB(FLAGS_image);
    vision::OcrOptions options;
    options.batch_size = FLAGS_batch;
    std::map<std::string, std::vector<double>> ms;
    vision::OcrTrace trace;
    std::vector<vision::OcrLine> lines;
    for (int i = 0; i < FLAGS_warmup + FLAGS_repeats; ++i) {
      trace = vision::OcrTrace();
      trace.keep_inputs = i == 0 && !FLAGS_dump_dir.empty();
      const auto t0 = std::chrono::steady_clock::now();
      lines = vision::ReadPage(det.get(), cls.get(), rec.get(), page, classes, options, &trace);
      const double wall =
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
      if (trace.keep_inputs) Dump(trace, FLAGS_dump_dir);
      if (i < FLAGS_warmup) continue;
      for (const char* stage : {"det", "cls", "rec"}) ms[stage].push_back(trace.Ms(stage));
      ms["models"].push_back(trace.Ms());
      ms["page"].push_back(wall);
    }
    const Stats models = Summarize(ms["models"]);
    std::printf("{\"engine\": \"paddle-lite\", \"batch\": %d, \"threads\": %d, \"lines\": %zu, "
                "\"median_ms\": %.3f, \"min_ms\": %.3f, \"max_ms\": %.3f",
                FLAGS_batch, FLAGS_threads, lines.size(), models.median, models.min, models.max);
    for (const char* stage : {"det", "cls", "rec", "page"}) {
      std::printf(", \"%s_ms\": %.3f", stage, Summarize(ms[stage]).median);
    }
    std::printf(", \"shapes\": [");
    for (size_t i = 0; i < trace.runs.size(); ++i) {
      std::printf("%s{\"stage\": \"%s\", \"shape\": %s}", i ? ", " : "",
                  trace.runs[i].stage.c_str(), ShapeJson(trace.runs[i].shape).c_str());
    }
    std::printf("], \"texts\": [");
    for (size_t i = 0; i < lines.size(); ++i) {
      std::printf("%s%s", i ? ", " : "", JsonString(lines[i].text.text).c_str());
    }
    std::printf("]}\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "ocr_page_bench: %s\n", e.what());
    return 1;
  }
  return 0;
}
