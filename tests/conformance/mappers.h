// Declarations of the ONNX -> NNAdapter mapping functions (map_*.cc), one
// per NNAdapter operation (or ONNX op form); the table is in mappers.cc.
#ifndef TESTS_CONFORMANCE_MAPPERS_H_
#define TESTS_CONFORMANCE_MAPPERS_H_

#include "onnx_mapping.h"

namespace conformance {

MapStatus MapLeakyRelu(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapHardSigmoid(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapHardSwish(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSoftplus(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapPRelu(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapClip(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSoftmax(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapLogSoftmax(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapConv(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapConvTranspose(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapAveragePool(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapMaxPool(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapGlobalAveragePool(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapGlobalMaxPool(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapAbs(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapExp(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapFloor(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapLog(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapRelu(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSigmoid(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapTanh(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapCos(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSin(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapLrn(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapNot(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapAssign(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapAdd(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSub(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapMul(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapDiv(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapAnd(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapXor(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapOr(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapEqual(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapNotEqual(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapGreater(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapGreaterEqual(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapLess(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapLessEqual(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapPow(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSquare(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapMax(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapMin(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSum(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapWhere(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapGemm(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapMatMul(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapBatchNorm(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapInstanceNorm(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapLayerNorm(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapReduceMax(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapReduceMean(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapReduceSum(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapArgMax(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapArgMin(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapTopK(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapResizeNearest(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapResizeLinear(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapGridSample(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapRoiAlign(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapQuantize(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapDequantize(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapReshape(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapFlatten(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSqueeze(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapUnsqueeze(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapTranspose(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapConcat(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSplit(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapSlice(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapGather(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapTile(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapExpand(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapPad(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapShape(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapCast(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapConstantOfShape(const onnx::NodeProto& node, MapContext* ctx);
MapStatus MapRange(const onnx::NodeProto& node, MapContext* ctx);

}  // namespace conformance

#endif  // TESTS_CONFORMANCE_MAPPERS_H_
