import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IFFReader, IFPReader, IMGArchive, SpriteAnimReader } from '../../src/index.js';
import { survives } from './harness.js';
import { runAllScripts } from './run-scripts.js';

// Inputs that once broke a rule, named <format>-<what>.bin; each must now decode or fail cleanly.
const dir = fileURLToPath(new URL('../../fixtures/regressions/', import.meta.url));
const DECODERS: Record<string, (bytes: Uint8Array) => unknown> = {
  ifp: (bytes) => new IFPReader(bytes).animations.map((a) => a.bones),
  img: (bytes) => {
    const archive = new IMGArchive(bytes);
    return archive.entries.map((e) => survives('IMG', bytes, () => archive.read(e)));
  },
  iff: (bytes) => new IFFReader(bytes),
  anim: (bytes) => runAllScripts(new SpriteAnimReader(bytes), 120, 2),
};

describe('fuzz regressions', () => {
  const files = readdirSync(dir).filter((name) => name.endsWith('.bin'));
  it('has the recorded cases', () => expect(files.length).toBeGreaterThan(0));
  for (const name of files) {
    it(name, () => {
      const decode = DECODERS[name.split('-')[0]!];
      expect(decode, `no decoder for ${name}`).toBeDefined();
      survives(name, new Uint8Array(readFileSync(dir + name)), decode!);
    });
  }

  it('iff-huge-frame-count-no-bones: frameCount backed by no data makes no times', () => {
    const reader = new IFFReader(new Uint8Array(readFileSync(`${dir}iff-huge-frame-count-no-bones.bin`)));
    expect([reader.boneCount, reader.frameCount, reader.tracks, reader.rootMotion]).toEqual([0, 0xfffffff0, [], null]);
  });
});
