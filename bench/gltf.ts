// glTF row of `npm run bench`: exporting all 7 animations of the SA ped.ifp on a real SA model, in ms.
// It needs the real samples beside the repository and glTF-Transform installed; otherwise the report says why it is left out.
import { REPOSITORY_DIR } from './package-dir.js';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { Bench } from 'tinybench';
import { DFFReader, IFPReader } from 'gameanim';
import { p50p90 } from './stats.js';

const SAMPLES = join(REPOSITORY_DIR, '..', 'shared', 'samples') + sep;

/** The bound: exporting every animation of ped.ifp on one skin takes at most 200 times as long as decoding ped.ifp. */
const EXPORT_TO_DECODE_TARGET = 200;

export async function runGltfBenchmarks({
  quick,
  log,
  ped,
}: {
  quick: boolean;
  log: (line: string) => void;
  ped: Uint8Array;
}): Promise<string> {
  const heading = '## glTF export: a real model with the animations of the SA ped.ifp, and of a whole SA-shaped ped.ifp';
  if (!existsSync(`${SAMPLES}dff/sa_skin_plain.dff`)) return `${heading}\n\nLeft out: the real samples (../shared/samples) are not here.\n`;
  let gltf: typeof import('gameanim/gltf');
  try {
    gltf = await import('gameanim/gltf');
  } catch (error) {
    return `${heading}\n\nLeft out: glTF-Transform is not installed (${(error as Error).message.split('\n')[0]}).\n`;
  }
  const model = new DFFReader(new Uint8Array(readFileSync(`${SAMPLES}dff/sa_skin_plain.dff`)));
  const clips = new IFPReader(new Uint8Array(readFileSync(`${SAMPLES}rwparserng_ped_anp3.ifp`))).animations;
  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 2, time: 0, warmupIterations: 1, warmupTime: 0 } : { iterations: 30, time: 2000, warmupIterations: 5 }),
  });
  let bytes = 0;
  bench.add('export', async () => {
    bytes = (await gltf.exportGltf({ model, clips })).glb!.length;
  });
  // A whole ped.ifp (the corpus's, SA-shaped) on one skin, against decoding the same file.
  const pedClips = new IFPReader(ped).animations;
  bench.add('export every animation of ped.ifp', async () => {
    await gltf.exportGltf({ model, clips: pedClips });
  });
  bench.add('decode ped.ifp', () => {
    new IFPReader(ped);
  });
  log(`running the glTF export rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const result = p50p90(bench.tasks[0]!.result, 'glTF export');
  const whole = p50p90(bench.tasks[1]!.result, 'glTF export of ped.ifp');
  const decode = p50p90(bench.tasks[2]!.result, 'decode of ped.ifp');
  const ratio = whole.p50 / decode.p50;
  return [
    heading,
    '',
    `\`exportGltf({ model, clips })\`: sa_skin_plain.dff (32 bones, 991 vertices, 4 materials) and the 7 clips of rwparserng_ped_anp3.ifp, to a ${(bytes / 1e3).toFixed(0)} KB .glb.`,
    '',
    '| row | p50 ms | p90 ms | p99 ms |',
    '|---|---:|---:|---:|',
    `| export to .glb | ${result.p50.toFixed(2)} | ${result.p90.toFixed(2)} | ${result.p99.toFixed(2)} |`,
    `| every animation of the corpus's ped.ifp (${pedClips.length}) on the same skin | ${whole.p50.toFixed(2)} | ${whole.p90.toFixed(2)} | ${whole.p99.toFixed(2)} |`,
    `| decode that ped.ifp (owning reader) | ${decode.p50.toFixed(2)} | ${decode.p90.toFixed(2)} | ${decode.p99.toFixed(2)} |`,
    '',
    `Exporting every animation of ped.ifp takes **${ratio.toFixed(0)} times** as long as decoding it (p50s, same run; the target is at most ${EXPORT_TO_DECODE_TARGET}x: ${ratio <= EXPORT_TO_DECODE_TARGET ? 'met' : 'missed'}).`,
    '',
  ].join('\n');
}
