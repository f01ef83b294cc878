#include "testing/compare.h"

#include <gtest/gtest.h>

#include <cmath>

namespace nnadapter_test {

void ExpectClose(const std::vector<Memory>& got, const std::vector<Memory>& ref,
                 const std::string& what, double atol, double rtol) {
  ASSERT_EQ(got.size(), ref.size()) << what;
  for (size_t o = 0; o < got.size(); o++) {
    ASSERT_EQ(got[o].dims, ref[o].dims) << what << " output " << o;
    ASSERT_EQ(got[o].data.size(), ref[o].data.size()) << what;
    for (size_t i = 0; i < got[o].data.size(); i++) {
      const float r = ref[o].data[i];
      ASSERT_NEAR(got[o].data[i], r, atol + rtol * std::fabs(r))
          << what << " output " << o << " element " << i;
    }
  }
}

}  // namespace nnadapter_test
