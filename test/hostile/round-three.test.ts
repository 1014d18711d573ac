// Hand-built inputs aimed at the newer code (issue "Hostile input, round three"): counts the bytes
// cannot hold, escapes from the typed errors, and work that grows faster than the input.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  DecodeError,
  DFFReader,
  IGI2ClipReader,
  IMGArchive,
  writeDFF,
  writeIGI2Clip,
  writeIMG,
  type IGI2ClipDoc,
} from '../../src/index.js';
import { workCount } from '../../src/core/work-count.js';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = (...args: string[]) =>
  spawnSync(process.execPath, ['--max-old-space-size=256', join(root, 'packages/cli/dist/src/cli/main.js'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
/** The limit of a test that runs the command line: above its 120 s, for a loaded machine (vitest.config.ts gives 60 s). */
const WITH_CLI = { timeout: 300_000 };

/** The skinned fixture with its empty geometry's Struct fields changed: `at` counts u32s from the Struct's payload. */
function geometryPatched(words: Record<number, number>): Uint8Array {
  const bytes = fixture('dff-ped-5bone.dff').slice();
  const view = new DataView(bytes.buffer);
  const geometry = Buffer.from(bytes).indexOf(Buffer.from([0x0f, 0, 0, 0]));
  const struct = geometry + 12;
  for (const [word, value] of Object.entries(words)) view.setUint32(struct + 12 + 4 * Number(word), value, true);
  return bytes;
}

/** The units of work `work` adds to one of the library's internal counters (see src/core/work-count.ts). */
function counted(counter: keyof typeof workCount, work: () => void): number {
  const before = workCount[counter];
  work();
  return workCount[counter] - before;
}

describe('DFF geometry counts are checked against the bytes', () => {
  it('300 M vertices and no morph target: the geometry is left out with a warning, nothing large is allocated', () => {
    const bytes = geometryPatched({ 2: 300_000_000, 3: 0 });
    const before = process.memoryUsage().arrayBuffers;
    const reader = new DFFReader(bytes);
    expect(process.memoryUsage().arrayBuffers - before).toBeLessThan(1 << 20);
    expect(reader.geometries).toEqual([]);
    expect(reader.warnings.map((w) => w.code)).toContain('count-exceeds-data');
    expect(reader.skeleton!.boneCount).toBe(5);
  });

  it('0x7FFFFFFF vertices is a DecodeError when strict and a warning when lenient, never a RangeError', () => {
    for (const morphs of [0, 1]) {
      const bytes = geometryPatched({ 2: 0x7fffffff, 3: morphs });
      expect(() => new DFFReader(bytes)).not.toThrow();
      expect(() => new DFFReader(bytes, { strict: true })).toThrow(DecodeError);
    }
  });

  it('an empty Skin PLG, and a short Geometry Struct: the skeleton still reads, with a warning', () => {
    const model = fixture('dff-ped-5bone.dff');
    const skinAt = Buffer.from(model).indexOf(Buffer.from([0x16, 0x01, 0, 0]));
    const skinSize = new DataView(model.buffer).getUint32(skinAt + 4, true);
    const emptySkin = removeBytes(model, skinAt + 12, skinSize);
    const a = new DFFReader(emptySkin);
    expect(a.skeleton!.boneCount).toBe(5);
    expect(a.warnings.map((w) => w.code)).toContain('truncated');
    expect(() => new DFFReader(emptySkin, { strict: true })).toThrow(DecodeError);
    const geometry = Buffer.from(model).indexOf(Buffer.from([0x0f, 0, 0, 0]));
    const shortStruct = removeBytes(model, geometry + 12 + 12 + 8, 32); // the Struct keeps 8 of its 40 bytes
    const b = new DFFReader(shortStruct);
    expect(b.skeleton!.boneCount).toBe(5);
    expect(b.warnings.map((w) => w.code)).toContain('count-exceeds-data');
  });
});

/** RenderWare sections that hold child sections. */
const CONTAINERS = new Set([0x10, 0x0e, 0x1a, 0x0f, 0x03, 0x08, 0x07, 0x14]);

/** `bytes` without `count` bytes at `start`, every section that contains them shortened to match. */
function removeBytes(bytes: Uint8Array, start: number, count: number): Uint8Array {
  const out = new Uint8Array([...bytes.subarray(0, start), ...bytes.subarray(start + count)]);
  const view = new DataView(out.buffer);
  const walk = (from: number, to: number) => {
    for (let at = from; at + 12 <= to; ) {
      const type = view.getUint32(at, true);
      const size = view.getUint32(at + 4, true);
      const end = at + 12 + size;
      if (at + 12 <= start && start < end) {
        view.setUint32(at + 4, size - count, true);
        if (CONTAINERS.has(type)) walk(at + 12, end - count);
        return;
      }
      at = end;
    }
  };
  walk(0, bytes.length);
  return out;
}

// Counted, not timed: a clock on a loaded machine measures the other processes too. Four times the
// input must take four times the work; the quadratic walks these replaced take sixteen.
describe('work linear in the input', () => {
  const SPACING = 50;
  const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
  /**
   * A DFF whose frames form one long chain with a bone hanging from every 50th: each bone's walk up to
   * the nearest bone above it crosses the whole chain above it unless the walks share what they saw.
   */
  function comb(chainFrames: number): { bytes: Uint8Array; frames: number; bones: number } {
    const bones = chainFrames / SPACING;
    const chain = Array.from({ length: chainFrames }, (_, i) => ({
      name: `f${i}`,
      parent: i - 1,
      rotation: IDENTITY,
      position: [0, 0, 0],
    }));
    const leaves = Array.from({ length: bones }, (_, b) => ({
      name: `b${b}`,
      parent: SPACING * (b + 1) - 1,
      rotation: IDENTITY,
      position: [0, 0, 0],
      hanimId: b,
    }));
    // Every node POPs: all are roots in the flags, as in the frame links (no bone is above another).
    const nodes = leaves.map((_, b) => ({ id: b, flags: 1 }));
    return {
      bytes: writeDFF({ frames: [...chain, ...leaves], hierarchy: { frame: chainFrames, nodes } }),
      frames: chainFrames + bones,
      bones,
    };
  }

  it('the DFF hierarchy walk steps through each frame once: four times the frames, four times the steps', () => {
    const walked = (model: ReturnType<typeof comb>) => {
      let reader: DFFReader | undefined;
      const steps = counted('dffFramesWalked', () => (reader = new DFFReader(model.bytes)));
      expect(reader!.skeleton!.boneCount).toBe(model.bones);
      // Each frame once, and one step onto an already known frame per bone looked up.
      expect(steps).toBeLessThanOrEqual(model.frames + model.bones);
      return steps;
    };
    const small = walked(comb(2_000));
    const large = walked(comb(8_000));
    expect(large / small).toBeGreaterThan(3.9);
    expect(large / small).toBeLessThan(4.1);
  });

  it('IMGArchive.read over out-of-range entries: the directory searched once, however many entries are read', () => {
    const searched = (count: number) => {
      const bytes = writeIMG(Array.from({ length: count }, (_, i) => ({ name: `e${i}`, data: new Uint8Array(0) })));
      const view = new DataView(bytes.buffer);
      for (let i = 0; i < count; i++) view.setUint32(8 + 32 * i, 1 << 20, true); // every entry past the end
      const img = new IMGArchive(bytes);
      return counted('imgEntriesSearched', () => {
        for (const entry of img.entries) expect(() => img.read(entry)).toThrow(expect.objectContaining({ code: 'entry-out-of-range' }));
      });
    };
    // One pass to index the directory, then one lookup per entry read.
    expect(searched(2_000)).toBe(2 * 2_000);
    expect(searched(8_000)).toBe(2 * 8_000);
  });
});

describe('escapes', WITH_CLI, () => {
  it('an IGI 2 clip with 125,000 triggers reads, and gameanim info prints it', () => {
    const doc: IGI2ClipDoc = {
      name: 'many_triggers',
      looping: false,
      durationTicks: 160,
      skeleton: { parents: [-1], restTranslations: new Float32Array(3) },
      tracks: [{ rotationTicks: [0], rotations: Float32Array.of(0, 0, 0, 1) }],
      triggers: Array.from({ length: 125_000 }, (_, i) => ({ ticks: i % 160, time: 0, bone: -1, event: 1, position: new Float32Array(3) })),
    };
    const bytes = writeIGI2Clip(doc);
    expect(new IGI2ClipReader(bytes).triggers).toHaveLength(125_000);
    const file = join(mkdtempSync(join(tmpdir(), 'gameanim-triggers-')), 'many.iff');
    writeFileSync(file, bytes);
    const info = cli('info', file);
    expect(info.status, info.stderr).toBe(0);
    expect(info.stdout).toContain('125000 triggers');
  });

  it('img extract counts empty entries against its 64x guard', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameanim-empty-'));
    const archive = join(dir, 'empty.img');
    writeFileSync(archive, writeIMG(Array.from({ length: 5000 }, (_, i) => ({ name: `e${i}`, data: new Uint8Array(0) }))));
    const result = cli('img', 'extract', archive, '-o', join(dir, 'out'));
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(/more than 64 times the archive's size/);
  });
});

describe('info on a GTA III/VC .dir with its .img', WITH_CLI, () => {
  it('sizes its decode limit from the archive data, not the 32-byte records: a correct archive is decoded whole, with no overlap reported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'gameanim-v1-'));
    const data = fixture('anp3-all-types.ifp'); // about 1 KB: one sector each
    const entries = 40;
    const sectorsEach = 64; // 128 KB per entry: far more than 64 times a 32-byte record
    const directory = new Uint8Array(32 * entries);
    const img = new Uint8Array(entries * sectorsEach * 2048);
    const view = new DataView(directory.buffer);
    for (let i = 0; i < entries; i++) {
      view.setUint32(32 * i, i * sectorsEach, true);
      view.setUint32(32 * i + 4, sectorsEach, true);
      directory.set(new TextEncoder().encode(`anim${i}.ifp`), 32 * i + 8);
      img.set(data, i * sectorsEach * 2048);
    }
    writeFileSync(join(dir, 'anims.dir'), directory);
    writeFileSync(join(dir, 'anims.img'), img);
    const info = cli('info', join(dir, 'anims.dir'));
    expect(info.status, info.stderr).toBe(0);
    expect(info.stdout + info.stderr).not.toMatch(/overlap/);
    expect(info.stdout).toContain(`${entries} IFP entries`);
  });
});
