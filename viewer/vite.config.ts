import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// The viewer is a static page: relative URLs, so the same build runs from `gameanim view` or any file host.
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  logLevel: 'warn',
  build: {
    outDir: fileURLToPath(new URL('../dist/viewer/', import.meta.url)),
    emptyOutDir: true,
    chunkSizeWarningLimit: 2000,
    target: 'es2022',
  },
});
