//===- Registration.cpp - every dialect and pass systole uses ------------===//
#include "compiler/Pipeline/Registration.h"

#include "compiler/Transforms/Passes.h"
#include "dialects/CHLO/CHLOOps.h"
#include "dialects/NeuronCore/NeuronCoreOps.h"
#include "dialects/Shardy/ShardyOps.h"
#include "dialects/StableHLO/StableHLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/Passes.h"

void systole::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<stablehlo::StableHLODialect, chlo::CHLODialect,
                  sdy::SdyDialect, mlir::func::FuncDialect,
                  mlir::arith::ArithDialect, mlir::math::MathDialect,
                  mlir::tensor::TensorDialect, ncore::NCoreDialect>();
  mlir::func::registerInlinerExtension(registry);
}

void systole::registerAllPasses() {
  mlir::registerCanonicalizerPass();
  mlir::registerCSEPass();
  mlir::registerInlinerPass();
  mlir::registerSymbolDCEPass();
  registerSystolePasses();
}
