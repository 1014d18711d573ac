// glTF in and out with hostile data: imports bounded by the input and read from an exact copy of it,
// keys int16 cannot hold written as floats, and every export clean in the Khronos validator.
import { Document, WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { DecodeError, DFFReader, IFPReader, writeIFP, type DFFGeometry } from '../../src/index.js';
import { exportGltf, importGltf } from '../../src/gltf/index.js';
import { fixture } from '../helpers/files.js';
import { clipOfKeys, threeBoneSkeleton, validatorErrors } from '../helpers/gltf.js';

const skeleton = threeBoneSkeleton;

/** A GLB with one animation whose sampler's accessors are given as JSON, and no binary data. */
function glbWithAccessors(accessors: object[], samplerInput = 0, samplerOutput = 1): Uint8Array {
  const json = JSON.stringify({
    asset: { version: '2.0' },
    scenes: [{ nodes: [0] }],
    nodes: [{ name: 'Root' }],
    accessors,
    animations: [
      {
        samplers: [{ input: samplerInput, output: samplerOutput, interpolation: 'LINEAR' }],
        channels: [{ sampler: 0, target: { node: 0, path: 'rotation' } }],
      },
    ],
  });
  const text = new TextEncoder().encode(json.padEnd(Math.ceil(json.length / 4) * 4, ' '));
  const out = new Uint8Array(20 + text.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, 0x46546c67, true);
  view.setUint32(4, 2, true);
  view.setUint32(8, out.length, true);
  view.setUint32(12, text.length, true);
  view.setUint32(16, 0x4e4f534a, true);
  out.set(text, 20);
  return out;
}

describe('importGltf is bounded by its input', () => {
  it('accessors without buffer views asking for gigabytes are refused before anything is allocated', async () => {
    const glb = glbWithAccessors([
      { count: 100_000_000, type: 'SCALAR', componentType: 5126 },
      { count: 100_000_000, type: 'VEC4', componentType: 5126 },
    ]);
    expect(glb.length).toBeLessThan(600);
    const before = process.memoryUsage().arrayBuffers;
    await expect(importGltf(glb, { skeleton })).rejects.toMatchObject({ format: 'GLTF', code: 'count-exceeds-data' });
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(64 << 20);
  });

  it('resampling draws on one budget per file, not per curve, and says what it refused', async () => {
    // Many STEP curves, each spanning 1,000 s: every one alone is within a per-curve limit.
    const doc = new Document();
    const buffer = doc.createBuffer();
    const bones = Array.from({ length: 3 }, (_, i) => doc.createNode(skeleton.names[i]!.trim()));
    const animation = doc.createAnimation('long');
    for (let copy = 0; copy < 20; copy++) {
      for (const node of bones) {
        const sampler = doc
          .createAnimationSampler()
          .setInterpolation('STEP')
          .setInput(doc.createAccessor().setType('SCALAR').setArray(Float32Array.of(0, 1000)).setBuffer(buffer))
          .setOutput(
            doc
              .createAccessor()
              .setType('VEC4')
              .setArray(Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1))
              .setBuffer(buffer),
          );
        animation
          .addSampler(sampler)
          .addChannel(doc.createAnimationChannel().setTargetNode(node).setTargetPath('rotation').setSampler(sampler));
      }
    }
    const glb = await new WebIO().writeBinary(doc);
    const error = await importGltf(glb, { skeleton }).catch((caught) => caught);
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).message).toMatch(/animation "long", bone "\w+".*more than the \d+ this input's size allows \(refused\)/);
  });

  it('reads only its own bytes: a GLB inside a larger buffer imports the same keys as a copy of it', async () => {
    const { glb } = await exportGltf({ skeleton, clips: new IFPReader(fixture('anp2-basic.ifp')).animations });
    const padded = new Uint8Array(glb!.length + 8192).fill(0x7f);
    padded.set(glb!, 4096);
    const inside = padded.subarray(4096, 4096 + glb!.length);
    const a = await importGltf(inside, { skeleton, compressed: false });
    const b = await importGltf(glb!.slice(), { skeleton, compressed: false });
    expect(a.packages[0]!.animations.map((x) => x.bones.map((t) => Array.from(t.rotations)))).toEqual(
      b.packages[0]!.animations.map((x) => x.bones.map((t) => Array.from(t.rotations))),
    );
    expect(inside.every((v, i) => v === glb![i])).toBe(true);
  });

  it('keys int16 frames cannot hold (600 s, 40 m) are written as float frames, with a warning naming the clip, bone and time', async () => {
    const clip = clipOfKeys([{ boneId: 0, times: [0, 600], rotations: [0, 0, 0, 1, 0, 0, 0, 1], translations: [0, 0, 0, 40, 0, 0] }]);
    const { glb } = await exportGltf({ skeleton, clips: [clip] });
    const { packages, warnings } = await importGltf(glb!, { skeleton });
    expect(warnings.find((w) => w.code === 'float-frames')!.message).toMatch(/hostile\/Root at 600 s/);
    const back = new IFPReader(writeIFP(packages, { format: 'ANP3' })).animations[0]!.bones[0]!;
    expect([back.compressed, back.times[1], back.translations![3]]).toEqual([false, 600, 40]);
  });
});

describe('exportGltf passes the validator on hostile inputs', () => {
  it('a NaN first key time, NaN and infinite values, joints past the skeleton, a skeleton alone', async () => {
    const clip = clipOfKeys([
      {
        boneId: 0,
        times: [NaN, 0, 0.5],
        rotations: [0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1],
        translations: [0, 0, 0, NaN, 0, 0, 1, Infinity, 0],
      },
      { boneId: 1, times: [-Infinity, 0.25], rotations: [0, 0, 0, 1, NaN, 0, 0, 1] },
    ]);
    const result = await exportGltf({ skeleton, clips: [clip] });
    expect(await validatorErrors(result.glb!)).toEqual([]);
    expect(result.warnings.map((w) => w.code)).toContain('non-finite-keys');
    const times = (await new WebIO().readBinary(result.glb!)).getRoot().listAnimations()[0]!.listSamplers()[0]!.getInput()!.getArray()!;
    expect(Array.from(times).every(Number.isFinite)).toBe(true);
    expect(await validatorErrors((await exportGltf({ skeleton, clips: [] })).glb!)).toEqual([]);
    // A mesh whose skin names bone 200 on a 5-bone skeleton, with NaN positions.
    const model = new DFFReader(fixture('dff-ped-5bone.dff'));
    const geometry: DFFGeometry = {
      frame: -1,
      vertexCount: 3,
      positions: Float32Array.of(0, 0, 0, NaN, 0, 0, 0, 1, 0),
      normals: null,
      uvs: null,
      colors: null,
      indices: Uint32Array.of(0, 1, 2),
      groups: [{ material: 0, start: 0, count: 3 }],
      materials: [],
      skinIndices: Uint8Array.of(200, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0),
      skinWeights: Float32Array.of(1, 0, 0, 0, 1, 0, 0, 0, NaN, 0, 0, 0),
    };
    const meshed = await exportGltf({ model: { skeleton: model.skeleton!, geometries: [geometry] } as unknown as DFFReader, clips: [] });
    expect(await validatorErrors(meshed.glb!)).toEqual([]);
    expect(meshed.warnings.map((w) => w.code)).toEqual(expect.arrayContaining(['repaired-vertices', 'repaired-joints']));
  });
});
