// The default retargeting (no source pose given) on rigs that look like real ones, made from SA's
// walk_player with three.js's math: Mixamo's GLB (mixamorig: names, T-pose bind, cm under an Armature
// scaled 0.01), an A-pose rig, CMU's mocap BVH (its names, arms hanging and legs apart in its zero pose,
// position channels on the root only, a root OFFSET of 0, 120 Hz) and Bandai-Namco's (a joint_Root
// above the hips, six channels on every joint, every bone along X: a zero pose that is no body pose,
// 30 Hz). Each result is judged against walk_player by compare.ts, which shares nothing with the
// library's solve, and the library's own quality report must agree with that within 1 degree. Then the
// real CMU file, measured with three.js's BVHLoader and AnimationMixer.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AnimationMixer, Quaternion, Vector3 } from 'three';
import { BVHLoader } from 'three/examples/jsm/loaders/BVHLoader.js';
import { expect, it } from 'vitest';
import { bindClip, createPose, DFFReader, IFPReader, lintIFP, poseToMatrices, sampleClip, writeIFP } from '../../src/index.js';
import { retarget, RetargetError, type ClipQuality } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { compare, spread, worst } from './compare.js';
import { foreignRig } from './foreign-rigs.js';
import { mocapBvh } from './mocap-rigs.js';

/** The bones the mocap rigs map (no fingers, no toes on CMU's side of the game's names). */
const MOCAP_MAPPED = [
  'Pelvis',
  'Spine',
  'Spine1',
  'Neck',
  'Head',
  'L UpperArm',
  'L ForeArm',
  'L Hand',
  'R UpperArm',
  'R ForeArm',
  'R Hand',
  'L Thigh',
  'L Calf',
  'L Foot',
  'R Thigh',
  'R Calf',
  'R Foot',
];

describeWith([SAMPLES], `the reference pose found, on rigs like real ones (samples at ${samplesDir})`, () => {
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
  const skeleton = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
  const text = (s: string) => new TextEncoder().encode(s);
  const cases: Array<[string, () => Promise<Uint8Array>, RegExp]> = [
    [
      'Mixamo GLB: mixamorig: names, T-pose bind, cm under an Armature scaled 0.01, 30 Hz',
      () => foreignRig(skeleton, walk, { names: 'mixamo', pose: 'tpose', scale: 115, rate: 30, armatureScale: 0.01 }),
      /^reference pose: the rest \(a T-pose\)$/,
    ],
    [
      'an A-pose rig (arms 45 degrees down), 30 Hz',
      () => foreignRig(skeleton, walk, { names: 'mixamo', pose: 'apose', scale: 100, rate: 30 }),
      /^reference pose: the rest \(an A-pose \(arms 4\d degrees down\)\)$/,
    ],
    [
      "CMU's BVH: its names, arms hanging and legs apart at zero, root positions only, root OFFSET 0, 120 Hz",
      async () => text(mocapBvh(skeleton, walk, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100 / 5.6, allPositions: false })),
      /^reference pose: the rest \(a standing pose with the arms down\)$/,
    ],
    [
      "Bandai's BVH: joint_Root above the hips, six channels on every joint, bones along X (no body pose at zero), 30 Hz",
      async () => text(mocapBvh(skeleton, walk, { names: 'bandai', zero: 'along-x', rate: 30, scale: 100, allPositions: true })),
      /^reference pose: frame \d+ \(\d\.\d{3} s\), the most plainly standing \(.*\): the rest is no body pose \((legs \d+ degrees off|its hips and neck on one line)/,
    ],
  ];
  for (const [what, make, reference] of cases) {
    it(`${what}: limbs within median 3, p95 10, worst 20 degrees; torso within 15; facing within 5; duration within 1 ms; the report agrees`, async () => {
      const result = await retarget(await make(), { skeleton, clipName: 'walk_player' });
      const ifp = writeIFP(result.packages, { format: 'ANP3' });
      expect(lintIFP(ifp).filter((f) => f.severity === 'error')).toEqual([]);
      const back = new IFPReader(ifp).animations[0]!;
      const d = compare(skeleton, walk, back, what.startsWith('Mixamo') || what.startsWith('an A') ? ['Pelvis'] : MOCAP_MAPPED);
      const limbs = spread(d.limbAngles);
      const [quality] = result.quality as [ClipQuality];
      console.log(
        `${what}\n  independent: limbs median ${limbs.median.toFixed(2)} p95 ${limbs.p95.toFixed(2)} worst ${limbs.worst.toFixed(2)}, torso worst ${Math.max(d.segments.get('Spine')!, d.segments.get('Neck')!).toFixed(2)}, facing ${d.facing.toFixed(2)}, duration off ${(d.duration * 1000).toFixed(3)} ms\n  ${result.report.filter((l) => /^reference|against/.test(l)).join('\n  ')}`,
      );
      expect(result.report.find((l) => l.startsWith('reference pose: '))).toMatch(reference);
      expect(limbs.median).toBeLessThanOrEqual(3);
      expect(limbs.p95).toBeLessThanOrEqual(10);
      expect(limbs.worst).toBeLessThanOrEqual(20);
      expect(d.segments.get('Spine')).toBeLessThanOrEqual(15);
      expect(d.segments.get('Neck')).toBeLessThanOrEqual(15);
      expect(d.facing).toBeLessThanOrEqual(5);
      expect(d.duration).toBeLessThanOrEqual(0.001);
      // The library's report, measured on the written bytes against the source, agrees with this one.
      expect(Math.abs(quality.limbs.median - limbs.median)).toBeLessThanOrEqual(1);
      expect(Math.abs(quality.limbs.p95 - limbs.p95)).toBeLessThanOrEqual(1);
      expect(Math.abs(quality.limbs.worst - limbs.worst)).toBeLessThanOrEqual(1);
      expect(quality.warnings).toEqual([]);
      void worst;
    });
  }

  it('a 120 Hz BVH whose last key falls between 60 Hz ticks keeps its duration to the millisecond (keys stored as floats)', async () => {
    // 1.2 s at 120 Hz plus one frame: 1.208333 s, half a tick past the last one.
    const bvh = mocapBvh(skeleton, walk, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100, allPositions: false }).replace(
      /^Frames: (\d+)$/m,
      (_, n) => `Frames: ${Number(n) + 1}`,
    );
    const lines = bvh.trimEnd().split('\n');
    const result = await retarget(text(`${bvh}${lines.at(-1)}\n`), { skeleton, clipName: 'walk_player' });
    const back = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!;
    expect(Math.abs(back.duration - 145 / 120)).toBeLessThan(0.001);
    expect(back.bones.every((b) => !b.compressed)).toBe(true);
  });

  it('a rest that is no body pose and a motion with no body in any frame: a no-reference error naming the flag, with --source-pose frame:N taken as told', async () => {
    // Bandai's names, every bone along X, and two frames that stay in that zero pose: no frame has a
    // body to take up and facing from (the hips and the neck on one line).
    const chain = (names: string[], depth: number): string[] =>
      names.length
        ? [
            `${'\t'.repeat(depth)}JOINT ${names[0]}`,
            `${'\t'.repeat(depth)}{`,
            `${'\t'.repeat(depth + 1)}OFFSET 10 0 0`,
            `${'\t'.repeat(depth + 1)}CHANNELS 3 Zrotation Yrotation Xrotation`,
            ...chain(names.slice(1), depth + 1),
            `${'\t'.repeat(depth)}}`,
          ]
        : [`${'\t'.repeat(depth)}End Site`, `${'\t'.repeat(depth)}{`, `${'\t'.repeat(depth + 1)}OFFSET 10 0 0`, `${'\t'.repeat(depth)}}`];
    const limbs = [
      ['Spine', 'Chest', 'Neck', 'Head'],
      ...['L', 'R'].flatMap((s) => [
        [`UpperLeg_${s}`, `LowerLeg_${s}`, `Foot_${s}`, `Toes_${s}`],
        [`Shoulder_${s}`, `UpperArm_${s}`, `LowerArm_${s}`, `Hand_${s}`],
      ]),
    ];
    const joints = 1 + limbs.flat().length;
    const bvh = [
      'HIERARCHY',
      'ROOT Hips',
      '{',
      '\tOFFSET 0 0 0',
      '\tCHANNELS 6 Xposition Yposition Zposition Zrotation Yrotation Xrotation',
      ...limbs.flatMap((names) => chain(names, 1)),
      '}',
      'MOTION',
      'Frames: 2',
      'Frame Time: 0.0333333',
    ];
    for (let f = 0; f < 2; f++) bvh.push(Array.from({ length: 3 + 3 * joints }, (_, i) => (i === 2 ? f : 0)).join(' '));
    const bytes = text(`${bvh.join('\n')}\n`);
    const error = await retarget(bytes, { skeleton, clipName: 'line' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RetargetError);
    expect((error as RetargetError).code).toBe('no-reference');
    expect((error as Error).message).toBe(
      'no standing body to measure "line" by: the rest is no body pose (its hips and neck on one line) and no frame stands (pass --source-pose frame:N for a frame that does, or --source-pose tpose if the rest is a T-pose)',
    );
    // Told a frame, it is taken; with nothing to stand it up by, that is said too.
    const told = await retarget(bytes, { skeleton, clipName: 'line', sourcePose: { frame: 1 } }).catch((e: unknown) => e);
    expect(told).toMatchObject({
      code: 'no-reference',
      message: 'the reference of "line" has no hips and neck to stand it up by; give a map file (--map MAP.json)',
    });
  });

  it("a mocap run that never stands (Bandai-style, run_player): measured against its most nearly standing frame, the root from the clip's start", async () => {
    const run = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('run_player')!;
    const result = await retarget(
      text(mocapBvh(skeleton, run, { names: 'bandai', zero: 'along-x', rate: 30, scale: 100, allPositions: true })),
      { skeleton, clipName: 'run_player' },
    );
    expect(result.report.find((l) => l.startsWith('reference pose: '))).toMatch(
      /^reference pose: frame \d+ \(\d\.\d{3} s\), the most nearly standing \(legs up to \d+ degrees off the spine's line\)/,
    );
    const back = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!;
    const d = compare(skeleton, run, back, ['Pelvis']);
    const limbs = spread(d.limbAngles);
    console.log(
      `bandai run_player: limbs median ${limbs.median.toFixed(2)} p95 ${limbs.p95.toFixed(2)} worst ${limbs.worst.toFixed(2)}, facing ${d.facing.toFixed(2)}, root ${(d.rootMotion * 100).toFixed(1)} cm`,
    );
    expect(limbs.worst).toBeLessThan(1);
    expect(d.facing).toBeLessThan(1);
    // Counted from the clip's start, not from the reference frame a stride in.
    expect(d.rootMotion).toBeLessThan(0.03);
  });
  it("a run leaning 40 degrees forward all through (a dash): up is the body's over the whole clip, snapped upright, so the run stays level", async () => {
    // run_player with its root turned 40 degrees forward about the model's left axis: the body leans,
    // the travel stays level. Its most nearly standing frame's spine leans as much, past 30 degrees.
    const run = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('run_player')!;
    const lean = new Quaternion().setFromAxisAngle(new Vector3(1, 0, 0), (40 * Math.PI) / 180);
    const bones = run.bones.map((track) => {
      if (track.boneId !== 0) return track;
      const rotations = Float32Array.from(track.rotations!);
      for (let k = 0; k < rotations.length; k += 4) new Quaternion().fromArray(rotations, k).premultiply(lean).toArray(rotations, k);
      return { ...track, rotations };
    });
    expect(bones.some((track) => track.boneId === 0)).toBe(true);
    const dash = new IFPReader(writeIFP([{ name: 'dash', animations: [{ name: 'dash', bones }] }], { format: 'ANP3' })).animations[0]!;
    const result = await retarget(
      text(mocapBvh(skeleton, dash, { names: 'bandai', zero: 'along-x', rate: 30, scale: 100, allPositions: true })),
      { skeleton, clipName: 'dash' },
    );
    expect(result.report).toContain("source axes to the game's: source +X to -X, +Y to +Z, +Z to +Y");
    const back = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!;
    const d = compare(skeleton, dash, back, ['Pelvis']);
    console.log(
      `leaning dash: root ${(d.rootMotion * 100).toFixed(1)} cm from the original's path; ${result.report.find((l) => l.startsWith('reference pose'))}`,
    );
    expect(d.rootMotion).toBeLessThan(0.05);
  });
});

describeWith([SAMPLES], `the real CMU mocap file, by default (samples at ${samplesDir})`, () => {
  it("cmu_131_01.bvh onto each SA skin: maps (LeftShoulder is the upper arm), limbs within median 3, p95 10, worst 20 of three.js's own posing; 8.275 s to the millisecond", async () => {
    const bytes = readFileSync(join(samplesDir, 'motion/cmu_131_01.bvh'));
    // The source posed by three.js itself (BVHLoader, AnimationMixer), not by the library.
    const loaded = new BVHLoader().parse(bytes.toString('latin1'));
    const mixer = new AnimationMixer(loaded.skeleton.bones[0]!);
    mixer.clipAction(loaded.clip).play();
    const joint = (name: string) => loaded.skeleton.bones.find((b) => b.name === name)!;
    const pairs: Array<[number, number, string, string]> = [
      [32, 33, 'LeftShoulder', 'LeftElbow'],
      [33, 34, 'LeftElbow', 'LeftWrist'],
      [22, 23, 'RightShoulder', 'RightElbow'],
      [23, 24, 'RightElbow', 'RightWrist'],
      [41, 42, 'LeftHip', 'LeftKnee'],
      [42, 43, 'LeftKnee', 'LeftAnkle'],
      [51, 52, 'RightHip', 'RightKnee'],
      [52, 53, 'RightKnee', 'RightAnkle'],
    ];
    for (const skin of ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames']) {
      const skeleton = new DFFReader(sample(`dff/${skin}.dff`)).skeleton!;
      const result = await retarget(new Uint8Array(bytes), { skeleton, clipName: 'cmu_131_01' });
      expect(result.report).toContain('"LeftShoulder" -> "L UpperArm" (between "LeftCollar" and "LeftElbow" in the hierarchy)');
      const ifp = writeIFP(result.packages, { format: 'ANP3' });
      expect(lintIFP(ifp).filter((f) => f.severity === 'error')).toEqual([]);
      const back = new IFPReader(ifp).animations[0]!;
      expect(Math.abs(back.duration - 993 / 120)).toBeLessThan(0.001);
      const bound = bindClip(back, skeleton);
      const pose = createPose(skeleton);
      const turn = result.placement.turn;
      const angles: number[] = [];
      const feet: number[] = [];
      for (let k = 0; k / 60 <= back.duration; k++) {
        const time = k / 60;
        mixer.setTime(time);
        loaded.skeleton.bones[0]!.updateMatrixWorld(true);
        sampleClip(bound, time, pose);
        const game = poseToMatrices(pose, skeleton);
        const at = (id: number) => new Vector3().fromArray(game, 16 * skeleton.indexOf(id) + 12);
        feet.push(Math.min(...[43, 44, 53, 54].map((id) => at(id).z)));
        for (const [from, to, a, b] of pairs) {
          const source = new Vector3()
            .setFromMatrixPosition(joint(b).matrixWorld)
            .sub(new Vector3().setFromMatrixPosition(joint(a).matrixWorld));
          const turned = new Vector3(
            turn[0]! * source.x + turn[4]! * source.y + turn[8]! * source.z,
            turn[1]! * source.x + turn[5]! * source.y + turn[9]! * source.z,
            turn[2]! * source.x + turn[6]! * source.y + turn[10]! * source.z,
          );
          angles.push((at(to).sub(at(from)).angleTo(turned) * 180) / Math.PI);
        }
      }
      const limbs = spread(angles);
      // The root OFFSET is 0 and the zero pose's feet 17 units below the walking hips: the floor comes
      // from the feet over the motion, so the result stands on the game's ground (where SA's idle leg
      // pose stands this skin's feet: idle-pose.test.ts), not a metre above it as the rest would put it.
      expect(result.ground.from).toBe('idle pose');
      const ground = result.ground.height;
      const floor = [...feet].sort((a, b) => a - b)[Math.floor(0.05 * (feet.length - 1))]!;
      expect(Math.abs(floor - ground)).toBeLessThan(0.03);
      const [quality] = result.quality as [ClipQuality];
      console.log(
        `cmu_131_01 on ${skin}: floor ${(floor - ground).toFixed(3)} m from the ground; three.js measures limbs median ${limbs.median.toFixed(2)} p95 ${limbs.p95.toFixed(2)} worst ${limbs.worst.toFixed(2)}; ${result.report.filter((l) => /^reference|against/.test(l)).join('; ')}`,
      );
      expect(limbs.median).toBeLessThanOrEqual(3);
      expect(limbs.p95).toBeLessThanOrEqual(10);
      expect(limbs.worst).toBeLessThanOrEqual(20);
      expect(Math.abs(quality.limbs.p95 - limbs.p95)).toBeLessThanOrEqual(1);
      expect(quality.torso.median).toBeLessThanOrEqual(15);
      expect(quality.facing).toBeLessThanOrEqual(5);
    }
  }, 120_000);
});
