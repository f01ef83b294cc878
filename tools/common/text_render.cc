#include "tools/common/text_render.h"

#include <algorithm>
#include <fstream>
#include <iterator>
#include <stdexcept>

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-function"
#pragma GCC diagnostic ignored "-Wsign-compare"
#pragma GCC diagnostic ignored "-Wunused-parameter"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
#define STB_TRUETYPE_IMPLEMENTATION
#define STBTT_STATIC
#include <stb_truetype.h>
#pragma GCC diagnostic pop

namespace paddle {
namespace vision {

std::string FindCjkFont() {
  for (const char* p : {"/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
                        "/usr/share/fonts/opentype/noto/NotoSerifCJK-Regular.ttc",
                        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"}) {
    if (std::ifstream(p).good()) return p;
  }
  return "";
}

struct TextRenderer::Impl {
  std::vector<unsigned char> data;
  stbtt_fontinfo font;
};

TextRenderer::TextRenderer(const std::string& font_path, int index) : impl_(new Impl) {
  std::ifstream f(font_path, std::ios::binary);
  if (!f) {
    delete impl_;
    throw std::runtime_error("font '" + font_path + "' cannot be read (install fonts-noto-cjk)");
  }
  impl_->data.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  const int offset = stbtt_GetFontOffsetForIndex(impl_->data.data(), index);
  if (offset < 0 || !stbtt_InitFont(&impl_->font, impl_->data.data(), offset)) {
    delete impl_;
    throw std::runtime_error("'" + font_path + "' is not a TrueType/OpenType font (face " +
                             std::to_string(index) + ")");
  }
}

TextRenderer::~TextRenderer() { delete impl_; }

std::vector<int> DecodeUtf8(const std::string& s) {
  std::vector<int> cps;
  for (size_t i = 0; i < s.size();) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    int len = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) {
      cps.push_back(0xFFFD);
      ++i;
      continue;
    }
    int cp = len == 1 ? c : c & (0x7F >> len);
    for (int k = 1; k < len; ++k) cp = (cp << 6) | (static_cast<unsigned char>(s[i + k]) & 0x3F);
    cps.push_back(cp);
    i += len;
  }
  return cps;
}

int TextRenderer::Width(const std::string& utf8, float pixel_height) const {
  const float scale = stbtt_ScaleForPixelHeight(&impl_->font, pixel_height);
  float w = 0;
  for (int cp : DecodeUtf8(utf8)) {
    int advance = 0, lsb = 0;
    stbtt_GetCodepointHMetrics(&impl_->font, cp, &advance, &lsb);
    w += advance * scale;
  }
  return static_cast<int>(w + 0.5f);
}

float TextRenderer::Glyph(Image* image, float pen_x, int baseline, int cp, float scale,
                          const uint8_t rgb[3]) const {
  int advance = 0, lsb = 0, w = 0, h = 0, xoff = 0, yoff = 0;
  stbtt_GetCodepointHMetrics(&impl_->font, cp, &advance, &lsb);
  unsigned char* bmp = stbtt_GetCodepointBitmap(&impl_->font, scale, scale, cp, &w, &h, &xoff, &yoff);
  const int gx = static_cast<int>(pen_x + 0.5f) + xoff, gy = baseline + yoff;
  for (int j = 0; j < h; ++j) {
    const int py = gy + j;
    if (py < 0 || py >= image->height) continue;
    for (int i = 0; i < w; ++i) {
      const int px = gx + i;
      if (px < 0 || px >= image->width) continue;
      const int a = bmp[j * w + i];
      uint8_t* dst = &image->pixels[(static_cast<size_t>(py) * image->width + px) * image->channels];
      for (int ch = 0; ch < 3 && ch < image->channels; ++ch) {
        dst[ch] = static_cast<uint8_t>((rgb[ch] * a + dst[ch] * (255 - a)) / 255);
      }
    }
  }
  stbtt_FreeBitmap(bmp, nullptr);
  return advance * scale;
}

void TextRenderer::Draw(Image* image, int x, int y, const std::string& utf8, float pixel_height,
                        uint8_t r, uint8_t g, uint8_t b) const {
  const float scale = stbtt_ScaleForPixelHeight(&impl_->font, pixel_height);
  int ascent = 0, descent = 0, gap = 0;
  stbtt_GetFontVMetrics(&impl_->font, &ascent, &descent, &gap);
  const int baseline = y + static_cast<int>(ascent * scale + 0.5f);
  const uint8_t rgb[3] = {r, g, b};
  float pen = static_cast<float>(x);
  for (int cp : DecodeUtf8(utf8)) pen += Glyph(image, pen, baseline, cp, scale, rgb);
}

void TextRenderer::DrawVertical(Image* image, int x, int y, const std::string& utf8,
                                float pixel_height, uint8_t r, uint8_t g, uint8_t b) const {
  const float scale = stbtt_ScaleForPixelHeight(&impl_->font, pixel_height);
  int ascent = 0, descent = 0, gap = 0;
  stbtt_GetFontVMetrics(&impl_->font, &ascent, &descent, &gap);
  const uint8_t rgb[3] = {r, g, b};
  int top = y;
  for (int cp : DecodeUtf8(utf8)) {
    Glyph(image, static_cast<float>(x), top + static_cast<int>(ascent * scale + 0.5f), cp, scale, rgb);
    top += static_cast<int>(pixel_height);
  }
}

}  // namespace vision
}  // namespace paddle
