import { describe, expect, it } from 'vitest';
import { IFPReader, type Backend } from '../../src/index.js';
import { bits, fixture, fixtureNames, sample, samplesPresent, SAMPLES_SKIP_MESSAGE, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const BACKENDS: Backend[] = ['simd', 'scalar', 'js'];

/** Every array of every track, as bit patterns, per backend. */
function decodeAll(bytes: Uint8Array, backend: Backend) {
  const reader = new IFPReader(bytes, { backend });
  expect(reader.backend).toBe(backend);
  return reader.animations.flatMap((a) => a.bones.map((b) => [bits(b.times), bits(b.rotations), bits(b.translations), bits(b.scales)]));
}

/**
 * One ANP3 package holding a type-3 and a type-4 track of 65,536 frames each, in which every int16
 * field runs through all 65,536 values (each field offset by a different amount).
 */
function everyInt16File(): { bytes: Uint8Array; raw: (frame: number, field: number) => number } {
  const frames = 65536;
  const raw = (frame: number, field: number) => ((frame + field * 8191) & 0xffff) - 32768;
  const bytes = new Uint8Array(36 + 36 + 2 * 36 + frames * (10 + 16));
  const view = new DataView(bytes.buffer);
  bytes.set([0x41, 0x4e, 0x50, 0x33]); // ANP3
  view.setUint32(4, bytes.length - 8, true);
  view.setUint32(32, 1, true);
  view.setUint32(36 + 24, 2, true);
  view.setUint32(36 + 28, frames * 26, true);
  let at = 72;
  for (const [frameType, fields] of [
    [3, 5],
    [4, 8],
  ] as const) {
    view.setUint32(at + 24, frameType, true);
    view.setUint32(at + 28, frames, true);
    at += 36;
    for (let i = 0; i < frames; i++) for (let f = 0; f < fields; f++, at += 2) view.setInt16(at, raw(i, f), true);
  }
  return { bytes, raw };
}

describe('simd = scalar = js', () => {
  it('agree bit for bit on every fixture', () => {
    for (const name of fixtureNames('.ifp')) {
      const [simd, scalar, js] = BACKENDS.map((backend) => decodeAll(fixture(name), backend));
      expect(scalar, name).toEqual(js);
      expect(simd, name).toEqual(js);
    }
  });

  it('agree bit for bit over every int16 value, for each scale, and match the spec constants', () => {
    const { bytes, raw } = everyInt16File();
    const readers = BACKENDS.map((backend) => new IFPReader(bytes, { backend }));
    for (const reader of readers) {
      const [type3, type4] = reader.animations[0]!.bones;
      for (let i = 0; i < 65536; i++) {
        for (const track of [type3!, type4!]) {
          // Checked value by value, since a mismatch message must name the raw value.
          for (let c = 0; c < 4; c++) {
            if (track.rotations[4 * i + c] !== raw(i, c) / 4096) expect.fail(`${reader.backend}: rotation raw ${raw(i, c)}`);
          }
          if (track.times[i] !== Math.fround(raw(i, 4) / 60))
            expect.fail(`${reader.backend}: time raw ${raw(i, 4)} gave ${track.times[i]}`);
        }
        for (let c = 0; c < 3; c++) {
          if (type4!.translations![3 * i + c] !== raw(i, 5 + c) / 1024) expect.fail(`${reader.backend}: translation raw ${raw(i, 5 + c)}`);
        }
      }
    }
    // And every field took every value: the offsets 8191 * field are a permutation of the frames.
    expect(new Set(Array.from({ length: 65536 }, (_, i) => raw(i, 4))).size).toBe(65536);
  });

  it('keep NaN payloads and negative zeros of float frames exactly', () => {
    const bytes = fixture('anpk-all-keys.ifp');
    const keysAt = Buffer.from(bytes).indexOf('KR00', 0, 'latin1') + 8;
    const view = new DataView(bytes.buffer);
    view.setUint32(keysAt, 0x7fa00001, true); // a signalling NaN
    view.setUint32(keysAt + 4, 0x80000000, true); // -0
    const decoded = BACKENDS.map((backend) => decodeAll(bytes, backend));
    expect(decoded[0]).toEqual(decoded[2]);
    expect(decoded[1]).toEqual(decoded[2]);
    const pelvis = new IFPReader(bytes, { backend: 'js' }).getAnimation('walk_civi')!.bones[1]!;
    expect(bits(pelvis.rotations)!.slice(0, 2)).toEqual([0xffa00001, 0x00000000]);
  });

  itWith([SAMPLES])('agree bit for bit on the real sample files', () => {
    for (const name of [
      'rwparserng_ped_anp3.ifp',
      'iii_pcanims_ped_anpk.ifp',
      'sa_python_anp3.ifp',
      'sa_grenade_anp3.ifp',
      'sa_vegasn_anp3.ifp',
    ]) {
      const [simd, scalar, js] = BACKENDS.map((backend) => decodeAll(sample(name), backend));
      expect(scalar, name).toEqual(js);
      expect(simd, name).toEqual(js);
    }
  });
  if (!samplesPresent) it.skip(SAMPLES_SKIP_MESSAGE, () => {});
});

describe('view ownership', () => {
  it("keeps earlier readers' views valid and unchanged while other files decode", () => {
    for (const backend of BACKENDS) {
      const bytes = fixture('anp3-all-types.ifp');
      const first = new IFPReader(bytes, { backend });
      const before = decodeAllOf(first);
      bytes.fill(0x55); // the views do not alias the input
      const big = everyInt16File().bytes;
      const small = fixture('anpk-all-keys.ifp');
      // Decodes after it, large and small, reuse the wasm work memory; the first reader's arrays live in
      // a buffer of its own and must not change.
      for (let i = 0; i < 20; i++) new IFPReader(big.subarray(0, 200_000 + i), { backend });
      for (let i = 0; i < 4000; i++) new IFPReader(small, { backend });
      expect(decodeAllOf(first)).toEqual(before);
      expect(first.animations[0]!.bones[0]!.rotations.length).toBe(16);
    }
  });
});

function decodeAllOf(reader: IFPReader) {
  return reader.animations.flatMap((a) => a.bones.map((b) => [bits(b.times), bits(b.rotations), bits(b.translations)]));
}
