// Context properties: "KEY=VALUE;KEY=VALUE".
//   keys: [A-Za-z0-9_.]+ (no duplicates); values: anything but ';' (may be
//   empty); whitespace around keys and values is trimmed; empty entries
//   (";;", trailing ';') are allowed.
#ifndef NNADAPTER_UTILITY_PROPERTIES_H_
#define NNADAPTER_UTILITY_PROPERTIES_H_

#include <map>
#include <string>
#include <vector>

namespace nnadapter {

// Returns false with a message naming the offending entry on error.
bool ParseProperties(const std::string& text,
                     std::map<std::string, std::string>* properties,
                     std::string* error);

// Splits "a,b , c" into {"a","b","c"} (trimmed, empty items dropped).
std::vector<std::string> SplitAndTrim(const std::string& text, char separator);
std::string Trim(const std::string& text);

}  // namespace nnadapter

#endif  // NNADAPTER_UTILITY_PROPERTIES_H_
