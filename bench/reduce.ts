// The key-reduction rows of `npm run bench`: `IFPEditor.reduce(0.05)` on the corpus's SA-shaped
// ped.ifp and on clips baked at 60 fps (a key on every tick, as Blender exports a 60 fps scene),
// with the keys and bytes it saves. Each track is measured on its own (the corpus has no model).
import { Bench } from 'tinybench';
import { createPose, IFPEditor, IFPReader, sampleClip, writeIFP, type Animation, type TrackData } from 'gameanim';
import { p50p90 } from './stats.js';

const TOLERANCE = 0.05;
const BAKED_ANIMATIONS = 10;

/** The clip sampled on every 60 Hz tick of its duration, as an exporter that bakes every frame writes it. */
function baked(animation: Animation): { name: string; bones: TrackData[] } {
  const ticks = Math.round(animation.duration * 60) + 1;
  const pose = createPose(animation);
  const bones = animation.bones.map((track) => ({
    ...track,
    times: new Float32Array(ticks),
    rotations: new Float32Array(4 * ticks),
    translations: track.translations && new Float32Array(3 * ticks),
    scales: null,
  }));
  for (let k = 0; k < ticks; k++) {
    sampleClip(animation, Math.fround(k / 60), pose, { backend: 'js' });
    bones.forEach((bone, b) => {
      bone.times[k] = Math.fround(k / 60);
      bone.rotations.set(pose.rotations.subarray(4 * b, 4 * b + 4), 4 * k);
      bone.translations?.set(pose.translations.subarray(3 * b, 3 * b + 3), 3 * k);
    });
  }
  return { name: animation.name, bones };
}

export async function runReduceBenchmarks({
  quick,
  log,
  ped,
}: {
  quick: boolean;
  log: (line: string) => void;
  ped: Uint8Array;
}): Promise<string> {
  const reader = new IFPReader(ped);
  const bake = writeIFP([{ name: 'baked', animations: reader.animations.slice(0, BAKED_ANIMATIONS).map(baked) }], { format: 'ANP3' });
  const inputs: Array<[string, Uint8Array]> = [
    ['ped.ifp', ped],
    [`${Math.min(BAKED_ANIMATIONS, reader.animations.length)} clips baked at 60 fps`, bake],
  ];
  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 } : { iterations: 5, time: 0, warmupIterations: 1 }),
  });
  const figures = inputs.map(([name, bytes]) => {
    const editor = IFPEditor.read(bytes);
    const reduction = editor.reduce(TOLERANCE);
    bench.add(`reduce ${TOLERANCE}: ${name}`, () => void IFPEditor.read(bytes).reduce(TOLERANCE));
    return { name, bytes: bytes.length, written: editor.write().length, reduction };
  });
  log(`running ${inputs.length} key-reduction rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const times = bench.tasks.map((task) => p50p90(task.result, task.name));
  return [
    '## Key reduction',
    '',
    `\`IFPEditor.read(file).reduce(${TOLERANCE})\`: keys dropped while every bone stays within ${TOLERANCE} cm of shell error (docs/reduce.md), each track measured in its own bone space. The baked clips are the first ${BAKED_ANIMATIONS} of ped.ifp sampled on every 60 Hz tick.`,
    '',
    '| input | keys before | keys after | bytes before | bytes after | worst cm | p50 ms | p90 ms |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...figures.map(
      ({ name, bytes, written, reduction }, i) =>
        `| ${name} | ${reduction.keysBefore} | ${reduction.keysAfter} | ${bytes} | ${written} | ${(reduction.worst?.error ?? 0).toFixed(4)} | ${times[i]!.p50.toFixed(1)} | ${times[i]!.p90.toFixed(1)} |`,
    ),
    '',
  ].join('\n');
}
