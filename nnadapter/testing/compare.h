// Comparing a device's outputs with a reference device's.
#ifndef NNADAPTER_TESTING_COMPARE_H_
#define NNADAPTER_TESTING_COMPARE_H_

#include <string>
#include <vector>

#include "testing/execution.h"

namespace nnadapter_test {

// Same dims and every element within atol + rtol * |reference| (the first
// mismatch of each output is reported with `what`, the output and the
// element index).
void ExpectClose(const std::vector<Memory>& got, const std::vector<Memory>& ref,
                 const std::string& what, double atol = 1e-4,
                 double rtol = 1e-4);

}  // namespace nnadapter_test

#endif  // NNADAPTER_TESTING_COMPARE_H_
