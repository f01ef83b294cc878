#include "tools/common/ocr_pipeline.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace paddle {
namespace vision {

namespace {

// Runs `p` on `input` of `shape`; returns output 0 and its shape.
std::vector<float> RunStage(lite_api::PaddlePredictor* p, const std::string& stage,
                            const std::vector<int64_t>& shape, std::vector<float> input,
                            std::vector<int64_t>* out_shape, OcrTrace* trace) {
  const auto t0 = std::chrono::steady_clock::now();
  auto in = p->GetInput(0);
  in->Resize(shape);
  in->CopyFromCpu(input.data());
  p->Run();
  auto out = p->GetOutput(0);
  *out_shape = out->shape();
  int64_t n = 1;
  for (auto d : *out_shape) n *= d;
  std::vector<float> v(static_cast<size_t>(n));
  out->CopyToCpu(v.data());
  if (trace) {
    OcrModelRun run;
    run.stage = stage;
    run.shape = shape;
    if (trace->keep_inputs) run.input = std::move(input);
    run.ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0)
                 .count();
    trace->runs.push_back(std::move(run));
  }
  return v;
}

double AspectRatio(const Image& img) { return static_cast<double>(img.width) / img.height; }

// Crop indices by increasing aspect ratio (ties keep their order).
std::vector<size_t> ByAspectRatio(const std::vector<Image>& crops) {
  std::vector<size_t> order(crops.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return AspectRatio(crops[a]) < AspectRatio(crops[b]);
  });
  return order;
}

// [n, 3, height, width] of crops[order[begin..end)]: each resized to
// min(ceil(height * w / h), width) x height, BGR, (x / 255 - 0.5) / 0.5,
// zeros to the right.
std::vector<float> BatchInput(const std::vector<Image>& crops, const std::vector<size_t>& order,
                              size_t begin, size_t end, int height, int width) {
  const size_t plane = static_cast<size_t>(height) * width;
  std::vector<float> x((end - begin) * 3 * plane, 0.f);
  const float half[3] = {0.5f, 0.5f, 0.5f};
  for (size_t i = begin; i < end; ++i) {
    const Image& crop = crops[order[i]];
    const int w = std::max(
        1, std::min(width, static_cast<int>(std::ceil(height * AspectRatio(crop)))));
    std::vector<float> chw = NormalizeToCHW(ResizeBilinear(crop, w, height), half, half, true);
    float* dst = &x[(i - begin) * 3 * plane];
    for (int row = 0; row < 3 * height; ++row) {
      std::copy_n(&chw[static_cast<size_t>(row) * w], w, dst + static_cast<size_t>(row) * width);
    }
  }
  return x;
}

// Calls stage(begin, end) for each batch of the sorted order.
template <typename F>
void ForEachBatch(size_t count, int batch_size, F stage) {
  if (batch_size < 1) {
    throw std::runtime_error("OCR pipeline: batch_size must be >= 1, got " +
                             std::to_string(batch_size));
  }
  for (size_t begin = 0; begin < count; begin += batch_size) {
    stage(begin, std::min(count, begin + static_cast<size_t>(batch_size)));
  }
}

void ExpectShape(const std::string& stage, const std::vector<int64_t>& shape, size_t rank,
                 int64_t batch) {
  if (shape.size() != rank || shape[0] != batch) {
    std::string dims;
    for (auto d : shape) dims += (dims.empty() ? "" : ", ") + std::to_string(d);
    throw std::runtime_error("OCR pipeline: the " + stage + " model's output is [" + dims +
                             "], expected rank " + std::to_string(rank) + " with batch " +
                             std::to_string(batch));
  }
}

}  // namespace

double OcrTrace::Ms(const std::string& stage) const {
  double ms = 0;
  for (const auto& r : runs) {
    if (stage.empty() || r.stage == stage) ms += r.ms;
  }
  return ms;
}

std::vector<Box> DetectTextLines(lite_api::PaddlePredictor* det, const Image& page,
                                 const OcrOptions& options, OcrTrace* trace) {
  const int side = options.det_side;
  const float mean[3] = {0.485f, 0.456f, 0.406f};
  const float stddev[3] = {0.229f, 0.224f, 0.225f};
  std::vector<int64_t> shape;
  auto map = RunStage(det, "det", {1, 3, side, side},
                      NormalizeToCHW(ResizeBilinear(page, side, side), mean, stddev, true), &shape,
                      trace);
  ExpectShape("det", shape, 4, 1);
  return TextLineBoxes(map.data(), static_cast<int>(shape[2]), static_cast<int>(shape[3]),
                       page.width, page.height);
}

Image TextLineCrop(const Image& page, const Box& box, bool* vertical) {
  Image crop = Crop(page, box.x0, box.y0, box.x1, box.y1);
  *vertical = crop.height >= 1.5 * crop.width;
  return *vertical ? Rotate90CCW(crop) : crop;
}

std::vector<bool> ClassifyTextLines(lite_api::PaddlePredictor* cls, std::vector<Image>* crops,
                                    const OcrOptions& options, OcrTrace* trace) {
  std::vector<bool> rotated(crops->size(), false);
  const auto order = ByAspectRatio(*crops);
  ForEachBatch(crops->size(), options.batch_size, [&](size_t begin, size_t end) {
    const int64_t n = static_cast<int64_t>(end - begin);
    std::vector<int64_t> shape;
    auto probs = RunStage(cls, "cls", {n, 3, options.height, options.cls_width},
                          BatchInput(*crops, order, begin, end, options.height, options.cls_width),
                          &shape, trace);
    ExpectShape("cls", shape, 2, n);
    const int64_t labels = shape[1];
    for (size_t i = begin; i < end; ++i) {
      const float* p = &probs[(i - begin) * labels];
      if (labels >= 2 && p[1] > p[0] && p[1] > options.cls_thresh) {
        (*crops)[order[i]] = Rotate180((*crops)[order[i]]);
        rotated[order[i]] = true;
      }
    }
  });
  return rotated;
}

std::vector<DecodedText> RecognizeTextLines(lite_api::PaddlePredictor* rec,
                                            const std::vector<Image>& crops,
                                            const std::vector<std::string>& classes,
                                            const OcrOptions& options, OcrTrace* trace) {
  std::vector<DecodedText> texts(crops.size());
  const auto order = ByAspectRatio(crops);
  ForEachBatch(crops.size(), options.batch_size, [&](size_t begin, size_t end) {
    double max_ratio = static_cast<double>(options.rec_min_width) / options.height;
    for (size_t i = begin; i < end; ++i) max_ratio = std::max(max_ratio, AspectRatio(crops[order[i]]));
    const int width = static_cast<int>(options.height * max_ratio);
    const int64_t n = static_cast<int64_t>(end - begin);
    std::vector<int64_t> shape;
    auto probs = RunStage(rec, "rec", {n, 3, options.height, width},
                          BatchInput(crops, order, begin, end, options.height, width), &shape,
                          trace);
    ExpectShape("rec", shape, 3, n);
    const size_t per_line = static_cast<size_t>(shape[1] * shape[2]);
    for (size_t i = begin; i < end; ++i) {
      texts[order[i]] = CtcGreedyDecode(&probs[(i - begin) * per_line], static_cast<int>(shape[1]),
                                        static_cast<int>(shape[2]), classes);
    }
  });
  return texts;
}

std::vector<OcrLine> ReadPage(lite_api::PaddlePredictor* det, lite_api::PaddlePredictor* cls,
                              lite_api::PaddlePredictor* rec, const Image& page,
                              const std::vector<std::string>& classes, const OcrOptions& options,
                              OcrTrace* trace) {
  const auto boxes = DetectTextLines(det, page, options, trace);
  std::vector<OcrLine> lines(boxes.size());
  std::vector<Image> crops(boxes.size());
  for (size_t i = 0; i < boxes.size(); ++i) {
    lines[i].box = boxes[i];
    crops[i] = TextLineCrop(page, boxes[i], &lines[i].vertical);
  }
  const auto rotated = ClassifyTextLines(cls, &crops, options, trace);
  const auto texts = RecognizeTextLines(rec, crops, classes, options, trace);
  for (size_t i = 0; i < lines.size(); ++i) {
    lines[i].rotated = rotated[i];
    lines[i].text = texts[i];
  }
  return lines;
}

}  // namespace vision
}  // namespace paddle
