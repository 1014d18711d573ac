// Round four: exportGltf's output is bounded by its input and always valid glTF. IGI 2 clips are
// resampled to where their keys end (not to a header's duration), within a budget of samples sized
// by their keys; a mesh's triangles that name missing vertices are left out.
import { WebIO } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { DecodeError, DFFReader, IGI2ClipReader, type DFFGeometry } from '../../src/index.js';
import { exportGltf } from '../../src/gltf/index.js';
import { fixture } from '../helpers/files.js';
import { validatorErrors } from '../helpers/gltf.js';

/** igi2-3bone.iff (3 tracks: 7 rotation keys to 0.2 s, its duration, and wrap keys to 0.2333 s) with one u32 changed at `at`. */
function igi2With(at: number, value: number): IGI2ClipReader {
  const bytes = fixture('igi2-3bone.iff').slice();
  new DataView(bytes.buffer, bytes.byteOffset).setUint32(at, value, true);
  return new IGI2ClipReader(bytes);
}

/** The byte offset of the ticks of the file's first rotation entry (type 4) in TNVE. */
function firstRotationTicks(): number {
  const bytes = fixture('igi2-3bone.iff');
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  const tnve = Buffer.from(bytes).indexOf('TNVE');
  for (let at = tnve + 16; ; ) {
    const head = view.getUint32(at, true);
    if ((head & 0xff) === 0x04) return at + 4;
    at += 4 * (head >>> 16);
  }
}

const lastTime = async (glb: Uint8Array) => {
  const sampler = (await new WebIO().readBinary(glb)).getRoot().listAnimations()[0]!.listSamplers()[0]!;
  return sampler.getInput()!.getArray()!.at(-1)!;
};

describe('exportGltf resamples IGI 2 clips to where their keys end', () => {
  it("a header duration 50 times the keys' is not followed: the samples end at the last key, with a warning", async () => {
    const clip = igi2With(52, 960 * 50); // DHNA's duration: 10 s; the keys end at 0.2333 s (the loop's wrap keys)
    expect(clip.duration).toBe(10);
    const { glb, warnings, work } = await exportGltf({ skeleton: clip.skeleton, clips: [clip] });
    expect(await validatorErrors(glb!)).toEqual([]);
    expect(await lastTime(glb!)).toBeCloseTo(0.2333333, 6);
    expect(warnings.find((w) => w.code === 'duration-from-keys')?.message).toMatch(/the header says 10 s, the keys end at 0\.23333\d* s/);
    // 0.2333 s at 60 Hz and the end, for 3 tracks: the GLB is the size of the clip's keys, not of its header.
    expect(work.samples).toBeLessThanOrEqual(16 * 3);
    expect(glb!.length).toBeLessThan(8 * 1024);
  });

  it('the largest header duration (0xFFFFFFFF ticks, 10 days) changes nothing but the warning', async () => {
    const clip = igi2With(52, 0xffffffff);
    const { glb, work } = await exportGltf({ skeleton: clip.skeleton, clips: [clip] });
    expect(await lastTime(glb!)).toBeCloseTo(0.2333333, 6);
    expect(work.samples).toBeLessThanOrEqual(16 * 3);
  });

  it('a key 10 days in is refused with a typed error before any sample is made', async () => {
    const clip = igi2With(firstRotationTicks(), 0xffffff00);
    const error = await exportGltf({ skeleton: clip.skeleton, clips: [clip] }).then(
      () => null,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ format: 'GLTF', code: 'work-exceeds-input' });
    expect((error as Error).message).toMatch(/resampling 3 tracks over \d+(\.\d+)? s at 60 Hz: needs \d+ more rotation samples after 0/);
  });

  it('the real clips keep their header duration and give no warning', async () => {
    const clip = new IGI2ClipReader(fixture('igi2-3bone.iff'));
    const { warnings, work } = await exportGltf({ skeleton: clip.skeleton, clips: [clip] });
    expect(warnings.map((w) => w.code)).not.toContain('duration-from-keys');
    expect(work.samples).toBeGreaterThan(0);
  });
});

describe('exportGltf leaves out triangles that name missing vertices', () => {
  const model = new DFFReader(fixture('dff-ped-5bone.dff'));
  const triangle = (indices: number[], groups: DFFGeometry['groups']): DFFGeometry => ({
    frame: -1,
    vertexCount: 3,
    positions: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0),
    normals: null,
    uvs: null,
    colors: null,
    indices: Uint32Array.from(indices),
    groups,
    materials: [],
    skinIndices: null,
    skinWeights: null,
  });

  it('an index past the vertices drops its triangle, with a warning; the file passes the validator', async () => {
    const geometry = triangle([0, 1, 2, 0, 1, 7, 2, 1], [{ material: 0, start: 0, count: 8 }]);
    const { glb, warnings } = await exportGltf({ model: { skeleton: model.skeleton!, geometries: [geometry] }, clips: [] });
    expect(await validatorErrors(glb!)).toEqual([]);
    expect(warnings.find((w) => w.code === 'dropped-triangles')?.message).toMatch(/^2 triangles/);
    const primitive = (await new WebIO().readBinary(glb!)).getRoot().listMeshes()[0]!.listPrimitives()[0]!;
    expect(Array.from(primitive.getIndices()!.getArray()!)).toEqual([0, 1, 2]);
  });

  it('a geometry whose every triangle is out of range is no mesh at all, and the file still passes', async () => {
    const geometry = triangle([3, 4, 5, 0, 1, 0xffff], [{ material: 0, start: 0, count: 6 }]);
    const { glb, warnings } = await exportGltf({ model: { skeleton: model.skeleton!, geometries: [geometry] }, clips: [] });
    expect(await validatorErrors(glb!)).toEqual([]);
    expect((await new WebIO().readBinary(glb!)).getRoot().listMeshes()).toEqual([]);
    expect(warnings.map((w) => w.code)).toContain('dropped-triangles');
  });
});
