#include "tools/common/vision.h"

#include <stb/stb_image.h>
#include <stb/stb_image_write.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <stdexcept>

namespace paddle {
namespace vision {

Image LoadImageRGB(const std::string& path) {
  int w = 0, h = 0, c = 0;
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &c, 3);
  if (!data) {
    throw std::runtime_error("cannot decode image '" + path +
                             "': " + stbi_failure_reason());
  }
  Image img;
  img.width = w;
  img.height = h;
  img.channels = 3;
  img.pixels.assign(data, data + static_cast<size_t>(w) * h * 3);
  stbi_image_free(data);
  return img;
}

void SavePng(const Image& image, const std::string& path) {
  if (!stbi_write_png(path.c_str(), image.width, image.height, image.channels,
                      image.pixels.data(), image.width * image.channels)) {
    throw std::runtime_error("cannot write PNG '" + path + "'");
  }
}

namespace {
// One separable pass of PIL-style resampling along rows (horizontal) or
// columns, with a triangle filter scaled by the shrink factor; rounds to 8 bits.
std::vector<uint8_t> ResamplePass(const std::vector<uint8_t>& in, int in_w, int in_h,
                                  int channels, int out_len, bool horizontal) {
  const int n_in = horizontal ? in_w : in_h;
  const int other = horizontal ? in_h : in_w;
  const double scale = static_cast<double>(n_in) / out_len;
  const double filter_scale = std::max(scale, 1.0);
  const double support = filter_scale;  // triangle filter: support 1
  const int out_w = horizontal ? out_len : in_w;
  std::vector<uint8_t> out(static_cast<size_t>(horizontal ? in_h : out_len) * out_w * channels);
  std::vector<double> weights;
  for (int o = 0; o < out_len; ++o) {
    const double center = (o + 0.5) * scale;
    const int lo = std::max(0, static_cast<int>(std::floor(center - support + 0.5)));
    const int hi = std::min(n_in, static_cast<int>(std::floor(center + support + 0.5)));
    weights.assign(static_cast<size_t>(hi - lo), 0.0);
    double total = 0;
    for (int i = lo; i < hi; ++i) {
      const double t = (i - center + 0.5) / filter_scale;
      weights[i - lo] = std::max(0.0, 1.0 - std::abs(t));
      total += weights[i - lo];
    }
    for (double& w : weights) w = total > 0 ? w / total : 0;
    for (int r = 0; r < other; ++r) {
      for (int c = 0; c < channels; ++c) {
        double acc = 0;
        for (int i = lo; i < hi; ++i) {
          const size_t idx = horizontal ? (static_cast<size_t>(r) * in_w + i) * channels + c
                                        : (static_cast<size_t>(i) * in_w + r) * channels + c;
          acc += weights[i - lo] * in[idx];
        }
        const size_t oi = horizontal ? (static_cast<size_t>(r) * out_w + o) * channels + c
                                     : (static_cast<size_t>(o) * out_w + r) * channels + c;
        out[oi] = static_cast<uint8_t>(std::lround(std::clamp(acc, 0.0, 255.0)));
      }
    }
  }
  return out;
}
}  // namespace

Image ResizeBilinearAntialias(const Image& src, int width, int height) {
  Image dst;
  dst.width = width;
  dst.height = height;
  dst.channels = src.channels;
  std::vector<uint8_t> rows = ResamplePass(src.pixels, src.width, src.height, src.channels,
                                           width, /*horizontal=*/true);
  dst.pixels = ResamplePass(rows, width, src.height, src.channels, height, /*horizontal=*/false);
  return dst;
}

Image ResizeBilinear(const Image& src, int width, int height) {
  Image dst;
  dst.width = width;
  dst.height = height;
  dst.channels = src.channels;
  dst.pixels.resize(static_cast<size_t>(width) * height * src.channels);
  const float sx = static_cast<float>(src.width) / width;
  const float sy = static_cast<float>(src.height) / height;
  for (int y = 0; y < height; ++y) {
    float fy = std::max(0.f, (y + 0.5f) * sy - 0.5f);
    int y0 = std::min(static_cast<int>(fy), src.height - 1);
    int y1 = std::min(y0 + 1, src.height - 1);
    float wy = fy - y0;
    for (int x = 0; x < width; ++x) {
      float fx = std::max(0.f, (x + 0.5f) * sx - 0.5f);
      int x0 = std::min(static_cast<int>(fx), src.width - 1);
      int x1 = std::min(x0 + 1, src.width - 1);
      float wx = fx - x0;
      for (int c = 0; c < src.channels; ++c) {
        auto at = [&](int yy, int xx) {
          return static_cast<float>(
              src.pixels[(static_cast<size_t>(yy) * src.width + xx) * src.channels + c]);
        };
        float v = (1 - wy) * ((1 - wx) * at(y0, x0) + wx * at(y0, x1)) +
                  wy * ((1 - wx) * at(y1, x0) + wx * at(y1, x1));
        dst.pixels[(static_cast<size_t>(y) * width + x) * src.channels + c] =
            static_cast<uint8_t>(std::lround(std::clamp(v, 0.f, 255.f)));
      }
    }
  }
  return dst;
}

std::vector<float> NormalizeToCHW(const Image& image, const float mean[3],
                                  const float stddev[3], bool bgr) {
  const size_t plane = static_cast<size_t>(image.width) * image.height;
  std::vector<float> out(plane * 3);
  for (size_t i = 0; i < plane; ++i) {
    for (int c = 0; c < 3; ++c) {
      int src_c = bgr ? 2 - c : c;
      float v = image.pixels[i * image.channels + src_c] / 255.f;
      out[c * plane + i] = (v - mean[c]) / stddev[c];
    }
  }
  return out;
}

std::vector<Box> ConnectedRegions(const float* map, int height, int width,
                                  float threshold, int min_pixels) {
  std::vector<int> label(static_cast<size_t>(height) * width, 0);
  std::vector<Box> boxes;
  std::vector<int> stack;
  int next = 0;
  for (int y = 0; y < height; ++y) {
    for (int x = 0; x < width; ++x) {
      size_t idx = static_cast<size_t>(y) * width + x;
      if (map[idx] <= threshold || label[idx]) continue;
      ++next;
      Box box{x, y, x, y, 0, 0.f};
      double sum = 0;
      label[idx] = next;
      stack.assign(1, static_cast<int>(idx));
      while (!stack.empty()) {
        int p = stack.back();
        stack.pop_back();
        int py = p / width, px = p % width;
        box.x0 = std::min(box.x0, px);
        box.x1 = std::max(box.x1, px);
        box.y0 = std::min(box.y0, py);
        box.y1 = std::max(box.y1, py);
        box.pixels++;
        sum += map[p];
        for (int dy = -1; dy <= 1; ++dy) {
          for (int dx = -1; dx <= 1; ++dx) {
            int ny = py + dy, nx = px + dx;
            if ((dy || dx) && ny >= 0 && ny < height && nx >= 0 && nx < width) {
              size_t n = static_cast<size_t>(ny) * width + nx;
              if (map[n] > threshold && !label[n]) {
                label[n] = next;
                stack.push_back(static_cast<int>(n));
              }
            }
          }
        }
      }
      box.mean_score = static_cast<float>(sum / box.pixels);
      if (box.pixels >= min_pixels) boxes.push_back(box);
    }
  }
  return boxes;
}

Box UnclipBox(const Box& box, float ratio, int width, int height) {
  const float w = static_cast<float>(box.x1 - box.x0 + 1);
  const float h = static_cast<float>(box.y1 - box.y0 + 1);
  const int d = static_cast<int>(std::lround(w * h * ratio / (2.f * (w + h))));
  Box out = box;
  out.x0 = std::max(0, box.x0 - d);
  out.y0 = std::max(0, box.y0 - d);
  out.x1 = std::min(width - 1, box.x1 + d);
  out.y1 = std::min(height - 1, box.y1 + d);
  return out;
}

std::vector<Box> TextLineBoxes(const float* map, int map_height, int map_width, int image_width,
                               int image_height) {
  const float sx = static_cast<float>(image_width) / map_width;
  const float sy = static_cast<float>(image_height) / map_height;
  std::vector<Box> boxes;
  for (const auto& r : ConnectedRegions(map, map_height, map_width, 0.3f, 50)) {
    Box b = UnclipBox(r, 1.5f, map_width, map_height);
    b.x0 = static_cast<int>(b.x0 * sx);
    b.x1 = static_cast<int>((b.x1 + 1) * sx) - 1;
    b.y0 = static_cast<int>(b.y0 * sy);
    b.y1 = static_cast<int>((b.y1 + 1) * sy) - 1;
    boxes.push_back(b);
  }
  std::stable_sort(boxes.begin(), boxes.end(), [](const Box& a, const Box& b) {
    return std::abs(a.y0 - b.y0) < 10 ? a.x0 < b.x0 : a.y0 < b.y0;
  });
  return boxes;
}

void DrawRect(Image* image, const Box& box, uint8_t r, uint8_t g, uint8_t b) {
  auto put = [&](int x, int y) {
    if (x < 0 || y < 0 || x >= image->width || y >= image->height) return;
    uint8_t* p = &image->pixels[(static_cast<size_t>(y) * image->width + x) * image->channels];
    p[0] = r;
    p[1] = g;
    p[2] = b;
  };
  for (int t = 0; t < 2; ++t) {
    for (int x = box.x0 - t; x <= box.x1 + t; ++x) {
      put(x, box.y0 - t);
      put(x, box.y1 + t);
    }
    for (int y = box.y0 - t; y <= box.y1 + t; ++y) {
      put(box.x0 - t, y);
      put(box.x1 + t, y);
    }
  }
}

std::vector<std::pair<int, float>> TopK(const float* values, int n, int k) {
  std::vector<std::pair<int, float>> v;
  for (int i = 0; i < n; ++i) v.emplace_back(i, values[i]);
  k = std::min(k, n);
  std::partial_sort(v.begin(), v.begin() + k, v.end(),
                    [](auto& a, auto& b) { return a.second > b.second; });
  v.resize(k);
  return v;
}

std::vector<std::string> ReadLines(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open '" + path + "'");
  std::vector<std::string> lines;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    lines.push_back(line);
  }
  return lines;
}

std::vector<float> ReadFloats(const std::string& path, size_t expected_count) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open '" + path + "'");
  std::vector<float> v(expected_count);
  in.read(reinterpret_cast<char*>(v.data()), expected_count * sizeof(float));
  if (static_cast<size_t>(in.gcount()) != expected_count * sizeof(float)) {
    throw std::runtime_error("'" + path + "' holds fewer than " +
                             std::to_string(expected_count) + " floats");
  }
  return v;
}

Image Crop(const Image& src, int x0, int y0, int x1, int y1) {
  x0 = std::max(x0, 0);
  y0 = std::max(y0, 0);
  x1 = std::min(x1, src.width - 1);
  y1 = std::min(y1, src.height - 1);
  Image out;
  out.width = std::max(x1 - x0 + 1, 0);
  out.height = std::max(y1 - y0 + 1, 0);
  out.channels = src.channels;
  out.pixels.resize(static_cast<size_t>(out.width) * out.height * out.channels);
  for (int y = 0; y < out.height; ++y) {
    const uint8_t* row = &src.pixels[(static_cast<size_t>(y0 + y) * src.width + x0) * src.channels];
    std::copy(row, row + static_cast<size_t>(out.width) * src.channels,
              &out.pixels[static_cast<size_t>(y) * out.width * out.channels]);
  }
  return out;
}

Image Rotate180(const Image& src) {
  Image out = src;
  const size_t n = static_cast<size_t>(src.width) * src.height;
  for (size_t i = 0; i < n; ++i) {
    std::copy(&src.pixels[(n - 1 - i) * src.channels], &src.pixels[(n - i) * src.channels],
              &out.pixels[i * src.channels]);
  }
  return out;
}

Image Rotate90CCW(const Image& src) {
  Image out;
  out.width = src.height;
  out.height = src.width;
  out.channels = src.channels;
  out.pixels.resize(src.pixels.size());
  for (int y = 0; y < out.height; ++y) {
    for (int x = 0; x < out.width; ++x) {
      // out(x, y) = src(src.width - 1 - y, x)
      const uint8_t* s = &src.pixels[(static_cast<size_t>(x) * src.width + (src.width - 1 - y)) * src.channels];
      std::copy(s, s + src.channels, &out.pixels[(static_cast<size_t>(y) * out.width + x) * out.channels]);
    }
  }
  return out;
}

Image Filled(int width, int height, uint8_t r, uint8_t g, uint8_t b) {
  Image out;
  out.width = width;
  out.height = height;
  out.channels = 3;
  out.pixels.resize(static_cast<size_t>(width) * height * 3);
  for (size_t i = 0; i < out.pixels.size(); i += 3) {
    out.pixels[i] = r;
    out.pixels[i + 1] = g;
    out.pixels[i + 2] = b;
  }
  return out;
}

void Paste(const Image& src, int x, int y, Image* dst) {
  for (int j = 0; j < src.height; ++j) {
    const int py = y + j;
    if (py < 0 || py >= dst->height) continue;
    for (int i = 0; i < src.width; ++i) {
      const int px = x + i;
      if (px < 0 || px >= dst->width) continue;
      for (int ch = 0; ch < dst->channels && ch < src.channels; ++ch) {
        dst->pixels[(static_cast<size_t>(py) * dst->width + px) * dst->channels + ch] =
            src.pixels[(static_cast<size_t>(j) * src.width + i) * src.channels + ch];
      }
    }
  }
}

}  // namespace vision
}  // namespace paddle
