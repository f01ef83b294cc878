// Image decoding/encoding and the small pre/post-processing steps the demo,
// the examples and the model tests share (no dependency on lite/).
#pragma once
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace paddle {
namespace vision {

// 8-bit interleaved image (RGB when channels == 3).
struct Image {
  int width{0};
  int height{0};
  int channels{0};
  std::vector<uint8_t> pixels;
};

// Decodes JPEG/PNG/BMP/… into RGB; throws std::runtime_error naming the
// file and the decoder's reason.
Image LoadImageRGB(const std::string& path);
// Writes a PNG; throws std::runtime_error naming the file on failure.
void SavePng(const Image& image, const std::string& path);
// Bilinear resize (pixel centers aligned, as cv2.resize INTER_LINEAR).
Image ResizeBilinear(const Image& src, int width, int height);
// Bilinear resize that low-pass filters when shrinking (the triangle filter's
// support grows with the scale factor), as PIL's Image.resize(BILINEAR) does:
// the ImageNet references were made this way.
Image ResizeBilinearAntialias(const Image& src, int width, int height);

// The pixels of box (inclusive bounds, clamped to the image).
Image Crop(const Image& src, int x0, int y0, int x1, int y1);
// The image turned by 180 degrees.
Image Rotate180(const Image& src);
// The image turned by 90 degrees counterclockwise (numpy's rot90).
Image Rotate90CCW(const Image& src);
// A canvas of the given size filled with one RGB color.
Image Filled(int width, int height, uint8_t r, uint8_t g, uint8_t b);
// Copies `src` into `dst` with its top-left corner at (x, y), clipped.
void Paste(const Image& src, int x, int y, Image* dst);

// CHW float tensor from an RGB image: (pixel/255 - mean[c]) / std[c], with
// channels in RGB or BGR order.
std::vector<float> NormalizeToCHW(const Image& image, const float mean[3],
                                  const float stddev[3], bool bgr);

struct Box {
  int x0{0}, y0{0}, x1{0}, y1{0};  // inclusive pixel bounds
  int pixels{0};
  float mean_score{0};
};
// Connected regions (8-connectivity) of map > threshold with at least
// min_pixels pixels, in scan order of their first pixel.
std::vector<Box> ConnectedRegions(const float* map, int height, int width,
                                  float threshold, int min_pixels);
// DB post-processing's "unclip": the detector's map marks a shrunk kernel of
// each text line; grow the box on every side by area * ratio / perimeter
// (PaddleOCR's det_db_unclip_ratio, 1.5 by default), clamped to the map.
Box UnclipBox(const Box& box, float ratio, int width, int height);
// The text lines of a DB detector's probability map (map_height x
// map_width) in image coordinates, as the OCR demo finds them: regions of
// map > 0.3 with >= 50 pixels, unclipped by 1.5, scaled to the image and
// sorted in reading order (rows within 10 px, then left to right).
std::vector<Box> TextLineBoxes(const float* map, int map_height, int map_width, int image_width,
                               int image_height);
// Draws a rectangle outline (thickness 2) in the given RGB color.
void DrawRect(Image* image, const Box& box, uint8_t r, uint8_t g, uint8_t b);

// Indices of the k largest values, largest first.
std::vector<std::pair<int, float>> TopK(const float* values, int n, int k);
// Lines of a text file (e.g. synset_words.txt); throws on a missing file.
std::vector<std::string> ReadLines(const std::string& path);
// Raw little-endian float32 file; throws on a missing/short file.
std::vector<float> ReadFloats(const std::string& path, size_t expected_count);

}  // namespace vision
}  // namespace paddle
