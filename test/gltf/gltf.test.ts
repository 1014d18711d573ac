import { Document, WebIO } from '@gltf-transform/core';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  createSkeleton,
  DFFReader,
  IFPReader,
  IGI2ClipReader,
  poseToMatrices,
  readIGI2Skeleton,
  sampleClip,
  writeIFP,
  type SkeletalClip,
  type Skeleton,
} from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE } from '../helpers/files.js';
import { aboutZ, animationOf } from '../playback/helpers.js';

import * as validator from 'gltf-validator';

async function errorsOf(glb: Uint8Array): Promise<string[]> {
  const report = await validator.validateBytes(glb);
  return report.issues.messages.filter((m) => m.severity === 0).map((m) => `${m.code}: ${m.message}`);
}

/**
 * Loads the .glb with three.js' GLTFLoader, plays each animation with AnimationMixer, and returns the largest difference from
 * poseToMatrices.
 */
async function largestThreeDifference(glb: Uint8Array, skeleton: Skeleton, clips: readonly SkeletalClip[]): Promise<number> {
  const gltf = await new GLTFLoader().parseAsync(glb.buffer.slice(glb.byteOffset, glb.byteOffset + glb.byteLength) as ArrayBuffer, '');
  const nodes = skeleton.names.map(
    (name, i) => gltf.scene.getObjectByName(THREE.PropertyBinding.sanitizeNodeName(name.trim() || `bone${i}`))!,
  );
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const pose = createPose(skeleton);
  let largest = 0;
  clips.forEach((clip, a) => {
    const animation = gltf.animations[a]!;
    mixer.stopAllAction();
    const action = mixer.clipAction(animation).play();
    const bound = bindClip(clip, skeleton);
    for (const fraction of [0.05, 0.25, 0.5, 0.75, 0.95]) {
      const time = fraction * animation.duration;
      mixer.setTime(time);
      gltf.scene.updateMatrixWorld(true);
      sampleClip(bound, time, pose);
      const world = poseToMatrices(pose, skeleton);
      // Compared in the game's space: under the root node that stands a default (Y-up) export upright.
      const toGame = gltf.scene.getObjectByName('z-up-to-y-up')?.matrixWorld.clone().invert() ?? new THREE.Matrix4();
      nodes.forEach((node, b) =>
        toGame
          .clone()
          .multiply(node.matrixWorld)
          .elements.forEach((v, k) => (largest = Math.max(largest, Math.abs(v - world[16 * b + k]!)))),
      );
    }
    action.stop();
  });
  return largest;
}

const skeleton = createSkeleton({
  names: ['Root', ' Pelvis', 'R Hand'],
  ids: [0, 1, 24],
  parents: [-1, 0, 1],
  restTranslations: [0, 0, 1, 0, 0, 0.5, 0.2, 0, 0],
});

describe('exportGltf on fixtures', () => {
  it('writes a valid, deterministic .glb of the skeleton and the clips; three.js plays it as sampleClip does', async () => {
    const clips = new IFPReader(fixture('anp3-all-types.ifp')).animations;
    const first = await exportGltf({ skeleton, clips });
    const second = await exportGltf({ skeleton, clips });
    expect(Buffer.from(first.glb!).equals(Buffer.from(second.glb!))).toBe(true);
    expect(await errorsOf(first.glb!)).toEqual([]);
    // Odd_Times repeats a time and starts before 0; Object is a track no bone has; the fixture's keys are not unit length.
    expect(first.warnings.map((n) => n.code).sort()).toEqual(['normalised-rotations', 'nudged-times', 'shifted-times', 'unmatched-tracks']);
    // One clip, counted in the singular; the shift as the shortest text of its f32, never 17 digits of a double.
    expect(first.warnings.find((n) => n.code === 'shifted-times')!.message).toMatch(
      /^1 clip had negative key times; their keys were shifted later by up to 0\.\d{1,8} s \(recorded in the animation.s extras: import shifts them back\)$/,
    );
    // The first clip's times need no policy, so three.js and sampleClip play the same keys.
    expect(await largestThreeDifference(first.glb!, skeleton, clips.slice(0, 1))).toBeLessThan(1e-4);
  });

  it("drops repeated times when asked, normalises non-unit keys, stands Y up by default and keeps the game's Z up with axes: 'game'", async () => {
    const clip = animationOf([
      { boneId: 0, boneName: 'Root', times: [0, 0.5, 0.5, 1], rotations: [0, 0, 0, 2, ...aboutZ(10), ...aboutZ(20), ...aboutZ(30)] },
    ]);
    const { glb, warnings } = await exportGltf({ skeleton, clips: [clip], repeatedTimes: 'drop' });
    expect(await errorsOf(glb!)).toEqual([]);
    expect(warnings.map((n) => n.code).sort()).toEqual(['dropped-times', 'normalised-rotations']);
    expect(warnings.find((n) => n.code === 'dropped-times')!.message).toMatch(/^1 keys/);
    const doc = await new WebIO().readBinary(glb!);
    expect(doc.getRoot().listScenes()[0]!.listChildren()[0]!.getName()).toBe('z-up-to-y-up');
    expect(Array.from(doc.getRoot().listAnimations()[0]!.listSamplers()[0]!.getInput()!.getArray()!)).toEqual([0, 0.5, 1]);
    const game = await new WebIO().readBinary((await exportGltf({ skeleton, clips: [clip], axes: 'game' })).glb!);
    expect(game.getRoot().listScenes()[0]!.listChildren()[0]!.getName()).toBe('Root');
  });

  it('writes .gltf plus .bin on request', async () => {
    const { glb, gltf } = await exportGltf({
      skeleton,
      clips: new IFPReader(fixture('anp2-basic.ifp')).animations,
      container: 'gltf',
      binName: 'walk.bin',
    });
    expect(glb).toBeNull();
    const json = JSON.parse(gltf!.json);
    expect(json.buffers).toEqual([{ name: 'gameanim', uri: 'walk.bin', byteLength: gltf!.bin.length }]);
    expect(gltf!.bin.length).toBeGreaterThan(0);
    expect(json.asset.generator).toBe('gameanim');
  });
});

describe('importGltf', () => {
  it('bad bytes are a DecodeError naming GLTF', async () => {
    await expect(importGltf(new Uint8Array([1, 2, 3, 4]), { skeleton })).rejects.toMatchObject({
      name: 'DecodeError',
      format: 'GLTF',
      code: 'bad-gltf',
    });
    const glb = (await exportGltf({ skeleton, clips: new IFPReader(fixture('anp2-basic.ifp')).animations })).glb!;
    for (const cut of [12, 20, 100]) await expect(importGltf(glb.subarray(0, cut), { skeleton })).rejects.toMatchObject({ format: 'GLTF' });
  });

  it("reads another tool's glTF when the names match: underscores, CUBICSPLINE and STEP resampled at 60 Hz", async () => {
    const doc = new Document();
    const buffer = doc.createBuffer();
    const root = doc.createNode('root');
    const hand = doc.createNode('R_Hand');
    root.addChild(hand);
    doc.createScene().addChild(root);
    const acc = (type: 'SCALAR' | 'VEC3' | 'VEC4', values: number[]) =>
      doc.createAccessor().setType(type).setArray(new Float32Array(values)).setBuffer(buffer);
    const animation = doc.createAnimation('edited');
    const cubic = doc
      .createAnimationSampler()
      .setInput(acc('SCALAR', [0, 0.5]))
      .setOutput(acc('VEC4', [0, 0, 0, 0, ...aboutZ(0), 0, 0, 0, 0, 0, 0, 0, 0, ...aboutZ(90), 0, 0, 0, 0]))
      .setInterpolation('CUBICSPLINE');
    const step = doc
      .createAnimationSampler()
      .setInput(acc('SCALAR', [0, 0.25]))
      .setOutput(acc('VEC3', [0, 0, 0, 1, 2, 3]))
      .setInterpolation('STEP');
    animation.addSampler(cubic).addSampler(step);
    animation.addChannel(doc.createAnimationChannel().setTargetNode(hand).setTargetPath('rotation').setSampler(cubic));
    animation.addChannel(doc.createAnimationChannel().setTargetNode(root).setTargetPath('translation').setSampler(step));
    const glb = await new WebIO().writeBinary(doc);
    const { packages, warnings } = await importGltf(glb, { skeleton });
    // Its nodes all sit at the origin, where the skeleton's bones do not: another skeleton, said so.
    expect(warnings.map((n) => n.code)).toEqual(['other-skeleton', 'resampled']);
    const ifp = new IFPReader(writeIFP(packages, { format: 'ANP3' }));
    const [rootTrack, handTrack] = ifp.animations[0]!.bones;
    expect([rootTrack!.boneName, rootTrack!.keyframeType, handTrack!.boneName, handTrack!.keyframeType]).toEqual([
      'Root',
      'KRT0',
      'R Hand',
      'KR00',
    ]);
    expect(handTrack!.times.length).toBe(31); // 0 to 0.5 s at 60 Hz
    // STEP holds the last key: the file's root moves (1, 2, 3) from its rest, so the game's root, at
    // rest at (0, 0, 1), moves as far from its own.
    expect(Array.from(rootTrack!.translations!.subarray(-3))).toEqual([1, 2, 4]);
    expect(handTrack!.rotations[4 * 30 + 2]).toBeCloseTo(Math.SQRT1_2, 3);
  });
});

describe('glTF on the real samples', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  const ped = new IFPReader(sample('rwparserng_ped_anp3.ifp'));
  const iii = new IFPReader(sample('iii_pcanims_ped_anpk.ifp'));
  const models = ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff', 'dff/sa_skin_modelspace_frames.dff'].map(
    (name) => new DFFReader(sample(name)),
  );

  it('walk_player, run_player and a KRT0 clip on all three sample skins (the model-space one posed whole, from its Skin PLG): 0 validator errors, and three.js plays them as poseToMatrices', async () => {
    const clips = [
      ped.getAnimation('walk_player')!,
      ped.getAnimation('run_player')!,
      iii.animations.find((a) => a.bones.some((b) => b.keyframeType === 'KRT0'))!,
    ];
    for (const model of models) {
      const { glb, warnings } = await exportGltf({ model, clips });
      expect(await errorsOf(glb!)).toEqual([]);
      expect(warnings.map((n) => n.code)).toContain('normalised-rotations');
      expect(await largestThreeDifference(glb!, model.skeleton!, clips.slice(0, 2))).toBeLessThan(1e-4);
    }
  });

  it('the model-space skin exports whole: at rest, every joint world matrix times its inverse bind is the identity within 1e-4', async () => {
    const model = models[2]!;
    const { glb } = await exportGltf({ model, clips: [ped.getAnimation('walk_player')!] });
    const doc = await new WebIO().readBinary(glb!);
    const skin = doc.getRoot().listSkins()[0]!;
    const binds = skin.getInverseBindMatrices()!.getArray()!;
    let worst = 0;
    const axes = doc
      .getRoot()
      .listNodes()
      .find((node) => node.getName() === 'z-up-to-y-up');
    const toGame = axes ? new THREE.Matrix4().fromArray(axes.getWorldMatrix() as number[]).invert() : new THREE.Matrix4();
    skin.listJoints().forEach((joint, j) => {
      const world = toGame.clone().multiply(new THREE.Matrix4().fromArray(joint.getWorldMatrix() as number[]));
      const product = world.multiply(new THREE.Matrix4().fromArray(binds, 16 * j)).elements;
      product.forEach((v, k) => (worst = Math.max(worst, Math.abs(v - (k % 5 === 0 ? 1 : 0)))));
    });
    expect(worst).toBeLessThan(1e-4);
  });

  it('IFP -> glTF -> IFP keeps every key within one quantisation step, on all three sample skins', async () => {
    for (const model of models) {
      const { glb } = await exportGltf({ model, clips: ped.animations });
      const back = new IFPReader(writeIFP((await importGltf(glb!, { skeleton: model.skeleton! })).packages, { format: 'ANP3' }));
      back.animations.forEach((animation, a) => {
        const original = ped.animations[a]!;
        expect(animation.name).toBe(original.name);
        for (const track of animation.bones) {
          const source = original.bones.find((b) => b.boneId === track.boneId)!;
          expect(track.times.length).toBe(source.times.length);
          for (let k = 0; k < track.times.length; k++) {
            expect(Math.abs(track.times[k]! - source.times[k]!)).toBeLessThanOrEqual(1 / 60);
            // Lengths are not kept (glTF needs unit quaternions): compare the rotations.
            const l1 = Math.hypot(...track.rotations.subarray(4 * k, 4 * k + 4));
            const l0 = Math.hypot(...source.rotations.subarray(4 * k, 4 * k + 4));
            for (let c = 0; c < 4; c++)
              expect(Math.abs(track.rotations[4 * k + c]! / l1 - source.rotations[4 * k + c]! / l0)).toBeLessThanOrEqual(1 / 4096);
            if (source.translations)
              for (let c = 0; c < 3; c++)
                expect(Math.abs(track.translations![3 * k + c]! - source.translations[3 * k + c]!)).toBeLessThanOrEqual(1 / 1024);
          }
        }
      });
    }
  });

  it("both IGI 2 clips: resampled at 60 Hz with squad, 0 validator errors, with their own skeleton or the model's names", async () => {
    const arms = readIGI2Skeleton(sample('igi2/005_01_1.mef'))!;
    for (const name of ['igi2/push_button_1st_pers.iff', 'igi2/fire_pullpin_flashbang_1st.iff']) {
      const clip = new IGI2ClipReader(sample(name));
      for (const target of [clip.skeleton, arms]) {
        const { glb, warnings } = await exportGltf({ skeleton: target, clips: [clip] });
        expect(await errorsOf(glb!)).toEqual([]);
        expect(warnings.map((n) => n.code)).toContain('resampled');
        const doc = await new WebIO().readBinary(glb!);
        expect(doc.getRoot().listNodes()[1]!.getName()).toBe(target === arms ? 'upper left arm' : 'bone1');
        const times = doc.getRoot().listAnimations()[0]!.listSamplers()[0]!.getInput()!.getArray()!;
        expect(times[1]).toBeCloseTo(1 / 60, 6);
      }
    }
  });
});
