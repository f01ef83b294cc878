// LITE_CPU_CLONES marks a hot loop for AVX-512, AVX2 and baseline versions
// picked at load time (the tree is built without -march); Avx2FmaAvailable
// guards the hand-written AVX2/FMA intrinsics paths.
// Under ThreadSanitizer it is empty: the clones' ifunc resolver is
// instrumented and runs during relocation, before the TSan runtime is
// initialized, so every binary linking such a function segfaults in the
// dynamic loader before main.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define LITE_CPU_CLONES_DISABLED 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define LITE_CPU_CLONES_DISABLED 1
#endif
#endif

#ifdef LITE_CPU_CLONES_DISABLED
#define LITE_CPU_CLONES
#else
#define LITE_CPU_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#endif

// The same, kept out of line (so the vectorizer sees one flat loop). clang
// refuses `noinline` beside target_clones; its clones are reached through an
// ifunc and never inlined anyway.
#if defined(__clang__) && !defined(LITE_CPU_CLONES_DISABLED)
#define LITE_CPU_CLONES_NOINLINE LITE_CPU_CLONES
#else
#define LITE_CPU_CLONES_NOINLINE LITE_CPU_CLONES __attribute__((noinline))
#endif

namespace paddle {
namespace lite {
namespace operators {

// The CPU runs AVX2 and FMA: the condition of every hand-written intrinsics
// path (target("avx2,fma")).
inline bool Avx2FmaAvailable() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

}  // namespace operators
}  // namespace lite
}  // namespace paddle
