import { describe, expect, it } from 'vitest';
import { DecodeError, IFPReader } from '../../src/index.js';
import * as specs from '../../scripts/fixture-specs.mjs';
import { decodeErrorOf } from '../helpers/errors.js';
import { bits, fixture } from '../helpers/files.js';

const f32 = Math.fround;

describe('IFPReader on the committed fixtures', () => {
  it('decodes ANP3 compressed frames to the exact fixed-point values', () => {
    const bytes = fixture('anp3-all-types.ifp');
    const reader = new IFPReader(bytes);
    const root = reader.animations[0]!.bones[0]!;
    // First Root frame as stored: i16 qx qy qz qw time tx ty tz at byte 108 (36 + 36 + 36 header bytes).
    const view = new DataView(bytes.buffer, bytes.byteOffset);
    expect([0, 2, 4, 6, 8, 10, 12, 14].map((o) => view.getInt16(108 + o, true))).toEqual([0, 0, 1024, 3276, 0, -128, 0, 384]);
    expect(Array.from(root.rotations.subarray(0, 4))).toEqual([0, 0, 0.25, 3276 / 4096]);
    expect(Array.from(root.translations!.subarray(0, 3))).toEqual([-0.125, 0, 0.375]);
    expect(Array.from(root.times)).toEqual([0, f32(6 / 60), f32(12 / 60), f32(36 / 60)]);
    expect(root).toMatchObject({ boneName: 'Root', boneId: 0, keyframeType: 'KRT0', compressed: true, frameCount: 4, scales: null });
  });

  it('matches every array of the documents the fixtures were written from', () => {
    const cases: Array<[string, typeof specs.anp3AllTypes]> = [
      ['anp3-all-types.ifp', specs.anp3AllTypes],
      ['anp2-basic.ifp', specs.anp2Basic],
      ['anpk-all-keys.ifp', specs.anpkAllKeys],
      ['anpk-gta3.ifp', specs.anpkGta3],
    ];
    for (const [name, packages] of cases) {
      const reader = new IFPReader(fixture(name));
      const expected = packages.flatMap((p) => p.animations.flatMap((a) => a.bones));
      const actual = reader.animations.flatMap((a) => a.bones);
      expect(actual.length).toBe(expected.length);
      actual.forEach((track, i) => {
        const want = expected[i]!;
        expect(track.boneName).toBe(want.boneName.split('\0')[0]);
        expect(track.keyframeType).toBe(want.keyframeType);
        for (const key of ['times', 'rotations', 'translations', 'scales'] as const) {
          expect(bits(track[key]), `${name} ${track.boneName} ${key}`).toEqual(bits(want[key]));
        }
      });
    }
  });

  it('reads names up to the NUL, keeps leading spaces and boneId -1', () => {
    const reader = new IFPReader(fixture('anp3-all-types.ifp'));
    expect(reader.packageName).toBe('fixture');
    expect(reader.animations.map((a) => a.name)).toEqual(['WEAPON_start_throw', 'Odd_Times']);
    expect(reader.animations[0]!.bones.map((b) => [b.boneName, b.boneId])).toEqual([
      ['Root', 0],
      [' Pelvis', 1],
      ['R Hand', 24],
      ['Object', -1],
    ]);
  });

  it('looks animations up ignoring case, and reports duration as the last key time', () => {
    const reader = new IFPReader(fixture('anp3-all-types.ifp'));
    const animation = reader.getAnimation('weapon_START_THROW');
    expect(animation).toBe(reader.animations[0]);
    expect(animation!.duration).toBe(f32(36 / 60));
    expect(reader.getAnimation('odd_times')!.duration).toBe(f32(0.5));
    expect(reader.getAnimation('missing')).toBeUndefined();
  });

  it('keeps negative and repeated key times as stored', () => {
    const track = new IFPReader(fixture('anp3-all-types.ifp')).getAnimation('Odd_Times')!.bones[0]!;
    expect(Array.from(track.times)).toEqual([f32(-0.1), 0, 0, f32(0.5)]);
  });

  it('builds the old per-frame shape lazily, once', () => {
    const reader = new IFPReader(fixture('anp3-all-types.ifp'));
    const [root, pelvis] = reader.animations[0]!.bones;
    const frames = root!.frames;
    expect(root!.frames).toBe(frames);
    expect(frames[0]).toEqual({ time: 0, quaternion: [0, 0, 0.25, 3276 / 4096], translation: [-0.125, 0, 0.375] });
    expect(pelvis!.frames[0]).not.toHaveProperty('translation');
    expect(pelvis!.frames.map((f) => f.time)).toEqual(Array.from(pelvis!.times));
  });

  it('converts ANPK conjugated rotations to the ANP3 convention, and keeps KRTS scale', () => {
    const bytes = fixture('anpk-all-keys.ifp');
    const reader = new IFPReader(bytes);
    const root = reader.getAnimation('walk_civi')!.bones[0]!;
    const firstKeyAt = findTag(bytes, 'KRT0') + 8;
    const stored = new Float32Array(bytes.slice(firstKeyAt, firstKeyAt + 16).buffer);
    expect(Array.from(root.rotations.subarray(0, 4))).toEqual([-stored[0]!, -stored[1]!, -stored[2]!, stored[3]]);
    const thigh = reader.getAnimation('walk_civi')!.bones[2]!;
    expect(thigh.keyframeType).toBe('KRTS');
    expect(Array.from(thigh.scales!)).toEqual([1, 1.125, 1.25, 1.375, 1.5, 1.625]);
    const unkeyed = reader.getAnimation('walk_civi')!.bones[3]!;
    expect(unkeyed.frameCount).toBe(0);
    expect(unkeyed.frames).toEqual([]);
  });

  it('gives GTA III 48-byte ANIM chunks boneId -1', () => {
    const reader = new IFPReader(fixture('anpk-gta3.ifp'));
    expect(reader.animations[0]!.bones.map((b) => [b.boneName, b.boneId])).toEqual([
      ['Swaist', -1],
      ['Shead', -1],
    ]);
  });

  it('reads several packages back to back and warns about trailing garbage', () => {
    const reader = new IFPReader(fixture('multi-package-trailing.ifp'));
    expect(reader.packages.map((p) => [p.format, p.name, p.byteOffset, p.byteLength, p.animations.length])).toEqual([
      ['ANP3', 'fixture', 0, 558, 2],
      ['ANPK', 'vc_style', 558, 716, 2],
      ['ANP2', 'older_tool', 1274, 408, 2],
    ]);
    expect(reader.animations.length).toBe(6);
    expect(reader.warnings).toEqual([
      { code: 'trailing-bytes', offset: 1682, message: expect.stringContaining('29 bytes after the last package') },
    ]);
  });

  it('treats zero sector padding as expected, not as garbage', () => {
    const reader = new IFPReader(fixture('sector-padded.ifp'));
    expect(reader.warnings).toEqual([]);
    expect(reader.packages[0]!.byteLength).toBe(424);
  });

  it('counts tracks and keyframes', () => {
    const reader = new IFPReader(fixture('anpk-all-keys.ifp'));
    expect(reader.trackCount).toBe(5);
    expect(reader.keyframeCount).toBe(3 + 2 + 2 + 0 + 2);
  });

  it('accepts an ArrayBuffer and a Uint8Array at an odd offset', () => {
    const bytes = fixture('anp3-all-types.ifp');
    const shifted = new Uint8Array(bytes.length + 1);
    shifted.set(bytes, 1);
    for (const backend of ['js', 'simd'] as const) {
      const a = new IFPReader(bytes.slice().buffer, { backend });
      const b = new IFPReader(shifted.subarray(1), { backend });
      expect(bits(b.animations[0]!.bones[3]!.rotations)).toEqual(bits(a.animations[0]!.bones[3]!.rotations));
    }
  });
});

describe('IFPReader errors', () => {
  const anp3 = () => fixture('anp3-all-types.ifp');

  it('rejects an unknown magic with a DecodeError at byte 0, strict or not', () => {
    const bytes = Uint8Array.from('RIFF....', (c) => c.charCodeAt(0));
    const error = decodeErrorOf(() => new IFPReader(bytes));
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ format: 'IFP', code: 'unknown-magic', offset: 0 });
    expect(decodeErrorOf(() => new IFPReader(new Uint8Array(0)))).toMatchObject({ code: 'truncated', offset: 0 });
    expect(decodeErrorOf(() => new IFPReader(Uint8Array.of(0x41, 0x4e)))).toBeInstanceOf(DecodeError);
  });

  it('checks counts against the remaining bytes before allocating: strict throws, lenient warns and keeps what is complete', () => {
    const bytes = anp3();
    new DataView(bytes.buffer).setUint32(32, 0xffffffff, true);
    expect(decodeErrorOf(() => new IFPReader(bytes, { strict: true }))).toMatchObject({ code: 'count-exceeds-data', offset: 36 });
    const lenient = new IFPReader(bytes);
    expect(lenient.warnings[0]).toMatchObject({ code: 'count-exceeds-data', offset: 36 });
    // Every animation the file really holds is kept; the walk stops where the data does.
    expect(lenient.animations.map((a) => a.name)).toEqual(new IFPReader(anp3()).animations.map((a) => a.name));
  });

  it('lenient: a file cut after a few animations keeps every complete one, although its count promises more', () => {
    const whole = anp3();
    // Cut in the middle of the second animation, and make the header promise 311 (as SA's ped.ifp does).
    const cut = whole.slice(0, findTag(whole, 'Odd_Times') + 40);
    new DataView(cut.buffer).setUint32(32, 311, true);
    const kept = new IFPReader(cut);
    expect(kept.animations.map((a) => a.name)).toEqual(['WEAPON_start_throw']);
    expect(bits(kept.animations[0]!.bones[0]!.rotations)).toEqual(bits(new IFPReader(whole).animations[0]!.bones[0]!.rotations));
    expect(kept.warnings.map((w) => w.code)).toEqual(['count-exceeds-data', 'count-exceeds-data']); // the count, then the cut track
    expect(decodeErrorOf(() => new IFPReader(cut, { strict: true })).code).toBe('count-exceeds-data');
  });

  it('keeps the animations before a broken one, with the failure as a warning; strict throws', () => {
    const bytes = anp3();
    const frameTypeAt = findTag(bytes, 'Odd_Times') + 36 + 24;
    new DataView(bytes.buffer).setUint32(frameTypeAt, 9, true);
    const reader = new IFPReader(bytes);
    expect(reader.animations.map((a) => a.name)).toEqual(['WEAPON_start_throw']);
    expect(reader.warnings).toEqual([
      { code: 'unknown-frame-type', offset: frameTypeAt, message: expect.stringContaining('frame type 9') },
    ]);
    const error = decodeErrorOf(() => new IFPReader(bytes, { strict: true }));
    expect(error).toMatchObject({ format: 'IFP', code: 'unknown-frame-type', offset: frameTypeAt });
  });

  it('names a frame run that claims more frames than the data holds', () => {
    const bytes = anp3();
    const frameCountAt = findTag(bytes, 'Odd_Times') + 36 + 28;
    new DataView(bytes.buffer).setUint32(frameCountAt, 1000, true);
    const error = decodeErrorOf(() => new IFPReader(bytes, { strict: true }));
    expect(error).toMatchObject({ code: 'count-exceeds-data', offset: frameCountAt + 8 });
    expect((error as Error).message).toMatch(/bone "Root" frame count 1000/);
  });

  it('reports an unknown ANPK key chunk', () => {
    const bytes = fixture('anpk-all-keys.ifp');
    const at = findTag(bytes, 'KRTS');
    bytes.set([0x4b, 0x52, 0x58, 0x58], at); // "KRXX"
    expect(decodeErrorOf(() => new IFPReader(bytes, { strict: true }))).toMatchObject({ code: 'unknown-frame-type', offset: at });
    const reader = new IFPReader(bytes);
    expect(reader.animations).toEqual([]);
    expect(reader.packages[0]!.name).toBe('vc_style');
  });
});

function findTag(bytes: Uint8Array, text: string): number {
  const at = Buffer.from(bytes).indexOf(text, 0, 'latin1');
  if (at < 0) throw new Error(`${text} not in fixture`);
  return at;
}
