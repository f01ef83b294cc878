/* The README's main job through the C API (paddle_c_api.h), in C99:
 *  1. ShuffleNetV2 classifies egypt_cat.jpg and prints the top-5;
 *  2. the PP-OCRv3 detector finds the text lines of ppocr_doc_11.jpg and
 *     prints their boxes.
 * The pre/post-processing is the C++ demo's (tools/common/vision.cc), so the
 * lines printed are the same. Usage: classify_and_detect <samples_dir> */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define STBI_ONLY_JPEG
#include <stb/stb_image.h>

#include "paddle_c_api.h"

typedef struct {
  int width, height;
  unsigned char* pixels; /* RGB */
} Image;

typedef struct {
  int x0, y0, x1, y1, pixels;
  float score;
} Box;

/* What one model run holds: the decoded image, its resized copy, the
 * normalized input and the C API objects (FreeModelRun releases them). */
typedef struct {
  Image img, resized;
  float* chw;
  PD_Config* config;
  PD_Predictor* predictor;
  PD_Tensor* output;
} ModelRun;

static int Fail(const char* what) {
  fprintf(stderr, "error: %s: %s\n", what, PD_GetLastError());
  return 1;
}

#define TRY(call)                          \
  do {                                     \
    if ((call) != PD_OK) return Fail(#call); \
  } while (0)

static double Clamp(double v, double lo, double hi) { return v < lo ? lo : (v > hi ? hi : v); }

/* PIL-style antialiased bilinear resampling along rows or columns. */
static unsigned char* ResamplePass(const unsigned char* in, int in_w, int in_h, int out_len,
                                   int horizontal) {
  const int n_in = horizontal ? in_w : in_h, other = horizontal ? in_h : in_w;
  const double scale = (double)n_in / out_len;
  const double support = scale > 1.0 ? scale : 1.0;
  const int out_w = horizontal ? out_len : in_w;
  unsigned char* out = malloc((size_t)(horizontal ? in_h : out_len) * out_w * 3);
  double* w = malloc(sizeof(double) * (size_t)(2 * support + 3));
  int o, i, r, c;
  for (o = 0; o < out_len; ++o) {
    const double center = (o + 0.5) * scale;
    int lo = (int)floor(center - support + 0.5), hi = (int)floor(center + support + 0.5);
    double total = 0;
    if (lo < 0) lo = 0;
    if (hi > n_in) hi = n_in;
    for (i = lo; i < hi; ++i) {
      const double t = fabs((i - center + 0.5) / support);
      w[i - lo] = t < 1.0 ? 1.0 - t : 0.0;
      total += w[i - lo];
    }
    for (i = lo; i < hi; ++i) w[i - lo] = total > 0 ? w[i - lo] / total : 0;
    for (r = 0; r < other; ++r) {
      for (c = 0; c < 3; ++c) {
        double acc = 0;
        size_t oi;
        for (i = lo; i < hi; ++i) {
          size_t idx = horizontal ? ((size_t)r * in_w + i) * 3 + c : ((size_t)i * in_w + r) * 3 + c;
          acc += w[i - lo] * in[idx];
        }
        oi = horizontal ? ((size_t)r * out_w + o) * 3 + c : ((size_t)o * out_w + r) * 3 + c;
        out[oi] = (unsigned char)lround(Clamp(acc, 0.0, 255.0));
      }
    }
  }
  free(w);
  return out;
}

static Image ResizeAntialias(Image src, int width, int height) {
  Image dst;
  unsigned char* rows = ResamplePass(src.pixels, src.width, src.height, width, 1);
  dst.width = width;
  dst.height = height;
  dst.pixels = ResamplePass(rows, width, src.height, height, 0);
  free(rows);
  return dst;
}

/* Source row/column of an output pixel for bilinear resizing with pixel
 * centers aligned: the two neighbours and the weight of the second. */
static void SourceCoordinate(int out, float scale, int extent, int* i0, int* i1,
                             float* w) {
  float f = (out + 0.5f) * scale - 0.5f;
  if (f < 0.f) f = 0.f;
  *i0 = (int)f < extent - 1 ? (int)f : extent - 1;
  *i1 = *i0 + 1 < extent - 1 ? *i0 + 1 : extent - 1;
  *w = f - *i0;
}

/* Bilinear with pixel centers aligned (cv2.resize INTER_LINEAR). */
static Image ResizeBilinear(Image src, int width, int height) {
  Image dst;
  const float sx = (float)src.width / width, sy = (float)src.height / height;
  int x, y, c;
  dst.width = width;
  dst.height = height;
  dst.pixels = malloc((size_t)width * height * 3);
  for (y = 0; y < height; ++y) {
    int y0, y1;
    float wy;
    SourceCoordinate(y, sy, src.height, &y0, &y1, &wy);
    for (x = 0; x < width; ++x) {
      int x0, x1;
      float wx;
      SourceCoordinate(x, sx, src.width, &x0, &x1, &wx);
      for (c = 0; c < 3; ++c) {
#define AT(yy, xx) ((float)src.pixels[((size_t)(yy) * src.width + (xx)) * 3 + c])
        float v = (1 - wy) * ((1 - wx) * AT(y0, x0) + wx * AT(y0, x1)) +
                  wy * ((1 - wx) * AT(y1, x0) + wx * AT(y1, x1));
#undef AT
        v = v < 0.f ? 0.f : (v > 255.f ? 255.f : v);
        dst.pixels[((size_t)y * width + x) * 3 + c] = (unsigned char)lroundf(v);
      }
    }
  }
  return dst;
}

static float* NormalizeToCHW(Image img, int bgr) {
  static const float mean[3] = {0.485f, 0.456f, 0.406f};
  static const float stddev[3] = {0.229f, 0.224f, 0.225f};
  const size_t plane = (size_t)img.width * img.height;
  float* out = malloc(plane * 3 * sizeof(float));
  size_t i;
  int c;
  for (i = 0; i < plane; ++i) {
    for (c = 0; c < 3; ++c) {
      float v = img.pixels[i * 3 + (bgr ? 2 - c : c)] / 255.f;
      out[c * plane + i] = (v - mean[c]) / stddev[c];
    }
  }
  return out;
}

/* out = dir + "/" + name; fails when it does not fit. */
static int JoinPath(char* out, size_t size, const char* dir, const char* name) {
  int n = snprintf(out, size, "%s/%s", dir, name);
  if (n < 0 || (size_t)n >= size) {
    fprintf(stderr, "error: path '%s/%s' is too long\n", dir, name);
    return 1;
  }
  return 0;
}

static int LoadImage(const char* path, Image* img) {
  int channels = 0;
  img->pixels = stbi_load(path, &img->width, &img->height, &channels, 3);
  if (!img->pixels) {
    fprintf(stderr, "error: cannot decode image '%s': %s\n", path, stbi_failure_reason());
    return 1;
  }
  return 0;
}

/* Creates a predictor from run->config, feeds run->chw as a 1x3xSxS input,
 * runs; run->output is output 0. */
static int RunModel(ModelRun* run, int side) {
  const int64_t shape[4] = {1, 3, side, side};
  PD_Tensor* input = NULL;
  TRY(PD_ConfigSetThreads(run->config, 1));
  TRY(PD_PredictorCreate(run->config, &run->predictor));
  TRY(PD_PredictorGetInput(run->predictor, 0, &input));
  TRY(PD_TensorReshape(input, shape, 4));
  TRY(PD_TensorCopyFromCpu(input, PD_DATA_FLOAT32, run->chw, (size_t)3 * side * side));
  TRY(PD_PredictorRun(run->predictor));
  TRY(PD_TensorDestroy(input));
  TRY(PD_PredictorGetOutput(run->predictor, 0, &run->output));
  return 0;
}

static int FreeModelRun(ModelRun* run) {
  PD_TensorDestroy(run->output);
  PD_PredictorDestroy(run->predictor);
  PD_ConfigDestroy(run->config);
  free(run->chw);
  free(run->resized.pixels);
  stbi_image_free(run->img.pixels);
  return 0;
}

static int Classify(const char* dir) {
  static char labels[1000][512];
  char path[2048];
  ModelRun run = {0};
  const void* data = NULL;
  const float* probs;
  int used[1000] = {0}, k, i, n = 0;
  FILE* f;
  if (JoinPath(path, sizeof path, dir, "egypt_cat.jpg")) return 1;
  if (LoadImage(path, &run.img)) return 1;
  run.resized = ResizeAntialias(run.img, 224, 224);
  run.chw = NormalizeToCHW(run.resized, 0);
  TRY(PD_ConfigCreate(&run.config));
  TRY(PD_ConfigSetModelDir(run.config, dir));
  if (RunModel(&run, 224)) return 1;
  TRY(PD_TensorGetData(run.output, PD_DATA_FLOAT32, &data));
  probs = (const float*)data;
  if (JoinPath(path, sizeof path, dir, "synset_words.txt")) return 1;
  f = fopen(path, "r");
  while (f && n < 1000 && fgets(labels[n], sizeof labels[n], f)) {
    labels[n][strcspn(labels[n], "\r\n")] = 0;
    ++n;
  }
  if (f) fclose(f);
  printf("== ShuffleNetV2 on egypt_cat.jpg (%dx%d)\n", run.img.width, run.img.height);
  for (k = 0; k < 5; ++k) {
    int best = -1;
    for (i = 0; i < 1000; ++i) {
      if (!used[i] && (best < 0 || probs[i] > probs[best])) best = i;
    }
    used[best] = 1;
    printf("  class %4d  p=%.4f  %s\n", best, probs[best], best < n ? labels[best] : "?");
  }
  return FreeModelRun(&run);
}

/* Connected regions (8-connectivity) of map > threshold with at least
 * min_pixels pixels, in scan order of their first pixel. */
static int ConnectedRegions(const float* map, int h, int w, float threshold, int min_pixels,
                            Box* boxes, int max_boxes) {
  int* label = calloc((size_t)h * w, sizeof(int));
  int* stack = malloc(sizeof(int) * (size_t)h * w);
  int count = 0, next = 0, x, y;
  for (y = 0; y < h; ++y) {
    for (x = 0; x < w; ++x) {
      int idx = y * w + x, top = 0;
      Box b;
      double sum = 0;
      if (map[idx] <= threshold || label[idx]) continue;
      ++next;
      b.x0 = b.x1 = x;
      b.y0 = b.y1 = y;
      b.pixels = 0;
      label[idx] = next;
      stack[top++] = idx;
      while (top > 0) {
        int p = stack[--top], py = p / w, px = p % w, dy, dx;
        if (px < b.x0) b.x0 = px;
        if (px > b.x1) b.x1 = px;
        if (py < b.y0) b.y0 = py;
        if (py > b.y1) b.y1 = py;
        b.pixels++;
        sum += map[p];
        for (dy = -1; dy <= 1; ++dy) {
          for (dx = -1; dx <= 1; ++dx) {
            int ny = py + dy, nx = px + dx;
            if ((dy || dx) && ny >= 0 && ny < h && nx >= 0 && nx < w) {
              int q = ny * w + nx;
              if (map[q] > threshold && !label[q]) {
                label[q] = next;
                stack[top++] = q;
              }
            }
          }
        }
      }
      b.score = (float)(sum / b.pixels);
      if (b.pixels >= min_pixels && count < max_boxes) boxes[count++] = b;
    }
  }
  free(label);
  free(stack);
  return count;
}

/* DB post-processing's unclip: grow each side by area * ratio / perimeter. */
static Box Unclip(Box b, float ratio, int w, int h) {
  const float bw = (float)(b.x1 - b.x0 + 1), bh = (float)(b.y1 - b.y0 + 1);
  const int d = (int)lroundf(bw * bh * ratio / (2.f * (bw + bh)));
  b.x0 = b.x0 - d > 0 ? b.x0 - d : 0;
  b.y0 = b.y0 - d > 0 ? b.y0 - d : 0;
  b.x1 = b.x1 + d < w - 1 ? b.x1 + d : w - 1;
  b.y1 = b.y1 + d < h - 1 ? b.y1 + d : h - 1;
  return b;
}

static int DetectText(const char* dir) {
  char model[2048], params[2048], path[2048];
  ModelRun run = {0};
  const void* data = NULL;
  int64_t shape[4];
  size_t rank = 0;
  Box boxes[256];
  int n, i, h, w;
  float sx, sy;
  if (JoinPath(path, sizeof path, dir, "ppocr_doc_11.jpg")) return 1;
  if (JoinPath(model, sizeof model, dir, "inference.pdmodel")) return 1;
  if (JoinPath(params, sizeof params, dir, "inference.pdiparams")) return 1;
  if (LoadImage(path, &run.img)) return 1;
  run.resized = ResizeBilinear(run.img, 640, 640);
  run.chw = NormalizeToCHW(run.resized, 1);
  TRY(PD_ConfigCreate(&run.config));
  TRY(PD_ConfigSetModelFile(run.config, model, params));
  if (RunModel(&run, 640)) return 1;
  TRY(PD_TensorGetShape(run.output, shape, 4, &rank));
  TRY(PD_TensorGetData(run.output, PD_DATA_FLOAT32, &data));
  h = (int)shape[2];
  w = (int)shape[3];
  n = ConnectedRegions((const float*)data, h, w, 0.3f, 50, boxes, 256);
  printf("== PP-OCRv3 detector on ppocr_doc_11.jpg (%dx%d): %d text regions\n", run.img.width,
         run.img.height, n);
  sx = (float)run.img.width / w;
  sy = (float)run.img.height / h;
  for (i = 0; i < n; ++i) {
    Box b = Unclip(boxes[i], 1.5f, w, h);
    b.x0 = (int)(b.x0 * sx);
    b.x1 = (int)((b.x1 + 1) * sx) - 1;
    b.y0 = (int)(b.y0 * sy);
    b.y1 = (int)((b.y1 + 1) * sy) - 1;
    printf("  box %2d  x=[%4d, %4d]  y=[%4d, %4d]  score=%.3f\n", i, b.x0, b.x1, b.y0, b.y1,
           b.score);
  }
  return FreeModelRun(&run);
}

int main(int argc, char** argv) {
  char dir[2048];
  if (argc != 2) {
    fprintf(stderr, "usage: classify_and_detect <samples_dir>\n");
    return 2;
  }
  if (JoinPath(dir, sizeof dir, argv[1], "shufflenet_v2_imagenet")) return 1;
  if (Classify(dir)) return 1;
  if (JoinPath(dir, sizeof dir, argv[1], "ppocrv3_det")) return 1;
  return DetectText(dir);
}
