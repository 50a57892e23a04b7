//===- NcxTest.cpp - NCX loader and validator
//--------------------------------===//

#include "runtime/ncx/Ncx.h"

#include <random>

#include "runtime/targets/Target.h"
#include "gmock/gmock.h"
#include "gtest/gtest.h"

namespace systole::ncx {
namespace {

using ::testing::HasSubstr;

/// A valid executable: x (128x512 bf16) -> SBUF -> out (128x512 bf16) on dma
/// queue 0, plus a 128x128x512 matmul and its PSUM evacuation.
Executable validExecutable(const char *targetName = "trn2") {
  Executable exe;
  *exe.mutable_target() = *loadTarget(targetName);
  TensorDecl *x = exe.add_inputs();
  x->set_name("x");
  x->add_shape(128);
  x->add_shape(512);
  x->set_dtype(DTYPE_BF16);
  x->set_hbm_address(0);
  TensorDecl *out = exe.add_outputs();
  *out = *x;
  out->set_name("out");
  out->set_hbm_address(1 << 20);
  exe.set_num_semaphores(2);
  exe.add_dma_queues();
  Instruction *load = exe.mutable_dma_queues(0)->add_instructions();
  *load->mutable_dma_copy()->mutable_src() =
      makeAccessPattern(MEMORY_HBM, 0, 128, 0, DTYPE_BF16, {{512, 1}}, 512);
  *load->mutable_dma_copy()->mutable_dst() =
      makeAccessPattern(MEMORY_SBUF, 0, 128, 0, DTYPE_BF16, {{512, 1}});
  load->add_increments()->set_sem(0);
  load->mutable_increments(0)->set_amount(1);
  Instruction *mm = exe.mutable_tensor()->add_instructions();
  mm->add_waits()->set_sem(0);
  mm->mutable_waits(0)->set_value(1);
  Matmul *matmul = mm->mutable_matmul();
  *matmul->mutable_stationary() =
      makeAccessPattern(MEMORY_SBUF, 0, 128, 0, DTYPE_BF16, {{128, 1}});
  *matmul->mutable_moving() =
      makeAccessPattern(MEMORY_SBUF, 0, 128, 0, DTYPE_BF16, {{512, 1}});
  *matmul->mutable_dst() =
      makeAccessPattern(MEMORY_PSUM, 0, 128, 0, DTYPE_F32, {{512, 1}});
  mm->mutable_loc()->set_file("model.mlir");
  mm->mutable_loc()->set_line(3);
  mm->mutable_loc()->set_col(7);
  finalizeExecutable(exe);
  return exe;
}

std::string bytesOf(const Executable &exe) {
  absl::StatusOr<std::string> bytes = serializeExecutable(exe);
  EXPECT_TRUE(bytes.ok());
  return bytes.ok() ? *bytes : "";
}

TEST(NcxTest, RoundTrip) {
  Executable exe = validExecutable();
  TargetDesc trn2 = *loadTarget("trn2");
  absl::StatusOr<Executable> loaded = parseExecutable(bytesOf(exe), &trn2);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  EXPECT_EQ(loaded->target_name(), "trn2");
  EXPECT_EQ(loaded->tensor().instructions_size(), 1);
  EXPECT_EQ(bytesOf(*loaded), bytesOf(exe));
}

TEST(NcxTest, DebugLocationsInMessages) {
  DebugLoc loc;
  EXPECT_EQ(debugLocString(loc), "");
  loc.set_name("Linear[fc1]|model.py:40|forward|42|aten__mm");
  EXPECT_EQ(debugLocString(loc), "Linear[fc1]|model.py:40|forward|42|aten__mm");
  loc.set_file("model.py");
  loc.set_line(3);
  loc.set_col(7);
  EXPECT_EQ(debugLocString(loc),
            "model.py:3:7 (Linear[fc1]|model.py:40|forward|42|aten__mm)");
  Executable exe = validExecutable();
  StreamId tensor{EngineKind::Tensor, 0};
  EXPECT_EQ(describeInstruction(exe, tensor, 0),
            "tensor instruction 0 (matmul at model.mlir:3:7)");
  exe.mutable_tensor()->mutable_instructions(0)->mutable_loc()->set_name("fc1");
  EXPECT_EQ(describeInstruction(exe, tensor, 0),
            "tensor instruction 0 (matmul at model.mlir:3:7 (fc1))");
}

TEST(NcxTest, FileRoundTrip) {
  std::string path = ::testing::TempDir() + "/x.ncx";
  ASSERT_TRUE(writeExecutable(validExecutable(), path).ok());
  absl::StatusOr<Executable> loaded = loadExecutable(path, nullptr);
  ASSERT_TRUE(loaded.ok()) << loaded.status();
  absl::StatusOr<Executable> missing = loadExecutable(path + ".nope", nullptr);
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kNotFound);
}

TEST(NcxTest, RejectsWrongMagic) {
  Executable exe = validExecutable();
  exe.set_magic(0x12345678);
  absl::StatusOr<Executable> loaded =
      parseExecutable(bytesOf(exe), nullptr, "a.ncx");
  ASSERT_FALSE(loaded.ok());
  EXPECT_THAT(loaded.status().message(),
              HasSubstr("a.ncx: not an NCX executable"));
  loaded = parseExecutable("this is not a protobuf at all", nullptr, "b.ncx");
  ASSERT_FALSE(loaded.ok());
  EXPECT_THAT(loaded.status().message(), HasSubstr("b.ncx:"));
  loaded = parseExecutable("", nullptr, "c.ncx");
  EXPECT_THAT(loaded.status().message(), HasSubstr("empty file"));
}

TEST(NcxTest, RejectsWrongVersion) {
  Executable exe = validExecutable();
  exe.set_format_version(kNcxFormatVersion + 1);
  absl::StatusOr<Executable> loaded = parseExecutable(bytesOf(exe), nullptr);
  ASSERT_FALSE(loaded.ok());
  EXPECT_THAT(loaded.status().message(),
              HasSubstr("format version 2 is not supported"));
}

TEST(NcxTest, RejectsOtherTarget) {
  Executable exe = validExecutable("trn1");
  TargetDesc trn2 = *loadTarget("trn2");
  absl::StatusOr<Executable> loaded = parseExecutable(bytesOf(exe), &trn2);
  ASSERT_FALSE(loaded.ok());
  EXPECT_THAT(loaded.status().message(),
              HasSubstr("compiled for target 'trn1', not 'trn2'"));
}

TEST(NcxTest, RejectsEveryTruncation) {
  std::string bytes = bytesOf(validExecutable());
  for (size_t len = 0; len < bytes.size(); ++len) {
    absl::StatusOr<Executable> loaded =
        parseExecutable(bytes.substr(0, len), nullptr);
    EXPECT_FALSE(loaded.ok()) << "prefix of " << len << " bytes accepted";
  }
}

TEST(NcxTest, MutatedFilesNeverCrash) {
  std::string bytes = bytesOf(validExecutable());
  std::mt19937 rng(42);
  int accepted = 0;
  for (int iter = 0; iter < 3000; ++iter) {
    std::string mutated = bytes;
    int edits = 1 + rng() % 4;
    for (int e = 0; e < edits; ++e) {
      size_t pos = rng() % mutated.size();
      switch (rng() % 3) {
      case 0:
        mutated[pos] = static_cast<char>(rng());
        break;
      case 1:
        mutated[pos] ^= static_cast<char>(1 << (rng() % 8));
        break;
      default:
        mutated.erase(pos, 1 + rng() % 8);
        if (mutated.empty())
          mutated = "x";
      }
    }
    accepted += parseExecutable(mutated, nullptr).ok();
  }
  // Some mutations (e.g. of a debug location) stay valid; none may crash.
  EXPECT_LT(accepted, 3000);
}

/// Validates after `mutate` and returns the error message ("" if valid).
template <typename F> std::string errorAfter(F mutate) {
  Executable exe = validExecutable();
  mutate(exe);
  absl::Status status = validateExecutable(exe, nullptr);
  return status.ok() ? "" : std::string(status.message());
}

TEST(NcxTest, ValidExecutableIsValid) {
  EXPECT_EQ(errorAfter([](Executable &) {}), "");
}

TEST(NcxTest, RejectsHbmAccessOutsideRegions) {
  std::string message = errorAfter([](Executable &exe) {
    exe.mutable_dma_queues(0)
        ->mutable_instructions(0)
        ->mutable_dma_copy()
        ->mutable_src()
        ->set_byte_offset(4096);
  });
  EXPECT_THAT(message,
              HasSubstr("dma0 instruction 0 (dma_copy): src: HBM bytes "
                        "[4096, 135168) are outside every declared region"));
}

TEST(NcxTest, RejectsSbufAccessOutsideMemory) {
  std::string message = errorAfter([](Executable &exe) {
    exe.mutable_tensor()
        ->mutable_instructions(0)
        ->mutable_matmul()
        ->mutable_moving()
        ->set_byte_offset(229376 - 512);
  });
  EXPECT_THAT(
      message,
      HasSubstr(
          "tensor instruction 0 (matmul at model.mlir:3:7): moving: bytes "
          "[228864, 229888) of each partition are outside SBUF's 229376"));
  message = errorAfter([](Executable &exe) {
    exe.mutable_dma_queues(0)
        ->mutable_instructions(0)
        ->mutable_dma_copy()
        ->mutable_dst()
        ->set_start_partition(1);
  });
  EXPECT_THAT(message, HasSubstr("partitions [1, 129) are outside SBUF's 128"));
}

TEST(NcxTest, RejectsMisalignedPartitionStart) {
  std::string message = errorAfter([](Executable &exe) {
    AccessPattern *dst = exe.mutable_tensor()
                             ->mutable_instructions(0)
                             ->mutable_matmul()
                             ->mutable_dst();
    dst->set_partition_count(64);
    AccessPattern *st = exe.mutable_tensor()
                            ->mutable_instructions(0)
                            ->mutable_matmul()
                            ->mutable_stationary();
    st->mutable_dims(0)->set_count(64);
    dst->set_start_partition(32);
  });
  EXPECT_THAT(
      message,
      HasSubstr("a tile of 64 partitions cannot start at partition 32"));
}

TEST(NcxTest, RejectsEngineMemoryRules) {
  // DMA never touches PSUM.
  std::string message = errorAfter([](Executable &exe) {
    exe.mutable_dma_queues(0)
        ->mutable_instructions(0)
        ->mutable_dma_copy()
        ->mutable_dst()
        ->set_memory(MEMORY_PSUM);
  });
  EXPECT_THAT(message, HasSubstr("cannot access PSUM"));
  // GpSimd never PSUM.
  message = errorAfter([](Executable &exe) {
    Instruction *inst = exe.mutable_gpsimd()->add_instructions();
    *inst->mutable_memset()->mutable_dst() =
        makeAccessPattern(MEMORY_PSUM, 0, 128, 0, DTYPE_F32, {{4, 1}});
  });
  EXPECT_THAT(message,
              HasSubstr("gpsimd instruction 0 (memset): dst: the gpsimd "
                        "engine's 'memset' cannot access PSUM"));
  // A matmul cannot run on the vector engine.
  message = errorAfter([](Executable &exe) {
    *exe.mutable_vector()->add_instructions() = exe.tensor().instructions(0);
  });
  EXPECT_THAT(message, HasSubstr("'matmul' cannot run on the vector engine"));
}

TEST(NcxTest, RejectsMatmulShapes) {
  std::string message = errorAfter([](Executable &exe) {
    Matmul *mm =
        exe.mutable_tensor()->mutable_instructions(0)->mutable_matmul();
    mm->mutable_moving()->mutable_dims(0)->set_count(1024);
  });
  EXPECT_THAT(message,
              HasSubstr("N = 1024 exceeds the largest moving size 512"));
  message = errorAfter([](Executable &exe) {
    Matmul *mm =
        exe.mutable_tensor()->mutable_instructions(0)->mutable_matmul();
    mm->mutable_dst()->set_byte_offset(1024);
  });
  EXPECT_THAT(message, HasSubstr("span more than one 2048-byte PSUM bank"));
  message = errorAfter([](Executable &exe) {
    Matmul *mm =
        exe.mutable_tensor()->mutable_instructions(0)->mutable_matmul();
    mm->mutable_dst()->set_dtype(DTYPE_BF16);
  });
  EXPECT_THAT(message, HasSubstr("dst must be f32"));
  message = errorAfter([](Executable &exe) {
    Matmul *mm =
        exe.mutable_tensor()->mutable_instructions(0)->mutable_matmul();
    mm->mutable_moving()->set_dtype(DTYPE_F32);
  });
  EXPECT_THAT(message, HasSubstr("operand types bf16 x f32"));
  message = errorAfter([](Executable &exe) {
    Matmul *mm =
        exe.mutable_tensor()->mutable_instructions(0)->mutable_matmul();
    mm->mutable_moving()->set_dtype(DTYPE_F8E4M3FN);
  });
  EXPECT_THAT(message, HasSubstr("f8E4M3FN is not native on trn2"));
}

TEST(NcxTest, HbmAccessMustLieInOneRegion) {
  // x is [0, 131072); the output moves right after it, and an empty scratch
  // region starts at the same address.
  auto adjacent = [](Executable &exe) {
    exe.mutable_outputs(0)->set_hbm_address(131072);
    ScratchRegion *empty = exe.add_scratch();
    empty->set_name("empty");
    empty->set_hbm_address(131072);
    empty->set_size_bytes(0);
  };
  EXPECT_EQ(errorAfter(adjacent), "");
  // The load reads the output instead of x: inside the last region.
  EXPECT_EQ(errorAfter([&](Executable &exe) {
              adjacent(exe);
              exe.mutable_dma_queues(0)
                  ->mutable_instructions(0)
                  ->mutable_dma_copy()
                  ->mutable_src()
                  ->set_byte_offset(131072);
            }),
            "");
  // 64 bytes in, the load crosses from x into the output.
  EXPECT_THAT(errorAfter([&](Executable &exe) {
                adjacent(exe);
                exe.mutable_dma_queues(0)
                    ->mutable_instructions(0)
                    ->mutable_dma_copy()
                    ->mutable_src()
                    ->set_byte_offset(64);
              }),
              HasSubstr("src: HBM bytes [64, 131136) are outside every "
                        "declared region"));
}

TEST(NcxTest, RejectsBadSemaphoresAndRegions) {
  std::string message = errorAfter([](Executable &exe) {
    exe.mutable_tensor()->mutable_instructions(0)->mutable_waits(0)->set_sem(5);
  });
  EXPECT_THAT(message,
              HasSubstr("waits on semaphore 5 but the executable has 2"));
  message = errorAfter(
      [](Executable &exe) { exe.mutable_outputs(0)->set_hbm_address(4); });
  EXPECT_THAT(message, HasSubstr("overlaps"));
  message = errorAfter([](Executable &exe) {
    exe.mutable_outputs(0)->set_hbm_address(13LL << 30);
  });
  EXPECT_THAT(message, HasSubstr("outside the 12884901888 bytes of HBM"));
  message = errorAfter([](Executable &exe) {
    exe.mutable_tensor()->mutable_instructions(0)->clear_kind();
  });
  EXPECT_THAT(message, HasSubstr("instruction has no kind"));
}

TEST(NcxTest, ByteExtent) {
  AccessPattern ap =
      makeAccessPattern(MEMORY_SBUF, 0, 1, 100, DTYPE_F32, {{4, 8}, {3, -1}});
  ByteExtent e = byteExtent(ap);
  EXPECT_EQ(e.begin, 100 - 2 * 4);
  EXPECT_EQ(e.end, 100 + (24 + 1) * 4);
  EXPECT_EQ(elementsPerPartition(ap), 12);
}

} // namespace
} // namespace systole::ncx
