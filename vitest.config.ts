import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(`./src/${path}`, import.meta.url));

export default defineConfig({
  // The tools import the library by its package names: in tests those are its sources, so a test and
  // the code it calls share one copy of every class (DecodeError, IFPReader) and see changes at once.
  resolve: {
    alias: [
      { find: /^gameanim$/, replacement: source('index.ts') },
      { find: /^gameanim\/(.*)$/, replacement: source('$1/index.ts') },
    ],
  },
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    // The JSON report lets .ci/run print a plain "N passed, N failed" line.
    reporters: ['default', ['json', { outputFile: '.test-results.json' }]],
  },
});
