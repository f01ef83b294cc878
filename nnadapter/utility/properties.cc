#include "nnadapter/utility/properties.h"

#include <cctype>

namespace nnadapter {

std::string Trim(const std::string& text) {
  size_t begin = 0, end = text.size();
  while (begin < end && std::isspace(static_cast<unsigned char>(text[begin])))
    begin++;
  while (end > begin && std::isspace(static_cast<unsigned char>(text[end - 1])))
    end--;
  return text.substr(begin, end - begin);
}

std::vector<std::string> SplitAndTrim(const std::string& text,
                                      char separator) {
  std::vector<std::string> items;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(separator, start);
    if (end == std::string::npos) end = text.size();
    std::string item = Trim(text.substr(start, end - start));
    if (!item.empty()) items.push_back(item);
    start = end + 1;
  }
  return items;
}

static bool IsKeyChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.';
}

bool ParseProperties(const std::string& text,
                     std::map<std::string, std::string>* properties,
                     std::string* error) {
  properties->clear();
  size_t start = 0;
  int entry = 0;
  while (start <= text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string::npos) end = text.size();
    const std::string raw = text.substr(start, end - start);
    start = end + 1;
    entry++;
    if (Trim(raw).empty()) continue;
    size_t eq = raw.find('=');
    if (eq == std::string::npos) {
      *error = "properties entry " + std::to_string(entry) + " '" + raw +
               "': expected KEY=VALUE";
      return false;
    }
    std::string key = Trim(raw.substr(0, eq));
    std::string value = Trim(raw.substr(eq + 1));
    if (key.empty()) {
      *error = "properties entry " + std::to_string(entry) + " '" + raw +
               "': empty key";
      return false;
    }
    for (char c : key) {
      if (!IsKeyChar(c)) {
        *error = "properties entry " + std::to_string(entry) + " '" + raw +
                 "': key '" + key +
                 "' may contain only letters, digits, '_' and '.'";
        return false;
      }
    }
    if (properties->count(key)) {
      *error = "properties: duplicate key '" + key + "'";
      return false;
    }
    (*properties)[key] = value;
  }
  return true;
}

}  // namespace nnadapter
