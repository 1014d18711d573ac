// The registry is open: a format from outside the library (this file) is registered with one call,
// and from then on found by its magic or extension, opened, listed in FORMATS, and its codes in CODES.
import { describe, expect, it } from 'vitest';
import { ArgumentError, CODES, DecodeError, type FileFormat, FORMATS, findFormat, ifpFormat, openFile, register } from '../src/index.js';

const TOY_CODES = { 'toy-empty': 'a toy file with no values after its magic' } as const;

declare module '../src/core/codes.js' {
  interface FormatCodeTables {
    TOY: typeof TOY_CODES;
  }
}

/** A toy format: "TOY1", then bytes that are its values. */
const toyFormat: FileFormat<{ values: number[] }, 'TOY'> = {
  name: 'TOY',
  description: 'a toy format registered by a test',
  extensions: ['.toy'],
  codes: TOY_CODES,
  sniff: (bytes) => String.fromCharCode(...bytes.subarray(0, 4)) === 'TOY1',
  open: (bytes) => {
    if (bytes.length <= 4) throw new DecodeError('TOY', 'toy-empty', 4, 'no values after the magic');
    return { values: [...bytes.subarray(4)] };
  },
  warnings: () => [],
};

const toy = (...values: number[]) => new Uint8Array([...'TOY1'].map((c) => c.charCodeAt(0)).concat(values));

describe('register', () => {
  it('adds a format from outside: found by magic and extension, opened, listed, its codes in CODES', () => {
    const before = FORMATS.length;
    expect(findFormat(toy(1, 2))).toBeUndefined();
    expect(register(toyFormat)).toBe(toyFormat);
    expect(FORMATS.length).toBe(before + 1);
    expect(FORMATS.at(-1)).toBe(toyFormat);
    expect(findFormat(toy(1, 2))).toBe(toyFormat);
    expect(findFormat(new Uint8Array([0, 0, 0, 0]), 'level.TOY')).toBe(toyFormat);
    const opened = openFile(toy(7, 9), 'a.toy');
    expect(opened?.format).toBe(toyFormat);
    expect(opened?.reader).toEqual({ values: [7, 9] });
    expect(CODES['toy-empty']).toBe(TOY_CODES['toy-empty']);
    expect(() => openFile(toy(), 'a.toy')).toThrow(expect.objectContaining({ code: 'toy-empty', offset: 4 }));
    // The built-in formats come first: an IFP is still an IFP.
    expect(findFormat(new Uint8Array([...'ANP3'].map((c) => c.charCodeAt(0))))).toBe(ifpFormat);
  });

  it('refuses an entry already registered, or its name with other codes or the same description', () => {
    if (!FORMATS.includes(toyFormat)) register(toyFormat);
    expect(() => register(ifpFormat)).toThrow(ArgumentError);
    expect(() => register(toyFormat)).toThrow(expect.objectContaining({ code: 'name-taken' }));
    expect(() => register({ ...toyFormat, codes: { ...TOY_CODES }, description: 'another' })).toThrow(
      expect.objectContaining({ code: 'name-taken' }),
    );
    expect(() => register({ ...toyFormat, sniff: () => false })).toThrow(expect.objectContaining({ code: 'name-taken' }));
    expect(FORMATS.filter((format) => format.name === 'TOY')).toEqual([toyFormat]);
  });

  it('takes a second entry of a name that shares its codes, as the built-in IGI 2 clips and models share ILFF', () => {
    if (!FORMATS.includes(toyFormat)) register(toyFormat);
    expect(FORMATS.filter((format) => format.name === 'ILFF').map((format) => format.description)).toEqual([
      'IGI 2 retail animation clip (ILFF/MINA)',
      'IGI 2 retail model (ILFF/OCEM), read for its skeleton',
    ]);
    const sibling: FileFormat<{ values: number[] }, 'TOY'> = {
      ...toyFormat,
      description: 'a toy sibling, TOY2',
      sniff: (bytes) => String.fromCharCode(...bytes.subarray(0, 4)) === 'TOY2',
    };
    expect(register(sibling)).toBe(sibling);
    expect(findFormat(new Uint8Array([...'TOY2'].map((c) => c.charCodeAt(0))))).toBe(sibling);
  });
});
