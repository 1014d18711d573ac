import { describe, expect, it } from 'vitest';
import { IFPReader } from '../../src/index.js';
import { sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';

// The facts listed in ../shared/spec/ifp.md, "Real-data facts to test against", and in the samples README.
describeWith([SAMPLES], 'real game files', () => {
  it('SA ped.ifp (rw-parser-ng): bomber Root, " Pelvis", and 1.39 MB of stale bytes as a warning', () => {
    const bytes = sample('rwparserng_ped_anp3.ifp');
    expect(new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true)).toBe(42634);
    const reader = new IFPReader(bytes);
    expect(reader.packageName).toBe('ped');
    expect(reader.packages.map((p) => p.format)).toEqual(['ANP3']);
    expect(reader.animations.length).toBe(7);
    expect(reader.animations.every((a) => a.bones.length === 32)).toBe(true);
    const bomber = reader.animations[0]!;
    expect(bomber.name).toBe('bomber');
    const root = bomber.bones[0]!;
    expect(root).toMatchObject({ boneName: 'Root', keyframeType: 'KR00', compressed: true, frameCount: 2 });
    expect(Array.from(root.times)).toEqual([0, Math.fround(36 / 60)]);
    expect(Array.from(root.rotations.subarray(0, 4))).toEqual([19 / 4096, 22 / 4096, 2317 / 4096, 3377 / 4096]);
    // The spec's rounded figures: (x 0.0046, y 0.0053, z 0.5656, w 0.8244).
    [0.0046, 0.0053, 0.5656, 0.8244].forEach((about, c) => expect(Math.abs(root.rotations[c]! - about)).toBeLessThan(1e-4));
    expect(bomber.bones[1]!.boneName).toBe(' Pelvis');
    expect(reader.packages[0]!.byteOffset + reader.packages[0]!.byteLength).toBe(42642);
    expect(reader.warnings).toEqual([
      { code: 'trailing-bytes', offset: 42642, message: expect.stringContaining(`${bytes.length - 42642} bytes`) },
    ]);
    expect(bytes.length - 42642).toBeGreaterThan(1_390_000);
  });

  it('SA grenade.ifp: frame-data-size fields larger than the frames, junk after the NUL in names', () => {
    const bytes = sample('sa_grenade_anp3.ifp');
    const reader = new IFPReader(bytes);
    expect(reader.packageName).toBe('GRENADE');
    expect(reader.animations.length).toBe(3);
    const sizeWarnings = reader.warnings.filter((w) => w.code === 'frame-data-size');
    expect(sizeWarnings.length).toBe(3);
    for (const warning of sizeWarnings) {
      const [declared, held] = warning.message.match(/\d+/g)!.map(Number);
      expect(declared).toBeGreaterThan(held!);
    }
    // The stored name field carries bytes after its NUL; the decoded name does not.
    const nameAt = 36;
    const field = bytes.subarray(nameAt, nameAt + 24);
    const nul = field.indexOf(0);
    expect(field.subarray(nul).some((b) => b !== 0)).toBe(true);
    expect(reader.animations[0]!.name).toBe(Buffer.from(field.subarray(0, nul)).toString('latin1'));
    expect(reader.animations.every((a) => !a.name.includes('\0'))).toBe(true);
  });

  it('SA python, vegasN: frame types and sector padding without warnings', () => {
    const python = new IFPReader(sample('sa_python_anp3.ifp'));
    expect([python.packageName, python.animations.length, python.warnings]).toEqual(['PYTHON', 5, []]);
    const tracks = python.animations.flatMap((a) => a.bones);
    expect(tracks.filter((t) => t.keyframeType === 'KR00' && t.compressed).length).toBe(98);
    expect(tracks.filter((t) => t.keyframeType === 'KRT0' && t.compressed).length).toBe(2);
    const vegas = new IFPReader(sample('sa_vegasn_anp3.ifp'));
    expect([vegas.packageName, vegas.animations.length, vegas.warnings]).toEqual(['vegasN', 6, []]);
    expect(vegas.animations.flatMap((a) => a.bones).every((t) => t.keyframeType === 'KR00' && t.compressed)).toBe(true);
  });

  it('GTA III ped.ifp (ANPK): 236 animations, 44- and 48-byte ANIM chunks, key chunk counts, no trailing bytes', () => {
    const bytes = sample('iii_pcanims_ped_anpk.ifp');
    const reader = new IFPReader(bytes);
    expect(reader.packages.map((p) => [p.format, p.name])).toEqual([['ANPK', 'ped']]);
    expect(reader.animations.length).toBe(236);
    expect(reader.warnings).toEqual([]);
    expect(reader.packages[0]!.byteLength).toBe(bytes.length);
    const keyed = reader.animations.flatMap((a) => a.bones).filter((t) => t.frameCount > 0);
    const count = (type: string) => keyed.filter((t) => t.keyframeType === type).length;
    expect([count('KR00'), count('KRT0'), count('KRTS')]).toEqual([3488, 239, 8]);
    const anim = Buffer.from(bytes);
    const sizes = new Set<number>();
    for (let at = anim.indexOf('ANIM'); at >= 0; at = anim.indexOf('ANIM', at + 4)) sizes.add(anim.readUInt32LE(at + 4));
    expect([...sizes].sort()).toEqual([44, 48]);
    // 48-byte chunks have no bone id, and this file's 44-byte chunks store -1: every track is -1.
    expect(reader.animations.flatMap((a) => a.bones).every((t) => t.boneId === -1)).toBe(true);
  });
});

if (!samplesPresent) describe.skip(SAMPLES_SKIP_MESSAGE, () => it('skipped', () => {}));
