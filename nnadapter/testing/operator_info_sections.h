// The operations an operator-info file has a section for, by name: what a
// driver's operations.inc must list exactly (operations_test.cc of each
// driver with a .ini).
#ifndef NNADAPTER_TESTING_OPERATOR_INFO_SECTIONS_H_
#define NNADAPTER_TESTING_OPERATOR_INFO_SECTIONS_H_

#include <set>
#include <string>

namespace nnadapter_test {

// Records a test failure naming the file and line if `path` does not parse.
std::set<std::string> OperatorInfoSections(const std::string& path);

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_OPERATOR_INFO_SECTIONS_H_
