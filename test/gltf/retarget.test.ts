// Import carries joints through the file's hierarchy and skin: a document whose joints are oriented
// unlike the game's (as Blender's default import leaves them, compensated in the inverse binds), or
// whose scene is Y up, imports to the same IFP as the plain export.
import { type Document, WebIO, type Node } from '@gltf-transform/core';
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import { DFFReader, IFPReader } from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';

/**
 * Every joint's own frame turned by a rotation of its own (R_j), with the document changed so that
 * nothing moves: local' = R_parent⁻¹ · local · R_j for rest and keys, IBM' = R_j⁻¹ · IBM.
 */
function reorientJoints(doc: Document, seed: number): void {
  const turns = new Map<Node, THREE.Quaternion>();
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31) * 2 - 1;
  const skin = doc.getRoot().listSkins()[0]!;
  for (const joint of skin.listJoints())
    turns.set(
      joint,
      new THREE.Quaternion().setFromAxisAngle(new THREE.Vector3(random(), random(), random()).normalize(), Math.PI * random()),
    );
  const turnOf = (node: Node | null) => (node && turns.get(node)) || new THREE.Quaternion();
  const reorient = (node: Node, q: THREE.Quaternion, t: THREE.Vector3) => {
    const parentInverse = turnOf(node.getParentNode()).clone().invert();
    return { rotation: parentInverse.clone().multiply(q).multiply(turnOf(node)), translation: t.clone().applyQuaternion(parentInverse) };
  };
  for (const animation of doc.getRoot().listAnimations()) {
    for (const channel of animation.listChannels()) {
      const node = channel.getTargetNode()!;
      const output = channel.getSampler()!.getOutput()!;
      const values = output.getArray()!.slice();
      const keys = values.length / (channel.getTargetPath() === 'rotation' ? 4 : 3);
      const rest = node.getRotation();
      for (let k = 0; k < keys; k++) {
        if (channel.getTargetPath() === 'rotation')
          reorient(node, new THREE.Quaternion().fromArray(values, 4 * k), new THREE.Vector3()).rotation.toArray(values, 4 * k);
        else
          reorient(node, new THREE.Quaternion().fromArray(rest), new THREE.Vector3().fromArray(values, 3 * k)).translation.toArray(
            values,
            3 * k,
          );
      }
      // A sampler shared by channels would be turned twice: each channel gets its own output.
      channel.getSampler()!.setOutput(doc.createAccessor().setType(output.getType()).setArray(values).setBuffer(output.getBuffer()));
    }
  }
  for (const node of doc.getRoot().listNodes()) {
    const { rotation, translation } = reorient(
      node,
      new THREE.Quaternion().fromArray(node.getRotation()),
      new THREE.Vector3().fromArray(node.getTranslation()),
    );
    node
      .setRotation(rotation.toArray() as [number, number, number, number])
      .setTranslation(translation.toArray() as [number, number, number]);
  }
  const binds = skin.getInverseBindMatrices()!;
  const matrices = binds.getArray()!.slice();
  skin.listJoints().forEach((joint, j) => {
    const ibm = new THREE.Matrix4().fromArray(matrices, 16 * j);
    new THREE.Matrix4()
      .makeRotationFromQuaternion(turnOf(joint).clone().invert())
      .multiply(ibm)
      .toArray(matrices, 16 * j);
  });
  skin.setInverseBindMatrices(doc.createAccessor().setType('MAT4').setArray(matrices).setBuffer(binds.getBuffer()));
}

describe('import is independent of joint orientation and up axis', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  it("joints turned every which way (compensated in the inverse binds) and a Y-up root import to the plain export's IFP", async () => {
    const model = new DFFReader(sample('dff/sa_skin_modelspace_frames.dff'));
    const clips = new IFPReader(sample('rwparserng_ped_anp3.ifp')).animations.slice(0, 3);
    const skeleton = model.skeleton!;
    const plain = await importGltf((await exportGltf({ model, clips, axes: 'game' })).glb!, { skeleton, compressed: false });
    const upright = await importGltf((await exportGltf({ model, clips })).glb!, { skeleton, compressed: false });
    const doc = await new WebIO().readBinary((await exportGltf({ model, clips })).glb!);
    const before = Array.from(
      doc.getRoot().listAnimations()[0]!.listChannels()[1]!.getSampler()!.getOutput()!.getArray()!.slice(0, 4) as Float32Array,
    );
    reorientJoints(doc, 7);
    const after = Array.from(
      doc.getRoot().listAnimations()[0]!.listChannels()[1]!.getSampler()!.getOutput()!.getArray()!.slice(0, 4) as Float32Array,
    );
    // The file's own keys now mean other joint frames: copying them as local rotations would be wrong.
    expect(Math.max(...before.map((v, c) => Math.abs(v - after[c]!)))).toBeGreaterThan(0.1);
    const turned = await importGltf(await new WebIO().writeBinary(doc), { skeleton, compressed: false });
    for (const other of [upright, turned]) {
      let worst = 0;
      plain.packages[0]!.animations.forEach((animation, a) => {
        const theirs = other.packages[0]!.animations[a]!;
        expect(theirs.bones.map((t) => t.boneId)).toEqual(animation.bones.map((t) => t.boneId));
        animation.bones.forEach((track, b) => {
          const them = theirs.bones[b]!;
          expect(them.times.length).toBe(track.times.length);
          for (let k = 0; k < track.times.length; k++) {
            let dot = 0;
            for (let c = 0; c < 4; c++) dot += track.rotations[4 * k + c]! * them.rotations[4 * k + c]!;
            worst = Math.max(worst, 1 - Math.abs(dot));
            if (track.translations)
              for (let c = 0; c < 3; c++)
                worst = Math.max(worst, Math.abs(track.translations[3 * k + c]! - them.translations![3 * k + c]!));
          }
        });
      });
      expect(worst).toBeLessThan(1e-5);
    }
  });
});

describe('tracks that drive no bone survive a round trip', () => {
  it("a clip's track the skeleton lacks (as SA's ...Nub tracks) goes out as a node outside the skin and comes back with its name, id and keys", async () => {
    const { createSkeleton, writeIFP } = await import('../../src/index.js');
    const { fixture } = await import('../helpers/files.js');
    const skeleton = createSkeleton({
      names: ['Root', ' Pelvis', 'R Hand'],
      ids: [0, 1, 24],
      parents: [-1, 0, 1],
      restTranslations: [0, 0, 1, 0, 0, 0.5, 0.2, 0, 0],
    });
    const clip = new IFPReader(fixture('anp3-all-types.ifp')).getAnimation('WEAPON_start_throw')!;
    const nub = clip.bones.find((b) => b.boneName === 'Object')!;
    const { glb, warnings } = await exportGltf({ skeleton, clips: [clip] });
    expect(warnings.find((w) => w.code === 'unmatched-tracks')!.message).toMatch(/written as nodes of their own, outside the skin: Object/);
    const doc = await new WebIO().readBinary(glb!);
    const node = doc
      .getRoot()
      .listNodes()
      .find((n) => n.getName() === 'Object')!;
    expect(
      doc
        .getRoot()
        .listSkins()
        .every((skin) => !skin.listJoints().includes(node)),
    ).toBe(true);
    const imported = await importGltf(glb!, { skeleton });
    expect(imported.warnings.map((w) => w.code)).toContain('extra-tracks');
    const back = new IFPReader(writeIFP(imported.packages, { format: 'ANP3' })).animations[0]!.bones.find((b) => b.boneName === 'Object')!;
    expect([back.boneId, back.frameCount, back.keyframeType]).toEqual([nub.boneId, nub.frameCount, nub.keyframeType]);
    for (let k = 0; k < nub.rotations.length; k++)
      expect(
        Math.abs(
          back.rotations[k]! / Math.hypot(...back.rotations.subarray(k - (k % 4), k - (k % 4) + 4)) -
            nub.rotations[k]! / Math.hypot(...nub.rotations.subarray(k - (k % 4), k - (k % 4) + 4)),
        ),
      ).toBeLessThanOrEqual(1 / 4096);
  });
});
