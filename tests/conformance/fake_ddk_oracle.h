// What fake_ddk itself accepts: an operation converted on its own by
// fake_device's converter into a scratch fake_ddk graph that the SDK
// validates (the support check fake_device had in code before its .ini
// took over; kept here as the oracle the .ini is compared with).
#ifndef TESTS_CONFORMANCE_FAKE_DDK_ORACLE_H_
#define TESTS_CONFORMANCE_FAKE_DDK_ORACLE_H_

#include <string>

#include "nnadapter/hal/types.h"

namespace conformance {

bool FakeDdkAccepts(const nnadapter::core::Operation& op, std::string* reason);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_FAKE_DDK_ORACLE_H_
