import { describe, expect, it } from 'vitest';
import { IFPReader, writeIFP, type IFPFormat, type PackageData } from '../../src/index.js';
import { bits, fixture, sample, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

function packagesOf(reader: IFPReader): PackageData[] {
  return reader.packages.map((p) => ({ name: p.name, animations: p.animations }));
}

function allArrays(reader: IFPReader) {
  return reader.animations.map((a) => [
    a.name,
    a.bones.map((b) => [b.boneName, b.boneId, b.keyframeType, bits(b.times), bits(b.rotations), bits(b.translations), bits(b.scales)]),
  ]);
}

describe('writeIFP', () => {
  it('rewrites canonical fixtures to identical bytes', () => {
    const cases: Array<[string, IFPFormat, (44 | 48)?]> = [
      ['anp2-basic.ifp', 'ANP2'],
      ['anpk-all-keys.ifp', 'ANPK'],
      ['anpk-gta3.ifp', 'ANPK', 48],
    ];
    for (const [name, format, anpkAnimChunkSize] of cases) {
      const bytes = fixture(name);
      const written = writeIFP(packagesOf(new IFPReader(bytes)), { format, anpkAnimChunkSize });
      expect(Buffer.from(written).equals(Buffer.from(bytes)), name).toBe(true);
    }
  });

  it('round-trips every fixture through every format it can hold, exactly', () => {
    const cases: Array<[string, IFPFormat[]]> = [
      ['anp3-all-types.ifp', ['ANP3', 'ANP2', 'ANPK']],
      ['anp2-basic.ifp', ['ANP3', 'ANP2', 'ANPK']],
      ['multi-package-trailing.ifp', ['ANPK']], // it holds a KRTS track, which only ANPK can store
    ];
    for (const [name, formats] of cases) {
      const first = new IFPReader(fixture(name));
      for (const format of formats) {
        const again = new IFPReader(writeIFP(packagesOf(first), { format }));
        expect(allArrays(again), `${name} as ${format}`).toEqual(allArrays(first));
        expect(again.warnings).toEqual([]);
      }
    }
  });

  it('keeps the compressed frame bytes identical through reader and writer', () => {
    const bytes = fixture('anp3-all-types.ifp');
    const written = writeIFP(packagesOf(new IFPReader(bytes)), { format: 'ANP3' });
    // Same layout, names aside: the junk after NUL in the source names is not data.
    expect(written.length).toBe(bytes.length);
    const framesOf = (b: Uint8Array) => Array.from(b.subarray(108, 108 + 4 * 16));
    expect(framesOf(written)).toEqual(framesOf(bytes));
  });

  itWith([SAMPLES])('reproduces the compressed frames of a real SA file byte for byte', () => {
    const bytes = sample('sa_python_anp3.ifp');
    const reader = new IFPReader(bytes);
    const written = writeIFP(packagesOf(reader), { format: 'ANP3' });
    const end = reader.packages[0]!.byteLength;
    expect(written.length).toBe(end);
    // Same layout; only the name fields may differ (the original keeps stale bytes after the NULs).
    const masked = (b: Uint8Array) => {
      const copy = b.slice(0, end);
      const blank = (at: number) => copy.fill(0, at, at + 24);
      blank(8);
      let at = 36;
      for (const animation of reader.animations) {
        blank(at);
        at += 36;
        for (const bone of animation.bones) {
          blank(at);
          at += 36 + bone.frameCount * (bone.keyframeType === 'KR00' ? 10 : 16);
        }
      }
      return Buffer.from(copy);
    };
    expect(masked(written).equals(masked(bytes))).toBe(true);
    expect(allArrays(new IFPReader(written))).toEqual(allArrays(reader));
  });

  it('converts ANPK data to ANP float frames and back without loss', () => {
    const first = new IFPReader(fixture('anpk-gta3.ifp'));
    const viaAnp3 = new IFPReader(writeIFP(packagesOf(first), { format: 'ANP3' }));
    const back = new IFPReader(writeIFP(packagesOf(viaAnp3), { format: 'ANPK', anpkAnimChunkSize: 48 }));
    expect(allArrays(back)).toEqual(allArrays(first));
    expect(viaAnp3.animations[0]!.bones.every((b) => !b.compressed)).toBe(true);
  });

  it("quantises as the games' tools do: time rounds, rotation and translation truncate", () => {
    const track = {
      boneName: 'Root',
      boneId: 0,
      keyframeType: 'KRT0' as const,
      compressed: true,
      times: Float32Array.of(0.498 / 60, 0.502 / 60, -1.6 / 60),
      rotations: Float32Array.of(0.99999, -0.99999, 1.5 / 4096, -1.5 / 4096, 0, 0, 0, 1, 0, 0, 0, 1),
      translations: Float32Array.of(1.00097, -1.00097, 0.5 / 1024, 0, 0, 0, 0, 0, 0),
      scales: null,
    };
    const bytes = writeIFP([{ name: 'q', animations: [{ name: 'a', bones: [track] }] }], { format: 'ANP3' });
    const view = new DataView(bytes.buffer);
    const frame = (i: number) => Array.from({ length: 8 }, (_, f) => view.getInt16(108 + 16 * i + 2 * f, true));
    expect(frame(0)).toEqual([4095, -4095, 1, -1, 0, 1024, -1024, 0]);
    expect(frame(1)[4]).toBe(1);
    expect(frame(2)[4]).toBe(-2);
  });

  it('refuses what the format cannot hold, naming the track', () => {
    const reader = new IFPReader(fixture('anpk-all-keys.ifp'));
    expect(() => writeIFP(packagesOf(reader), { format: 'ANP3' })).toThrow(/Bip01 L Thigh.*KRTS/);
    expect(() => writeIFP(packagesOf(reader), { format: 'ANPK', anpkAnimChunkSize: 48 })).toThrow(/bone id 0/);
    const loud = {
      boneName: 'Loud',
      boneId: 0,
      keyframeType: 'KR00' as const,
      compressed: true,
      times: Float32Array.of(0),
      rotations: Float32Array.of(9, 0, 0, 1),
      translations: null,
      scales: null,
    };
    expect(() => writeIFP([{ name: 'p', animations: [{ name: 'a', bones: [loud] }] }], { format: 'ANP3' })).toThrow(/bone "Loud".*int16/);
    const short = { ...loud, rotations: Float32Array.of(0, 0, 1) };
    expect(() => writeIFP([{ name: 'p', animations: [{ name: 'a', bones: [short] }] }], { format: 'ANP3' })).toThrow(/array lengths/);
  });
});
