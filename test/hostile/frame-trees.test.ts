// Round five (issue #44, docs/robustness.md): deep, wide and looping DFF frame trees. No walk over a
// frame tree recurses or spreads an input-sized list into call arguments; parent links that loop are
// refused naming the frame; and what `bind` prints for a huge model stays bounded per animation.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bind, LISTED_NAMES } from '../../src/cli/commands/bind.js';
import { DecodeError, DFFReader, writeDFF } from '../../src/index.js';
import { fixture } from '../helpers/files.js';

const IDENTITY = [1, 0, 0, 0, 1, 0, 0, 0, 1];
const frame = (name: string, parent: number) => ({ name, parent, rotation: IDENTITY, position: [0, 0, 0] });
/** The byte of frame `index`'s parent field in a model writeDFF made (the Frame List comes first). */
const parentFieldAt = (bytes: Uint8Array, index: number) => {
  const reader = new DataView(bytes.buffer, bytes.byteOffset);
  // Clump (12) + its Struct (12 + 4) + Frame List header (12) + its Struct header (12) + the count (4).
  const first = 12 + 12 + reader.getUint32(12 + 4, true) + 12 + 12 + 4;
  return first + 56 * index + 48;
};

describe('DFF frame trees without recursion', () => {
  it('one frame of 140,000 children (below the clump frame): the frame skeleton is read, every child a bone', () => {
    const frames = [frame('root', -1), frame('mid', 0), ...Array.from({ length: 140_000 }, (_, i) => frame(`c${i}`, 1))];
    const reader = new DFFReader(writeDFF({ frames }));
    // Before: "Maximum call stack size exceeded" from the name-precedence walk spreading 140,000 children.
    const skeleton = reader.skeleton!;
    expect(skeleton.boneCount).toBe(140_002);
    expect(skeleton.parents[140_001]).toBe(1);
    expect(skeleton.indexOf('c139999')).toBe(140_001);
  });

  it('a loop of 20,000 frames is refused, naming the frame and its parent field', () => {
    const frames = Array.from({ length: 20_000 }, (_, i) => frame(`f${i}`, (i + 1) % 20_000));
    const bytes = writeDFF({ frames });
    // Before: read, the loop cut silently at its first frame, and bind walked it for 21 s.
    let error: unknown;
    try {
      new DFFReader(bytes);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(DecodeError);
    expect((error as DecodeError).code).toBe('hierarchy-cycle');
    expect((error as DecodeError).message).toBe(
      `DFF: frame 0 is its own ancestor: its parent links form a loop (at byte ${parentFieldAt(bytes, 0)})`,
    );
  });

  it('a loop of two frames below a sound tree, and a frame its own parent: refused at the first frame on the loop', () => {
    const two = writeDFF({ frames: [frame('root', -1), frame('a', 0), frame('b', 3), frame('c', 2)] });
    expect(() => new DFFReader(two)).toThrow(
      `DFF: frame 2 is its own ancestor: its parent links form a loop (at byte ${parentFieldAt(two, 2)})`,
    );
    const self = writeDFF({ frames: [frame('root', -1), frame('a', 1)] });
    expect(() => new DFFReader(self)).toThrow(
      `DFF: frame 1 is its own ancestor: its parent links form a loop (at byte ${parentFieldAt(self, 1)})`,
    );
  });
});

describe('bind on a model of 100,000 frames with repeated names', () => {
  it('each note lists at most 32 names and counts the rest: the output is bounded per animation', async () => {
    const names = ['Swaist', 'Smid', 'Storso', 'Shead', 'Supperarml', 'Supperarmr', 'Sfootl', 'Sfootr'];
    const folder = mkdtempSync(join(tmpdir(), 'gameanim-frame-trees-'));
    const model = join(folder, 'many.dff');
    writeFileSync(model, writeDFF({ frames: Array.from({ length: 100_000 }, (_, i) => frame(names[i % names.length]!, i - 1)) }));
    const anims = join(folder, 'run.ifp');
    writeFileSync(anims, fixture('anpk-gta3.ifp'));
    const printed: string[] = [];
    const result = await bind(model, [anims], (line) => printed.push(line));
    expect(result.inputErrors).toEqual([]);
    // Before: every one of the 99,998 rest bones' names, per animation.
    const note = printed.find((line) => line.startsWith('  run_civi: rest bones'))!;
    expect(note).toMatch(new RegExp(`^  run_civi: rest bones ("\\w+", ){${LISTED_NAMES - 1}}"\\w+" and ${99_998 - LISTED_NAMES} more$`));
    expect(printed.join('\n').length).toBeLessThan(2_000);
  });
});
