// The game's T-pose, which a T-pose source's rest is matched with: legs straight down with the feet
// flat as at rest, so its hip height is what a T-pose rig's is (the root motion's scale comes from it).
import { expect, it } from 'vitest';
import { DFFReader, poseToMatrices, createPose } from '../../src/index.js';
import { fromArray, positionOf } from '../../src/gltf/spaces.js';
import { rotationOf } from '../../src/retarget/rotations.js';
import { tPoseWorlds } from '../../src/retarget/tpose.js';
import { sample, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

describeWith([SAMPLES], 'the game skeleton in a T-pose', () => {
  for (const skin of ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames']) {
    it(`${skin}: legs straight down, feet as at rest, hips as high as thigh + calf + the rest's ankle-to-sole`, () => {
      const skeleton = new DFFReader(sample(`dff/${skin}.dff`)).skeleton!;
      const flat = poseToMatrices(createPose(skeleton), skeleton);
      const rest = Array.from({ length: skeleton.boneCount }, (_, b) => fromArray(flat, 16 * b));
      // The skin's bind pose has +X up (the pelvis-to-head direction): the legs go to -X.
      const up: [number, number, number] = [1, 0, 0];
      const worlds = tPoseWorlds(skeleton, rest, up);
      const at = (id: number, set = worlds) => positionOf(set[skeleton.indexOf(id)]!);
      const length = (a: number, b: number) => Math.hypot(...[0, 1, 2].map((c) => at(a, rest)[c]! - at(b, rest)[c]!));
      for (const [hip, knee, ankle, toe] of [
        [41, 42, 43, 44],
        [51, 52, 53, 54],
      ] as const) {
        for (const [from, to] of [
          [hip, knee],
          [knee, ankle],
        ] as const) {
          const d = [0, 1, 2].map((c) => at(to)[c]! - at(from)[c]!);
          expect(d[0]! / Math.hypot(...d)).toBeCloseTo(-1, 9);
        }
        const foot = skeleton.indexOf(ankle);
        const turned = rotationOf(worlds[foot]!),
          still = rotationOf(rest[foot]!);
        for (let i = 0; i < 16; i++) expect(turned[i]).toBeCloseTo(still[i]!, 9);
        // Ankle to toe keeps its rest offset, so the sole's height below the hip is the legs' length plus it.
        const drop = at(hip)[0]! - Math.min(at(ankle)[0]!, at(toe)[0]!);
        expect(drop).toBeCloseTo(length(hip, knee) + length(knee, ankle) + Math.max(0, at(ankle, rest)[0]! - at(toe, rest)[0]!), 6);
      }
    });
  }
});
