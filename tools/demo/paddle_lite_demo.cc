// The main job on the bundled sample data:
//  1. ShuffleNetV2 classifies egypt_cat.jpg and prints the top-5 with labels.
//  2. PP-OCR reads ppocr_doc_11.jpg: the PP-OCRv3 detector finds the text
//     lines, the direction classifier and the PP-OCRv4 recognizer (ONNX
//     models, imported) read them in batches sorted by aspect ratio
//     (tools/common/ocr_pipeline.h); prints boxes, text and confidence and
//     writes a PNG with the text drawn beside its box.
//  3. Baidu LAC segments Chinese sentences into words (the sentences are
//     given as one batch: one int64 tensor whose LoD says where each starts).
//  4. MTCNN finds the faces of a group photo and writes an annotated PNG.
// With --paddle_lite_nb_dir (../shared/models/paddle_lite_nb: .nb files
// written by Paddle Lite's own opt for phones):
//  5. the PP-OCR v2.0 slim int8 trio (det -> cls -> CRNN rec) reads the same
//     document and prints each line;
//  6. pyramidbox_lite finds the faces of the group photo and the mask
//     classifier labels each; writes a PNG with mask / no-mask boxes.
// Uses only the public API (paddle_api.h).
#include <gflags/gflags.h>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <iostream>

#include "lite/api/paddle_api.h"
#include "tools/common/lac.h"
#include "tools/common/mtcnn.h"
#include "tools/common/ocr_pipeline.h"
#include "tools/common/ocr_text.h"
#include "tools/common/text_render.h"
#include "tools/common/vision.h"

DEFINE_string(samples_dir, "samples", "folder with the bundled sample models and images");
DEFINE_string(out_dir, "out", "folder for the annotated PNG");
DEFINE_int32(threads, 1, "CPU threads");
DEFINE_int32(ocr_batch, 6,
             "text lines per classifier / recognizer run (PaddleOCR's rec_batch_num); 1 reads "
             "them one by one");
DEFINE_string(paddle_lite_nb_dir, "",
              "folder of Paddle Lite's own .nb files (ocr_v20_slim_v210rc_arm/, "
              "face_v210rc_arm/); empty: tasks 5 and 6 are skipped");
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

std::shared_ptr<lite_api::PaddlePredictor> LoadOnnx(const std::string& file) {
  lite_api::CxxConfig config;
  config.set_model_file(file);  // .onnx: imported into the same pipeline
  config.set_threads(FLAGS_threads);
  return lite_api::CreatePaddlePredictor(config);
}

// The PP-OCR pipeline (tools/common/ocr_pipeline.h): detection (PP-OCRv3,
// Paddle format), direction classification and recognition (PP-OCRv4) with
// CTC greedy decoding (both ONNX, imported), the lines in batches of
// --ocr_batch sorted by aspect ratio; prints each line and writes the
// picture with the boxes on the left and the text read at the same place on
// the right.
void ReadText(const std::string& det_dir, const std::string& onnx_dir, const std::string& out_dir) {
  vision::Image img = vision::LoadImageRGB(det_dir + "/ppocr_doc_11.jpg");
  lite_api::CxxConfig det_config;
  det_config.set_model_file(det_dir + "/inference.pdmodel");
  det_config.set_param_file(det_dir + "/inference.pdiparams");
  det_config.set_threads(FLAGS_threads);
  auto det = lite_api::CreatePaddlePredictor(det_config);
  auto cls = LoadOnnx(onnx_dir + "/ch_ppocr_mobile_v2.0_cls_infer.onnx");
  auto rec = LoadOnnx(onnx_dir + "/ch_PP-OCRv4_rec_infer.onnx");
  auto classes = vision::LoadCtcClasses(onnx_dir + "/ppocr_keys_v1.txt");
  vision::OcrOptions options;
  options.batch_size = FLAGS_ocr_batch;
  vision::OcrTrace trace;
  const auto lines = vision::ReadPage(det.get(), cls.get(), rec.get(), img, classes, options, &trace);
  std::printf("== PP-OCR on ppocr_doc_11.jpg (%dx%d): detector %.1f ms, %zu text lines\n",
              img.width, img.height, trace.Ms("det"), lines.size());
  vision::TextRenderer font(vision::FindCjkFont());
  vision::Image canvas = vision::Filled(img.width * 2, img.height, 255, 255, 255);
  vision::Image left = img;
  for (size_t i = 0; i < lines.size(); ++i) {
    const vision::Box& b = lines[i].box;
    const auto& text = lines[i].text;
    std::printf("  line %2zu  x=[%4d, %4d]  y=[%4d, %4d]  %s%-s  (confidence %.3f)\n", i, b.x0,
                b.x1, b.y0, b.y1, lines[i].rotated ? "[rotated 180] " : "", text.text.c_str(),
                text.confidence);
    vision::DrawRect(&left, b, 255, 0, 0);
    vision::Box right = b;
    right.x0 += img.width;
    right.x1 += img.width;
    vision::DrawRect(&canvas, right, 0, 120, 255);
    // The largest size that fits the box height and width.
    float size = 0.9f * static_cast<float>(lines[i].vertical ? b.x1 - b.x0 + 1 : b.y1 - b.y0 + 1);
    if (lines[i].vertical) {
      const size_t chars = vision::DecodeUtf8(text.text).size();
      if (chars > 0) size = std::min(size, static_cast<float>(b.y1 - b.y0 - 4) / chars);
      font.DrawVertical(&canvas, right.x0 + 2, b.y0 + 2, text.text, size, 0, 0, 0);
      continue;
    }
    const int tw = font.Width(text.text, size);
    if (tw > b.x1 - b.x0 - 4 && tw > 0) size *= static_cast<float>(b.x1 - b.x0 - 4) / tw;
    font.Draw(&canvas, right.x0 + 3, b.y0 + static_cast<int>((b.y1 - b.y0 + 1 - size) / 2), text.text,
              size, 0, 0, 0);
  }
  vision::Paste(left, 0, 0, &canvas);
  size_t cls_runs = 0, rec_runs = 0;
  for (const auto& r : trace.runs) {
    cls_runs += r.stage == "cls";
    rec_runs += r.stage == "rec";
  }
  std::printf("  classifier %.1f ms (%zu runs), recognizer %.1f ms (%zu runs) over %zu lines, "
              "batches of %d\n", trace.Ms("cls"), cls_runs, trace.Ms("rec"), rec_runs, lines.size(),
              options.batch_size);
  std::string out = out_dir + "/ppocr_doc_11_ocr.png";
  vision::SavePng(canvas, out);
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

std::shared_ptr<lite_api::PaddlePredictor> LoadPaddleLiteNb(const std::string& path) {
  lite_api::MobileConfig config;  // a Paddle Lite .nb loads like ours
  config.set_model_from_file(path);
  config.set_threads(FLAGS_threads);
  return lite_api::CreatePaddlePredictor(config);
}

std::vector<float> RunOne(lite_api::PaddlePredictor* p, const std::vector<int64_t>& shape,
                          const std::vector<float>& x, std::vector<int64_t>* out_shape,
                          int output = 0) {
  auto input = p->GetInput(0);
  input->Resize(shape);
  input->CopyFromCpu(x.data());
  p->Run();
  auto out = p->GetOutput(output);
  *out_shape = out->shape();
  int64_t n = 1;
  for (auto d : *out_shape) n *= d;
  std::vector<float> v(static_cast<size_t>(n));
  out->CopyToCpu(v.data());
  return v;
}

// Task 5: PP-OCR mobile v2.0 slim (Paddle Lite v2.10-rc, ARM int8).
void ReadTextWithPaddleLiteNb(const std::string& nb_dir, const std::string& image) {
  const std::string dir = nb_dir + "/ocr_v20_slim_v210rc_arm/";
  vision::Image img = vision::LoadImageRGB(image);
  auto det = LoadPaddleLiteNb(dir + "ch_ppocr_mobile_v2.0_det_slim_opt.nb");
  auto cls = LoadPaddleLiteNb(dir + "ch_ppocr_mobile_v2.0_cls_slim_opt.nb");
  auto rec = LoadPaddleLiteNb(dir + "ch_ppocr_mobile_v2.0_rec_slim_opt.nb");
  auto classes = vision::LoadCtcClasses(dir + "ppocr_keys_v1.txt");
  const float mean[3] = {0.485f, 0.456f, 0.406f}, stddev[3] = {0.229f, 0.224f, 0.225f};
  std::vector<int64_t> shape;
  auto map = RunOne(det.get(), {1, 3, 640, 640},
                    vision::NormalizeToCHW(vision::ResizeBilinear(img, 640, 640), mean, stddev, true),
                    &shape);
  const auto boxes = vision::TextLineBoxes(map.data(), 640, 640, img.width, img.height);
  std::printf("== PP-OCR v2.0 slim int8 (Paddle Lite .nb) on %s: %zu text lines\n",
              image.c_str(), boxes.size());
  const float half[3] = {0.5f, 0.5f, 0.5f};
  // BGR, (x/255-0.5)/0.5; the classifier on 48 x 192 (as the references of
  // tests/models/paddle_lite_nb_test.cc), the recognizer at height 32.
  auto input32 = [&](const vision::Image& crop, int max_width, int* width) {
    int w = static_cast<int>(std::ceil(32.0 * crop.width / crop.height));
    *width = std::max(1, std::min(w, max_width));
    return vision::NormalizeToCHW(vision::ResizeBilinear(crop, *width, 32), half, half, true);
  };
  for (size_t i = 0; i < boxes.size(); ++i) {
    const vision::Box& b = boxes[i];
    vision::Image crop = vision::Crop(img, b.x0, b.y0, b.x1, b.y1);
    if (crop.height >= 1.5 * crop.width) crop = vision::Rotate90CCW(crop);
    int w = 0;
    auto angle = RunOne(cls.get(), {1, 3, 48, 192},
                        vision::NormalizeToCHW(vision::ResizeBilinear(crop, 192, 48), half, half, true),
                        &shape);
    const bool rotated = angle.size() == 2 && angle[1] > angle[0] && angle[1] > 0.9f;
    if (rotated) crop = vision::Rotate180(crop);
    auto x = input32(crop, 320, &w);
    auto probs = RunOne(rec.get(), {1, 3, 32, w}, x, &shape);
    auto text = vision::CtcGreedyDecode(probs.data(), static_cast<int>(shape[1]),
                                        static_cast<int>(shape[2]), classes);
    std::printf("  line %2zu  x=[%4d, %4d]  y=[%4d, %4d]  %s%s  (confidence %.3f)\n", i, b.x0,
                b.x1, b.y0, b.y1, rotated ? "[rotated 180] " : "", text.text.c_str(),
                text.confidence);
  }
}

// Task 6: pyramidbox_lite face detector + mask classifier (Paddle Lite
// v2.10-rc .nb). Inputs as PaddleHub's processor: BGR, minus 104/117/123,
// times 1/127.5.
std::vector<float> FaceInput(const vision::Image& img) {
  std::vector<float> x(static_cast<size_t>(3) * img.width * img.height);
  const float mean[3] = {104.f, 117.f, 123.f};
  const size_t hw = static_cast<size_t>(img.width) * img.height;
  for (size_t p = 0; p < hw; ++p) {
    for (int c = 0; c < 3; ++c) x[c * hw + p] = (img.pixels[p * 3 + (2 - c)] - mean[c]) / 127.5f;
  }
  return x;
}

void FacesAndMasks(const std::string& nb_dir, const std::string& image, const std::string& out_dir) {
  const std::string dir = nb_dir + "/face_v210rc_arm/";
  auto det = LoadPaddleLiteNb(dir + "pyramidbox_lite_for_cpu/model.nb");
  auto mask = LoadPaddleLiteNb(dir + "mask_detector_for_cpu/model.nb");
  vision::Image img = vision::LoadImageRGB(image);
  vision::Image small = vision::ResizeBilinear(img, img.width / 2, img.height / 2);
  int nms = 0;
  const auto names = det->GetOutputNames();
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].find("scale_2") != std::string::npos) nms = static_cast<int>(i);
  }
  std::vector<int64_t> shape;
  auto dets = RunOne(det.get(), {1, 3, small.height, small.width}, FaceInput(small), &shape, nms);
  std::printf("== pyramidbox_lite + mask classifier (Paddle Lite .nb) on %s\n", image.c_str());
  vision::TextRenderer font(vision::FindCjkFont());
  vision::Image out = img;
  int faces = 0;
  for (int64_t r = 0; shape.size() == 2 && shape[1] == 6 && r < shape[0]; ++r) {
    const float* d = &dets[r * 6];
    if (d[1] < 0.5f) continue;
    vision::Box b;
    b.x0 = std::max(0, static_cast<int>(d[2] * img.width));
    b.y0 = std::max(0, static_cast<int>(d[3] * img.height));
    b.x1 = std::min(img.width - 1, static_cast<int>(d[4] * img.width));
    b.y1 = std::min(img.height - 1, static_cast<int>(d[5] * img.height));
    if (b.x1 <= b.x0 || b.y1 <= b.y0) continue;
    vision::Image face = vision::ResizeBilinear(vision::Crop(img, b.x0, b.y0, b.x1, b.y1), 128, 128);
    std::vector<int64_t> mshape;
    auto p = RunOne(mask.get(), {1, 3, 128, 128}, FaceInput(face), &mshape);
    // Class 1 is "mask" in the Paddle-Lite-Demo mask detection app.
    const bool masked = p.size() == 2 && p[1] > p[0];
    std::printf("  face %2d  x=[%4d, %4d]  y=[%4d, %4d]  score %.3f  %s (%.3f)\n", ++faces, b.x0,
                b.x1, b.y0, b.y1, d[1], masked ? "mask" : "no mask", masked ? p[1] : p[0]);
    vision::DrawRect(&out, b, masked ? 0 : 255, masked ? 200 : 0, 0);
    font.Draw(&out, b.x0, std::max(0, b.y0 - 18), masked ? "mask" : "no mask", 16, masked ? 0 : 255,
              masked ? 160 : 0, 0);
  }
  std::string path = out_dir + "/face_mask.png";
  vision::SavePng(out, path);
  std::printf("  annotated image written to %s\n", path.c_str());
}

}  // namespace

int main(int argc, char** argv) {
  gflags::SetUsageMessage("paddle_lite_demo --samples_dir=samples --out_dir=out");
  gflags::ParseCommandLineFlags(&argc, &argv, true);
  try {
    Classify(FLAGS_samples_dir + "/shufflenet_v2_imagenet");
    ReadText(FLAGS_samples_dir + "/ppocrv3_det", FLAGS_samples_dir + "/ppocr_onnx", FLAGS_out_dir);
    SegmentWords(FLAGS_samples_dir + "/lac_seg");
    DetectFaces(FLAGS_samples_dir + "/mtcnn", FLAGS_out_dir);
    if (!FLAGS_paddle_lite_nb_dir.empty()) {
      ReadTextWithPaddleLiteNb(FLAGS_paddle_lite_nb_dir,
                               FLAGS_samples_dir + "/ppocrv3_det/ppocr_doc_11.jpg");
      FacesAndMasks(FLAGS_paddle_lite_nb_dir, FLAGS_samples_dir + "/mtcnn/test.jpg", FLAGS_out_dir);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
