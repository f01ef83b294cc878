// The PP-OCR page pipeline on three predictors, batched as PaddleOCR's
// tools/infer does (predict_det / predict_cls / predict_rec):
//  1. detection: the page resized to det_side x det_side, ImageNet
//     mean/std, BGR; text lines from the probability map (TextLineBoxes);
//  2. direction classification: the crops sorted by aspect ratio (width /
//     height), batch_size at a time, each resized to height 48 and
//     min(ceil(48 * w / h), 192) wide, BGR, (x / 255 - 0.5) / 0.5,
//     zero-padded on the right to [n, 3, 48, 192]; a crop whose class 1
//     ("180") scores above cls_thresh is turned by 180 degrees;
//  3. recognition: the same sort and batches; a batch is
//     W = int(48 * max(320 / 48, the largest w / h in the batch)) wide and
//     each crop min(ceil(48 * w / h), W) wide before the zero padding (the
//     padding follows the normalization, so it is 0, not a grey pixel);
//     CTC greedy decoding of each row of the output [n, steps, classes].
// A vertical line (height >= 1.5 x width) is read turned upright (90 degrees
// counterclockwise), as PaddleOCR's crops are. batch_size 1 is the
// one-line-at-a-time path (each line at its own width, at least 320).
// Errors (a model whose output has an unexpected shape, a dictionary that
// does not match) throw std::runtime_error naming the stage; the predictors'
// own errors pass through as lite_api::Error.
#pragma once
#include <string>
#include <vector>

#include "lite/api/paddle_api.h"
#include "tools/common/ocr_text.h"
#include "tools/common/vision.h"

namespace paddle {
namespace vision {

struct OcrOptions {
  int batch_size{6};      // PaddleOCR's rec_batch_num (and cls_batch_num)
  int height{48};         // rec_image_shape / cls_image_shape height
  int rec_min_width{320}; // rec_image_shape width: the narrowest batch
  int cls_width{192};     // cls_image_shape width
  float cls_thresh{0.9f}; // cls_thresh
  int det_side{640};      // the detector's input side (multiple of 32)
};

// One predictor run of the pipeline: the input fed and how long the run
// took (input copy + Run + output copy, milliseconds).
struct OcrModelRun {
  std::string stage;  // "det", "cls" or "rec"
  std::vector<int64_t> shape;
  std::vector<float> input;  // only with OcrTrace::keep_inputs
  double ms{0};
};

// Pass one to the functions below to record every predictor run.
struct OcrTrace {
  bool keep_inputs{false};
  std::vector<OcrModelRun> runs;
  // The summed time of the runs of one stage ("" = all).
  double Ms(const std::string& stage = "") const;
};

// Text-line boxes in page coordinates, in reading order.
std::vector<Box> DetectTextLines(lite_api::PaddlePredictor* det, const Image& page,
                                 const OcrOptions& options, OcrTrace* trace = nullptr);

// The crop of `box`, turned upright when the line is vertical (*vertical).
Image TextLineCrop(const Image& page, const Box& box, bool* vertical);

// Classifies the direction of every crop in batches and turns the ones read
// upside down by 180 degrees in place; returns which were turned.
std::vector<bool> ClassifyTextLines(lite_api::PaddlePredictor* cls, std::vector<Image>* crops,
                                    const OcrOptions& options, OcrTrace* trace = nullptr);

// Recognizes every crop, in batches; the results are in the crops' order.
// `classes` is LoadCtcClasses of the recognizer's dictionary.
std::vector<DecodedText> RecognizeTextLines(lite_api::PaddlePredictor* rec,
                                            const std::vector<Image>& crops,
                                            const std::vector<std::string>& classes,
                                            const OcrOptions& options, OcrTrace* trace = nullptr);

struct OcrLine {
  Box box;
  bool vertical{false};
  bool rotated{false};  // turned by 180 degrees after classification
  DecodedText text;
};

// The three stages on one page.
std::vector<OcrLine> ReadPage(lite_api::PaddlePredictor* det, lite_api::PaddlePredictor* cls,
                              lite_api::PaddlePredictor* rec, const Image& page,
                              const std::vector<std::string>& classes, const OcrOptions& options,
                              OcrTrace* trace = nullptr);

}  // namespace vision
}  // namespace paddle
