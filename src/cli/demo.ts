// `npm start`: decodes the bundled demo corpus (fixtures/) and prints what it found and how fast.
import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { REPOSITORY_DIR } from './package-dir.js';
import { textTable } from './text.js';
import { findPresentation } from './present/index.js';
import { IFPReader } from 'gameanim';

const fixturesDir = join(REPOSITORY_DIR, 'fixtures') + sep;
const RUNS = 25;

interface Row {
  file: string;
  bytes: number;
  packages: number;
  animations: number;
  tracks: number;
  keyframes: number;
  ms: number;
  backend: string;
  warnings: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1]!;
}

/** Median time of `RUNS` decodes, and the last result. */
function timed<T>(decode: () => T): { ms: number; result: T } {
  const times: number[] = [];
  let result!: T;
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    result = decode();
    times.push(performance.now() - start);
  }
  return { ms: median(times), result };
}

const rows: Row[] = [];
for (const file of readdirSync(fixturesDir)
  .filter((f) => f.endsWith('.ifp'))
  .sort()) {
  const bytes = new Uint8Array(readFileSync(fixturesDir + file));
  const { ms, result: reader } = timed(() => new IFPReader(bytes));
  rows.push({
    file,
    bytes: bytes.length,
    packages: reader.packages.length,
    animations: reader.animations.length,
    tracks: reader.trackCount,
    keyframes: reader.keyframeCount,
    ms,
    backend: reader.backend,
    warnings: reader.warnings.length,
  });
}

const total: Row = {
  file: 'total',
  bytes: 0,
  packages: 0,
  animations: 0,
  tracks: 0,
  keyframes: 0,
  ms: 0,
  backend: rows[0]?.backend ?? '-',
  warnings: 0,
};
for (const row of rows) {
  total.bytes += row.bytes;
  total.packages += row.packages;
  total.animations += row.animations;
  total.tracks += row.tracks;
  total.keyframes += row.keyframes;
  total.ms += row.ms;
  total.warnings += row.warnings;
}

const header = ['file', 'bytes', 'packages', 'animations', 'tracks', 'keyframes', 'decode ms', 'MB/s', 'backend', 'warnings'];
const cells = [...rows, total].map((r) => [
  r.file,
  String(r.bytes),
  String(r.packages),
  String(r.animations),
  String(r.tracks),
  String(r.keyframes),
  r.ms.toFixed(3),
  (r.bytes / 1e6 / (r.ms / 1e3)).toFixed(1),
  r.backend,
  String(r.warnings),
]);
console.log(`gameanim demo: decoding ${rows.length} IFP files from fixtures/ (median of ${RUNS} runs each)\n`);
console.log(textTable(header, cells));

console.log('\nthe other formats:');
for (const file of readdirSync(fixturesDir)
  .filter((f) => !f.endsWith('.ifp') && f.includes('.'))
  .sort()) {
  const bytes = new Uint8Array(readFileSync(fixturesDir + file));
  const format = findPresentation(bytes, file);
  if (!format) continue;
  const { ms, result } = timed(() => format.format.open(bytes));
  console.log(`${file.padEnd(27)} ${ms.toFixed(3)} ms  ${format.summary(result, bytes.length)}`);
}
