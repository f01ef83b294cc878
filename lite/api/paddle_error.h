// Public: the one error mechanism of the C++ API.
//
// Every error a user can cause (bad path, corrupt model, unsupported op,
// wrong input shape, bad configuration) is reported by throwing
// paddle::lite_api::Error, whose what() names the file/op/variable and what
// was expected. The library never calls abort() or exit() on user errors.
#pragma once
#include <stdexcept>
#include <string>

namespace paddle {
namespace lite_api {

class Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace lite_api
}  // namespace paddle
