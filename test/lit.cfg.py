# lit configuration for systole: every .mlir file under test/ with RUN lines.
import os

import lit.formats

config.name = "systole"
config.test_format = lit.formats.ShTest(not config.environment.get("LIT_NO_EXTERNAL_SHELL"))
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "CMakeLists.txt", "unit", "Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.systole_obj_root, "test")

# systole tools first, then FileCheck, not, count, split-file from LLVM 19.
config.environment["PATH"] = os.pathsep.join(
    [config.systole_tools_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%corpus", config.corpus_dir))
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%srcroot", config.systole_src_root))

# Tests that read ../shared/corpus are marked `REQUIRES: corpus` and skip
# (UNSUPPORTED) when it is absent.
if os.path.isdir(os.path.join(config.corpus_dir, "models")):
    config.available_features.add("corpus")

# Upstream MLIR's JIT runner (mlir-19-tools) runs linalg-phase output lowered
# with upstream passes: numerical checks of the `linalg` lowering.
if os.path.exists(os.path.join(config.llvm_tools_dir, "mlir-cpu-runner")):
    config.available_features.add("mlir-cpu-runner")
    config.substitutions.append(
        ("%mlir_lib_dir", os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")))
