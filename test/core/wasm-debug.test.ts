import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kernelModule } from '../../src/core/wasm-kernel.js';
import { decodeTracksJs } from '../../src/ifp/decode-js.js';
import { decodeTracksWasm } from '../../src/ifp/decode-wasm.js';
import { scanIFP } from '../../src/ifp/scan.js';
import { decodeAnpWasm } from '../../src/ifp/scan-wasm.js';
import { Field, TrackTable } from '../../src/ifp/track-table.js';
import { TrackKind } from '../../src/ifp/track-kinds.js';
import { clipTracks } from '../../src/playback/clip.js';
import { PoseSampler } from '../../src/playback/sampler-wasm.js';
import { IMGArchive, IFPReader } from '../../src/index.js';
import { generateCorpus } from '../../bench/corpus.js';
import { bits, fixture, fixtureNames, sample, samplesPresent } from '../helpers/files.js';

// The debug builds (assertions on, aborts reported as errors) that scripts/build-wasm.mjs writes next to
// the shipped ones. `npm test` builds them first; they are never embedded in the package.
const builds = ['debug-simd', 'debug-scalar'] as const;
function debugModule(name: 'decode' | 'pose', build: (typeof builds)[number]): WebAssembly.Module {
  const path = new URL(`../../build/${name}.${build}.wasm`, import.meta.url);
  if (!existsSync(path)) throw new Error(`${path.pathname} is missing: run npm run build:wasm`);
  return new WebAssembly.Module(readFileSync(path));
}

/** The fixtures, a tenth of the generated SA-sized corpus, and the real IFP files (made once). */
let made: [string, Uint8Array][] | undefined;
function inputs(): [string, Uint8Array][] {
  made ??= makeInputs();
  return made;
}

function makeInputs(): [string, Uint8Array][] {
  const files: [string, Uint8Array][] = fixtureNames('.ifp').map((name) => [name, fixture(name)]);
  const corpus = generateCorpus({ scale: 0.1 });
  const archive = new IMGArchive(corpus.animImg);
  files.push(['generated ped.ifp', corpus.ped], ...archive.entries.map((entry): [string, Uint8Array] => [entry.name, archive.read(entry)]));
  if (!samplesPresent) return files;
  for (const name of [
    'sa_python_anp3.ifp',
    'sa_vegasn_anp3.ifp',
    'sa_grenade_anp3.ifp',
    'rwparserng_ped_anp3.ifp',
    'iii_pcanims_ped_anpk.ifp',
  ]) {
    files.push([name, sample(name)]);
  }
  return files;
}

describe.each(builds)('the %s kernels', (build) => {
  const decode = debugModule('decode', build);
  const release = kernelModule(build === 'debug-simd' ? 'simd' : 'scalar')!;

  it(`decode every fixture${samplesPresent ? ' and real file' : ''} without a failed assertion, bit for bit as shipped`, () => {
    const files = inputs();
    expect(files.length).toBeGreaterThan(samplesPresent ? 12 : 7);
    for (const [label, bytes] of files) {
      const fast = decodeAnpWasm(decode, bytes);
      const shipped = decodeAnpWasm(release, bytes);
      expect(fast === undefined, label).toBe(shipped === undefined);
      if (fast) expect(bits(fast.output), label).toEqual(bits(shipped!.output));

      const { table } = scanIFP(bytes, false);
      const reference = new Float32Array(table.outputFloats);
      decodeTracksJs(bytes, table, reference);
      expect(bits(decodeTracksWasm(decode, bytes, table)!), label).toEqual(bits(reference));
    }
  });

  it(`sample every fixture${samplesPresent ? ' and real' : ''} clip without a failed assertion, as the shipped sampler does`, () => {
    const debug = new PoseSampler(debugModule('pose', build));
    const shipped = new PoseSampler(kernelModule(build === 'debug-simd' ? 'simd' : 'scalar', 'pose')!);
    let sampled = 0;
    const ifpFiles = inputs().filter(([label]) => label.endsWith('.ifp') && !label.startsWith('generated'));
    for (const [, bytes] of ifpFiles) {
      for (const animation of new IFPReader(bytes).animations) {
        const clip = clipTracks(animation);
        const bones = clip.tracks.length;
        for (const time of [-1, 0, clip.duration / 3, clip.duration, 1e9]) {
          const requests = { clips: [clip], times: [time], firstBones: [0], loop: time === 1e9 };
          const [r1, t1, r2, t2] = [
            new Float32Array(4 * bones),
            new Float32Array(3 * bones),
            new Float32Array(4 * bones),
            new Float32Array(3 * bones),
          ];
          expect(debug.sample(requests, bones, r1, t1)).toBe(true);
          shipped.sample(requests, bones, r2, t2);
          expect(bits(r1)).toEqual(bits(r2));
          expect(bits(t1)).toEqual(bits(t2));
          sampled++;
        }
      }
    }
    expect(sampled).toBeGreaterThan(10);
  });

  it('reports a broken invariant as an error naming the assertion, where the shipped build would carry on', () => {
    const bytes = fixture('anp3-all-types.ifp');
    const { table } = scanIFP(bytes, false);
    const forged = new TrackTable(bytes.length);
    forged.add(TrackKind.AnpFloatRot, 1, table.get(0, Field.Source), 'b', 0);
    forged.rows[Field.Kind] = 99;
    expect(() => decodeTracksWasm(decode, bytes, forged)).toThrow(
      /wasm kernel assertion failed: unknown track kind \(assembly\/decode-track\.ts:\d+:\d+\)/,
    );
    expect(decodeTracksWasm(release, bytes, forged)).toBeInstanceOf(Float32Array);
  });
});
