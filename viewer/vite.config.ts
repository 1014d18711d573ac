import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precacheList } from './precache-plugin.js';

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

// The viewer is a static page: relative URLs, so the same build runs from `gameanim view` or any file host.
// It imports the library by its package names; they are bundled from the sources, as vitest runs them.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [precacheList()],
  logLevel: 'warn',
  resolve: {
    alias: [
      { find: /^gameanim$/, replacement: source('index.ts') },
      { find: /^gameanim\/(.*)$/, replacement: source('$1/index.ts') },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('../packages/cli/dist/viewer/', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    target: 'es2022',
  },
});
