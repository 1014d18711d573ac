// The textures row of `npm run bench`: every level of every texture of the three sample dictionaries
// decoded to RGBA8, in MB/s of output, by the SIMD and scalar kernels, the TypeScript twin and a naive
// object-per-pixel decoder, in one run. Without the samples the row says so.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Bench } from 'tinybench';
import { TXDReader } from 'gameanim';
import { REPOSITORY_DIR } from './package-dir.js';
import { naiveTextureDecode } from './naive-texture-decoder.js';
import { p50p90 } from './stats.js';

const DICTIONARIES = ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames'];
const SAMPLES = join(REPOSITORY_DIR, '..', 'shared', 'samples', 'dff');

export async function runTxdBenchmarks({ quick, log }: { quick: boolean; log: (line: string) => void }): Promise<string> {
  const heading = '## Textures: decode every level of the sample dictionaries to RGBA8';
  if (!existsSync(join(SAMPLES, `${DICTIONARIES[0]}.txd`)))
    return `${heading}\n\nSkipped: the sample dictionaries are not at ${SAMPLES}.\n`;
  const files = DICTIONARIES.map((name) => new Uint8Array(readFileSync(join(SAMPLES, `${name}.txd`))));
  const readers = (backend: 'simd' | 'scalar' | 'js') => files.map((bytes) => new TXDReader(bytes, { backend }));
  const every = (set: TXDReader[], decode: (texture: TXDReader['textures'][number], level: number) => Uint8Array) => {
    let bytes = 0;
    for (const reader of set)
      for (const texture of reader.textures)
        for (let level = 0; level < texture.mipmapCount; level++) bytes += decode(texture, level).length;
    return bytes;
  };
  const sets = { simd: readers('simd'), scalar: readers('scalar'), js: readers('js') };
  const outputBytes = every(sets.js, (t, l) => t.rgba(l));
  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 2, time: 0, warmupIterations: 1, warmupTime: 0 } : { iterations: 50, time: 1500, warmupIterations: 10 }),
  });
  const rows: Array<[string, () => unknown]> = [
    ['simd', () => every(sets.simd, (t, l) => t.rgba(l))],
    ['scalar', () => every(sets.scalar, (t, l) => t.rgba(l))],
    ['js (the TypeScript twin)', () => every(sets.js, (t, l) => t.rgba(l))],
    ['naive: one object per pixel', () => every(sets.js, naiveTextureDecode)],
  ];
  for (const [name, run] of rows) bench.add(name, run);
  log(`running ${rows.length} texture rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const latency = Object.fromEntries(rows.map(([name]) => [name, p50p90(bench.tasks.find((task) => task.name === name)!.result, name)]));
  const twin = latency['js (the TypeScript twin)']!.p50;
  const naive = latency['naive: one object per pixel']!.p50;
  const textures = sets.js.reduce((n, r) => n + r.textures.length, 0);
  return [
    heading,
    '',
    `${textures} textures (DXT1 with and without alpha, DXT4, DXT5, 888, 8888) and all their mipmaps: ${(outputBytes / 1e6).toFixed(2)} MB of RGBA8 per run, from ${(files.reduce((n, f) => n + f.length, 0) / 1e6).toFixed(2)} MB of dictionaries. One row = \`texture.rgba(level)\` for every level (a new array each), or the naive decoder.`,
    '',
    '| decoder | p50 ms | p90 ms | MB/s of output | x the twin | x naive |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(([name]) => {
      const { p50, p90 } = latency[name]!;
      return `| ${name} | ${p50.toFixed(2)} | ${p90.toFixed(2)} | ${(outputBytes / 1e6 / (p50 / 1e3)).toFixed(0)} | ${(twin / p50).toFixed(2)}x | ${(naive / p50).toFixed(1)}x |`;
    }),
    '',
    `Target: the SIMD kernel at 3x the twin or better: ${(twin / latency['simd']!.p50).toFixed(2)}x in this run (${twin / latency['simd']!.p50 >= 3 ? 'met' : '**not met**'}).`,
    '',
  ].join('\n');
}
