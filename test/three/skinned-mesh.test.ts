import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  createSkeleton,
  DFFReader,
  IFPReader,
  sampleClip,
  skinVertices,
  TXDReader,
  type DFFGeometry,
  type Pose,
  type Skeleton,
} from '../../src/index.js';
import { poseThreeBones, toThreeSkinnedMesh } from '../../src/three/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

/** The largest difference between three.js's skinned positions (SkinnedMesh.getVertexPosition) and skinVertices. */
function largestDifference(geometries: DFFGeometry[], skeleton: Skeleton, pose: Pose): number {
  const model = toThreeSkinnedMesh(geometries, skeleton);
  poseThreeBones(model.bones, pose, skeleton);
  model.group.updateMatrixWorld(true);
  let largest = 0;
  const skinnedGeometries = geometries.filter((g) => g.skinWeights && g.vertexCount && g.indices.length);
  expect(model.meshes.length).toBe(skinnedGeometries.length);
  model.meshes.forEach((mesh, m) => {
    const expected = skinVertices(skinnedGeometries[m]!, skeleton, pose);
    const position = new THREE.Vector3();
    for (let v = 0; v < expected.length / 3; v++) {
      mesh.getVertexPosition(v, position);
      largest = Math.max(
        largest,
        Math.abs(position.x - expected[3 * v]!),
        Math.abs(position.y - expected[3 * v + 1]!),
        Math.abs(position.z - expected[3 * v + 2]!),
      );
    }
  });
  return largest;
}

describe('toThreeSkinnedMesh (gameanim/three)', () => {
  it('deforms a constructed skin whose weights sum to 0.5, 2.44 and 0 as skinVertices does', () => {
    const translate = (x: number, y: number, z: number) => [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, x, y, z, 1];
    const skeleton = createSkeleton({
      names: ['root', 'one', 'two'],
      parents: [-1, 0, 0],
      restTranslations: [0, 0, 0, 1, 0, 0, 0, 0, 1],
      inverseBindMatrices: [...translate(0, 0, 0), ...translate(-1, 0, 0), ...translate(0, 0, -1)],
    });
    const geometry: DFFGeometry = {
      frame: -1,
      vertexCount: 4,
      positions: Float32Array.of(0.5, 0.1, 0.2, 1.5, -0.2, 0.3, 0.1, 0.2, 1.4, 2, 2, 2),
      normals: null,
      uvs: null,
      colors: null,
      indices: Uint32Array.of(0, 1, 2, 1, 2, 3),
      groups: [{ material: 0, start: 0, count: 6 }],
      materials: [{ color: [200, 100, 50, 255], texture: null }],
      skinIndices: Uint8Array.of(1, 2, 0, 0, 1, 2, 0, 0, 2, 0, 1, 0, 7, 1, 2, 0),
      skinWeights: Float32Array.of(0.25, 0.25, 0, 0, 0.538, 1, 0.902, 0, 0, 0, 0, 0, 0.5, 0.3, 0.2, 0),
    };
    const pose = createPose(skeleton);
    pose.rotations.set([0, 0, Math.SQRT1_2, Math.SQRT1_2], 0);
    pose.rotations.set([Math.sin(0.3), 0, 0, Math.cos(0.3)], 8);
    pose.translations.set([1, 1, 0], 3);
    expect(largestDifference([geometry], skeleton, pose)).toBeLessThan(1e-6);
    const model = toThreeSkinnedMesh(geometry, skeleton);
    // The weights three.js reads are the game's: normalised, largest first.
    expect(Array.from(model.meshes[0]!.geometry.getAttribute('skinWeight').array as Float32Array).slice(0, 4)).toEqual([0.5, 0.5, 0, 0]);
    expect((model.meshes[0]!.material as THREE.MeshStandardMaterial[])[0]!.color.getHexString()).toBe(
      new THREE.Color(200 / 255, 100 / 255, 50 / 255).getHexString(),
    );
  });

  it('refuses a skeleton without inverse binds', () => {
    expect(() => toThreeSkinnedMesh([], createSkeleton({ names: ['a'], parents: [-1] }))).toThrow(RangeError);
  });

  describe('on the real SA skins', () => {
    if (!samplesPresent) {
      it.skip(SAMPLES_SKIP_MESSAGE, () => {});
      return;
    }
    const walk = new IFPReader(sample('rwparserng_ped_anp3.ifp')).getAnimation('walk_player')!;
    for (const name of ['sa_skin_plain', 'sa_skin_protected', 'sa_skin_modelspace_frames']) {
      it(`${name}: three.js gives skinVertices' positions within 1e-4 m, at rest and in walk_player`, () => {
        const model = new DFFReader(sample(`dff/${name}.dff`));
        const skeleton = model.skeleton!;
        expect(largestDifference(model.geometries, skeleton, createPose(skeleton))).toBeLessThan(1e-4);
        const bound = bindClip(walk, skeleton);
        const pose = createPose(skeleton);
        for (const time of [0, 0.25, 0.5, 0.75]) {
          sampleClip(bound, time, pose);
          expect(largestDifference(model.geometries, skeleton, pose), `at ${time} s`).toBeLessThan(1e-4);
        }
      });
    }

    it('textures the materials from the model TXD, by name', () => {
      const model = new DFFReader(sample('dff/sa_skin_plain.dff'));
      const textures = new TXDReader(sample('dff/sa_skin_plain.txd')).textures;
      const three = toThreeSkinnedMesh(model.geometries, model.skeleton!, { textures });
      const maps = three.meshes.flatMap((mesh) => (mesh.material as THREE.MeshStandardMaterial[]).map((m) => m.map?.name ?? null));
      const named = model.geometries.flatMap((g) => g.materials.map((m) => m.texture));
      expect(maps.filter((m) => m !== null).length).toBeGreaterThan(0);
      maps.forEach((map, i) => expect(map?.toLowerCase() ?? null).toBe(map === null ? null : named[i]!.toLowerCase()));
    });
  });
});
