// IMG edits over shared sectors: random edit sequences on archives whose directory entries overlap
// (VER2 and III/VC v1) keep every untouched entry's bytes, and every edited entry reads its new data.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { IMGArchive, IMGEditor } from '../../src/index.js';
import { forgeVer2, type ForgedRecord } from '../helpers/img.js';
import { fuzzOptions } from './harness.js';

const SECTORS = 12;
const records = fc
  .array(fc.record({ sector: fc.integer({ min: 1, max: SECTORS - 1 }), sectors: fc.integer({ min: 0, max: 4 }) }), {
    minLength: 1,
    maxLength: 8,
  })
  .map((list) =>
    list.map(({ sector, sectors }, i): ForgedRecord => ({ name: `e${i}`, sector, sectors: Math.min(sectors, SECTORS - sector) })),
  );

type Edit =
  | { op: 'replace' | 'delete' | 'rename'; entry: number; size: number }
  | { op: 'add'; entry: number; size: number }
  | { op: 'rebuild'; entry: number; size: number };
const edits = fc.array(
  fc.record({
    op: fc.constantFrom('replace', 'replace', 'delete', 'rename', 'add', 'rebuild'),
    entry: fc.nat({ max: 9 }),
    size: fc.nat({ max: 4 * 2048 + 5 }),
  }),
  {
    minLength: 1,
    maxLength: 6,
  },
) as fc.Arbitrary<Edit[]>;

/** The same records as a v1 archive: a .dir of 32-byte records over the data bytes. */
function asV1(bytes: Uint8Array, list: readonly ForgedRecord[]): IMGArchive {
  const dir = new Uint8Array(32 * list.length);
  const view = new DataView(dir.buffer);
  list.forEach(({ name, sector, sectors }, i) => {
    view.setUint32(32 * i, sector, true);
    view.setUint32(32 * i + 4, sectors, true);
    dir.set(new TextEncoder().encode(name), 32 * i + 8);
  });
  return IMGArchive.fromDir(dir, bytes);
}

describe('IMG edits over shared sectors under fuzzing', () => {
  it("keep every untouched entry's bytes; edited entries read their new data", () => {
    let serial = 0;
    fc.assert(
      fc.property(records, edits, fc.boolean(), (list, steps, v1) => {
        const bytes = forgeVer2(list, SECTORS);
        const archive = v1 ? asV1(bytes, list) : new IMGArchive(bytes);
        const editor = IMGEditor.from(archive);
        // What each entry must read after the edits, in directory order: its bytes, or the new data (zero-padded on read).
        const expected = archive.entries.map((e) => ({ name: e.name, data: archive.read(e).slice() }));
        for (const { op, entry, size } of steps) {
          const at = entry % Math.max(1, expected.length);
          const name = expected[at]?.name;
          const data = new Uint8Array(size).fill(++serial & 0xff || 1);
          if (op === 'add') editor.add(`new${serial}`, data), expected.push({ name: `new${serial}`, data });
          else if (op === 'rebuild') editor.rebuild();
          else if (name === undefined) continue;
          else if (op === 'replace') editor.replace(name, data), (expected[at] = { name, data });
          else if (op === 'delete') editor.delete(name), expected.splice(at, 1);
          else editor.rename(name, `r${serial}`), (expected[at] = { name: `r${serial}`, data: expected[at]!.data });
        }
        const { img, dir } = editor.write();
        const after = dir ? IMGArchive.fromDir(dir, img) : new IMGArchive(img);
        expect(after.entries.map((e) => e.name)).toEqual(expected.map((e) => e.name));
        for (const { name, data } of expected) {
          const read = after.get(name)!;
          expect(read.length, name).toBe(Math.ceil(data.length / 2048) * 2048);
          expect(Buffer.from(read.subarray(0, data.length)).equals(Buffer.from(data)), name).toBe(true);
          expect(
            read.subarray(data.length).every((b) => b === 0),
            name,
          ).toBe(true);
        }
      }),
      fuzzOptions(500),
    );
  });
});
