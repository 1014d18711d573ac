// The benchmark suite behind `npm run bench` and `gameanim bench`: every row measured in one run on
// the generated corpus, written to bench/RESULTS.md with a CSV history per CPU model.
import { REPOSITORY_DIR } from './package-dir.js';
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Bench } from 'tinybench';
import { IFPDecoder, IFPReader, IMGArchive, type Backend } from 'gameanim';
import { ensureCorpus } from './corpus.js';
import { runGltfBenchmarks } from './gltf.js';
import { runIgi2Benchmarks } from './igi2.js';
import { runTxdBenchmarks } from './txd.js';
import { runEditBenchmarks } from './edit.js';
import { runReduceBenchmarks } from './reduce.js';
import { runRetargetBenchmarks } from './retarget.js';
import { quantile } from './stats.js';
import { naiveDecode } from './naive-decoder.js';

const QUICK_SCALE = 0.02;
/** In a quick run, a row faster than this is noise: it is labelled so. */
const QUICK_MEANINGFUL_MS = 1;
/** The corpus is generated once into the user's cache, so running the suite writes nothing elsewhere. */
export const DEFAULT_CORPUS_DIR = join(process.env['XDG_CACHE_HOME'] || join(os.homedir(), '.cache'), 'gameanim', 'bench-corpus');
/** The repository's bench/ folder: only a development checkout has one (with ANALYSIS.md). */
const BENCH_DIR = join(REPOSITORY_DIR, 'bench') + sep;

export interface BenchRunOptions {
  corpusDir?: string;
  /** A small corpus and few iterations: checks the suite runs, measures nothing worth keeping. */
  quick?: boolean;
  log?: (line: string) => void;
  /** Write the report (Markdown) to this file. */
  out?: string;
  /** Write bench/RESULTS.md and append to bench/history/ (a development checkout only). */
  record?: boolean;
}

/** Whether this is a development checkout, where --record can write bench/RESULTS.md. */
export function canRecord(): boolean {
  return existsSync(join(BENCH_DIR, 'ANALYSIS.md'));
}

export interface BenchRow {
  name: string;
  p50: number;
  p90: number;
  p99: number;
  inputMBps: number;
  keyframesPerSecond: number;
  /** Resident memory one whole-corpus decode added, measured in a fresh process. */
  peakBytes?: number;
}

export interface BenchReport {
  rows: BenchRow[];
  inputBytes: number;
  outputBytes: number;
  keyframes: number;
  files: number;
  machine: string;
  markdown: string;
}

function loadFiles(dir: string, quick: boolean): Uint8Array[] {
  const corpus = ensureCorpus(dir, { scale: quick ? QUICK_SCALE : 1 });
  return filesOf(corpus);
}

function filesOf(corpus: { ped: Uint8Array; animImg: Uint8Array }): Uint8Array[] {
  const archive = new IMGArchive(corpus.animImg);
  return [corpus.ped, ...archive.entries.map((entry) => archive.read(entry))];
}

function decodeCorpus(files: Uint8Array[], backend: Backend): IFPReader[] {
  return files.map((file) => new IFPReader(file, { backend }));
}

/** Bytes of decoded arrays the corpus produces: what the memcpy bound copies. */
function outputBytesOf(readers: IFPReader[]): number {
  let floats = 0;
  for (const reader of readers) {
    for (const animation of reader.animations) {
      for (const t of animation.bones)
        floats += t.times.length + t.rotations.length + (t.translations?.length ?? 0) + (t.scales?.length ?? 0);
    }
  }
  return floats * 4;
}

/** Peak extra memory of one whole-corpus decode, measured in a fresh process (bench/memory-probe.ts). */
function measureMemory(decoder: string, corpusDir: string, scale: number): { peakBytes: number } {
  const probe = fileURLToPath(new URL('./memory-probe.js', import.meta.url));
  const out = execFileSync(process.execPath, ['--expose-gc', probe, decoder, corpusDir, String(scale)], { encoding: 'utf8' });
  return { peakBytes: (JSON.parse(out) as { peak: number }).peak };
}

function describeMachine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, ${os.platform()} ${os.arch()} ${os.release()}, Node ${process.version} (V8 ${process.versions.v8})`;
}

export async function runBenchmarks({
  corpusDir = DEFAULT_CORPUS_DIR,
  quick = false,
  log = console.log,
  out,
  record = false,
}: BenchRunOptions = {}): Promise<BenchReport> {
  const files = loadFiles(corpusDir, quick);
  const inputBytes = files.reduce((n, f) => n + f.length, 0);
  const reference = decodeCorpus(files, 'js');
  const keyframes = reference.reduce((n, r) => n + r.keyframeCount, 0);
  const outputBytes = outputBytesOf(reference);
  log(
    `corpus: ${files.length} files, ${(inputBytes / 1e6).toFixed(1)} MB in, ${(outputBytes / 1e6).toFixed(1)} MB of decoded floats, ${keyframes} keyframes`,
  );

  const arena = new IFPDecoder({ backend: 'simd', initialBytes: 2 * outputBytes });
  const source = new Uint8Array(outputBytes).fill(1);
  const target = new Uint8Array(outputBytes);
  // The in-place arena path: the files are read into the decoder's memory before each run (as a
  // loader reading them from disk would, with decoder.allocateInput), untimed like every row's input.
  const inPlace = new IFPDecoder({ backend: 'simd', initialBytes: 2 * (inputBytes + outputBytes) });
  let placed: Uint8Array[] = [];
  const placeInputs = () => {
    inPlace.reset();
    placed = files.map((file) => {
      const input = inPlace.allocateInput(file.length);
      input.set(file);
      return input;
    });
  };
  // [row, what it runs, the decoder bench/memory-probe.ts measures for it, hooks]
  const rows: Array<[string, () => unknown, string?, { beforeEach: () => void }?]> = [
    ['bound: memcpy of the output size', () => target.set(source)],
    ['simd', () => decodeCorpus(files, 'simd'), 'simd'],
    ['scalar', () => decodeCorpus(files, 'scalar'), 'scalar'],
    ['js', () => decodeCorpus(files, 'js'), 'js'],
    ['naive: one object per keyframe', () => files.map(naiveDecode), 'naive'],
    // Decoding leaves Track objects to first access; this row pays for all of them too.
    ['simd + every Track materialised', () => decodeCorpus(files, 'simd').map((r) => r.animations.map((a) => a.bones))],
    // The arena path: one IFPDecoder, reset before each whole-corpus decode, so its memory stays warm.
    [
      'simd into an IFPDecoder (reset per run)',
      () => {
        arena.reset();
        return files.map((file) => arena.decode(file));
      },
    ],
    [
      'simd into an IFPDecoder, files read into it (allocateInput)',
      () => placed.map((input) => inPlace.decode(input)),
      undefined,
      { beforeEach: placeInputs },
    ],
  ];
  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 2, time: 0, warmupIterations: 1, warmupTime: 0 } : { iterations: 30, time: 3000, warmupIterations: 5 }),
  });
  for (const [name, run, , hooks] of rows) bench.add(name, run, hooks);
  log(`running ${rows.length} rows${quick ? ' (quick)' : ''}...`);
  await bench.run();

  const results: BenchRow[] = bench.tasks.map((task, i) => {
    const result = task.result;
    if (!('latency' in result)) throw new Error(`benchmark "${task.name}" did not complete: ${result.state}`);
    const p50 = result.latency.p50;
    const row: BenchRow = {
      name: task.name,
      p50,
      p90: quantile(result.latency.samples, 0.9) ?? result.latency.p75,
      p99: result.latency.p99,
      inputMBps: inputBytes / 1e6 / (p50 / 1e3),
      keyframesPerSecond: keyframes / (p50 / 1e3),
    };
    const decoder = rows[i]![2];
    if (decoder) Object.assign(row, measureMemory(decoder, corpusDir, quick ? QUICK_SCALE : 1));
    return row;
  });

  const machine = describeMachine();
  const faults = measurePageFaults();
  const playback = await playbackRows(files[0]!, quick, log);
  const igi2 = await runIgi2Benchmarks({ quick, log });
  const gltf = await runGltfBenchmarks({ quick, log, ped: files[0]! });
  const txd = await runTxdBenchmarks({ quick, log });
  const editor = await runEditBenchmarks({ quick, log, ped: files[0]! });
  const reduce = await runReduceBenchmarks({ quick, log, ped: files[0]! });
  const retarget = await runRetargetBenchmarks({ quick, log });
  const markdown =
    renderMarkdown(results, { inputBytes, outputBytes, keyframes, files: files.length, machine, quick, faults }) +
    '\n' +
    playback +
    '\n' +
    igi2 +
    '\n' +
    gltf +
    '\n' +
    txd +
    '\n' +
    editor +
    '\n' +
    reduce +
    '\n' +
    retarget;
  log(markdown);
  if (out) {
    writeFileSync(out, markdown);
    log(`wrote ${out}`);
  }
  if (record) {
    writeFileSync(join(BENCH_DIR, 'RESULTS.md'), markdown + analysis());
    appendHistory(results, machine);
    log(`wrote bench/RESULTS.md and bench/history/${cpuSlug()}.csv`);
  }
  return { rows: results, inputBytes, outputBytes, keyframes, files: files.length, machine, markdown };
}

const MB = (bytes: number) => (bytes / 1e6).toFixed(1);

/**
 * What a first touch of fresh memory costs here: a new 64 MiB ArrayBuffer written once per 4 KiB
 * page, against the same buffer written again (its pages now mapped). Median of 5 fresh buffers.
 */
function measurePageFaults(): { freshMicros: number; warmMicros: number } {
  const bytes = 64 << 20;
  const pages = bytes / 4096;
  const touch = (view: Uint8Array) => {
    const start = performance.now();
    for (let at = 0; at < view.length; at += 4096) view[at] = 1;
    return ((performance.now() - start) * 1000) / pages;
  };
  const fresh: number[] = [];
  const warm: number[] = [];
  for (let run = 0; run < 5; run++) {
    const view = new Uint8Array(new ArrayBuffer(bytes));
    fresh.push(touch(view));
    warm.push(touch(view));
  }
  const median = (values: number[]) => values.sort((a, b) => a - b)[values.length >> 1]!;
  return { freshMicros: median(fresh), warmMicros: median(warm) };
}

/** The playback rows compare with three.js, an optional peer: without it they are left out, and the report says so. */
async function playbackRows(ped: Uint8Array, quick: boolean, log: (line: string) => void): Promise<string> {
  let playback: typeof import('./playback.js');
  try {
    playback = await import('./playback.js');
  } catch (error) {
    const message = `Playback rows left out: they compare with three.js, which is not installed (${(error as Error).message.split('\n')[0]}). \`npm install three\` to run them.`;
    log(message);
    return `## Playback\n\n${message}\n`;
  }
  return playback.runPlaybackBenchmarks(ped, { quick, log });
}

function renderMarkdown(
  rows: BenchRow[],
  info: {
    inputBytes: number;
    outputBytes: number;
    keyframes: number;
    files: number;
    machine: string;
    quick: boolean;
    faults: { freshMicros: number; warmMicros: number };
  },
): string {
  const [bound, simd, , js, naive] = rows as [BenchRow, BenchRow, BenchRow, BenchRow, BenchRow];
  const arena = rows.find((row) => row.name === 'simd into an IFPDecoder (reset per run)')!;
  const inPlace = rows.find((row) => row.name.startsWith('simd into an IFPDecoder, files read into it'))!;
  const inOut = info.inputBytes + info.outputBytes;
  const lines = [
    `# Benchmark results${info.quick ? ' (quick run: not representative)' : ''}`,
    '',
    ...(info.quick
      ? [
          `A quick run decodes a corpus of ${info.files} small files twice: rows under ${QUICK_MEANINGFUL_MS} ms are marked "too small to mean anything" (timer resolution and one-off costs dominate them), and the targets below are not judged on it. Run \`gameanim bench\` without --quick for numbers.`,
          '',
        ]
      : []),
    `Machine: ${info.machine}. Date: ${new Date().toISOString().slice(0, 10)}.`,
    '',
    `Corpus: ${info.files} files (SA shape: ped.ifp + anim.img), ${MB(info.inputBytes)} MB in, ${MB(info.outputBytes)} MB of decoded floats out, ${info.keyframes.toLocaleString('en-US')} keyframes. One row = decoding the whole corpus once. Reproduce: \`npm run bench\`.`,
    '',
    '| row | p50 ms | p90 ms | p99 ms | input MB/s | keyframes/s | x bound | speed vs naive | speed vs js | peak extra memory MB | peak / (in + out) |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map((row) => {
      const memory = row.peakBytes === undefined ? '-' : MB(row.peakBytes);
      const memoryRatio = row.peakBytes === undefined ? '-' : (row.peakBytes / inOut).toFixed(2);
      return `| ${row.name}${info.quick && row.p50 < QUICK_MEANINGFUL_MS ? ' (too small to mean anything)' : ''} | ${row.p50.toFixed(2)} | ${row.p90.toFixed(2)} | ${row.p99.toFixed(2)} | ${row.inputMBps.toFixed(0)} | ${(row.keyframesPerSecond / 1e6).toFixed(1)} M | ${(row.p50 / bound.p50).toFixed(2)} | ${(naive.p50 / row.p50).toFixed(1)}x | ${(js.p50 / row.p50).toFixed(2)}x | ${memory} | ${memoryRatio} |`;
    }),
    '',
    '## Targets (ratios from this run)',
    '',
    '| target | measured | met |',
    '|---|---:|:---:|',
    target(info.quick, 'simd >= 30x the naive baseline', naive.p50 / simd.p50, (v) => v >= 30, 'x'),
    target(info.quick, 'simd >= 2.5x the js backend', js.p50 / simd.p50, (v) => v >= 2.5, 'x'),
    target(info.quick, 'whole-corpus decode (simd) within 2.5x of the bound', simd.p50 / bound.p50, (v) => v <= 2.5, 'x bound'),
    target(info.quick, 'peak extra memory (simd) <= 2x (input + output)', simd.peakBytes! / inOut, (v) => v <= 2, 'x'),
    target(
      info.quick,
      'arena path p50 within 2x the memcpy bound: decode(bytes), input copied in',
      arena.p50 / bound.p50,
      (v) => v <= 2,
      'x bound',
    ),
    target(info.quick, 'arena path p90 within 1.5x its own p50: decode(bytes)', arena.p90 / arena.p50, (v) => v <= 1.5, 'x p50'),
    target(
      info.quick,
      'arena path p50 within 2x the memcpy bound: files read into the decoder (allocateInput)',
      inPlace.p50 / bound.p50,
      (v) => v <= 2,
      'x bound',
    ),
    target(
      info.quick,
      'arena path p90 within 1.5x its own p50: files read into the decoder',
      inPlace.p90 / inPlace.p50,
      (v) => v <= 1.5,
      'x p50',
    ),
    `| owning reader (simd) p90, for comparison | ${simd.p90.toFixed(2)} ms (${(simd.p90 / simd.p50).toFixed(2)}x its p50) | - |`,
    '',
    `Page faults on this machine, measured in the same run: a first write to a fresh ArrayBuffer costs ${info.faults.freshMicros.toFixed(2)} µs per 4 KiB page, a write to a page already mapped ${info.faults.warmMicros.toFixed(3)} µs (64 MiB buffers written once per page, median of 5). The ${MB(info.outputBytes)} MB of decoded floats are ${Math.ceil(info.outputBytes / 4096).toLocaleString('en-US')} pages: about ${((info.faults.freshMicros * info.outputBytes) / 4096 / 1000).toFixed(1)} ms of faults for a reader that decodes into fresh memory, and none for the IFPDecoder once its buffer is warm.`,
    '',
  ];
  return lines.join('\n');
}

function target(quick: boolean, label: string, value: number, met: (v: number) => boolean, unit: string): string {
  return `| ${label} | ${value.toFixed(2)} ${unit} | ${quick ? 'not judged (quick run)' : met(value) ? 'yes' : '**no**'} |`;
}

/** Hand-written analysis kept in bench/ANALYSIS.md, appended to every RESULTS.md. */
function analysis(): string {
  const path = join(BENCH_DIR, 'ANALYSIS.md');
  return existsSync(path) ? `\n${readFileSync(path, 'utf8')}` : '';
}

function cpuSlug(): string {
  return (os.cpus()[0]?.model ?? 'unknown')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

function appendHistory(rows: BenchRow[], machine: string): void {
  const dir = join(BENCH_DIR, 'history');
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${cpuSlug()}.csv`);
  if (!existsSync(path)) appendFileSync(path, 'date,commit,node,row,p50_ms,p99_ms,input_mb_s,peak_extra_mb\n');
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: BENCH_DIR, encoding: 'utf8' }).trim();
  } catch {
    // not a git checkout
  }
  const date = new Date().toISOString();
  for (const row of rows) {
    appendFileSync(
      path,
      `${date},${commit},${process.version},"${row.name}",${row.p50.toFixed(3)},${row.p99.toFixed(3)},${row.inputMBps.toFixed(1)},${row.peakBytes === undefined ? '' : MB(row.peakBytes)}\n`,
    );
  }
  void machine;
}
