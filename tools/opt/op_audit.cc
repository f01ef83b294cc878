// The attribute audit rows of every op (the LITE_OP_AUDIT lines of the ops.inc
// tables) as the Markdown table of docs/op-attribute-audit.md. Linked into opt
// only, so the runtime libraries do not carry the text.
#include "tools/opt/op_audit.h"

namespace paddle {
namespace lite {
namespace {

struct OpAuditRow {
  const char* ops;
  const char* attributes;
  const char* optional_inputs;
  const char* ours;
};

constexpr OpAuditRow kRows[] = {
#define LITE_OP(op_type__, class__)
#define LITE_KERNEL(op_type__, target__, precision__, layout__, alias__, class__)
#define LITE_OP_AUDIT(ops__, attributes__, inputs__, ours__) {ops__, attributes__, inputs__, ours__},
#include "lite/operators/all_ops.inc"
#undef LITE_OP
#undef LITE_KERNEL
#undef LITE_OP_AUDIT
};

}  // namespace

void PrintOpAuditMarkdown(std::ostream& out) {
  out << "| op types | Paddle attributes (default when absent) | optional inputs | ours |\n"
      << "|---|---|---|---|\n";
  for (const OpAuditRow& r : kRows) {
    out << "| " << r.ops << " | " << r.attributes << " | " << r.optional_inputs << " | " << r.ours
        << " |\n";
  }
}

}  // namespace lite
}  // namespace paddle
