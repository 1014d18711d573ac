// Child process for test/hostile: reads one file with one reader and prints the heap it retains per
// input byte, and how many items it kept (instructions, directory entries), so the test can tell a
// whole read from one that stopped early. Counted, not timed: a clock on a loaded machine says little.
// Run with --expose-gc under a small --max-old-space-size.
import { readFileSync } from 'node:fs';
const [reader, path] = process.argv.slice(2);
const api = await import(new URL('../../packages/gameanim/dist/index.js', import.meta.url).href);
const bytes = new Uint8Array(readFileSync(path));
const open = {
  anim: (b) => new api.SpriteAnimReader(b),
  iff: (b) => new api.IFFReader(b),
  dir: (b) => api.IMGArchive.fromDir(b, new Uint8Array(0)),
  img: (b) => new api.IMGArchive(b),
  ifp: (b) => new api.IFPReader(b),
  dff: (b) => new api.DFFReader(b),
  ilff: (b) => {
    const clip = new api.IGI2ClipReader(b);
    void clip.tracks;
    return clip;
  },
}[reader];
/** The items a reader kept, where it keeps a list that grows with the input; null for the others. */
const items = {
  // Table entries at one offset share one decoded script: each instruction list is counted once.
  anim: (r) => [...new Set(r.scripts.map((s) => s.instructions))].reduce((n, list) => n + list.length, 0),
  dir: (r) => r.entries.length,
  img: (r) => r.entries.length,
}[reader];
globalThis.gc();
const before = process.memoryUsage();
let result;
try {
  result = open(bytes);
} catch (error) {
  if (!(error instanceof api.DecodeError)) throw error;
  result = error;
}
globalThis.gc();
const after = process.memoryUsage();
const retained = after.heapUsed + after.external - before.heapUsed - before.external;
console.log(
  JSON.stringify({
    items: items && !(result instanceof api.DecodeError) ? items(result) : null,
    perByte: retained / bytes.length,
    kept: result !== undefined,
    error: result instanceof api.DecodeError ? result.code : null,
  }),
);
