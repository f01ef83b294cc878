// Paddle's LoDTensor record: the unit of every params file (one record per
// file in the per-variable layout; records back to back in a combined file).
//
//   uint32 version (0) | uint64 lod_level | per level: uint64 byte count +
//   that many bytes of uint64 offsets | uint32 tensor version (0) |
//   int32 TensorDesc size | TensorDesc (protobuf) | raw little-endian data
#pragma once
#include <cstddef>
#include <string>

#include "lite/core/program_desc.h"
#include "lite/core/tensor.h"

namespace paddle {
namespace lite {

// Reads the record starting at data[*offset] (data holds `size` bytes) into
// `out` (a fresh 64-byte aligned copy of the data, dims, dtype and lod) and
// advances *offset past it. Every field is validated: versions 0, lod level
// sizes, TensorDesc size and contents, known element type, dims >= 0, data
// size vs the remaining bytes; when `expected` is given, the element type
// must equal expected->dtype (unless that is kUnknown) and the dims must
// match expected->dims (-1 there matches any extent). Errors throw
// paddle::lite_api::Error naming `file`, the record number (when
// record_index >= 0), the variable (expected->name) and the byte offset, e.g.
//   "inference.pdiparams: record 12 (variable 'conv1_weights') at byte
//    offset 4096: data needs 36864 bytes, only 100 remain (file truncated?)"
// On error *offset and `out` are left unchanged.
void ReadLoDTensorRecord(const char* data, size_t size, size_t* offset,
                         const std::string& file, const cpp::VarDesc* expected,
                         Tensor* out, int record_index = -1);

// Appends the record for `tensor` (its dims, dtype, lod and data) to *out,
// byte-identical to what Paddle writes. Throws Error for a tensor without
// data or with an unknown element type.
void WriteLoDTensorRecord(const Tensor& tensor, std::string* out);

}  // namespace lite
}  // namespace paddle
