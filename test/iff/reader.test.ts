import { describe, expect, it } from 'vitest';
import { IFFReader, writeIFF } from '../../src/index.js';
import * as specs from '../../scripts/fixture-specs.mjs';
import { decodeErrorOf } from '../helpers/errors.js';
import { bits, fixture } from '../helpers/files.js';
import { chunk, concat, form, le } from '../helpers/iff-bytes.js';

const f32 = Math.fround;

/** A minimal valid clip as chunks, to break one rule at a time. */
function parts(overrides: { head?: Uint8Array; bone?: Uint8Array; quat?: Uint8Array; extra?: Uint8Array[] } = {}) {
  const head = overrides.head ?? le(['f32', 1 / 30], ['u32', 2], ['u16', 30], ['u16', 2]);
  const bone = overrides.bone ?? concat(le(['i32', -1], ['i32', 0]), new Uint8Array(128));
  const quat =
    overrides.quat ??
    le(
      ...Array.from(
        { length: 4 },
        () =>
          [
            ['f32', 0],
            ['f32', 0],
            ['f32', 0],
            ['f32', 1],
          ] as Array<['f32', number]>,
      ).flat(),
    );
  return [chunk('HEAD', head), chunk('BONE', bone), chunk('QUAT', quat), ...(overrides.extra ?? [])];
}

describe('IFFReader', () => {
  it('reads the header, hierarchy, matrices, tracks and root motion exactly', () => {
    const reader = new IFFReader(fixture('anm2-2bone.iff'));
    const spec = specs.anm2TwoBone;
    expect([reader.duration, reader.frameCount, reader.sampleRate, reader.boneCount]).toEqual([f32(4 / 30), 5, 30, 2]);
    expect(Array.from(reader.parents)).toEqual([-1, 0]);
    expect(reader.bones[1]).toMatchObject({ index: 1, parent: 0 });
    expect(Array.from(reader.bones[1]!.inverseBindMatrix)).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -0.25, 0, 1]);
    expect(Array.from(reader.tracks[0]!.times)).toEqual([0, 1, 2, 3, 4].map((i) => f32(i / 30)));
    expect(reader.tracks[1]!.times).toBe(reader.tracks[0]!.times);
    const half = (0.1 + 0.05 * 2) / 2;
    expect(Array.from(reader.tracks[1]!.rotations.subarray(8, 12))).toEqual([
      f32(Math.sin(half) * 0.6),
      f32(Math.sin(half) * 0.8),
      0,
      f32(Math.cos(half)),
    ]);
    for (const [i, track] of reader.tracks.entries()) expect(bits(track.rotations)).toEqual(bits(spec.tracks[i]!.rotations));
    expect(Array.from(reader.rootMotion!.subarray(3, 6))).toEqual([0, 0, f32(0.05)]);
    expect(reader.unknownChunks).toEqual([]);
    expect(reader.warnings).toEqual([]);
  });

  it('hands out views of the input when aligned, which share its mutations', () => {
    const input = fixture('anm2-2bone.iff');
    const reader = new IFFReader(input);
    expect(reader.zeroCopy).toBe(true);
    expect(reader.tracks[0]!.rotations.buffer).toBe(input.buffer);
    expect(reader.inverseBindMatrices.buffer).toBe(input.buffer);
    expect(reader.rootMotion!.buffer).toBe(input.buffer);
    const quatAt = reader.tracks[0]!.rotations.byteOffset - input.byteOffset;
    new DataView(input.buffer).setFloat32(quatAt, 0.5, true);
    expect(reader.tracks[0]!.rotations[0]).toBe(0.5);
  });

  it('copies once when the input starts at an odd offset, with identical values', () => {
    const aligned = new IFFReader(fixture('anm2-2bone.iff'));
    const shifted = new Uint8Array(fixture('anm2-2bone.iff').length + 1);
    shifted.set(fixture('anm2-2bone.iff'), 1);
    const reader = new IFFReader(shifted.subarray(1));
    expect(reader.zeroCopy).toBe(false);
    expect(reader.tracks[0]!.rotations.buffer).not.toBe(shifted.buffer);
    expect(reader.tracks.map((t) => bits(t.rotations))).toEqual(aligned.tracks.map((t) => bits(t.rotations)));
    expect(bits(reader.rootMotion)).toEqual(bits(aligned.rootMotion));
    expect(bits(reader.inverseBindMatrices)).toEqual(bits(aligned.inverseBindMatrices));
  });

  it('skips and lists an odd-sized unknown chunk, and reads chunks in any order', () => {
    const input = fixture('anm2-odd-chunk.iff');
    const reader = new IFFReader(input);
    expect(reader.unknownChunks.map(({ id, offset, size, data }) => ({ id, offset, size, data }))).toEqual([
      { id: 'NOTE', offset: 12, size: 5, data: Uint8Array.from('hello', (c) => c.charCodeAt(0)) },
    ]);
    expect(input[12 + 8 + 5]).toBe(0); // the pad byte
    expect(reader.zeroCopy).toBe(false); // the pad shifts QUAT off 4-byte alignment
    expect(reader.tracks.map((t) => bits(t.rotations))).toEqual(
      new IFFReader(fixture('anm2-2bone.iff')).tracks.map((t) => bits(t.rotations)),
    );
  });

  it('reads a 48-bone rig without TRAN, and orders the hierarchy parents first', () => {
    const reader = new IFFReader(fixture('anm2-48bone.iff'));
    expect([reader.boneCount, reader.frameCount, reader.rootMotion]).toEqual([48, 10, null]);
    const order = reader.hierarchyOrder();
    expect(order.length).toBe(48);
    const seen = new Set<number>();
    for (const bone of order) {
      if (bone.parent >= 0) expect(seen.has(bone.parent), `bone ${bone.index} before its parent`).toBe(true);
      seen.add(bone.index);
    }
    expect(order.slice(0, 4).map((b) => b.index)).toEqual([0, 1, 2, 3]);
  });

  it('round-trips reader -> writer -> reader exactly, byte for byte for the committed fixtures', () => {
    for (const name of ['anm2-2bone.iff', 'anm2-48bone.iff']) {
      const bytes = fixture(name);
      expect(Buffer.from(writeIFF(new IFFReader(bytes))).equals(Buffer.from(bytes)), name).toBe(true);
    }
    const odd = fixture('anm2-odd-chunk.iff');
    const again = writeIFF(new IFFReader(odd), { chunkOrder: ['NOTE', 'QUAT', 'HEAD', 'TRAN', 'BONE'] });
    expect(Buffer.from(again).equals(Buffer.from(odd))).toBe(true);
  });
});

describe('IFFReader errors (format IFF, with offsets)', () => {
  it('names a payload whose size does not match its formula, with both sizes', () => {
    const e = decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ quat: new Uint8Array(48) }))));
    expect(e).toMatchObject({ format: 'IFF', code: 'chunk-size' });
    expect(e.message).toMatch(/QUAT payload is 48 bytes; boneCount 2 x frameCount 2 x 16 = 64/);
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ head: new Uint8Array(11) }))))).toMatchObject({
      code: 'chunk-size',
      offset: 12,
    });
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ bone: new Uint8Array(100) }))))).toMatchObject({ code: 'chunk-size' });
    const tran = chunk('TRAN', new Uint8Array(12));
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ extra: [tran] })))).message).toMatch(
      /TRAN payload is 12 bytes; frameCount 2 x 12 = 24/,
    );
  });

  it('rejects a missing required chunk and a duplicated known one', () => {
    const [head, bone, quat] = parts();
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', head!, quat!)))).toMatchObject({ code: 'missing-chunk' });
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', head!, bone!, quat!, bone!)))).toMatchObject({
      code: 'duplicate-chunk',
      offset: 12 + 20 + 144 + 72,
    });
  });

  it('rejects a parent out of range and a cycle in the parent links', () => {
    const bone = (a: number, b: number) => concat(le(['i32', a], ['i32', b]), new Uint8Array(128));
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ bone: bone(-1, 2) }))))).toMatchObject({
      code: 'bad-parent',
      offset: 12 + 20 + 8 + 4,
    });
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ bone: bone(-2, 0) }))))).toMatchObject({ code: 'bad-parent' });
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ bone: bone(1, 0) }))))).toMatchObject({ code: 'hierarchy-cycle' });
    expect(decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ bone: bone(0, -1) }))))).toMatchObject({ code: 'hierarchy-cycle' });
  });

  it('rejects sample rate 0, and frameCount 0 with a non-empty QUAT', () => {
    expect(
      decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ head: le(['f32', 0], ['u32', 2], ['u16', 0], ['u16', 2]) })))),
    ).toMatchObject({ code: 'bad-sample-rate', offset: 28 });
    expect(
      decodeErrorOf(() => new IFFReader(form('ANM2', ...parts({ head: le(['f32', 0], ['u32', 0], ['u16', 30], ['u16', 2]) })))),
    ).toMatchObject({ code: 'bad-frame-count' });
  });

  it('rejects a FORM running past the data, other magics and other form types', () => {
    const bytes = form('ANM2', ...parts());
    expect(decodeErrorOf(() => new IFFReader(bytes.subarray(0, bytes.length - 1)))).toMatchObject({ code: 'truncated', offset: 4 });
    expect(decodeErrorOf(() => new IFFReader(Uint8Array.of(0x52, 0x49, 0x46, 0x46)))).toMatchObject({ code: 'unknown-magic', offset: 0 });
    expect(decodeErrorOf(() => new IFFReader(new Uint8Array(0)))).toMatchObject({ code: 'truncated' });
    expect(decodeErrorOf(() => new IFFReader(form('ANM1', ...parts())))).toMatchObject({ code: 'unknown-form-type', offset: 8 });
  });
});

describe('IFFReader warnings', () => {
  it('keeps a duration that disagrees with the frame count, and says so', () => {
    const reader = new IFFReader(form('ANM2', ...parts({ head: le(['f32', 2], ['u32', 2], ['u16', 30], ['u16', 2]) })));
    expect(reader.duration).toBe(2);
    expect(reader.warnings).toEqual([{ code: 'duration-mismatch', offset: 20, message: expect.stringContaining('0.0333') }]);
  });

  it('reports extra bytes after the FORM', () => {
    const reader = new IFFReader(concat(form('ANM2', ...parts()), Uint8Array.of(1, 2, 3)));
    expect(reader.warnings.map((w) => [w.code, w.offset])).toEqual([['trailing-bytes', 12 + 20 + 144 + 72]]);
  });

  it('reports, and does not fix, quaternions far from unit length', () => {
    const quat = le(
      ...Array.from(
        { length: 4 },
        (_, k) =>
          [
            ['f32', 0],
            ['f32', 0],
            ['f32', 0],
            ['f32', k === 3 ? 2 : 1],
          ] as Array<['f32', number]>,
      ).flat(),
    );
    const reader = new IFFReader(form('ANM2', ...parts({ quat })));
    expect(reader.tracks[1]!.rotations[7]).toBe(2);
    expect(reader.warnings).toEqual([
      {
        code: 'non-unit-quaternion',
        offset: 12 + 20 + 144 + 8 + 48 + 0,
        message: expect.stringContaining('1 rotation keys are not unit length (first: bone 1, key 1)'),
      },
    ]);
  });
});
