// The retargeting row of `npm run bench`: a 10 s, 120 Hz mocap clip on a 65-joint Mixamo-named rig
// (a BVH generated here, T-pose rest, cm), retargeted onto a real SA skin, against decoding it alone.
// It needs the real samples beside the repository and three.js (BVHLoader); otherwise the report says why it is left out.
import { REPOSITORY_DIR } from './package-dir.js';
import { existsSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { Bench } from 'tinybench';
import { DFFReader } from 'gameanim';
import { p50p90 } from './stats.js';

const SAMPLES = join(REPOSITORY_DIR, '..', 'shared', 'samples') + sep;
const SECONDS = 10;
const RATE = 120;

/** Joint name, parent, OFFSET in cm: a Mixamo rig in a T-pose, fingers of four joints each. */
function mixamoJoints(): Array<[string, string | null, [number, number, number]]> {
  const joints: Array<[string, string | null, [number, number, number]]> = [
    ['Hips', null, [0, 100, 0]],
    ['Spine', 'Hips', [0, 10, 0]],
    ['Spine1', 'Spine', [0, 12, 0]],
    ['Spine2', 'Spine1', [0, 14, 0]],
    ['Neck', 'Spine2', [0, 16, 0]],
    ['Head', 'Neck', [0, 10, 2]],
    ['HeadTop_End', 'Head', [0, 18, 0]],
  ];
  for (const [side, x] of [
    ['Left', 1],
    ['Right', -1],
  ] as const) {
    joints.push(
      [`${side}Shoulder`, 'Spine2', [x * 6, 12, 0]],
      [`${side}Arm`, `${side}Shoulder`, [x * 12, 0, 0]],
      [`${side}ForeArm`, `${side}Arm`, [x * 28, 0, 0]],
      [`${side}Hand`, `${side}ForeArm`, [x * 26, 0, 0]],
    );
    for (const [f, finger] of ['Thumb', 'Index', 'Middle', 'Ring', 'Pinky'].entries()) {
      for (let k = 1; k <= 4; k++)
        joints.push([
          `${side}Hand${finger}${k}`,
          k === 1 ? `${side}Hand` : `${side}Hand${finger}${k - 1}`,
          k === 1 ? [x * 8, 0, 4 - 2 * f] : [x * 3, 0, 0],
        ]);
    }
    joints.push(
      [`${side}UpLeg`, 'Hips', [x * 9, -6, 0]],
      [`${side}Leg`, `${side}UpLeg`, [0, -44, 0]],
      [`${side}Foot`, `${side}Leg`, [0, -42, 0]],
      [`${side}ToeBase`, `${side}Foot`, [0, -8, 12]],
      [`${side}Toe_End`, `${side}ToeBase`, [0, 0, 8]],
    );
  }
  return joints;
}

/** The BVH text: every joint turning on its own slow waves, the hips walking forward 1.4 m/s. */
export function mocapBvh(): { text: string; joints: number; frames: number } {
  const joints = mixamoJoints();
  const children = (name: string) => joints.filter((j) => j[1] === name);
  const lines = ['HIERARCHY'];
  const write = ([name, parent, offset]: (typeof joints)[number], depth: number) => {
    const pad = '\t'.repeat(depth);
    lines.push(
      `${pad}${parent ? 'JOINT' : 'ROOT'} mixamorig:${name}`,
      `${pad}{`,
      `${pad}\tOFFSET ${offset.join(' ')}`,
      `${pad}\tCHANNELS ${parent ? 3 : 6}${parent ? '' : ' Xposition Yposition Zposition'} Zrotation Xrotation Yrotation`,
    );
    const below = children(name);
    if (below.length) for (const child of below) write(child, depth + 1);
    else lines.push(`${pad}\tEnd Site`, `${pad}\t{`, `${pad}\t\tOFFSET 0 2 0`, `${pad}\t}`);
    lines.push(`${pad}}`);
  };
  write(joints[0]!, 0);
  const frames = SECONDS * RATE + 1;
  lines.push('MOTION', `Frames: ${frames}`, `Frame Time: ${(1 / RATE).toFixed(8)}`);
  for (let f = 0; f < frames; f++) {
    const t = f / RATE;
    const values = [0, 100 + 2 * Math.sin(4 * Math.PI * t), 140 * t];
    joints.forEach((_, j) => values.push(...[0, 1, 2].map((c) => 20 * Math.sin(2 * Math.PI * (0.5 + 0.07 * j) * t + j + c))));
    lines.push(values.map((v) => v.toFixed(4)).join(' '));
  }
  return { text: `${lines.join('\n')}\n`, joints: joints.length, frames };
}

export async function runRetargetBenchmarks({ quick, log }: { quick: boolean; log: (line: string) => void }): Promise<string> {
  const heading = `## Retargeting: a ${SECONDS} s, ${RATE} Hz mocap clip on a 65-joint rig onto an SA skin`;
  if (!existsSync(`${SAMPLES}dff/sa_skin_plain.dff`)) return `${heading}\n\nLeft out: the real samples (../shared/samples) are not here.\n`;
  let lib: typeof import('gameanim/retarget');
  try {
    lib = await import('gameanim/retarget');
    await import('three');
  } catch (error) {
    return `${heading}\n\nLeft out: three.js or glTF-Transform is not installed (${(error as Error).message.split('\n')[0]}).\n`;
  }
  const skeleton = new DFFReader(new Uint8Array(readFileSync(`${SAMPLES}dff/sa_skin_plain.dff`))).skeleton!;
  const mocap = mocapBvh();
  const bytes = new TextEncoder().encode(mocap.text);
  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 1, time: 0, warmupIterations: 0, warmupTime: 0 } : { iterations: 10, time: 0, warmupIterations: 2 }),
  });
  let keys = 0;
  bench.add('decode: readSourceRig (BVHLoader)', async () => void (await lib.readSourceRig(bytes, 'mocap')));
  bench.add('retarget: decode, find the reference, carry onto the skin, reduce, measure', async () => {
    const result = await lib.retarget(bytes, { skeleton, clipName: 'mocap' });
    keys = result.packages[0]!.animations[0]!.bones.reduce((n, track) => n + track.times.length, 0);
  });
  log(`running the retargeting rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const [decode, retarget] = bench.tasks.map((task) => p50p90(task.result, task.name));
  return [
    heading,
    '',
    `A generated BVH (${(bytes.length / 1e6).toFixed(1)} MB): ${mocap.joints} Mixamo-named joints in a T-pose, ${mocap.frames} frames at ${RATE} Hz, retargeted with \`retarget(bytes, { skeleton })\` (the reference pose found, the result measured) onto sa_skin_plain.dff (${skeleton.boneCount} bones): ${SECONDS * 60 + 1} ticks at 60 Hz, ${keys} keys kept after reduction.`,
    '',
    '| row | p50 ms | p90 ms |',
    '|---|---:|---:|',
    `| decode: readSourceRig (three.js's BVHLoader) | ${decode!.p50.toFixed(1)} | ${decode!.p90.toFixed(1)} |`,
    `| retarget: decode, find the reference, carry onto the skin, reduce, measure | ${retarget!.p50.toFixed(1)} | ${retarget!.p90.toFixed(1)} |`,
    '',
    `Retargeting takes ${(retarget!.p50 / decode!.p50).toFixed(1)} times as long as decoding the clip (p50s, same run).`,
    '',
  ].join('\n');
}
