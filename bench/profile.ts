// `npm run bench:profile`: where the time of a whole-corpus decode goes, stage by stage (min of many
// runs, which is the steadiest figure on a shared machine). Reaches into the library's internals on
// purpose, so it loads them from packages/gameanim/dist/ by path.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { IMGArchive } from 'gameanim';
import { REPOSITORY_DIR } from './package-dir.js';
import { ensureCorpus } from './corpus.js';
import { DEFAULT_CORPUS_DIR } from './run.js';

const internal = async <T>(path: string): Promise<T> =>
  (await import(pathToFileURL(join(REPOSITORY_DIR, 'packages', 'gameanim', 'dist', path)).href)) as T;
type Table = { count: number; outputFloats: number; inputEnd: number; used: Int32Array };
const { scanIFP } = await internal<{ scanIFP(bytes: Uint8Array, strict: boolean): { table: Table } }>('ifp/scan.js');
const { decodeTracksJs } = await internal<{ decodeTracksJs(i: Uint8Array, t: Table, o: Float32Array): void }>('ifp/decode-js.js');
const { kernelImports, kernelModule } = await internal<{
  kernelModule(b: string): WebAssembly.Module;
  kernelImports(memory: WebAssembly.Memory): WebAssembly.Imports;
}>('core/wasm-kernel.js');
const { ROW_FIELDS } = await internal<{ ROW_FIELDS: number }>('core/wasm-layout.js');
type Place = { outputAt: number; inputAt: number; tableAt: number; end: number };
const { workLayout } = await internal<{ workLayout(t: Table, start?: number): Place }>('ifp/decode-wasm.js');

const corpus = ensureCorpus(process.argv[2] ?? DEFAULT_CORPUS_DIR);
const archive = new IMGArchive(corpus.animImg);
const files = [corpus.ped, ...archive.entries.map((e) => archive.read(e))];
const tables = files.map((f) => scanIFP(f, false).table);

function minTime(run: () => unknown, repeats = 60): number {
  let best = Infinity;
  for (let i = 0; i < repeats; i++) {
    const start = performance.now();
    run();
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

// One warm memory holding the whole corpus at once, each file laid out by the library's own workLayout.
function stageWasm(build: 'simd' | 'scalar') {
  const places: Place[] = [];
  for (const table of tables) places.push(workLayout(table, places.at(-1)?.end));
  const memory = new WebAssembly.Memory({ initial: Math.ceil(places.at(-1)!.end / 65536) });
  const { exports } = new WebAssembly.Instance(kernelModule(build), kernelImports(memory));
  const decode = exports['decodeTracks'] as (table: number, count: number, input: number, output: number) => void;
  const buffer = memory.buffer;
  const copyIn = () =>
    files.forEach((f, i) => new Uint8Array(buffer, places[i]!.inputAt, tables[i]!.inputEnd).set(f.subarray(0, tables[i]!.inputEnd)));
  const tableIn = () => tables.forEach((t, i) => new Int32Array(buffer, places[i]!.tableAt, t.count * ROW_FIELDS).set(t.used));
  copyIn();
  tableIn();
  const kernel = () => tables.forEach((t, i) => decode(places[i]!.tableAt, t.count, places[i]!.inputAt, places[i]!.outputAt));
  const copyOut = () => tables.map((t, i) => buffer.slice(places[i]!.outputAt, places[i]!.outputAt + t.outputFloats * 4));
  return { copyIn: minTime(copyIn), kernel: minTime(kernel), copyOut: minTime(copyOut) };
}

const stages = {
  'header scan (TypeScript)': minTime(() => files.map((f) => scanIFP(f, false))),
  'output allocation (fresh ArrayBuffers)': minTime(() => tables.map((t) => new Float32Array(t.outputFloats))),
};
const simd = stageWasm('simd');
const scalar = stageWasm('scalar');
const outputs = tables.map((t) => new Float32Array(t.outputFloats));
const jsKernel = minTime(() => tables.forEach((t, i) => decodeTracksJs(files[i]!, t, outputs[i]!)));

// The IFPDecoder's fast path, stage by stage, as src/ifp/arena.ts runs it (its own scan layout and
// result readers), over one warm wasm memory; each stage's time is summed over the corpus per pass.
type Counts = { trackCount: number; outputFloats: number };
type Layout = { inputAt: number; rowsAt: number; namesAt: number; rowCapacity: number; end: number };
const { arenaLayout } = await internal<{ arenaLayout(length: number, at: number): { outputAt: number; scan: Layout; end: number } }>(
  'ifp/arena.js',
);
const scanning = await internal<{
  scanArgs(layout: Layout, inputAt: number, length: number, outputAt?: number): Record<string, number>;
  scanCounts(memory: ArrayBuffer, layout: Layout, input: Uint8Array, status: number): Counts | undefined;
  scannedPackages(memory: ArrayBuffer, layout: Layout, counts: Counts, input: Uint8Array): unknown[];
}>('ifp/scan-wasm.js');
const { kernelArguments } = await internal<{ kernelArguments(kernel: 'decode', name: 'scanAnp', args: Record<string, number>): number[] }>(
  'core/wasm-call.js',
);
function stageArena(): Record<string, number> {
  const memory = new WebAssembly.Memory({ initial: 1024 });
  const work = new WebAssembly.Instance(kernelModule('simd'), kernelImports(memory)).exports as { scanAnp(...args: number[]): number };
  const align16 = (n: number) => (n + 15) & ~15;
  const best: Record<string, number> = {};
  for (let pass = 0; pass < 60; pass++) {
    const spent: Record<string, number> = {
      'arena: input copy in': 0,
      'arena: header scan + kernel, one pass': 0,
      'arena: rows and names next to the floats': 0,
      'arena: packages and animation names': 0,
    };
    let used = 1024;
    for (const input of files) {
      const { outputAt, scan: layout } = arenaLayout(input.length, used);
      let at = performance.now();
      const lap = (stage: string) => {
        const now = performance.now();
        spent[stage]! += now - at;
        at = now;
      };
      new Uint8Array(memory.buffer, layout.inputAt, input.length).set(input);
      lap('arena: input copy in');
      const status = work.scanAnp(
        ...kernelArguments('decode', 'scanAnp', scanning.scanArgs(layout, layout.inputAt, input.length, outputAt)),
      );
      const counts = scanning.scanCounts(memory.buffer, layout, input, status)!;
      lap('arena: header scan + kernel, one pass');
      const rowsAt = align16(outputAt + counts.outputFloats * 4);
      const heap = new Uint8Array(memory.buffer);
      heap.copyWithin(rowsAt, layout.rowsAt, layout.rowsAt + counts.trackCount * ROW_FIELDS * 4);
      heap.copyWithin(rowsAt + counts.trackCount * ROW_FIELDS * 4, layout.namesAt, layout.namesAt + counts.trackCount * 24);
      lap('arena: rows and names next to the floats');
      scanning.scannedPackages(memory.buffer, layout, counts, input);
      lap('arena: packages and animation names');
      used = align16(rowsAt + counts.trackCount * (ROW_FIELDS * 4 + 24));
    }
    for (const [stage, ms] of Object.entries(spent)) best[stage] = Math.min(best[stage] ?? Infinity, ms);
  }
  return best;
}
const arenaStages = stageArena();
const { IFPDecoder } = await import('gameanim');
const decoder = new IFPDecoder({ backend: 'simd', initialBytes: 64 << 20 });
const arenaWhole = minTime(() => {
  decoder.reset();
  files.forEach((f) => decoder.decode(f));
});

const rows: Array<[string, number]> = [
  ...Object.entries(stages),
  ['input copy into wasm memory', simd.copyIn],
  ['kernel: simd (warm memory)', simd.kernel],
  ['kernel: scalar (warm memory)', scalar.kernel],
  ['kernel: js (warm buffers)', jsKernel],
  ['output copy out of wasm memory (slice)', simd.copyOut],
  ...Object.entries(arenaStages),
  ['arena: the whole IFPDecoder.decode loop', arenaWhole],
];
console.log(`stage breakdown, whole corpus (${files.length} files), min of 60 runs:`);
for (const [name, ms] of rows) console.log(`  ${name.padEnd(42)} ${ms.toFixed(2)} ms`);
