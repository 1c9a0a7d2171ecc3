import { defineConfig } from 'vitest/config';

export default defineConfig({
  // The dashboard's .tsx (web/) is Preact, as in web/vite.config.ts.
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'web/src/**/*.test.ts'],
    testTimeout: 20_000,
  },
});
