// `npm run bench:profile`: where the time of a whole-corpus decode goes, stage by stage (min of many
// runs, which is the steadiest figure on a shared machine). Reaches into the library's internals on
// purpose, so it loads them from dist/ by path.
import { ImgArchive } from 'gameanim';
import { ensureCorpus } from './corpus.js';
import { DEFAULT_CORPUS_DIR } from './run.js';

const internal = async <T>(path: string): Promise<T> => (await import(new URL(`../${path}`, import.meta.url).href)) as T;
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
const archive = new ImgArchive(corpus.animImg);
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
  const copyIn = () => files.forEach((f, i) => new Uint8Array(buffer, places[i]!.inputAt, tables[i]!.inputEnd).set(f.subarray(0, tables[i]!.inputEnd)));
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

const rows: Array<[string, number]> = [
  ...Object.entries(stages),
  ['input copy into wasm memory', simd.copyIn],
  ['kernel: simd (warm memory)', simd.kernel],
  ['kernel: scalar (warm memory)', scalar.kernel],
  ['kernel: js (warm buffers)', jsKernel],
  ['output copy out of wasm memory (slice)', simd.copyOut],
];
console.log(`stage breakdown, whole corpus (${files.length} files), min of 60 runs:`);
for (const [name, ms] of rows) console.log(`  ${name.padEnd(40)} ${ms.toFixed(2)} ms`);
