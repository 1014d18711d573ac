import { describe, expect, it } from 'vitest';
import { IFPReader, IMGArchive } from '../../src/index.js';
import { generateCorpus, SA_TOTALS } from '../../bench/corpus.js';

describe('the seeded SA-shaped corpus', () => {
  const corpus = generateCorpus();
  const archive = new IMGArchive(corpus.animImg);
  const readers = [new IFPReader(corpus.ped), ...archive.entries.map((e) => new IFPReader(archive.read(e)))];
  const tracks = readers.flatMap((r) => r.animations.flatMap((a) => a.bones));

  it("has exactly San Andreas' totals: 133 files, 1,851 animations, 46,432 tracks, 980,487 keyframes", () => {
    expect(SA_TOTALS).toEqual({ files: 133, animations: 1851, tracks: 46432, keyframes: 980487 });
    expect(archive.entries.length).toBe(132);
    expect(readers.length).toBe(133);
    expect(readers.reduce((n, r) => n + r.animations.length, 0)).toBe(1851);
    expect(tracks.length).toBe(46432);
    expect(tracks.reduce((n, t) => n + t.frameCount, 0)).toBe(980487);
    expect(readers.every((r) => r.warnings.length === 0)).toBe(true);
    expect(readers[0]!.packageName).toBe('ped');
  });

  it('mixes frame types like SA: mostly type 3, about 8% type 4, a few float tracks', () => {
    const share = (keyframeType: string, compressed: boolean) =>
      tracks.filter((t) => t.keyframeType === keyframeType && t.compressed === compressed).length / tracks.length;
    expect(share('KR00', true)).toBeGreaterThan(0.85);
    expect(share('KRT0', true)).toBeGreaterThan(0.06);
    expect(share('KRT0', true)).toBeLessThan(0.1);
    expect(share('KR00', false)).toBeGreaterThan(0);
    expect(share('KRT0', false)).toBeGreaterThan(0);
  });

  it('has unit quaternions that change smoothly, and increasing times', () => {
    for (const track of tracks.filter((_, i) => i % 97 === 0)) {
      const q = track.rotations;
      for (let i = 0; i < track.frameCount; i++) {
        const length = Math.hypot(q[4 * i]!, q[4 * i + 1]!, q[4 * i + 2]!, q[4 * i + 3]!);
        expect(Math.abs(length - 1)).toBeLessThan(track.compressed ? 2e-3 : 1e-6);
        if (i > 0) {
          expect(track.times[i]!).toBeGreaterThan(track.times[i - 1]!);
          const dot =
            q[4 * i]! * q[4 * i - 4]! + q[4 * i + 1]! * q[4 * i - 3]! + q[4 * i + 2]! * q[4 * i - 2]! + q[4 * i + 3]! * q[4 * i - 1]!;
          expect(dot).toBeGreaterThan(0.99);
        }
      }
    }
  });

  it('gives the same bytes for the same seed, and different bytes for another', () => {
    const a = generateCorpus({ seed: 7, scale: 0.05 });
    const b = generateCorpus({ seed: 7, scale: 0.05 });
    const c = generateCorpus({ seed: 8, scale: 0.05 });
    expect(Buffer.from(a.animImg).equals(Buffer.from(b.animImg))).toBe(true);
    expect(Buffer.from(a.ped).equals(Buffer.from(b.ped))).toBe(true);
    expect(Buffer.from(a.animImg).equals(Buffer.from(c.animImg))).toBe(false);
  });
});
