// Playback rows of `npm run bench`: bone-samples per second for gameanim and THREE.AnimationMixer on
// the same clips, in one run.
import * as THREE from 'three';
import { Bench } from 'tinybench';
import {
  bindClip,
  blendPoses,
  createPose,
  createPoseBatch,
  createSkeleton,
  IFPReader,
  poseToMatrices,
  sampleBatch,
  sampleClip,
  saUpperBodyMask,
  type Animation,
  type Pose,
  type Skeleton,
} from 'gameanim';
import { toAnimationClip, toSkeleton } from 'gameanim/three';
import { baselineClip, BaselinePoseSampler } from './baseline-sampler.js';
import { p50p90 } from './stats.js';

const SAMPLES_PER_ITERATION = 100;
const CROWD = 1000;
const FRAME = 1 / 60;

interface PlaybackRow {
  name: string;
  gameanim: number;
  gameanimP90: number;
  three: number;
  threeP90: number;
}

/** The SA ped hierarchy (parents by HAnim node position), as every SA ped model has it. */
const SA_PED_PARENTS = [-1, 0, 1, 2, 3, 4, 5, 5, 5, 4, 9, 10, 11, 12, 13, 4, 15, 16, 17, 18, 19, 3, 3, 2, 1, 24, 25, 26, 1, 28, 29, 30];

/** A ped skeleton for the corpus' ped clips: their bone ids and names, the SA hierarchy, a plausible rest pose. */
function pedSkeleton(animation: Animation): Skeleton {
  const tracks = animation.bones.slice(0, SA_PED_PARENTS.length);
  return createSkeleton({
    names: tracks.map((t) => t.boneName),
    ids: tracks.map((t) => t.boneId),
    parents: SA_PED_PARENTS.slice(0, tracks.length),
    restTranslations: tracks.flatMap((_, i) => [0.02 * (i % 3), 0.1, 0.01 * (i % 5)]),
  });
}

/** A scene graph with one bone per track, driven by its own AnimationMixer. */
function rig(animation: Animation): { mixer: THREE.AnimationMixer; root: THREE.Object3D } {
  const root = new THREE.Object3D();
  for (const bone of animation.bones) {
    const node = new THREE.Bone();
    node.name = bone.boneName.trim();
    root.add(node);
  }
  return { mixer: new THREE.AnimationMixer(root), root };
}

export async function runPlaybackBenchmarks(
  ped: Uint8Array,
  { quick, log }: { quick: boolean; log: (line: string) => void },
): Promise<string> {
  const animations = new IFPReader(ped).animations;
  const [a, b] = [animations[0]!, animations[1]!];
  const bones = a.bones.length;
  const times = Array.from({ length: SAMPLES_PER_ITERATION }, (_, i) => (i * 0.0377) % a.duration);

  // gameanim state, made once.
  const pose = createPose(a);
  const poseA = createPose(a);
  const poseB = createPose(b);
  const blended = createPose(a);
  const upper = saUpperBodyMask(poseA);
  const lower = saUpperBodyMask(poseA, 1, true);
  const crowd = createPoseBatch(Array.from({ length: CROWD }, () => a));
  const crowdTimes = Float64Array.from({ length: CROWD }, (_, i) => (i * 0.0131) % a.duration);
  // The same crowd through the sampler as it was before issue #16 (bench/baseline-sampler.ts).
  const baseline = new BaselinePoseSampler();
  const baselineCrowd = createPoseBatch(crowd.clips);
  const baselineClips = crowd.clips.map((clip) => baselineClip(clip as Animation));

  // three.js state, made once.
  const clipA = toAnimationClip(a);
  const clipB = toAnimationClip(b);
  const single = rig(a);
  single.mixer.clipAction(clipA).play();
  const layered = rig(a);
  layered.mixer.clipAction(clipA).setEffectiveWeight(0.5).play();
  layered.mixer.clipAction(clipB).setEffectiveWeight(0.5).play();
  const mixers = Array.from({ length: CROWD }, (_, i) => {
    const { mixer } = rig(a);
    mixer.clipAction(clipA).play();
    mixer.setTime(crowdTimes[i]!);
    return mixer;
  });

  // 1,000 peds on a skeleton: bound once (as a game binds a clip to a model once), then every frame
  // sampled into one batch (one wasm call) and turned into world matrices per ped. three.js: the same
  // skeletons as THREE.Bone hierarchies (toSkeleton), one mixer each, update + updateMatrixWorld.
  const skeleton = pedSkeleton(a);
  const bound = bindClip(a, skeleton);
  const pedBatch = createPoseBatch(Array.from({ length: CROWD }, () => bound));
  const pedPoses: Pose[] = Array.from({ length: CROWD }, (_, i) => ({
    ...createPose(skeleton),
    rotations: pedBatch.rotations.subarray(4 * skeleton.boneCount * i, 4 * skeleton.boneCount * (i + 1)),
    translations: pedBatch.translations.subarray(3 * skeleton.boneCount * i, 3 * skeleton.boneCount * (i + 1)),
  }));
  const pedWorld = Array.from({ length: CROWD }, () => new Float32Array(16 * skeleton.boneCount));
  const boundClip = toAnimationClip(bound);
  const pedRigs = Array.from({ length: CROWD }, (_, i) => {
    const group = new THREE.Group();
    group.add(...toSkeleton(skeleton).roots);
    const mixer = new THREE.AnimationMixer(group);
    mixer.clipAction(boundClip).play();
    mixer.setTime(crowdTimes[i]!);
    return { group, mixer };
  });

  const bench = new Bench({
    retainSamples: true,
    ...(quick ? { iterations: 2, time: 0, warmupIterations: 1, warmupTime: 0 } : { iterations: 50, time: 1500, warmupIterations: 10 }),
  });
  const rows: Array<[string, number, () => void, () => void]> = [
    [
      'single clip (100 samples of 32 bones)',
      SAMPLES_PER_ITERATION * bones,
      () => {
        for (const t of times) sampleClip(a, t, pose, { loop: true });
      },
      () => {
        for (const t of times) single.mixer.setTime(t);
      },
    ],
    [
      'two layers, upper/lower body (100 blends)',
      SAMPLES_PER_ITERATION * bones,
      () => {
        for (const t of times) {
          sampleClip(a, t, poseA, { loop: true });
          sampleClip(b, t, poseB, { loop: true });
          blendPoses(blended, [
            { pose: poseA, weight: 1, mask: lower },
            { pose: poseB, weight: 1, mask: upper },
          ]);
        }
      },
      () => {
        for (const t of times) layered.mixer.setTime(t);
      },
    ],
    [
      `crowd: ${CROWD} instances of a ${bones}-bone clip, one frame`,
      CROWD * bones,
      () => {
        for (let i = 0; i < CROWD; i++) crowdTimes[i]! += FRAME;
        sampleBatch(crowd, crowdTimes, { loop: true });
      },
      () => {
        for (const mixer of mixers) mixer.update(FRAME);
      },
    ],
    [
      `${CROWD} peds on a ${skeleton.boneCount}-bone skeleton: sample + world matrices, one frame (bound once)`,
      CROWD * skeleton.boneCount,
      () => {
        for (let i = 0; i < CROWD; i++) crowdTimes[i]! += FRAME;
        sampleBatch(pedBatch, crowdTimes, { loop: true });
        for (let i = 0; i < CROWD; i++) poseToMatrices(pedPoses[i]!, skeleton, pedWorld[i]);
      },
      () => {
        for (const { group, mixer } of pedRigs) {
          mixer.update(FRAME);
          group.updateMatrixWorld(true);
        }
      },
    ],
  ];
  for (const [name, , ours, theirs] of rows) {
    bench.add(`gameanim: ${name}`, ours);
    bench.add(`three: ${name}`, theirs);
  }
  const crowdName = rows[2]![0];
  bench.add(`baseline: ${crowdName}`, () => {
    for (let i = 0; i < CROWD; i++) crowdTimes[i]! += FRAME;
    baseline.sampleBatch(baselineCrowd, baselineClips, crowdTimes, true);
  });
  log(`running ${rows.length * 2} playback rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const stats = (name: string) => p50p90(bench.tasks.find((task) => task.name === name)!.result, name);
  const results: PlaybackRow[] = rows.map(([name, samples]) => ({
    name,
    gameanim: samples / (stats(`gameanim: ${name}`).p50 / 1e3),
    gameanimP90: samples / (stats(`gameanim: ${name}`).p90 / 1e3),
    three: samples / (stats(`three: ${name}`).p50 / 1e3),
    threeP90: samples / (stats(`three: ${name}`).p90 / 1e3),
  }));
  const M = (n: number) => `${(n / 1e6).toFixed(1)} M`;
  const crowdRow = results[2]!;
  const baselineStats = stats(`baseline: ${crowdName}`);
  const baselineRate = (CROWD * bones) / (baselineStats.p50 / 1e3);
  const baselineRateP90 = (CROWD * bones) / (baselineStats.p90 / 1e3);
  const overThree = crowdRow.gameanim / crowdRow.three;
  const overBaseline = crowdRow.gameanim / baselineRate;
  return [
    '## Playback: bone-samples per second at the p50 (and p90) latency, against THREE.AnimationMixer',
    '',
    `Clips: the first two animations of the corpus \`ped.ifp\` (${bones} bones). gameanim runs its default backend (wasm); three.js ${THREE.REVISION} runs \`mixer.setTime\` / \`mixer.update\` on a bone hierarchy. The two-layer three.js row weighs two actions 0.5 each (three.js has no per-bone masks). The peds row binds the clip to an SA-shaped skeleton once, then per frame samples all peds in one call and builds each ped's world matrices; three.js updates each ped's mixer and its bones' \`matrixWorld\`.`,
    '',
    '| row | gameanim p50 | gameanim p90 | three.js p50 | three.js p90 | gameanim / three.js (p50) |',
    '|---|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} | ${M(r.gameanim)} | ${M(r.gameanimP90)} | ${M(r.three)} | ${M(r.threeP90)} | ${(r.gameanim / r.three).toFixed(1)}x |`,
    ),
    '',
    `The crowd row through the sampler as it was before issue #16 (kernel and shell kept in \`bench/baseline-kernel/\` and \`bench/baseline-sampler.ts\`), same run: ${M(baselineRate)} p50, ${M(baselineRateP90)} p90.`,
    '',
    `Targets for the crowd row: at least 6x three.js, measured ${overThree.toFixed(1)}x: ${overThree >= 6 ? 'met' : '**not met**'}; at least 2x the sampler before issue #16, measured ${overBaseline.toFixed(2)}x: ${overBaseline >= 2 ? 'met' : '**not met**'}.`,
    '',
  ].join('\n');
}
