// Frame-bound models (no HAnim: GTA III peds, animated objects): tracks bind to frames by name,
// case-insensitively; a track's rotation replaces the frame's, its translation is an offset from the
// frame's position (docs/binding.md).
import { describe, expect, it } from 'vitest';
import { bindClip, createPose, createSkeleton, DFFReader, IFPReader, poseToMatrices, sampleClip, type Skeleton } from '../../src/index.js';
import { skeletonFromFrames } from '../../src/dff/frame-skeleton.js';
import type { DFFFrame } from '../../src/dff/types.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

const length3 = (v: ArrayLike<number>, at: number) => Math.hypot(v[at]!, v[at + 1]!, v[at + 2]!);

/** Poses the bound clip at `steps + 1` times and checks that every untranslated bone keeps its distance to its parent. */
function expectRigidParts(skeleton: Skeleton, clip: Parameters<typeof bindClip>[0], steps: number): Float32Array[] {
  const bound = bindClip(clip, skeleton);
  const pose = createPose(skeleton);
  const worlds: Float32Array[] = [];
  for (let step = 0; step <= steps; step++) {
    sampleClip(bound, (clip.duration * step) / steps, pose);
    const world = poseToMatrices(pose, skeleton);
    for (let bone = 0; bone < skeleton.boneCount; bone++) {
      const parent = skeleton.parents[bone]!;
      const track = bound.trackOfBone[bone]!;
      if (parent < 0 || (track >= 0 && clip.tracks[track]!.translations)) continue;
      const distance = Math.hypot(...[12, 13, 14].map((k) => world[16 * bone + k]! - world[16 * parent + k]!));
      expect(distance, `${clip.name} ${skeleton.names[bone]} at step ${step}`).toBeCloseTo(length3(skeleton.restTranslations, 3 * bone), 5);
    }
    worlds.push(world);
  }
  return worlds;
}

describe('binding by frame name (fixture: a small III-style ped)', () => {
  const reader = new DFFReader(fixture('dff-rigid-ped.dff'));
  const skeleton = reader.skeleton!;
  const run = new IFPReader(fixture('anpk-gta3.ifp')).getAnimation('run_civi')!;

  it('reads the 4-byte Clump Struct and the rigid atomics; the skeleton is the frames, ids -1, the head scale kept apart', () => {
    expect(reader.frameBound).toBe(true);
    expect(skeleton.names).toEqual(['tinyped', 'Swaist', 'storso', 'Shead', 'Supperlegl', 'slowerlegl']);
    expect(Array.from(skeleton.parents)).toEqual([-1, 0, 1, 2, 1, 4]);
    expect(Array.from(skeleton.ids)).toEqual([-1, -1, -1, -1, -1, -1]);
    expect(Array.from(skeleton.restScales!.subarray(9, 12), (s) => Number(s.toFixed(4)))).toEqual([1.05, 1.05, 1.05]);
    expect(reader.geometries.map((g) => [g.frame, g.vertexCount, g.materials[0]!.texture])).toEqual(
      [1, 2, 3, 4, 5].map((f) => [f, 8, 'tinyskin']),
    );
    expect(skeleton.indexOf('STORSO')).toBe(2);
  });

  it('every track binds; a translated track adds to its frame position, the others keep their distance', () => {
    const bound = bindClip(run, skeleton);
    expect(bound.unmatchedTracks).toEqual([]);
    expect(bound.trackOfBone[1]).toBe(0);
    expect(bound.trackOfBone[3]).toBe(1);
    const pose = createPose(skeleton);
    sampleClip(bound, 0, pose);
    const track = run.tracks[0]!;
    for (let c = 0; c < 3; c++)
      expect(pose.translations[3 + c]).toBeCloseTo(track.translations![c]! + skeleton.restTranslations[3 + c]!, 6);
    expectRigidParts(skeleton, run, 8);
  });
});

describe('frames that share a name: the one the game finds (re3 RpAnimBlendClumpFindFrame)', () => {
  const frame = (name: string, parent: number): DFFFrame => ({
    name,
    parent,
    rotation: Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1),
    position: new Float32Array(3),
    hanimId: -1,
  });
  // The game walks frame 0's children in reverse file order, depth first, and keeps the last match.
  const frames = [frame('object', -1), frame('door', 0), frame('Door', 0), frame('hinge', 1), frame('hinge', 3), frame('door', -1)];
  const { skeleton } = skeletonFromFrames(frames);

  it('of two siblings, the one first in the file (the game visits it last)', () => {
    expect(skeleton.indexOf('DOOR')).toBe(1);
  });

  it('of a frame and its child, the child', () => {
    expect(skeleton.indexOf('hinge')).toBe(4);
  });

  it('frames outside the walk (the clump frame, another root) bind only names no walked frame has', () => {
    expect(skeleton.indexOf('object')).toBe(0);
    expect(skeleton.namePrecedence!.at(-1)).toBe(5);
  });

  it('a skeleton without a precedence finds the first bone of a name', () => {
    expect(createSkeleton({ names: ['a', 'A'], parents: [-1, 0] }).indexOf('a')).toBe(0);
    expect(() => createSkeleton({ names: ['a'], parents: [-1], namePrecedence: [1] })).toThrow(RangeError);
  });
});

describe('GTA III peds on III ped.ifp (real files)', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  const ped = new IFPReader(sample('iii_pcanims_ped_anpk.ifp'));
  const models = ['iii/player.dff', 'iii/gang01.dff'].map((name) => [name, new DFFReader(sample(name))] as const);
  // Six clips of III's ped.ifp are for skinned peds (tracks named Root, Pelvis, ...): no III frame has those names.
  const skinnedClips = ['FPS_ROCKET', 'skin_idle_stance', 'skin_run_player', 'skin_sprint_civi', 'skin_walk_player', 'skin_walk_start'];
  const frameClips = ped.animations.filter((clip) => !skinnedClips.includes(clip.name));

  it('read as they are: 17 frames each, 16 rigid atomics, every one on a bone', () => {
    for (const [name, reader] of models) {
      expect(reader.frameBound, name).toBe(true);
      expect(reader.skeleton!.boneCount, name).toBe(17);
      expect(reader.geometries.length, name).toBe(16);
      expect(
        reader.geometries.every((g) => reader.boneOfFrame[g.frame]! > 0),
        name,
      ).toBe(true);
    }
  });

  it('every track of the 230 frame clips binds on both models, whatever the case of the frame names', () => {
    expect(frameClips.length).toBe(230);
    for (const [name, reader] of models) {
      for (const clip of frameClips) expect(bindClip(clip, reader.skeleton!).unmatchedTracks, `${clip.name} on ${name}`).toEqual([]);
      for (const clip of ped.animations.filter((c) => skinnedClips.includes(c.name)))
        expect(bindClip(clip, reader.skeleton!).restBones.length).toBe(17);
    }
  });

  it('posed at several times, each rigid part keeps its distance to its parent, and the ped stands upright', () => {
    for (const [, reader] of models) {
      const skeleton = reader.skeleton!;
      for (const clip of frameClips) expectRigidParts(skeleton, clip, 4);
      const head = skeleton.indexOf('Shead');
      const waist = skeleton.indexOf('Swaist');
      const feet = [skeleton.indexOf('Sfootl'), skeleton.indexOf('Sfootr')];
      for (const name of ['walk_player', 'run_player', 'idle_stance', 'walk_civi', 'sprint_civi']) {
        for (const world of expectRigidParts(skeleton, ped.getAnimation(name)!, 10)) {
          const z = (bone: number) => world[16 * bone + 14]!;
          // Z is up: the head about 0.5 m above the waist, the lower foot about 0.85 m below it standing, more than 0.5 m in a sprint.
          expect(z(head) - z(waist), name).toBeGreaterThan(0.3);
          expect(z(waist) - Math.min(...feet.map(z)), name).toBeGreaterThan(0.5);
          for (const foot of feet) expect(z(head) - z(foot), name).toBeGreaterThan(0.5);
        }
      }
    }
  });
});
