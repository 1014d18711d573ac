// Child process for test/hostile: reads one file with one reader and prints the heap it retains per
// input byte, and how long the read took. Run with --expose-gc under a small --max-old-space-size.
import { readFileSync } from 'node:fs';
const [reader, path] = process.argv.slice(2);
const api = await import(new URL('../../packages/gameanim/dist/index.js', import.meta.url).href);
const bytes = new Uint8Array(readFileSync(path));
const open = {
  anim: (b) => new api.SpriteAnimReader(b),
  iff: (b) => new api.IFFReader(b),
  dir: (b) => api.ImgArchive.fromDir(b, new Uint8Array(0)),
  img: (b) => new api.ImgArchive(b),
  ifp: (b) => new api.IFPReader(b),
  dff: (b) => new api.DFFReader(b),
  ilff: (b) => { const clip = new api.IGI2ClipReader(b); void clip.tracks; return clip; },
}[reader];
globalThis.gc();
const before = process.memoryUsage();
const start = performance.now();
let result;
try {
  result = open(bytes);
} catch (error) {
  if (!(error instanceof api.DecodeError)) throw error;
  result = error;
}
const ms = performance.now() - start;
globalThis.gc();
const after = process.memoryUsage();
const retained = after.heapUsed + after.external - before.heapUsed - before.external;
console.log(JSON.stringify({ ms, perByte: retained / bytes.length, kept: result !== undefined, error: result instanceof api.DecodeError ? result.code : null }));
