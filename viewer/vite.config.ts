import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { precacheList } from './precache-plugin.js';

const source = (path: string) => fileURLToPath(new URL(`../src/${path}`, import.meta.url));

/**
 * glTF-Transform ships one entry point, for Node and browsers alike: its NodeIO loads node:fs and
 * node:path with a dynamic import when one is constructed. The viewer reads and writes with WebIO
 * only and never constructs a NodeIO, so Vite's empty browser stand-ins for those two are never
 * loaded: that warning, for those two modules imported by glTF-Transform and nothing else, says
 * nothing. Any other module externalized (one the viewer would really call) still warns.
 */
const GLTF_TRANSFORM_NODE_IO =
  /^Module "node:(fs|path)" has been externalized for browser compatibility, imported by "[^"]*[\\/]@gltf-transform[\\/]core[\\/]/;

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
    rolldownOptions: {
      onLog(level, log, handler) {
        if (level === 'warn' && log.plugin === 'rolldown:vite-resolve' && GLTF_TRANSFORM_NODE_IO.test(log.message)) return;
        handler(level, log);
      },
    },
  },
});
