// IGI 2 rows of `npm run bench`: decoding retail-shaped ILFF clips into structure-of-arrays tracks
// (IGI2ClipReader), against a naive decoder that makes one object per entry, in MB/s of input.
import { REPOSITORY_DIR } from './package-dir.js';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plus } from 'pure-rand/generator/xoroshiro128plus';
import { Bench } from 'tinybench';
import { IGI2ClipReader, IGI2Decoder, writeIGI2Clip, type IGI2ClipDoc } from 'gameanim';
import { p50p90 } from './stats.js';

const BONES = 47;
/** The retail set: 254 first-person clips, 3.5 MB. */
const CLIPS = 254;
const TARGET_BYTES = 3.5e6;
const SAMPLES_DIR = join(REPOSITORY_DIR, '..', 'shared', 'samples', 'igi2') + sep;

/** The retail parents of the 47-bone arms (breadth-first), so the generated clips have the real shape. */
function parents(): number[] {
  const out = [-1];
  for (let i = 1; i < BONES; i++) out.push(i < 3 ? 0 : Math.min(i - 1, Math.floor((i - 1) / 2)));
  return out;
}

/** 254 clips whose sizes and key counts follow the retail set's: about 13.8 KB and 190 rotation keys each. */
export function igi2Corpus(seed = 2003, scale = 1): Uint8Array[] {
  const rng = xoroshiro128plus(seed);
  const clips = Math.max(2, Math.round(CLIPS * scale));
  const keysPerClip = Math.round(TARGET_BYTES / CLIPS / 72);
  const skeleton = {
    parents: parents(),
    restTranslations: Float32Array.from({ length: 3 * BONES }, () => (uniformFloat64(rng) - 0.5) * 800),
  };
  return Array.from({ length: clips }, (_, c) => {
    const duration = 160 * uniformInt(rng, 10, 60);
    // Every bone keyed at 0 (a full pose), the rest spread over bones and time.
    const ticks: number[][] = Array.from({ length: BONES }, () => [0]);
    for (let k = BONES; k < keysPerClip; k++) ticks[uniformInt(rng, 0, BONES - 1)]!.push(160 * uniformInt(rng, 1, duration / 160));
    const doc: IGI2ClipDoc = {
      name: `clip_${c}`,
      looping: uniformInt(rng, 0, 3) === 0,
      durationTicks: duration,
      skeleton,
      tracks: ticks.map((list, bone) => {
        const sorted = [...new Set(list)].sort((a, b) => a - b);
        const rotations = Float32Array.from({ length: 4 * sorted.length }, () => uniformFloat64(rng) - 0.5);
        return {
          rotationTicks: sorted,
          rotations,
          inTangents: rotations,
          outTangents: rotations,
          positionTicks: bone === 0 ? sorted : null,
          positions: bone === 0 ? new Float32Array(3 * sorted.length) : null,
        };
      }),
    };
    return writeIGI2Clip(doc);
  });
}

/** One object per entry, its values in a plain array: the shape a straightforward parser builds. */
export function naiveIgi2Decode(bytes: Uint8Array): Array<{ type: number; index: number; ticks: number; link: number; values: number[] }> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const entries: Array<{ type: number; index: number; ticks: number; link: number; values: number[] }> = [];
  for (let at = 20; at < bytes.length; ) {
    const id = String.fromCharCode(...bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    const next = view.getUint32(at + 12, true);
    if (id === 'TNVE') {
      for (let e = at + 16; e < at + 16 + size; ) {
        const words = view.getUint16(e + 2, true);
        const values: number[] = [];
        for (let w = 3; w < words; w++) values.push(view.getFloat32(e + 4 * w, true));
        entries.push({
          type: bytes[e]!,
          index: bytes[e + 1]!,
          ticks: view.getUint32(e + 4, true),
          link: view.getUint32(e + 8, true),
          values,
        });
        e += 4 * words;
      }
    }
    if (next === 0) break;
    at += next;
  }
  return entries;
}

export async function runIgi2Benchmarks({ quick, log }: { quick: boolean; log: (line: string) => void }): Promise<string> {
  const sets: Array<[string, Uint8Array[]]> = [
    [`seeded corpus: ${quick ? 'a few' : CLIPS} retail-shaped clips`, igi2Corpus(2003, quick ? 0.02 : 1)],
  ];
  if (existsSync(SAMPLES_DIR)) {
    sets.push([
      'the two retail samples',
      ['push_button_1st_pers.iff', 'fire_pullpin_flashbang_1st.iff'].map((name) => new Uint8Array(readFileSync(SAMPLES_DIR + name))),
    ]);
  }
  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 2, time: 0, warmupIterations: 1, warmupTime: 0 } : { iterations: 50, time: 1500, warmupIterations: 10 }),
  });
  const decoder = new IGI2Decoder({ initialBytes: 16 << 20 });
  for (const [name, files] of sets) {
    bench.add(`gameanim: ${name}`, () => files.map((bytes) => new IGI2ClipReader(bytes)));
    bench.add(`decoder: ${name}`, () => {
      decoder.reset();
      return files.map((bytes) => decoder.decode(bytes));
    });
    bench.add(`naive: ${name}`, () => files.map(naiveIgi2Decode));
  }
  log(`running ${sets.length * 3} IGI 2 rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const latency = (name: string) => p50p90(bench.tasks.find((task) => task.name === name)!.result, name);
  const rows = sets.map(([name, files]) => {
    const bytes = files.reduce((n, f) => n + f.length, 0);
    const ours = latency(`gameanim: ${name}`);
    const arena = latency(`decoder: ${name}`);
    const naive = latency(`naive: ${name}`);
    const mbps = (ms: number) => (bytes / 1e6 / (ms / 1e3)).toFixed(0);
    return `| ${name} (${(bytes / 1e6).toFixed(2)} MB) | ${ours.p50.toFixed(3)} | ${ours.p90.toFixed(3)} | ${mbps(ours.p50)} | ${arena.p50.toFixed(3)} | ${arena.p90.toFixed(3)} | ${naive.p50.toFixed(3)} | ${naive.p90.toFixed(3)} | ${mbps(naive.p50)} | ${(naive.p50 / ours.p50).toFixed(1)}x |`;
  });
  return [
    '## IGI 2 retail clips: decode (ILFF/MINA into structure-of-arrays tracks)',
    '',
    'gameanim: `new IGI2ClipReader(bytes)` per clip (every entry checked, rotation keys with both tangents copied into Float32Arrays per bone). IGI2Decoder: the same clips decoded into one reused buffer, reset before each run. naive: one object per entry with its floats in an array. Speed-up: naive over the owning reader, at the p50.',
    '',
    '| input | gameanim p50 ms | p90 ms | MB/s | IGI2Decoder p50 ms | p90 ms | naive p50 ms | p90 ms | naive MB/s | speed-up |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows,
    '',
  ].join('\n');
}
