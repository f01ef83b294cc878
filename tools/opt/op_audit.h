// docs/op-attribute-audit.md's table, from the LITE_OP_AUDIT rows.
#pragma once
#include <ostream>

namespace paddle {
namespace lite {

// The table (header, separator, one line per LITE_OP_AUDIT row in the order
// of lite/operators/all_ops.inc).
void PrintOpAuditMarkdown(std::ostream& out);

}  // namespace lite
}  // namespace paddle
