import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  gameSkinWeights,
  IFPReader,
  poseToMatrices,
  sampleClip,
  skinVertices,
  type DFFGeometry,
  type Pose,
  type Skeleton,
} from '../../src/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

const SKINS = ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff'];
const WALK_TIMES = [0, 0.25, 0.5, 0.75];

/** The largest distance of a skinned vertex from the world position of its main (highest-weight) bone. */
function farthestFromMainBone(geometry: DFFGeometry, skeleton: Skeleton, pose: Pose): number {
  const world = poseToMatrices(pose, skeleton);
  const { joints } = gameSkinWeights(geometry, skeleton);
  const skinned = skinVertices(geometry, skeleton, pose);
  let farthest = 0;
  for (let v = 0; v < geometry.vertexCount; v++) {
    const m = 16 * joints[4 * v]!;
    farthest = Math.max(
      farthest,
      Math.hypot(skinned[3 * v]! - world[m + 12]!, skinned[3 * v + 1]! - world[m + 13]!, skinned[3 * v + 2]! - world[m + 14]!),
    );
  }
  return farthest;
}

/** A copy whose stored weights are scaled per vertex to sums from 0.5 to 2.44, as broken custom skins store them. */
function withBrokenSums(geometry: DFFGeometry): DFFGeometry {
  const skinWeights = Float32Array.from(geometry.skinWeights!);
  for (let v = 0; v < geometry.vertexCount; v++) {
    const scale = [0.5, 2.44, 0.538, 1.7][v % 4]!;
    for (let k = 0; k < 4; k++) skinWeights[4 * v + k]! *= scale;
  }
  return { ...geometry, skinWeights };
}

describe('skinVertices on the real SA skins, at rest and in walk_player', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
  const models = SKINS.map((name) => ({ name, model: new DFFReader(sample(name)) }));

  /** The rest pose, then walk_player at each time. */
  function* poses(skeleton: Skeleton): Generator<[string, Pose]> {
    yield ['rest', createPose(skeleton)];
    const bound = bindClip(walk, skeleton);
    for (const time of WALK_TIMES) {
      const pose = createPose(skeleton);
      sampleClip(bound, time, pose);
      yield [`walk_player at ${time} s`, pose];
    }
  }

  it('keeps every vertex within 0.6 m of its main bone', () => {
    for (const { name, model } of models) {
      const skeleton = model.skeleton!;
      const skinned = model.geometries.filter((g) => g.skinWeights);
      expect(skinned.length, name).toBeGreaterThan(0);
      for (const [when, pose] of poses(skeleton)) {
        for (const geometry of skinned) expect(farthestFromMainBone(geometry, skeleton, pose), `${name}, ${when}`).toBeLessThan(0.6);
      }
    }
  });

  it('draws a skin whose stored weights sum to 0.5..2.44 exactly as the same skin with sums of 1', () => {
    for (const { name, model } of models) {
      const skeleton = model.skeleton!;
      for (const geometry of model.geometries.filter((g) => g.skinWeights)) {
        const broken = withBrokenSums(geometry);
        for (const [when, pose] of poses(skeleton)) {
          const expected = skinVertices(geometry, skeleton, pose);
          const actual = skinVertices(broken, skeleton, pose);
          let largest = 0;
          for (let i = 0; i < expected.length; i++) largest = Math.max(largest, Math.abs(actual[i]! - expected[i]!));
          expect(largest, `${name}, ${when}`).toBeLessThan(1e-5);
          expect(farthestFromMainBone(broken, skeleton, pose), `${name}, ${when}`).toBeLessThan(0.6);
        }
      }
    }
  });
});
