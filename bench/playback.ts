// Playback rows of `npm run bench`: bone-samples per second for gameanim and THREE.AnimationMixer on
// the same clips, in one run.
import * as THREE from 'three';
import { Bench } from 'tinybench';
import { blendPoses, createPose, createPoseBatch, IFPReader, sampleBatch, sampleClip, saUpperBodyMask, type Animation } from 'gameanim';
import { toAnimationClip } from 'gameanim/three';

const SAMPLES_PER_ITERATION = 100;
const CROWD = 1000;
const FRAME = 1 / 60;

interface PlaybackRow {
  name: string;
  gameanim: number;
  three: number;
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

export async function runPlaybackBenchmarks(ped: Uint8Array, { quick, log }: { quick: boolean; log: (line: string) => void }): Promise<string> {
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

  const bench = new Bench(quick ? { iterations: 2, time: 0, warmupIterations: 1, warmupTime: 0 } : { iterations: 50, time: 1500, warmupIterations: 10 });
  const rows: Array<[string, number, () => void, () => void]> = [
    ['single clip (100 samples of 32 bones)', SAMPLES_PER_ITERATION * bones,
      () => { for (const t of times) sampleClip(a, t, pose, { loop: true }); },
      () => { for (const t of times) single.mixer.setTime(t); }],
    ['two layers, upper/lower body (100 blends)', SAMPLES_PER_ITERATION * bones,
      () => {
        for (const t of times) {
          sampleClip(a, t, poseA, { loop: true });
          sampleClip(b, t, poseB, { loop: true });
          blendPoses(blended, [{ pose: poseA, weight: 1, mask: lower }, { pose: poseB, weight: 1, mask: upper }]);
        }
      },
      () => { for (const t of times) layered.mixer.setTime(t); }],
    [`crowd: ${CROWD} instances of a ${bones}-bone clip, one frame`, CROWD * bones,
      () => { for (let i = 0; i < CROWD; i++) crowdTimes[i]! += FRAME; sampleBatch(crowd, crowdTimes, { loop: true }); },
      () => { for (const mixer of mixers) mixer.update(FRAME); }],
  ];
  for (const [name, , ours, theirs] of rows) {
    bench.add(`gameanim: ${name}`, ours);
    bench.add(`three: ${name}`, theirs);
  }
  log(`running ${rows.length * 2} playback rows${quick ? ' (quick)' : ''}...`);
  await bench.run();
  const p50 = (name: string) => {
    const result = bench.tasks.find((task) => task.name === name)!.result;
    if (!('latency' in result)) throw new Error(`benchmark "${name}" did not complete`);
    return result.latency.p50;
  };
  const results: PlaybackRow[] = rows.map(([name, samples]) => ({ name, gameanim: samples / (p50(`gameanim: ${name}`) / 1e3), three: samples / (p50(`three: ${name}`) / 1e3) }));
  const M = (n: number) => `${(n / 1e6).toFixed(1)} M`;
  const crowdRow = results[2]!;
  return [
    '## Playback: bone-samples per second (p50), against THREE.AnimationMixer',
    '',
    `Clips: the first two animations of the corpus \`ped.ifp\` (${bones} bones). gameanim runs its default backend (wasm); three.js ${THREE.REVISION} runs \`mixer.setTime\` / \`mixer.update\` on a bone hierarchy. The two-layer three.js row weighs two actions 0.5 each (three.js has no per-bone masks).`,
    '',
    '| row | gameanim | three.js | gameanim / three.js |',
    '|---|---:|---:|---:|',
    ...results.map((r) => `| ${r.name} | ${M(r.gameanim)} | ${M(r.three)} | ${(r.gameanim / r.three).toFixed(1)}x |`),
    '',
    `Target: the crowd row at least 3x three.js. Measured ${(crowdRow.gameanim / crowdRow.three).toFixed(1)}x: ${crowdRow.gameanim / crowdRow.three >= 3 ? 'met' : '**not met**'}.`,
    '',
  ].join('\n');
}
