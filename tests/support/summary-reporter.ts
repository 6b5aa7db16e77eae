import type { Reporter, TestModule } from "vitest/node";

/** Prints one plain closing line, "Tests: N passed, N failed, N skipped", that CI can read. */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const m of modules) {
      for (const test of m.children.allTests()) {
        const state = test.result().state;
        if (state === "passed") counts.passed++;
        else if (state === "failed") counts.failed++;
        else counts.skipped++;
      }
      if (m.state() === "failed" && ![...m.children.allTests()].some((t) => t.result().state === "failed")) counts.failed++;
    }
    counts.failed += unhandledErrors.length;
    process.stdout.write(`\nTests: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
