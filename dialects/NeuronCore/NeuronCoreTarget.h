//===- NeuronCoreTarget.h - the target of an ncore program ------*- C++ -*-===//
//
// ncore verifiers check sizes against the program's target (DESIGN section 3):
// the shipped `trn1`/`trn2` descriptions of runtime/targets, or a text-format
// TargetDesc given in the program's `target_desc` attribute.
//
//===----------------------------------------------------------------------===//

#ifndef SYSTOLE_DIALECTS_NEURONCORE_NEURONCORETARGET_H
#define SYSTOLE_DIALECTS_NEURONCORE_NEURONCORETARGET_H

#include <string>

#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "runtime/targets/target.pb.h"

namespace systole::ncore {

/// The target description of `program`: its `target_desc` text (which must
/// name the same target) if present, else the shipped target named by
/// `target`. Descriptions are parsed once per distinct text and live until
/// exit. Errors: failure with `*error` describing an unknown target name or
/// an invalid description (loadTarget's message).
mlir::FailureOr<const TargetDesc *> getProgramTarget(ProgramOp program,
                                                     std::string *error = nullptr);

/// getProgramTarget() of the program enclosing `op`; nullptr when there is
/// none or its target is invalid (the program's verifier reports that).
const TargetDesc *getTargetOf(mlir::Operation *op);

} // namespace systole::ncore

#endif // SYSTOLE_DIALECTS_NEURONCORE_NEURONCORETARGET_H
