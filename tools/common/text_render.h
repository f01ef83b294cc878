// A small UTF-8 text renderer over stb_truetype (Debian libstb-dev) for the
// demo's annotated pictures; reads TrueType/OpenType fonts and collections
// (e.g. fonts-noto-cjk's NotoSansCJK-Regular.ttc).
#pragma once
#include <string>
#include <vector>

#include "tools/common/vision.h"

namespace paddle {
namespace vision {

// The first of the CJK-capable fonts Debian ships that exists, or "".
std::string FindCjkFont();

class TextRenderer {
 public:
  // Throws std::runtime_error naming the file when it cannot be read or is
  // not a font (`index` selects a face in a collection).
  explicit TextRenderer(const std::string& font_path, int index = 0);
  ~TextRenderer();
  TextRenderer(const TextRenderer&) = delete;
  TextRenderer& operator=(const TextRenderer&) = delete;

  // Width in pixels of `utf8` at `pixel_height`.
  int Width(const std::string& utf8, float pixel_height) const;
  // Draws `utf8` with its top-left corner at (x, y), alpha-blended in the
  // given RGB color and clipped to the image.
  void Draw(Image* image, int x, int y, const std::string& utf8, float pixel_height, uint8_t r,
            uint8_t g, uint8_t b) const;
  // The same, one character under the other (vertical lines).
  void DrawVertical(Image* image, int x, int y, const std::string& utf8, float pixel_height,
                    uint8_t r, uint8_t g, uint8_t b) const;

 private:
  struct Impl;
  // Draws one code point with its pen position at (pen_x, baseline);
  // returns the advance in pixels.
  float Glyph(Image* image, float pen_x, int baseline, int cp, float scale, const uint8_t rgb[3]) const;
  Impl* impl_;
};

// Decodes UTF-8 into code points (invalid bytes become U+FFFD).
std::vector<int> DecodeUtf8(const std::string& s);

}  // namespace vision
}  // namespace paddle
