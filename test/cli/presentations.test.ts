// The presentations are keyed by entry and open (issue #49, point 3): a format registered without one
// is shown by every capability it has, and `registerPresentation` pairs one with a registered entry.
import { describe, expect, it } from 'vitest';
import { ArgumentError, createSkeleton, type FileFormat, ifpFormat, register } from '../../src/index.js';
import { findPresentation, PRESENTATIONS, presentationOf, registerPresentation, type Presentation } from '../../src/cli/present/index.js';

const CAPS_CODES = {} as const;

declare module '../../src/core/codes.js' {
  interface FormatCodeTables {
    CAPS: typeof CAPS_CODES;
  }
}

const magic = (bytes: Uint8Array) => String.fromCharCode(...bytes.subarray(0, 4));
const skeleton = createSkeleton({ names: ['root', 'hip'], parents: [-1, 0] });

/** Every capability, each giving what the reader's one number says. */
const capsFormat: FileFormat<{ n: number }, 'CAPS'> = {
  name: 'CAPS',
  description: 'a format with every capability',
  extensions: ['.caps'],
  codes: CAPS_CODES,
  sniff: (bytes) => magic(bytes) === 'CAPS',
  open: (bytes) => ({ n: bytes[4] ?? 0 }),
  warnings: () => [],
  packages: ({ n }) => Array.from({ length: n }, (_, i) => ({ name: `p${i}`, animations: [] })),
  clips: () => [],
  skeleton: ({ n }) => (n ? skeleton : null),
  model: ({ n }) => ({ skeleton: null, geometries: Array.from({ length: n }, () => ({}) as never) }),
  archive: ({ n }) => ({
    entries: Array.from({ length: n }, (_, i) => ({ name: `e${i}`, offset: 0, size: 0 })),
    read: () => new Uint8Array(0),
  }),
  textures: () => [],
  sprites: () => ({}) as never,
};
const bare: FileFormat<null, 'CAPS'> = {
  name: 'CAPS',
  description: 'a format with none',
  extensions: [],
  codes: CAPS_CODES,
  sniff: (bytes) => magic(bytes) === 'BARE',
  open: () => null,
  warnings: () => [],
};
register(capsFormat);
register(bare);

const file = (text: string, n: number) => new Uint8Array([...text].map((c) => c.charCodeAt(0)).concat(n));

describe('presentations keyed by entry', () => {
  it("shows a registered entry without a presentation by each capability it has, the file's size too", () => {
    const shown = findPresentation(file('CAPS', 1))!;
    expect(shown.format).toBe(capsFormat);
    expect(shown.summary(capsFormat.open(file('CAPS', 1)), 5)).toBe(
      'CAPS (a format with every capability), 5 bytes: 1 package, 0 clips, a skeleton of 2 bones, a model of 1 mesh, 1 archive entry, 0 textures, sprites and their scripts',
    );
    expect(shown.summary({ n: 0 })).toBe(
      'CAPS (a format with every capability): 0 packages, 0 clips, no skeleton, a model of 0 meshes, 0 archive entries, 0 textures, sprites and their scripts',
    );
    expect(presentationOf(bare).summary(null, 1)).toBe('CAPS (a format with none), 1 byte: no capability gameanim shows');
    expect(shown.dumpText).toBeUndefined();
    expect(shown.dumpJson).toBeUndefined();
    // One presentation per entry, made once, and none in the registered ones.
    expect(presentationOf(capsFormat)).toBe(shown);
    expect(PRESENTATIONS.has(capsFormat)).toBe(false);
  });

  it('takes a presentation for a registered entry, once; refuses one for an entry not registered', () => {
    const own: Presentation<{ n: number }> = { format: capsFormat, summary: ({ n }) => `caps ${n}` };
    expect(registerPresentation(own)).toBe(own);
    expect(findPresentation(file('CAPS', 3))!.summary({ n: 3 })).toBe('caps 3');
    expect(PRESENTATIONS.get(capsFormat)).toBe(own);
    expect(() => registerPresentation({ ...own })).toThrow(expect.objectContaining({ code: 'name-taken' }));
    expect(() => registerPresentation({ format: { ...ifpFormat }, summary: () => '' })).toThrow(ArgumentError);
    expect(() => registerPresentation({ format: { ...ifpFormat }, summary: () => '' })).toThrow(
      expect.objectContaining({ code: 'bad-argument' }),
    );
  });
});
