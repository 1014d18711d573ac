// Regression tests for "Hostile input, round two": each attack, rebuilt by hand, must now end in a
// result (with warnings) or a DecodeError, in bounded time and memory, including under a 256 MB heap.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { IMGArchive, SpriteAnimReader, SpriteScriptRunner, writeIMG, writeSpriteAnim } from '../../src/index.js';
import { decodeErrorOf } from '../helpers/errors.js';
import { fixture } from '../helpers/files.js';
import { animRepeated, animSharedScript, bigV1Directory, iffManyEmptyChunks, imgOverlapping } from './inputs.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const scratch = mkdtempSync(join(tmpdir(), 'gameanim-hostile-'));
const save = (name: string, bytes: Uint8Array) => {
  const path = join(scratch, name);
  writeFileSync(path, bytes);
  return path;
};
const node = (args: string[]) =>
  spawnSync(process.execPath, ['--max-old-space-size=256', ...args], { cwd: root, encoding: 'utf8', timeout: 120_000 });
/** The limit of a test that runs children: above their 120 s each, for a loaded machine (vitest.config.ts gives 60 s). */
const WITH_CHILDREN = { timeout: 300_000 };

describe('hostile inputs in a child process with a 256 MB heap', WITH_CHILDREN, () => {
  const cases: Array<[string, () => Uint8Array, string[]]> = [
    ['anim-shared-128k.anim', () => animSharedScript(8192, 8192), ['info']],
    ['anim-overlapping.anim', () => animSharedScript(8192, 8192, 4), ['info']],
    ['img-200-overlapping.img', () => imgOverlapping(200, fixture('anp3-all-types.ifp')), ['info']],
    ['img-2000-overlapping.img', () => imgOverlapping(2000, fixture('anp3-all-types.ifp')), ['info']],
    ['anim-8mb-nops.anim', () => animSharedScript(1, 2 << 20), ['info']],
    ['iff-500k-chunks.iff', () => iffManyEmptyChunks(500_000), ['info']],
    ['big-v1.dir', () => bigV1Directory(16 << 20), ['info']],
    // 10 MB of one-argument instructions: each kept a 17-slot array (51 bytes per input byte) and
    // info died out of memory; SET_COLOR's three arguments are the largest shape now.
    ['anim-10mb-set-alpha.anim', () => animRepeated((10 << 20) / 5, 7, [128]), ['info']],
    ['anim-10mb-set-color.anim', () => animRepeated(Math.floor((10 << 20) / 7), 6, [1, 2, 3]), ['info']],
  ];
  for (const [name, build, command] of cases) {
    it(`gameanim ${command.join(' ')} ${name}: exits 0 or 1, never aborts`, () => {
      const run = node(['packages/cli/dist/src/cli/main.js', ...command, save(name, build())]);
      expect(run.signal).toBeNull();
      expect(run.stderr).not.toMatch(/heap out of memory|at .*\.js:\d+/);
      expect([0, 1]).toContain(run.status);
    });
  }

  const retained = (reader: string, name: string, bytes: Uint8Array) => {
    const run = node(['--expose-gc', 'test/hostile/retained.mjs', reader, save(name, bytes)]);
    expect(run.status, run.stderr).toBe(0);
    return JSON.parse(run.stdout) as { items: number | null; perByte: number; error: string | null };
  };

  // The promise in docs/robustness.md: 16 retained bytes per input byte, 20 for ANIM (a 7-byte
  // SET_COLOR keeps a 72-byte instruction object and a 72-byte array of its three arguments on
  // 64-bit V8; bare 4-byte NOPs keep 18).
  const bound: Record<string, number> = { anim: 18, 'anim-alpha': 20, 'anim-color': 20, iff: 16, dir: 16 };
  it('keeps the documented bound of retained bytes per input byte on large inputs', () => {
    const results = {
      anim: retained('anim', 'nops.anim', animSharedScript(1, 2 << 20)),
      'anim-alpha': retained('anim', 'set-alpha.anim', animRepeated(Math.floor((8 << 20) / 5), 7, [128])),
      'anim-color': retained('anim', 'set-color.anim', animRepeated(Math.floor((8 << 20) / 7), 6, [1, 2, 3])),
      iff: retained('iff', 'chunks.iff', iffManyEmptyChunks(500_000)),
      dir: retained('dir', 'big.dir', bigV1Directory(16 << 20)),
    };
    for (const [reader, { perByte, error }] of Object.entries(results)) {
      expect(error, reader).toBeNull();
      expect(perByte, reader).toBeLessThanOrEqual(bound[reader]!);
    }
    // Read whole: every instruction (and the STOP), every directory entry.
    expect(results.anim.items).toBe((2 << 20) + 1);
    expect(results['anim-alpha'].items).toBe(Math.floor((8 << 20) / 5) + 1);
    expect(results['anim-color'].items).toBe(Math.floor((8 << 20) / 7) + 1);
    expect(results.dir.items).toBe((16 << 20) / 32);
  });
});

describe('ANIM: each script offset decoded once, total work linear in the file', () => {
  it('shares one decoded script between table entries at the same offset', () => {
    const reader = new SpriteAnimReader(animSharedScript(1000, 500));
    expect(reader.scripts.length).toBe(1000);
    expect(reader.scripts[999]!.instructions).toBe(reader.scripts[0]!.instructions);
    expect(reader.getScript(999)!.instructions.length).toBe(501);
  });

  it('refuses scripts that overlap so much that decoding them would exceed the file', () => {
    const bytes = animSharedScript(8192, 8192, 4);
    const error = decodeErrorOf(() => new SpriteAnimReader(bytes));
    expect(error).toMatchObject({ format: 'ANIM', code: 'overlapping-scripts' });
    expect(error.offset).toBeGreaterThanOrEqual(34);
    // A few overlapping tails are fine: what they decode together stays under the file's size.
    expect(new SpriteAnimReader(animSharedScript(4, 100, 4)).getScript(3)!.instructions.length).toBe(98);
  });

  it('inputs shorter than the header are `truncated`', () => {
    expect(decodeErrorOf(() => new SpriteAnimReader(new Uint8Array(20)))).toMatchObject({ code: 'truncated', offset: 0 });
  });
});

describe('SpriteScriptRunner options', () => {
  const reader = new SpriteAnimReader(
    writeSpriteAnim({
      width: 1,
      height: 1,
      texturePath: null,
      alphaPath: null,
      sprites: [],
      scripts: [
        {
          id: 0,
          instructions: [
            { time: 0, name: 'NOP', args: [] },
            { time: 0, name: 'JUMP', args: [0] },
            { time: 0, name: 'STOP', args: [] },
          ],
        },
      ],
    }),
  );
  it.each([Number.NaN, Infinity, -Infinity, 0, -1, 1.5, '10' as unknown as number])(
    'maxStepsPerFrame %s is a RangeError, not a hang',
    (value) => {
      expect(() => new SpriteScriptRunner(reader, 0, { maxStepsPerFrame: value })).toThrow(RangeError);
    },
  );
  it('a positive integer runs the same-time loop up to the limit, with a warning', () => {
    const run = new SpriteScriptRunner(reader, 0, { maxStepsPerFrame: 7 });
    expect(run.warnings.map((w) => w.code)).toEqual(['step-limit']);
  });
  it('seed must be an integer', () => {
    expect(() => new SpriteScriptRunner(reader, 0, { seed: Number.NaN })).toThrow(RangeError);
  });

  it('SET_RANDOM_SPRITE wraps its ids as 32-bit integers', () => {
    const file = new SpriteAnimReader(
      writeSpriteAnim({
        width: 1,
        height: 1,
        texturePath: null,
        alphaPath: null,
        sprites: [],
        scripts: [
          {
            id: 0,
            instructions: [
              { time: 0, name: 'SET_RANDOM_SPRITE', args: [-2147483648, -2147483648] },
              { time: 0, name: 'STOP', args: [] },
            ],
          },
        ],
      }),
    );
    for (let seed = 0; seed < 20; seed++) {
      const sprite = new SpriteScriptRunner(file, 0, { seed }).state.sprite;
      expect(sprite).toBe(sprite | 0);
    }
  });
});

describe('IMG archives whose entries overlap', WITH_CHILDREN, () => {
  const bytes = imgOverlapping(200, fixture('anp3-all-types.ifp'));

  it('warn once, naming how many entries overlap', () => {
    const archive = new IMGArchive(bytes);
    expect(archive.warnings).toEqual([
      { code: 'overlapping-entries', offset: 8 + 32, message: expect.stringContaining('199 entries overlap') },
    ]);
  });

  it('gameanim info decodes each distinct range once', () => {
    const run = node(['packages/cli/dist/src/cli/main.js', 'info', save('overlap.img', bytes)]);
    expect(run.status).toBe(0);
    expect(run.stdout.match(/the same bytes as e0\.ifp, not decoded again/g)!.length).toBe(199);
  });

  it('img extract refuses to write more than 64 times the archive unless --force', () => {
    const archive = save('overlap-extract.img', bytes);
    const out = join(scratch, 'out');
    const refused = node(['packages/cli/dist/src/cli/main.js', 'img', 'extract', archive, '-o', out]);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toMatch(/more than 64 times the archive's size .* Add --force/);
    const small = imgOverlapping(20, fixture('anp3-all-types.ifp'), 64 << 10);
    const forced = node(['packages/cli/dist/src/cli/main.js', 'img', 'extract', save('small-overlap.img', small), '-o', out, '--force']);
    expect(forced.status).toBe(0);
    expect(readdirSync(out).length).toBe(20);
  });
});

describe('IMGArchive.read and writeIMG on hand-made entries', () => {
  const archive = new IMGArchive(writeIMG([{ name: 'a.ifp', data: new Uint8Array(10) }]));
  it.each([
    { offset: -2048, size: 2048 },
    { offset: 0.5, size: 2 },
    { offset: 0, size: -1 },
    { offset: Number.NaN, size: 0 },
  ])('rejects %o with a RangeError', (range) => {
    expect(() => archive.read({ name: 'hand-made', ...range })).toThrow(RangeError);
  });
  it('a 24-character v1 name: an error naming the entry, or truncation with a warning', () => {
    const name = 'abcdefghijklmnopqrst.ifp';
    expect(() => writeIMG([{ name, data: new Uint8Array(1) }])).toThrow(/entry 0 "abcdefghijklmnopqrst\.ifp" has 24 characters/);
    const warnings: { code: string }[] = [];
    const bytes = writeIMG([{ name, data: new Uint8Array(1) }], { truncateNames: true, warnings: warnings as never });
    expect(new IMGArchive(bytes).entries[0]!.name).toBe(name.slice(0, 23));
    expect(warnings.map((w) => w.code)).toEqual(['name-truncated']);
  });
});
