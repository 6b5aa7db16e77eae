import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": import.meta.dirname } },
  test: {
    include: ["tests/**/*.test.ts", "lib/**/*.test.ts", "e2e/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    setupFiles: ["tests/support/setup.ts"],
    reporters: ["default", "./tests/support/summary-reporter.ts"],
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // A browser page re-rendering after an action can take seconds on a busy machine (e2e).
    expect: { poll: { timeout: 10_000 } },
    // Tests call the API far faster than any client should; tests/rate-limit.test.ts checks throttling itself.
    env: {
      LOG_LEVEL: "silent",
      // The test process writes fixtures of any brand (tests/support/pg.ts); the servers it starts run as the app.
      DATABASE_ROLE: "owner",
      BACKGROUND_JOBS: "off",
      RATE_LIMIT_PER_SECOND: "1000000",
      RATE_LIMIT_BURST: "1000000",
      // The contract test sends hundreds of requests without credentials; hardening tests set it low.
      AUTH_FAILURES_PER_MINUTE: "1000000",
      // One sealing key for the test processes and the servers they start (which inherit it): a brand
      // made in process (its signing secret sealed) is opened by the built server. The e2e files that
      // pass a key pass this one.
      GATEWAY_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString("base64"),
    },
  },
});
