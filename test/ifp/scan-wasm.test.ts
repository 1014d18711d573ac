import { describe, expect, it } from 'vitest';
import { kernelModule } from '../../src/core/wasm-kernel.js';
import { scanIFP } from '../../src/ifp/scan.js';
import { decodeAnpWasm } from '../../src/ifp/scan-wasm.js';
import { Field } from '../../src/ifp/track-table.js';
import { generateCorpus } from '../../bench/corpus.js';
import { IMGArchive, writeIFP } from '../../src/index.js';
import { decodeTracksJs } from '../../src/ifp/decode-js.js';
import { fixture, fixtureNames, sample, SAMPLES } from '../helpers/files.js';
import { itWith } from '../helpers/needs.js';

const FIELDS = [Field.Kind, Field.FrameCount, Field.Source, Field.Times, Field.Rotations, Field.Translations, Field.Scales, Field.BoneId];

/** The wasm fast path must give exactly what the TypeScript scan gives, or decline. */
function compare(bytes: Uint8Array, label: string): boolean {
  const reference = scanIFP(bytes, false);
  for (const build of ['simd', 'scalar'] as const) {
    const fast = decodeAnpWasm(kernelModule(build)!, bytes);
    if (!fast) return false;
    expect(
      reference.warnings.filter((w) => w.code !== 'trailing-bytes'),
      label,
    ).toEqual([]);
    // The TypeScript scan also records each animation's byte range (for the editor); the wasm scan does not.
    const withoutRanges = reference.packages.map((pkg) => ({
      ...pkg,
      animations: pkg.animations.map(({ byteOffset: _o, byteLength: _l, ...rest }) => rest),
    }));
    expect(fast.packages, label).toEqual(withoutRanges);
    expect(fast.output.length).toBe(reference.table.outputFloats);
    for (let row = 0; row < reference.table.count; row++) {
      for (const field of FIELDS) {
        if (fast.table.get(row, field) !== reference.table.get(row, field)) expect.fail(`${label} row ${row} field ${field}`);
      }
      if (fast.table.boneName(row) !== reference.table.boneName(row)) expect.fail(`${label} row ${row} name`);
    }
  }
  return true;
}

describe('the wasm ANP scan (fast path)', () => {
  it('matches the TypeScript scan on every ANP fixture and declines ANPK', () => {
    const taken = fixtureNames('.ifp').filter((name) => compare(fixture(name), name));
    // anp3-all-types has a ANP3 frameDataSize that is right, so it is taken; ANPK files are not.
    expect(taken).toEqual(['anp2-basic.ifp', 'anp3-all-types.ifp', 'sector-padded.ifp']);
  });

  it('matches it on the generated SA-sized corpus, file by file', () => {
    const corpus = generateCorpus({ scale: 0.1 });
    const archive = new IMGArchive(corpus.animImg);
    expect(compare(corpus.ped, 'ped')).toBe(true);
    for (const entry of archive.entries) expect(compare(archive.read(entry), entry.name)).toBe(true);
  });

  itWith([SAMPLES])('matches it on real files, and declines those with something to report', () => {
    expect(compare(sample('sa_python_anp3.ifp'), 'python')).toBe(true);
    expect(compare(sample('sa_vegasn_anp3.ifp'), 'vegasN')).toBe(true);
    expect(compare(sample('rwparserng_ped_anp3.ifp'), 'ped')).toBe(true); // trailing bytes: reported by the caller
    expect(compare(sample('sa_grenade_anp3.ifp'), 'grenade')).toBe(false); // frame-data-size warnings
    expect(compare(sample('iii_pcanims_ped_anpk.ifp'), 'iii')).toBe(false); // ANPK
  });

  it('declines truncated and corrupt files, leaving them to the TypeScript scan', () => {
    const bytes = fixture('anp3-all-types.ifp');
    for (let length = 0; length < bytes.length; length++) {
      const fast = decodeAnpWasm(kernelModule('simd')!, bytes.subarray(0, length));
      // Only cuts at the package end (none here before the full length) could be taken.
      expect(fast, `cut at ${length}`).toBeUndefined();
    }
    const huge = fixture('anp3-all-types.ifp');
    new DataView(huge.buffer).setUint32(32, 0xffffffff, true);
    expect(decodeAnpWasm(kernelModule('simd')!, huge)).toBeUndefined();
  });
});

describe('non-finite key times, counted by the kernel and by its TypeScript twin', () => {
  it('gives the same count from decodeTracksJs and from the wasm fast path, in both builds', () => {
    const times = [0, Infinity, 0.5, NaN, -Infinity, 1];
    const track = (name: string, keyframeType: 'KR00' | 'KRT0') => ({
      boneName: name,
      boneId: 0,
      keyframeType,
      compressed: false,
      times: Float32Array.from(times),
      rotations: new Float32Array(4 * times.length).fill(0.5),
      translations: keyframeType === 'KRT0' ? new Float32Array(3 * times.length) : null,
      scales: null,
    });
    const bytes = writeIFP([{ name: 'p', animations: [{ name: 'a', bones: [track('b', 'KR00'), track('c', 'KRT0')] }] }], {
      format: 'ANP3',
    });
    const { table } = scanIFP(bytes, false);
    const counted = decodeTracksJs(bytes, table, new Float32Array(table.outputFloats));
    expect(counted).toBe(6);
    for (const build of ['simd', 'scalar'] as const)
      expect(decodeAnpWasm(kernelModule(build)!, bytes)!.nonFiniteTimes, build).toBe(counted);
    const clean = writeIFP(
      [{ name: 'p', animations: [{ name: 'a', bones: [{ ...track('b', 'KR00'), times: Float32Array.from([0, 1, 2, 3, 4, 5]) }] }] }],
      { format: 'ANP3' },
    );
    expect(decodeAnpWasm(kernelModule('simd')!, clean)!.nonFiniteTimes).toBe(0);
  });
});
