import { describe, expect, it } from 'vitest';
import { createPose, DecodeError, DFFReader, poseToMatrices, skinningMatrices, writeDFF, type DFFDoc } from '../../src/index.js';
import * as specs from '../../scripts/fixture-specs.mjs';
import { decodeErrorOf } from '../helpers/errors.js';
import { fixture, sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const SA_IDS = [0, 1, 2, 3, 4, 5, 8, 6, 7, 31, 32, 33, 34, 35, 36, 21, 22, 23, 24, 25, 26, 302, 301, 201, 41, 42, 43, 44, 51, 52, 53, 54];

/** Rest pose world matrices times inverse binds: identity when the bind pose is the rest pose. */
function bindResidual(reader: DFFReader): Float32Array {
  const skeleton = reader.skeleton!;
  const pose = createPose(skeleton);
  pose.rotations.set(skeleton.restRotations);
  pose.translations.set(skeleton.restTranslations);
  return skinningMatrices(poseToMatrices(pose, skeleton), skeleton);
}

describe('DFFReader on fixtures made by writeDFF', () => {
  it('reads the HAnim order, ids, names, parents and rest pose of a five-bone ped', () => {
    const reader = new DFFReader(fixture('dff-ped-5bone.dff'));
    expect(reader.warnings).toEqual([]);
    expect(reader.frames.map((f) => f.name)).toEqual(['', 'Root', ' Pelvis', ' Spine', 'R UpperArm', 'R Hand']);
    expect(reader.frames.map((f) => f.hanimId)).toEqual([-1, 0, 1, 2, 22, 24]);
    const skeleton = reader.skeleton!;
    expect(skeleton.names).toEqual(['Root', ' Pelvis', ' Spine', 'R UpperArm', 'R Hand']);
    expect(Array.from(skeleton.ids)).toEqual([0, 1, 2, 22, 24]);
    expect(Array.from(skeleton.parents)).toEqual([-1, 0, 1, 2, 3]);
    expect(Array.from(skeleton.restTranslations.subarray(3, 6))).toEqual([0, 0, 0.25]);
    // 90 degrees about Z.
    expect(Array.from(skeleton.restRotations.subarray(4, 8)).map((v) => +v.toFixed(6))).toEqual([
      0,
      0,
      +Math.SQRT1_2.toFixed(6),
      +Math.SQRT1_2.toFixed(6),
    ]);
    expect(skeleton.indexOf('r hand')).toBe(4);
    expect(skeleton.indexOf(22)).toBe(3);
  });

  it('reads inverse binds in both Skin PLG layouts; rest pose x inverse bind is identity', () => {
    for (const name of ['dff-ped-5bone.dff', 'dff-branch-old-skin.dff']) {
      const residual = bindResidual(new DFFReader(fixture(name)));
      for (let b = 0; b < residual.length / 16; b++) {
        for (let k = 0; k < 16; k++) expect(residual[16 * b + k], `${name} bone ${b} [${k}]`).toBeCloseTo(k % 5 === 0 ? 1 : 0, 5);
      }
    }
  });

  it('takes parents from PUSH/POP, and warns when the frame links disagree (the links win)', () => {
    const branch = new DFFReader(fixture('dff-branch-old-skin.dff'));
    expect(Array.from(branch.skeleton!.parents)).toEqual([-1, 0, 1, 2, 2]);
    expect(branch.warnings).toEqual([]);
    const flat = writeDFF({
      ...(specs.dffBranchOldSkin as DFFDoc),
      hierarchy: { frame: 1, nodes: specs.dffBranchOldSkin.hierarchy.nodes.map((n) => ({ ...n, flags: 0 })) },
    });
    const reader = new DFFReader(flat);
    expect(Array.from(reader.skeleton!.parents)).toEqual([-1, 0, 1, 2, 2]);
    expect(reader.warnings.map((w) => w.code)).toEqual(['hierarchy-mismatch']);
  });

  it('a prop without HAnim has its frames as skeleton, bound by name, with a warning saying so', () => {
    const reader = new DFFReader(fixture('dff-prop.dff'));
    expect(reader.frameBound).toBe(true);
    expect(reader.skeleton!.names).toEqual(['door', 'handle']);
    expect(Array.from(reader.skeleton!.parents)).toEqual([-1, 0]);
    expect(Array.from(reader.skeleton!.ids)).toEqual([-1, -1]);
    expect(reader.skeleton!.trackTranslations).toBe('offset');
    expect(Array.from(reader.boneOfFrame)).toEqual([0, 1]);
    expect(reader.warnings.map((w) => w.code)).toEqual(['no-hanim']);
    expect(reader.frameSkeleton().names).toEqual(['door', 'handle']);
  });

  it('round-trips through the writer', () => {
    const reader = new DFFReader(fixture('dff-ped-5bone.dff'));
    const again = writeDFF({
      frames: reader.frames,
      hierarchy: { frame: 1, nodes: Array.from(reader.skeleton!.ids, (id, i) => ({ id, flags: specs.dffPed.hierarchy.nodes[i]!.flags })) },
      inverseBindMatrices: reader.skeleton!.inverseBindMatrices,
    });
    expect(Buffer.from(again).equals(Buffer.from(fixture('dff-ped-5bone.dff')))).toBe(true);
  });

  it('tolerates the protected-model quirks: sections before the Clump, a lying Struct size, junk after', () => {
    const plain = fixture('dff-ped-5bone.dff');
    const before = new Uint8Array(24);
    new DataView(before.buffer).setUint32(0, 0x16, true); // a texture dictionary header, say
    new DataView(before.buffer).setUint32(4, 12, true);
    const lying = plain.slice();
    new DataView(lying.buffer).setUint32(16, 0x0100000c, true);
    const bytes = new Uint8Array([...before, ...lying, 1, 2, 3]);
    const reader = new DFFReader(bytes);
    expect(reader.skeleton!.boneCount).toBe(5);
    expect(reader.warnings.map((w) => w.code)).toEqual(['trailing-bytes', 'bad-struct-size']);
    expect(reader.warnings[1]!.offset).toBe(24 + 16);
  });

  it('bad input: typed errors with the offset; strict mode throws where lenient drops the inverse binds', () => {
    expect(decodeErrorOf(() => new DFFReader(new Uint8Array(8)))).toMatchObject({ format: 'DFF', code: 'truncated' });
    expect(decodeErrorOf(() => new DFFReader(new Uint8Array(64)))).toMatchObject({ code: 'no-clump' });
    const noFrames = writeDFF({ frames: [] });
    const list = noFrames.slice();
    new DataView(list.buffer).setUint32(36, 0x1a, true); // the Frame List becomes a Geometry List
    expect(decodeErrorOf(() => new DFFReader(list))).toMatchObject({ code: 'no-frame-list' });
    const huge = fixture('dff-ped-5bone.dff');
    new DataView(huge.buffer).setUint32(48 + 12, 1e6, true); // frame count
    expect(decodeErrorOf(() => new DFFReader(huge))).toMatchObject({ code: 'count-exceeds-data', offset: 60 });
    const skinAt = Buffer.from(fixture('dff-ped-5bone.dff')).indexOf(Buffer.from([0x16, 0x01, 0, 0]));
    const badSkin = fixture('dff-ped-5bone.dff');
    badSkin[skinAt + 12] = 7; // the Skin PLG's bone count
    expect(new DFFReader(badSkin).skeleton!.inverseBindMatrices).toBeNull();
    expect(new DFFReader(badSkin).warnings.map((w) => w.code)).toEqual(['skin-mismatch']);
    expect(decodeErrorOf(() => new DFFReader(badSkin, { strict: true }))).toMatchObject({ code: 'skin-mismatch', offset: skinAt + 12 });
  });

  it('truncated at every byte: a DecodeError naming DFF, never anything else', () => {
    for (const name of ['dff-ped-5bone.dff', 'dff-branch-old-skin.dff', 'dff-prop.dff']) {
      const bytes = fixture(name);
      for (let cut = 0; cut < bytes.length; cut++) {
        try {
          new DFFReader(bytes.subarray(0, cut));
        } catch (error) {
          expect(error).toBeInstanceOf(DecodeError);
          expect((error as DecodeError).format).toBe('DFF');
        }
      }
    }
  });
});

describe('DFFReader on real SA models', () => {
  if (!samplesPresent) {
    it.skip(SAMPLES_SKIP_MESSAGE, () => {});
    return;
  }
  it('sa_skin_plain.dff: 33 frames, 32 bones with the SA id list, inverse binds; its frames disagree with its Skin PLG', () => {
    const reader = new DFFReader(sample('dff/sa_skin_plain.dff'));
    expect(reader.warnings.map((w) => w.code)).toEqual(['frames-disagree-with-skin']);
    expect(reader.frames.length).toBe(33);
    expect(reader.skeleton!.boneCount).toBe(32);
    expect(Array.from(reader.skeleton!.ids)).toEqual(SA_IDS);
    expect(reader.skeleton!.names.slice(0, 4)).toEqual(['Root', ' Pelvis', ' Spine', ' Spine1']);
    expect(reader.skeleton!.inverseBindMatrices!.length).toBe(32 * 16);
  });

  it('sa_skin_protected.dff: the lying Clump Struct and the junk are warnings; the same skeleton', () => {
    const reader = new DFFReader(sample('dff/sa_skin_protected.dff'));
    expect(reader.warnings.map((w) => w.code)).toEqual(['trailing-bytes', 'bad-struct-size', 'frames-disagree-with-skin']);
    expect(Array.from(reader.skeleton!.ids)).toEqual(SA_IDS);
    expect(Array.from(reader.skeleton!.parents)).toEqual(Array.from(new DFFReader(sample('dff/sa_skin_plain.dff')).skeleton!.parents));
  });

  it('inverse binds are in HAnim order: below the Root, rest x inverse bind is one common matrix', () => {
    for (const name of ['dff/sa_skin_plain.dff', 'dff/sa_skin_protected.dff']) {
      const residual = bindResidual(new DFFReader(sample(name)));
      // SA ped Root frames carry a turn that the bind pose lacks: every other bone shares it.
      for (let b = 2; b < 32; b++) {
        for (let k = 0; k < 16; k++) expect(Math.abs(residual[16 * b + k]! - residual[16 + k]!), `${name} bone ${b}`).toBeLessThan(0.02);
      }
    }
  });
});

describe('DFF geometry', () => {
  it('a skeleton-only model has one empty geometry carrying the skin', () => {
    const reader = new DFFReader(fixture('dff-ped-5bone.dff'));
    expect(reader.geometries).toHaveLength(1);
    expect(reader.geometries[0]).toMatchObject({ frame: -1, vertexCount: 0, groups: [], materials: [] });
    expect(reader.geometries[0]!.indices.length).toBe(0);
  });

  itWith([SAMPLES])('real SA skins: positions, normals, UVs, triangles by material from the Bin Mesh, materials, skin weights', () => {
    const plain = new DFFReader(sample('dff/sa_skin_plain.dff')).geometries;
    expect(plain).toHaveLength(1);
    const g = plain[0]!;
    expect([g.frame, g.vertexCount, g.positions.length, g.normals!.length, g.uvs!.length, g.colors]).toEqual([
      0,
      991,
      2973,
      2973,
      1982,
      null,
    ]);
    expect(g.groups).toEqual([
      { material: 0, start: 0, count: 918 },
      { material: 1, start: 918, count: 1320 },
      { material: 2, start: 2238, count: 552 },
      { material: 3, start: 2790, count: 840 },
    ]);
    expect(g.materials.map((m) => m.texture)).toEqual(['futbolka', 'shtani', 'torso', 'BMYDRUG']);
    expect(g.materials[0]!.color).toEqual([149, 149, 149, 255]);
    expect(Math.max(...g.indices)).toBeLessThan(991);
    // Weights of every vertex sum to 1; indices address the 32 skeleton bones.
    for (let v = 0; v < g.vertexCount; v++)
      expect(g.skinWeights![4 * v]! + g.skinWeights![4 * v + 1]! + g.skinWeights![4 * v + 2]! + g.skinWeights![4 * v + 3]!).toBeCloseTo(
        1,
        4,
      );
    expect(Math.max(...g.skinIndices!)).toBeLessThan(32);
    // Counter-clockwise: the face normals agree with the stored vertex normals almost everywhere.
    let agree = 0;
    for (let t = 0; t < g.indices.length; t += 3) {
      const [a, b, c] = [g.indices[t]!, g.indices[t + 1]!, g.indices[t + 2]!];
      const p = (i: number, k: number) => g.positions[3 * i + k]!;
      const u = [0, 1, 2].map((k) => p(b, k) - p(a, k));
      const w = [0, 1, 2].map((k) => p(c, k) - p(a, k));
      const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
      const vn = [0, 1, 2].map((k) => g.normals![3 * a + k]! + g.normals![3 * b + k]! + g.normals![3 * c + k]!);
      if (n[0]! * vn[0]! + n[1]! * vn[1]! + n[2]! * vn[2]! > 0) agree++;
    }
    expect(agree / (g.indices.length / 3)).toBeGreaterThan(0.95);
    const protectedModel = new DFFReader(sample('dff/sa_skin_protected.dff')).geometries[0]!;
    expect([protectedModel.vertexCount, protectedModel.indices.length / 3, protectedModel.groups.length]).toEqual([4636, 5945, 12]);
  });

  itWith([SAMPLES])('a broken geometry is left out with a warning (strict: thrown); the skeleton still reads', () => {
    const bytes = sample('dff/sa_skin_plain.dff').slice();
    new DataView(bytes.buffer).setInt32(4146 + 12 + 8, 1e8, true); // vertex count of the geometry
    const reader = new DFFReader(bytes);
    expect(reader.geometries).toEqual([]);
    expect(reader.warnings.map((w) => w.code)).toContain('count-exceeds-data');
    expect(reader.skeleton!.boneCount).toBe(32);
    expect(decodeErrorOf(() => new DFFReader(bytes, { strict: true }))).toMatchObject({ format: 'DFF', code: 'count-exceeds-data' });
  });
});
