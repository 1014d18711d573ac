import { describe, expect, it } from 'vitest';
import { DecodeError, disassemble, Op, SpriteAnimReader, writeSpriteAnim, type SpriteAnimDoc } from '../../src/index.js';
import * as specs from '../../scripts/fixture-specs.mjs';
import { decodeErrorOf } from '../helpers/errors.js';
import { fixture } from '../helpers/files.js';

const doc = (instructions: SpriteAnimDoc['scripts'][number]['instructions'], extra: Partial<SpriteAnimDoc> = {}): SpriteAnimDoc => ({
  width: 16,
  height: 16,
  texturePath: null,
  alphaPath: null,
  sprites: [],
  scripts: [{ id: 3, instructions }],
  ...extra,
});

/** Offset of the first instruction in a one-script file with no paths and no sprites: header + one table entry. */
const SCRIPT_AT = 34 + 8;

describe('SpriteAnimReader', () => {
  it('reads the header, paths, sprite table and scripts', () => {
    const reader = new SpriteAnimReader(fixture('sprites-all-opcodes.anim'));
    expect([reader.version, reader.width, reader.height, reader.texturePath, reader.alphaPath]).toEqual([
      1,
      256,
      128,
      'data/sprites/bullets.png',
      'data/sprites/bullets_a.png',
    ]);
    expect(reader.sprites).toHaveLength(5);
    expect(reader.getSprite(4)).toEqual({ id: 4, x: 0, y: 32, width: 32, height: 32 });
    expect(reader.scripts.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(reader.getScript(4)!.instructions).toEqual([
      { offset: 0, time: 0, opcode: 1, name: 'SET_SPRITE', args: [2] },
      { offset: 8, time: 0, opcode: 3, name: 'SET_OFFSET', args: [0, 0, 0] },
      { offset: 24, time: 0, opcode: 23, name: 'MOVE_TO', args: [100, 50, 0, 30, 0] },
      { offset: 45, time: 60, opcode: 19, name: 'STOP', args: [] },
    ]);
    const opcodes = new Set(reader.scripts.flatMap((s) => s.instructions.map((i) => i.opcode)));
    expect([...opcodes].sort((a, b) => a - b)).toEqual(Array.from({ length: 27 }, (_, k) => k));
    expect(reader.warnings).toEqual([]);
  });

  it('gives null paths when their offsets are 0', () => {
    const reader = new SpriteAnimReader(fixture('sprites-no-paths.anim'));
    expect([reader.texturePath, reader.alphaPath]).toEqual([null, null]);
    expect(reader.getScript(0)!.instructions.map((i) => i.name)).toEqual(['SET_SPRITE', 'STOP']);
  });

  it('round-trips reader -> writer -> reader exactly, byte for byte for the fixtures', () => {
    for (const name of ['sprites-all-opcodes.anim', 'sprites-no-paths.anim']) {
      const bytes = fixture(name);
      const reader = new SpriteAnimReader(bytes);
      const again = writeSpriteAnim(reader);
      expect(Buffer.from(again).equals(Buffer.from(bytes)), name).toBe(true);
      const second = new SpriteAnimReader(again);
      expect(second.scripts).toEqual(reader.scripts);
      expect(second.sprites).toEqual(reader.sprites);
    }
  });

  it('warns about duplicate ids and lets the later entry win', () => {
    const bytes = writeSpriteAnim(
      doc([{ time: 0, name: 'STOP', args: [] }], {
        sprites: [
          { id: 1, x: 0, y: 0, width: 1, height: 1 },
          { id: 1, x: 5, y: 0, width: 1, height: 1 },
        ],
        scripts: [
          { id: 3, instructions: [{ time: 0, name: 'STOP', args: [] }] },
          { id: 3, instructions: [{ time: 9, name: 'STOP', args: [] }] },
        ],
      }),
    );
    const reader = new SpriteAnimReader(bytes);
    expect(reader.getSprite(1)!.x).toBe(5);
    expect(reader.getScript(3)!.instructions[0]!.time).toBe(9);
    expect(reader.warnings.map((w) => [w.code, w.offset])).toEqual([
      ['duplicate-sprite-id', 34 + 20],
      ['duplicate-script-id', 34 + 40 + 8],
    ]);
  });

  it('disassembles one line per instruction, with named arguments and jump targets', () => {
    const reader = new SpriteAnimReader(fixture('sprites-all-opcodes.anim'));
    expect(disassemble(reader.getScript(6)!)).toBe(
      [
        '0000  t=0     SET_SPRITE id=1',
        '0008  t=10    SET_SPRITE id=2',
        '0010  t=20    JUMP target=0 -> 0000 (#0, t=0)',
        '0018  t=30    STOP',
      ].join('\n'),
    );
    expect(disassemble(reader.getScript(1)!).split('\n')[20]).toBe('00b4  t=10    MOVE_TO x=10 y=20 z=0 duration=30 mode=quad-in(4)');
    expect(disassemble(reader.getScript(1)!, { jumpMode: 'index' }).split('\n')[23]).toBe(
      '00ef  t=40    JUMP target=247 -> 0103 (#26, t=50)',
    );
  });
});

describe('SpriteAnimReader errors (format ANIM: script id, byte offset, opcode)', () => {
  it('rejects a bad magic and a version other than the expected one', () => {
    const bytes = fixture('sprites-no-paths.anim');
    expect(decodeErrorOf(() => new SpriteAnimReader(Uint8Array.from('ANIX', (c) => c.charCodeAt(0))))).toMatchObject({ code: 'truncated' });
    const wrong = bytes.slice();
    wrong[3] = 0x58;
    expect(decodeErrorOf(() => new SpriteAnimReader(wrong))).toMatchObject({ format: 'ANIM', code: 'unknown-magic', offset: 0 });
    expect(decodeErrorOf(() => new SpriteAnimReader(bytes, { expectedVersion: 2 }))).toMatchObject({ code: 'bad-version', offset: 4 });
    const v2 = writeSpriteAnim({ ...specs.spritesNoPaths, version: 2 });
    expect(new SpriteAnimReader(v2, { expectedVersion: 2 }).version).toBe(2);
  });

  it('rejects tables and strings that run past the data', () => {
    const bytes = fixture('sprites-all-opcodes.anim');
    const huge = bytes.slice();
    new DataView(huge.buffer).setUint32(6, 0x10000000, true); // sprite count
    expect(decodeErrorOf(() => new SpriteAnimReader(huge))).toMatchObject({ code: 'table-overrun' });
    const far = bytes.slice();
    new DataView(far.buffer).setUint32(0x16, 0xfffffff0, true); // script table offset
    expect(decodeErrorOf(() => new SpriteAnimReader(far))).toMatchObject({ code: 'table-overrun', offset: 0x16 });
    const path = writeSpriteAnim({ ...specs.spritesNoPaths, texturePath: 'a.png' });
    // The error names the header field that points at the string, not the string's own offset.
    expect(decodeErrorOf(() => new SpriteAnimReader(path.subarray(0, 37)))).toMatchObject({ code: 'string-overrun', offset: 0x1a });
    const wild = path.slice();
    new DataView(wild.buffer).setUint32(0x1a, 0xffffff00, true);
    expect(decodeErrorOf(() => new SpriteAnimReader(wild))).toMatchObject({ code: 'string-overrun', offset: 0x1a });
  });

  it('names the script, the offset and the opcode of a bad instruction', () => {
    const bytes = writeSpriteAnim(
      doc([
        { time: 0, name: 'NOP', args: [] },
        { time: 0, name: 'STOP', args: [] },
      ]),
    );
    const unknown = bytes.slice();
    unknown[SCRIPT_AT + 4 + 2] = 99;
    const e = decodeErrorOf(() => new SpriteAnimReader(unknown));
    expect(e).toMatchObject({ code: 'unknown-opcode', offset: SCRIPT_AT + 4 });
    expect(e.message).toMatch(/script 3, instruction at byte 4 of the script: unknown opcode 99/);
    const size = bytes.slice();
    size[SCRIPT_AT + 3] = 2;
    expect(decodeErrorOf(() => new SpriteAnimReader(size)).message).toMatch(
      /script 3, instruction at byte 0 of the script: NOP \(opcode 0\) has 2 argument bytes; it takes 0/,
    );
  });

  it('rejects a script with no STOP before the end of the data', () => {
    const bytes = writeSpriteAnim(
      doc([
        { time: 0, name: 'SET_SPRITE', args: [1] },
        { time: 0, name: 'STOP', args: [] },
      ]),
    );
    expect(decodeErrorOf(() => new SpriteAnimReader(bytes.subarray(0, bytes.length - 4)))).toMatchObject({ code: 'missing-stop' });
    expect(decodeErrorOf(() => new SpriteAnimReader(bytes.subarray(0, bytes.length - 6)))).toMatchObject({
      code: 'missing-stop',
      offset: SCRIPT_AT,
    });
  });

  it('rejects a JUMP that does not land on an instruction (offset mode), and clamps it in index mode', () => {
    const bytes = writeSpriteAnim(
      doc([
        { time: 0, name: 'NOP', args: [] },
        { time: 0, name: 'JUMP', args: [2] },
        { time: 1, name: 'STOP', args: [] },
      ]),
    );
    const e = decodeErrorOf(() => new SpriteAnimReader(bytes));
    expect(e).toMatchObject({ code: 'bad-jump', offset: SCRIPT_AT + 4 });
    expect(e.message).toMatch(/script 3, instruction at byte 4 of the script: JUMP \(opcode 21\) to byte 2/);
    const reader = new SpriteAnimReader(bytes, { jumpMode: 'index' });
    expect(disassemble(reader.getScript(3)!, { jumpMode: 'index' }).split('\n')[1]).toBe('0004  t=0     JUMP target=2 -> 000c (#2, t=1)');
  });

  it('rejects an unknown easing mode when the script is decoded', () => {
    const bytes = writeSpriteAnim(
      doc([
        { time: 0, name: 'FADE', args: [0, 10, 31] },
        { time: 0, name: 'STOP', args: [] },
      ]),
    );
    const e = decodeErrorOf(() => new SpriteAnimReader(bytes));
    expect(e).toMatchObject({ code: 'bad-easing', offset: SCRIPT_AT });
    expect(e.message).toMatch(/FADE \(opcode 22\) uses easing mode 31/);
  });

  it('fails with a DecodeError at every truncation of the fixtures', () => {
    for (const name of ['sprites-all-opcodes.anim', 'sprites-no-paths.anim']) {
      const bytes = fixture(name);
      for (let length = 0; length < bytes.length; length++) {
        expect(() => new SpriteAnimReader(bytes.subarray(0, length)), `${name} cut at ${length}`).toThrow(DecodeError);
      }
    }
  });
});

describe('Op', () => {
  it('is typed from the opcode table: a misspelt name does not compile, and the values are the opcodes', () => {
    // @ts-expect-error 'JUPM' is not an opcode name
    expect(Op['JUPM']).toBeUndefined();
    expect(Op.JUMP).toBe(21);
    expect(Object.isFrozen(Op)).toBe(true);
  });
});
