import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // The JSON report lets .ci/run print a plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.test-results.json' }]],
  },
});
