// A frame-bound model in three.js (toFrameModel): the parts ride the frames a bound clip moves, where
// the library's own sampler puts them.
import * as THREE from 'three';
import { describe, expect, it } from 'vitest';
import {
  bindClip,
  createPose,
  DFFReader,
  IFPReader,
  poseToMatrices,
  sampleClip,
  TXDReader,
  writeTXD,
  type SkeletalClip,
} from '../../src/index.js';
import { toAnimationClip, toFrameModel } from '../../src/three/index.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { dictionaryOf, plainTexture } from '../helpers/txd-textures.js';
import { itWith } from '../helpers/needs.js';

/**
 * Plays the clip on the three.js model with an AnimationMixer and with sampleClip; returns the
 * largest distance between where each part's frame is and where the sampler puts it, and between
 * where each part's first vertex is and where the sampler's world matrix takes it.
 */
function largestPartOffset(reader: DFFReader, clip: SkeletalClip, times: number[]): { frames: number; vertices: number; parts: number } {
  const skeleton = reader.skeleton!;
  const model = toFrameModel(reader);
  const holder = new THREE.Group().add(...model.roots);
  const mixer = new THREE.AnimationMixer(holder);
  const bound = bindClip(clip, skeleton);
  mixer.clipAction(toAnimationClip(bound)).play();
  const pose = createPose(skeleton);
  let frames = 0;
  let vertices = 0;
  for (const time of times) {
    mixer.setTime(time);
    holder.updateMatrixWorld(true);
    sampleClip(bound, time, pose);
    const world = poseToMatrices(pose, skeleton);
    model.frames.forEach((frame, bone) => {
      const at = new THREE.Vector3().setFromMatrixPosition(frame.matrixWorld);
      frames = Math.max(frames, at.distanceTo(new THREE.Vector3().fromArray(world, 16 * bone + 12)));
    });
    for (const mesh of model.meshes) {
      const bone = model.frames.indexOf(mesh.parent as THREE.Bone);
      const vertex = new THREE.Vector3().fromBufferAttribute(mesh.geometry.getAttribute('position') as THREE.BufferAttribute, 0);
      const expected = vertex.clone().applyMatrix4(new THREE.Matrix4().fromArray(world, 16 * bone));
      vertices = Math.max(vertices, vertex.applyMatrix4(mesh.matrixWorld).distanceTo(expected));
    }
  }
  return { frames, vertices, parts: model.meshes.length };
}

describe('toFrameModel (gameanim/three)', () => {
  const reader = new DFFReader(fixture('dff-rigid-ped.dff'));

  it('one object per frame, named after it and parented as the frames are; each rigid atomic a mesh on its frame', () => {
    const model = toFrameModel(reader);
    expect(model.frames.map((f) => f.name)).toEqual(['tinyped', 'Swaist', 'storso', 'Shead', 'Supperlegl', 'slowerlegl']);
    expect(model.frames.map((f) => model.frames.indexOf(f.parent as THREE.Bone))).toEqual([-1, 0, 1, 2, 1, 4]);
    expect(model.roots).toEqual([model.frames[0]]);
    expect(model.meshes.map((m) => m.parent?.name)).toEqual(['Swaist', 'storso', 'Shead', 'Supperlegl', 'slowerlegl']);
    expect(model.meshes[0]!.name).toBe('Swaist mesh');
  });

  it('materials take the texture they name from the dictionaries given, case ignored, each decoded once', () => {
    const textures = new TXDReader(writeTXD(dictionaryOf({ ...plainTexture(), name: 'TinySkin' }))).textures;
    const textureCache = new Map();
    const model = toFrameModel(reader, { textures, textureCache });
    const maps = model.meshes.map((m) => (m.material as THREE.MeshStandardMaterial[])[0]!.map);
    expect(maps.every((map) => map?.name === 'TinySkin')).toBe(true);
    expect(new Set(maps).size).toBe(1);
    expect(textureCache.size).toBe(1);
    expect((toFrameModel(reader).meshes[0]!.material as THREE.MeshStandardMaterial[])[0]!.map).toBeNull();
  });

  it('played with THREE.AnimationMixer, the frames and parts are where sampleClip puts them (run_civi)', () => {
    const run = new IFPReader(fixture('anpk-gta3.ifp')).getAnimation('run_civi')!;
    const times = Array.from({ length: 12 }, (_, i) => ((i + 0.1) * run.duration) / 12);
    const offset = largestPartOffset(reader, run, times);
    expect(offset.parts).toBe(5);
    expect(offset.frames).toBeLessThan(1e-5);
    expect(offset.vertices).toBeLessThan(1e-5);
  });

  itWith([SAMPLES])(
    "GTA III's player.dff and gang01.dff on ped.ifp's walk_player and run_player: every part where the sampler puts it",
    () => {
      if (!samplesPresent) return console.warn(SAMPLES_SKIP_MESSAGE);
      const ifp = new IFPReader(sample('iii_pcanims_ped_anpk.ifp'));
      for (const model of ['player', 'gang01']) {
        const ped = new DFFReader(sample(`iii/${model}.dff`));
        for (const name of ['walk_player', 'run_player']) {
          const clip = ifp.getAnimation(name)!;
          const offset = largestPartOffset(ped, clip, [0, 0.21, 0.5, clip.duration * 0.77]);
          expect(offset.parts, model).toBe(16);
          expect(offset.frames, `${model} ${name}`).toBeLessThan(1e-5);
          expect(offset.vertices, `${model} ${name}`).toBeLessThan(1e-4);
        }
      }
    },
  );
});
