// A jump and a crouch, as mocap holds them: SA's idle stance with the pelvis thrown up 35 cm (its feet
// leave the floor for 0.6 s), and with both knees bent to bring the pelvis 30 cm down (the feet
// stay flat where they stand), made into a CMU-like BVH (root OFFSET 0, position channels on the root
// only, a toe joint below the ankle) and a Mixamo-like GLB. Retargeted onto the skin they were made from,
// the written IFP, played by the library's sampler as the game plays it, must put the lowest foot joint
// and the pelvis where the made clip puts them on every tick: the floor found from the feet over the
// motion (not from the jump's apex or the root's OFFSET), the jump's height kept, the crouch's feet on
// the ground. On legs proportioned otherwise (thighs 0.85x, calves 1.2x), the crouch's feet stay on the
// ground. The clips are built here with three.js's math.
import { Matrix4, Quaternion, Vector3 } from 'three';
import { expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  IFPReader,
  poseToMatrices,
  sampleClip,
  writeIFP,
  type Animation,
  type Skeleton,
} from '../../src/index.js';
import { retarget } from '../../src/retarget/index.js';
import { sample, samplesDir, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { withLegs } from './compare.js';
import { foreignRig, gameWorlds } from './foreign-rigs.js';
import { mocapBvh } from './mocap-rigs.js';

const LEGS = [
  [41, 42, 43],
  [51, 52, 53],
] as const;

/**
 * `stance` (an SA clip's first instant) held for `seconds` at 60 Hz, the pelvis raised `lift(t)` metres
 * and brought down `crouch(t)` metres with its feet where they stand: each leg bent at the knee (its
 * thigh swung forward about the body's left axis, its calf back as far, its foot kept as it was in the
 * world) by the angle that takes `crouch(t)` off that leg's height, found by bisection.
 */
function madeClip(
  skin: Skeleton,
  stance: Animation,
  seconds: number,
  lift: (t: number) => number,
  crouch: (t: number) => number,
): Animation {
  const worlds = gameWorlds(skin, stance, 0);
  const at = (id: number) => new Vector3().setFromMatrixPosition(worlds[skin.indexOf(id)]!);
  const rotation = (id: number) => new Quaternion().setFromRotationMatrix(new Matrix4().extractRotation(worlds[skin.indexOf(id)]!));
  const left = at(41).sub(at(51)).setZ(0).normalize();
  // The knee goes forward (the game's +Y) when the thigh turns about `left` by +angle or -angle: whichever does.
  const down = at(42).sub(at(41));
  const sign = down.clone().applyAxisAngle(left, 0.1).y > down.y ? 1 : -1;
  const pose = createPose(skin);
  sampleClip(bindClip(stance, skin), 0, pose);
  const times = Float32Array.from({ length: Math.round(seconds * 60) + 1 }, (_, k) => k / 60);
  const keys = new Map<number, Float32Array>();
  const translations = new Float32Array(3 * times.length);
  const turn = (angle: number) => new Quaternion().setFromAxisAngle(left, sign * angle);
  // How much higher the ankle sits under the hip with the knee bent `angle`.
  const rise = ([thigh, calf, foot]: readonly number[], angle: number) =>
    at(thigh!).z +
    at(calf!).sub(at(thigh!)).applyQuaternion(turn(angle)).z +
    at(foot!).sub(at(calf!)).applyQuaternion(turn(-angle)).z -
    at(foot!).z;
  const root = skin.indexOf(0);
  times.forEach((time, k) => {
    const drop = crouch(time);
    for (const leg of LEGS) {
      const [thigh, calf, foot] = leg;
      let [low, high] = [0, Math.PI / 2];
      for (let i = 0; i < 50; i++) [low, high] = rise(leg, (low + high) / 2) < drop ? [(low + high) / 2, high] : [low, (low + high) / 2];
      const bend = (low + high) / 2;
      const thighWorld = turn(bend).multiply(rotation(thigh));
      const calfWorld = turn(-bend).multiply(rotation(calf));
      const local = (id: number, world: Quaternion, parentWorld: Quaternion) => {
        const q = parentWorld.clone().invert().multiply(world);
        const out = keys.get(id) ?? new Float32Array(4 * times.length);
        out.set([q.x, q.y, q.z, q.w], 4 * k);
        keys.set(id, out);
      };
      local(thigh, thighWorld, rotation(skin.ids[skin.parents[skin.indexOf(thigh)]!]!));
      local(calf, calfWorld, thighWorld);
      local(foot, rotation(foot), calfWorld);
    }
    translations.set(
      [pose.translations[3 * root]!, pose.translations[3 * root + 1]!, pose.translations[3 * root + 2]! - drop + lift(time)],
      3 * k,
    );
  });
  const bones = stance.bones.map((track) => {
    const bone = skin.indexOf(track.boneId);
    const moves = track.boneId === 0;
    return {
      ...track,
      keyframeType: moves ? ('KRT0' as const) : ('KR00' as const),
      compressed: false,
      times,
      rotations: keys.get(track.boneId) ?? Float32Array.from({ length: 4 * times.length }, (_, i) => pose.rotations[4 * bone + (i % 4)]!),
      translations: moves ? translations : null,
    };
  });
  return new IFPReader(writeIFP([{ name: 'made', animations: [{ name: 'made', bones }] }], { format: 'ANP3' })).getAnimation('made')!;
}

/** The lowest foot or toe joint's height and the pelvis's, on every 60 Hz tick of a clip played on a skin. */
function heights(skeleton: Skeleton, clip: Animation): Array<{ foot: number; pelvis: number }> {
  const bound = bindClip(clip, skeleton);
  const pose = createPose(skeleton);
  const feet = [43, 44, 53, 54].map((id) => skeleton.indexOf(id));
  return Array.from({ length: Math.round(clip.duration * 60) + 1 }, (_, k) => {
    sampleClip(bound, Math.min(clip.duration, k / 60), pose);
    const m = poseToMatrices(pose, skeleton);
    return { foot: Math.min(...feet.map((b) => m[16 * b + 14]!)), pelvis: m[16 * skeleton.indexOf(1) + 14]! };
  });
}

/** 0 outside [from, to], rising smoothly to 1 at its middle. */
const bump = (t: number, from: number, to: number) => (t <= from || t >= to ? 0 : Math.sin((Math.PI * (t - from)) / (to - from)) ** 2);

describeWith([SAMPLES], `a jump and a crouch (samples at ${samplesDir})`, () => {
  const ped = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
  const skin = new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!;
  const stance = ped.getAnimation('woman_idlestance')!;
  const standing = madeClip(
    skin,
    stance,
    0.5,
    () => 0,
    () => 0,
  );
  const cases = [
    [
      'a jump (35 cm, the feet off the floor for 0.6 s)',
      madeClip(
        skin,
        stance,
        2,
        (t) => 0.35 * Math.sin(Math.PI * Math.min(1, Math.max(0, (t - 0.7) / 0.6))),
        () => 0,
      ),
    ],
    [
      'a crouch (the pelvis 30 cm down, the feet where they stand)',
      madeClip(
        skin,
        stance,
        2,
        () => 0,
        (t) => 0.3 * bump(t, 0.4, 1.6),
      ),
    ],
  ] as const;
  const rigs = (clip: Animation): Array<[string, () => Promise<Uint8Array>]> => [
    [
      'a CMU BVH',
      async () =>
        new TextEncoder().encode(
          mocapBvh(skin, clip, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100 / 5.6, allPositions: false }),
        ),
    ],
    ['a Mixamo GLB', () => foreignRig(skin, clip, { names: 'mixamo', pose: 'tpose', scale: 115, rate: 60 })],
    [
      'a flat-footed BVH (toes level with the ankles)',
      async () =>
        new TextEncoder().encode(
          mocapBvh(skin, clip, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100 / 5.6, allPositions: false, flatFeet: true }),
        ),
    ],
  ];

  for (const [what, clip] of cases) {
    const made = heights(skin, clip);
    const ground = Math.min(...heights(skin, standing).map((h) => h.foot));
    for (const [rig, make] of rigs(clip)) {
      it(`${what} as ${rig}, onto the skin it was made from: the lowest foot and the pelvis where the made clip has them, within 1 cm, every tick`, async () => {
        const result = await retarget(await make(), { skeleton: skin, clipName: 'made', groundFrom: standing });
        const written = new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!;
        const got = heights(skin, written);
        expect(got.length).toBe(made.length);
        const footOff = Math.max(...got.map((h, k) => Math.abs(h.foot - made[k]!.foot)));
        const pelvisOff = Math.max(...got.map((h, k) => Math.abs(h.pelvis - made[k]!.pelvis)));
        expect(footOff).toBeLessThan(0.01);
        expect(pelvisOff).toBeLessThan(0.01);
        // The made clip does what its name says: the feet leave the ground by the jump's height, or stay on it while the pelvis comes down.
        const [footRise, pelvisDrop] = [
          Math.max(...made.map((h) => h.foot)) - ground,
          made[0]!.pelvis - Math.min(...made.map((h) => h.pelvis)),
        ];
        if (what.startsWith('a jump')) expect(footRise).toBeGreaterThan(0.3);
        else expect([footRise < 0.005, pelvisDrop > 0.1]).toEqual([true, true]);
        expect(result.quality[0]!.warnings).toEqual([]);
      });
    }
  }

  it('the crouch onto legs proportioned otherwise (thighs 0.85x, calves 1.2x): the feet stay on the ground, within 1 cm, every tick', async () => {
    const odd = withLegs(new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!, 0.85, 1.2);
    const [, crouch] = cases[1];
    const bvh = new TextEncoder().encode(
      mocapBvh(skin, crouch, { names: 'cmu', zero: 'arms-down', rate: 120, scale: 100 / 5.6, allPositions: false }),
    );
    const result = await retarget(bvh, { skeleton: odd, clipName: 'made', groundFrom: standing });
    const got = heights(odd, new IFPReader(writeIFP(result.packages, { format: 'ANP3' })).animations[0]!);
    const ground = Math.min(...heights(odd, standing).map((h) => h.foot));
    expect(Math.max(...got.map((h) => Math.abs(h.foot - ground)))).toBeLessThan(0.01);
    // The pelvis comes down (by the source's drop scaled to these legs, give or take what the IK takes).
    expect(got[0]!.pelvis - Math.min(...got.map((h) => h.pelvis))).toBeGreaterThan(0.1);
  });
});
