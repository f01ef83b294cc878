// The main job on the bundled sample data:
//  1. ShuffleNetV2 classifies egypt_cat.jpg and prints the top-5 with labels.
//  2. The PP-OCRv3 detector finds the text lines of ppocr_doc_11.jpg, prints
//     their boxes and writes an annotated PNG.
//  3. Baidu LAC segments Chinese sentences into words (the sentences are
//     given as one batch: one int64 tensor whose LoD says where each starts).
//  4. MTCNN finds the faces of a group photo and writes an annotated PNG.
// Uses only the public API (paddle_api.h).
#include <gflags/gflags.h>

#include <chrono>
#include <cstdio>
#include <iostream>

#include "lite/api/paddle_api.h"
#include "tools/common/lac.h"
#include "tools/common/mtcnn.h"
#include "tools/common/vision.h"

DEFINE_string(samples_dir, "samples", "folder with the bundled sample models and images");
DEFINE_string(out_dir, "out", "folder for the annotated PNG");
DEFINE_int32(threads, 1, "CPU threads");
DEFINE_string(sentences, "LAC是个优秀的分词工具;百度是一家高科技公司",
              "';'-separated Chinese sentences for the word segmentation task");

using namespace paddle;  // NOLINT

namespace {

double Ms(std::chrono::steady_clock::time_point a, std::chrono::steady_clock::time_point b) {
  return std::chrono::duration<double, std::milli>(b - a).count();
}

void Classify(const std::string& dir) {
  lite_api::CxxConfig config;
  config.set_model_dir(dir);
  config.set_threads(FLAGS_threads);
  auto predictor = lite_api::CreatePaddlePredictor(config);

  vision::Image img = vision::LoadImageRGB(dir + "/egypt_cat.jpg");
  vision::Image resized = vision::ResizeBilinearAntialias(img, 224, 224);
  const float mean[3] = {0.485f, 0.456f, 0.406f};
  const float stddev[3] = {0.229f, 0.224f, 0.225f};
  std::vector<float> chw = vision::NormalizeToCHW(resized, mean, stddev, /*bgr=*/false);

  auto input = predictor->GetInput(0);
  input->Resize({1, 3, 224, 224});
  input->CopyFromCpu(chw.data());
  auto t0 = std::chrono::steady_clock::now();
  predictor->Run();
  auto t1 = std::chrono::steady_clock::now();
  auto output = predictor->GetOutput(0);
  const float* probs = output->data<float>();
  int n = static_cast<int>(output->shape().back());
  auto labels = vision::ReadLines(dir + "/synset_words.txt");
  std::printf("== ShuffleNetV2 on egypt_cat.jpg (%dx%d), %.1f ms\n", img.width, img.height, Ms(t0, t1));
  for (auto& [cls, p] : vision::TopK(probs, n, 5)) {
    std::printf("  class %4d  p=%.4f  %s\n", cls, p,
                cls < static_cast<int>(labels.size()) ? labels[cls].c_str() : "?");
  }
}

void DetectText(const std::string& dir, const std::string& out_dir) {
  lite_api::CxxConfig config;
  config.set_model_file(dir + "/inference.pdmodel");
  config.set_param_file(dir + "/inference.pdiparams");
  config.set_threads(FLAGS_threads);
  auto predictor = lite_api::CreatePaddlePredictor(config);

  vision::Image img = vision::LoadImageRGB(dir + "/ppocr_doc_11.jpg");
  const int side = 640;  // both sides multiples of 32, as the reference input
  vision::Image resized = vision::ResizeBilinear(img, side, side);
  const float mean[3] = {0.485f, 0.456f, 0.406f};
  const float stddev[3] = {0.229f, 0.224f, 0.225f};
  std::vector<float> chw = vision::NormalizeToCHW(resized, mean, stddev, /*bgr=*/true);

  auto input = predictor->GetInput(0);
  input->Resize({1, 3, side, side});
  input->CopyFromCpu(chw.data());
  auto t0 = std::chrono::steady_clock::now();
  predictor->Run();
  auto t1 = std::chrono::steady_clock::now();
  auto output = predictor->GetOutput(0);
  auto shape = output->shape();
  int h = static_cast<int>(shape[2]), w = static_cast<int>(shape[3]);
  auto regions = vision::ConnectedRegions(output->data<float>(), h, w, 0.3f, 50);
  std::printf("== PP-OCRv3 detector on ppocr_doc_11.jpg (%dx%d), %.1f ms: %zu text regions\n",
              img.width, img.height, Ms(t0, t1), regions.size());
  const float sx = static_cast<float>(img.width) / w, sy = static_cast<float>(img.height) / h;
  for (size_t i = 0; i < regions.size(); ++i) {
    vision::Box b = vision::UnclipBox(regions[i], 1.5f, w, h);
    b.x0 = static_cast<int>(b.x0 * sx);
    b.x1 = static_cast<int>((b.x1 + 1) * sx) - 1;
    b.y0 = static_cast<int>(b.y0 * sy);
    b.y1 = static_cast<int>((b.y1 + 1) * sy) - 1;
    std::printf("  box %2zu  x=[%4d, %4d]  y=[%4d, %4d]  score=%.3f\n", i, b.x0, b.x1,
                b.y0, b.y1, b.mean_score);
    vision::DrawRect(&img, b, 255, 0, 0);
  }
  std::string out = out_dir + "/ppocr_doc_11_boxes.png";
  vision::SavePng(img, out);
  std::printf("  annotated image written to %s\n", out.c_str());
}

void SegmentWords(const std::string& dir) {
  lite_api::CxxConfig config;
  config.set_model_dir(dir + "/model");
  config.set_threads(FLAGS_threads);
  auto predictor = lite_api::CreatePaddlePredictor(config);
  vision::LacVocab vocab(dir + "/conf");
  std::vector<std::string> sentences;
  std::string rest = FLAGS_sentences;
  for (size_t at; (at = rest.find(';')) != std::string::npos; rest = rest.substr(at + 1)) {
    if (at > 0) sentences.push_back(rest.substr(0, at));
  }
  if (!rest.empty()) sentences.push_back(rest);
  std::vector<int64_t> ids;
  std::vector<uint64_t> offsets = {0};
  for (const auto& s : sentences) {
    auto v = vocab.Ids(s);
    ids.insert(ids.end(), v.begin(), v.end());
    offsets.push_back(ids.size());
  }
  auto input = predictor->GetInput(0);
  input->Resize({static_cast<int64_t>(ids.size()), 1});
  input->CopyFromCpu(ids.data());
  input->SetLoD({offsets});
  auto t0 = std::chrono::steady_clock::now();
  predictor->Run();
  auto t1 = std::chrono::steady_clock::now();
  auto output = predictor->GetOutput(0);
  const int64_t* tags = output->data<int64_t>();
  std::printf("== LAC word segmentation, %zu sentences in one LoD batch, %.1f ms\n",
              sentences.size(), Ms(t0, t1));
  for (size_t i = 0; i < sentences.size(); ++i) {
    std::string line;
    for (const auto& w : vision::LacWords(sentences[i], tags + offsets[i])) line += w + " / ";
    std::printf("  %s\n", line.substr(0, line.size() - 3).c_str());
  }
}

void DetectFaces(const std::string& dir, const std::string& out_dir) {
  auto load = [&](const std::string& stem) {
    lite_api::CxxConfig config;
    config.set_model_file(dir + "/" + stem + ".pdmodel");
    config.set_param_file(dir + "/" + stem + ".pdiparams");
    config.set_threads(FLAGS_threads);
    return lite_api::CreatePaddlePredictor(config);
  };
  auto pnet = load("PNet"), rnet = load("RNet"), onet = load("ONet");
  vision::Image img = vision::LoadImageRGB(dir + "/test.jpg");
  auto t0 = std::chrono::steady_clock::now();
  auto faces = vision::DetectFacesMtcnn(pnet.get(), rnet.get(), onet.get(), img);
  auto t1 = std::chrono::steady_clock::now();
  std::printf("== MTCNN on test.jpg (%dx%d), %.1f ms: %zu faces\n", img.width, img.height,
              Ms(t0, t1), faces.size());
  for (size_t i = 0; i < faces.size(); ++i) {
    const auto& f = faces[i];
    std::printf("  face %2zu  x=[%4.0f, %4.0f]  y=[%4.0f, %4.0f]  score=%.3f\n", i, f.x0, f.x1,
                f.y0, f.y1, f.score);
    vision::Box b;
    b.x0 = static_cast<int>(f.x0), b.y0 = static_cast<int>(f.y0);
    b.x1 = static_cast<int>(f.x1), b.y1 = static_cast<int>(f.y1);
    vision::DrawRect(&img, b, 255, 0, 0);
  }
  std::string out = out_dir + "/mtcnn_faces.png";
  vision::SavePng(img, out);
  std::printf("  annotated image written to %s\n", out.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage("paddle_lite_demo --samples_dir=samples --out_dir=out");
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  try {
    Classify(FLAGS_samples_dir + "/shufflenet_v2_imagenet");
    DetectText(FLAGS_samples_dir + "/ppocrv3_det", FLAGS_out_dir);
    SegmentWords(FLAGS_samples_dir + "/lac_seg");
    DetectFaces(FLAGS_samples_dir + "/mtcnn", FLAGS_out_dir);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
