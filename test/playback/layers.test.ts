import { describe, expect, it } from 'vitest';
import { bindClip, createPose, createSkeleton, sampleClip, sampleLayers, type Pose } from '../../src/index.js';
import { aboutZ, animationOf } from './helpers.js';

// A small ped: root, pelvis, spine, right upper arm and forearm, left thigh (HAnim ids as SA's).
const skeleton = createSkeleton({
  names: ['Root', ' Pelvis', ' Spine', ' R UpperArm', ' R Forearm', ' L Thigh'],
  ids: [0, 1, 2, 22, 23, 41],
  parents: [-1, 0, 1, 2, 3, 1],
  restTranslations: [0, 0, 0, 0, 0, 1, 0, 0, 0.2, 0.2, 0, 0.3, 0.3, 0, 0, -0.1, 0, -0.1],
});
const aboutX = (degrees: number) => [Math.sin((degrees * Math.PI) / 360), 0, 0, Math.cos((degrees * Math.PI) / 360)];

/** The base: every bone turned a little, the root moved (as an idle drives every bone of a ped). */
const idle = animationOf([
  { boneName: 'Root', boneId: 0, times: [0, 1], rotations: [...aboutZ(0), ...aboutZ(20)], translations: [0, 0, 1, 0, 0.2, 1] },
  { boneName: ' Pelvis', boneId: 1, times: [0, 1], rotations: [...aboutZ(10), ...aboutZ(30)] },
  { boneName: ' Spine', boneId: 2, times: [0, 1], rotations: [...aboutX(5), ...aboutX(15)] },
  { boneName: ' R UpperArm', boneId: 22, times: [0, 1], rotations: [...aboutX(-70), ...aboutX(-60)] },
  { boneName: ' R Forearm', boneId: 23, times: [0, 1], rotations: [...aboutZ(5), ...aboutZ(15)] },
  { boneName: ' L Thigh', boneId: 41, times: [0, 1], rotations: [...aboutX(170), ...aboutX(175)] },
]);
/** A colt45_fire-like partial clip: the right arm only, the upper arm also moved. */
const fire = animationOf([
  {
    boneName: ' R UpperArm',
    boneId: 22,
    times: [0, 0.5],
    rotations: [...aboutZ(80), ...aboutZ(100)],
    translations: [0.2, 0.1, 0.3, 0.2, 0.3, 0.3],
  },
  { boneName: ' R Forearm', boneId: 23, times: [0, 0.5], rotations: [...aboutX(40), ...aboutX(90)] },
]);

const sampled = (clip: typeof idle, time: number): Pose => {
  const pose = createPose(skeleton);
  sampleClip(bindClip(clip, skeleton), time, pose);
  return pose;
};
const rotation = (pose: Pose, bone: number) => Array.from(pose.rotations.subarray(4 * bone, 4 * bone + 4));
const translation = (pose: Pose, bone: number) => Array.from(pose.translations.subarray(3 * bone, 3 * bone + 3));
const close = (actual: number[], expected: number[], digits = 6) =>
  expected.forEach((v, i) => expect(actual[i], `element ${i}`).toBeCloseTo(v, digits));

// Hand-written references: slerp (shortest arc) and the normalised weighted sum the game takes.
function slerp(a: number[], b: number[], t: number): number[] {
  let dot = a.reduce((sum, v, i) => sum + v * b[i]!, 0);
  const target = dot < 0 ? b.map((v) => -v) : b;
  dot = Math.abs(dot);
  const theta = Math.acos(Math.min(1, dot));
  if (theta < 1e-9) return a;
  return a.map((v, i) => (Math.sin((1 - t) * theta) * v + Math.sin(t * theta) * target[i]!) / Math.sin(theta));
}
function normalisedSum(a: number[], wa: number, b: number[], wb: number): number[] {
  const sign = a.reduce((sum, v, i) => sum + v * b[i]!, 0) < 0 ? -1 : 1;
  const sum = a.map((v, i) => wa * v + sign * wb * b[i]!);
  const length = Math.hypot(...sum);
  return sum.map((v) => v / length);
}

const ARM = [3, 4];
const OTHERS = [0, 1, 2, 5];

describe('sampleLayers: partial clips over a base, as the game blends', () => {
  const at = { idle: 0.4, fire: 0.2 };
  const base = sampled(idle, at.idle);
  const partial = sampled(fire, at.fire);
  const layered = (weight: number) =>
    sampleLayers(
      skeleton,
      [
        { clip: idle, time: at.idle, weight: 1 },
        { clip: fire, time: at.fire, weight, partial: true },
      ],
      createPose(skeleton),
    );

  it('with weight 1 the partial clip replaces the base on its bones; the bones it lacks keep the base pose exactly', () => {
    const out = layered(1);
    for (const bone of ARM) expect(rotation(out, bone), `bone ${bone}`).toEqual(rotation(partial, bone));
    close(translation(out, 3), translation(partial, 3), 7);
    for (const bone of OTHERS) {
      expect(rotation(out, bone), `bone ${bone}`).toEqual(rotation(base, bone));
      expect(translation(out, bone), `bone ${bone}`).toEqual(translation(base, bone));
    }
  });

  it('with weight 0.5 the animated bones lie halfway (slerp); the others keep the base pose', () => {
    const out = layered(0.5);
    for (const bone of ARM) close(rotation(out, bone), slerp(rotation(base, bone), rotation(partial, bone), 0.5));
    for (const bone of OTHERS) {
      expect(rotation(out, bone), `bone ${bone}`).toEqual(rotation(base, bone));
      expect(translation(out, bone), `bone ${bone}`).toEqual(translation(base, bone));
    }
  });

  it('at other weights takes the normalised weighted sum of the rotations, not slerp', () => {
    const out = layered(0.25);
    const bone = 4; // the forearm: 40-90 degrees about X in the partial against 5-15 about Z in the base
    const game = normalisedSum(rotation(base, bone), 0.75, rotation(partial, bone), 0.25);
    close(rotation(out, bone), game);
    const arc = slerp(rotation(base, bone), rotation(partial, bone), 0.25);
    expect(Math.max(...game.map((v, i) => Math.abs(v - arc[i]!)))).toBeGreaterThan(1e-4);
  });

  it("moves a bone only the partial clip translates by w times w of the clip's position and 1 - w of the rest", () => {
    for (const w of [0.5, 0.25]) {
      const out = layered(w);
      const rest = [0.2, 0, 0.3];
      close(
        translation(out, 3),
        translation(partial, 3).map((v, i) => w * w * v + (1 - w) * rest[i]!),
      );
    }
  });

  it('on a bone both translate: the weighted positions times the summed weights, less the rest for the excess', () => {
    const spineMove = animationOf([{ boneName: ' Spine', boneId: 2, times: [0], rotations: aboutZ(0), translations: [1, 2, 3] }]);
    const spineBase = animationOf([{ boneName: ' Spine', boneId: 2, times: [0], rotations: aboutZ(0), translations: [0, 0, 1] }]);
    const out = sampleLayers(
      skeleton,
      [
        { clip: spineBase, time: 0, weight: 1 },
        { clip: spineMove, time: 0, weight: 0.5, partial: true },
      ],
      createPose(skeleton),
    );
    // Base at (0, 0, 1) with 0.5, partial at (1, 2, 3) with 0.5: sum (0.5, 1, 2), times 1.5, less 0.5 x rest (0, 0, 0.2).
    close(translation(out, 2), [0.75, 1.5, 2.9]);
  });

  it("adds the root's weighted translations to its rest position, its height by the game's crouch rule", () => {
    const rootAt = (z: number) => animationOf([{ boneName: 'Root', boneId: 0, times: [0], rotations: aboutZ(0), translations: [1, 2, z] }]);
    const raised = createSkeleton({ names: ['Root'], ids: [0], parents: [-1], restTranslations: [0.5, 0, 0.4] });
    const rootOf = (z: number, weight: number) =>
      translation(
        sampleLayers(
          raised,
          [
            { clip: idle, time: 0, weight: 1 },
            { clip: rootAt(z), time: 0, weight, partial: true },
          ],
          createPose(raised),
        ),
        0,
      );
    // Base root at (0, 0, 1) under a partial of weight 0.5: (0.5, 1, 0.5 + z / 2), plus the rest.
    close(rootOf(1, 0.5), [1, 1, 1.4]);
    // Summed heights below -0.4 get a share of the rest height falling to 0 at -0.8, then none.
    close(rootOf(-0.5, 1), [1.5, 2, -0.5 + (2.5 * -0.5 + 2) * 0.4]);
    close(rootOf(-0.9, 1), [1.5, 2, -0.9]);
  });

  it('cross-fades two non-partial clips by their weights', () => {
    const other = sampled(fire, at.fire);
    const out = sampleLayers(
      skeleton,
      [
        { clip: idle, time: at.idle, weight: 0.5 },
        { clip: fire, time: at.fire, weight: 0.5 },
      ],
      createPose(skeleton),
    );
    close(rotation(out, 4), slerp(rotation(base, 4), rotation(other, 4), 0.5));
    // Only the base drives the pelvis: normalised, its weight of 0.5 does not matter.
    expect(rotation(out, 1)).toEqual(rotation(base, 1));
  });

  it('gives a bone no layer drives the identity rotation and its rest position, as the game does', () => {
    const out = sampleLayers(skeleton, [{ clip: fire, time: 0, weight: 1, partial: true }], createPose(skeleton));
    expect(rotation(out, 1)).toEqual([0, 0, 0, 1]);
    close(translation(out, 2), [0, 0, 0.2]);
  });

  it('takes bound clips, loops per layer, and refuses what it cannot blend', () => {
    const bound = bindClip(idle, skeleton);
    const looped = sampleLayers(skeleton, [{ clip: bound, time: 1 + at.idle, weight: 1, loop: true }], createPose(skeleton));
    for (const bone of OTHERS) close(rotation(looped, bone), rotation(base, bone), 6);
    expect(() => sampleLayers(skeleton, [], createPose(skeleton))).toThrow(RangeError);
    expect(() => sampleLayers(skeleton, [{ clip: idle, time: 0, weight: -1 }], createPose(skeleton))).toThrow(RangeError);
    expect(() => sampleLayers(skeleton, [{ clip: idle, time: 0, weight: NaN }], createPose(skeleton))).toThrow(RangeError);
    expect(() => sampleLayers(skeleton, [{ clip: idle, time: 0, weight: 1 }], createPose(fire))).toThrow(RangeError);
    const other = createSkeleton({ names: ['Root'], parents: [-1], ids: [0] });
    expect(() => sampleLayers(skeleton, [{ clip: bindClip(idle, other), time: 0, weight: 1 }], createPose(skeleton))).toThrow(RangeError);
  });
});
