//===- TensorConstantSyntax.h - `op {attrs} dense<...> : T` ----*- C++ -*-===//
//
// The pretty syntax shared by `stablehlo.constant` and `sdy.constant`: an
// optional attribute dictionary, then one typed tensor attribute whose type is
// the result type. The generic form is handled by MLIR's generic parser.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_DIALECTS_COMMON_TENSORCONSTANTSYNTAX_H
#define SYSTOLE_DIALECTS_COMMON_TENSORCONSTANTSYNTAX_H

#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/OpImplementation.h"

namespace systole {

/// Parses `{attrs}? dense<...> : tensor<...>` into `result` (attributes and
/// the result type) and `value`. Emits "expected a tensor constant" at the
/// attribute when it is not an ElementsAttr.
inline mlir::ParseResult parseTensorConstant(mlir::OpAsmParser &parser,
                                             mlir::OperationState &result,
                                             mlir::ElementsAttr &value) {
  if (parser.parseOptionalAttrDict(result.attributes))
    return mlir::failure();
  llvm::SMLoc loc = parser.getCurrentLocation();
  mlir::Attribute attr;
  if (parser.parseAttribute(attr))
    return mlir::failure();
  value = llvm::dyn_cast<mlir::ElementsAttr>(attr);
  if (!value)
    return parser.emitError(loc, "expected a tensor constant");
  result.addTypes(value.getType());
  return mlir::success();
}

/// Prints the syntax parseTensorConstant reads; `value` is the op's inherent
/// `value` attribute.
inline void printTensorConstant(mlir::OpAsmPrinter &p, mlir::Operation *op,
                                mlir::ElementsAttr value) {
  p.printOptionalAttrDict(op->getAttrs(), {"value"});
  p << ' ';
  p.printAttribute(value);
}

} // namespace systole

#endif
