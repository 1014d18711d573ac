import { inputBytes } from '../core/input.js';
import { ByteCursor } from '../core/byte-cursor.js';
import { warning, type DecodeWarning } from '../core/errors.js';
import { readLatin1 } from '../core/names.js';
import { EASING_MODES } from './easing.js';
import { EASED, Op, OPCODES } from './opcodes.js';
import type { Instruction, JumpMode, Script, Sprite } from './types.js';

/** How `SpriteAnimReader` reads: the engine version it expects, and how JUMP arguments are read. */
export interface SpriteAnimReaderOptions {
  /** The engine version files must declare. Default 1. */
  expectedVersion?: number;
  /** How JUMP arguments are read. Default 'offset', as the spec reads the format document. */
  jumpMode?: JumpMode;
}

const HEADER_BYTES = 34;
const SPRITE_BYTES = 20;
const SCRIPT_ENTRY_BYTES = 8;
const INSTRUCTION_HEADER = 4;
// Header fields that point at the two path strings.
const TEXTURE_FIELD = 0x1a;
const ALPHA_FIELD = 0x1e;
const OVERLAP_ALLOWANCE = 64 << 10;
// Instructions without arguments share one frozen list: a file of NOPs then costs one small object
// per instruction, not two.
const NO_ARGS: readonly number[] = Object.freeze([]);

/**
 * Reads an `ANIM` sprite-script file (docs/formats/anim.md): the sprite atlas and every
 * script, decoded and validated up front, so that running a script never meets a malformed
 * instruction.
 */
export class SpriteAnimReader {
  readonly version: number;
  readonly width: number;
  readonly height: number;
  readonly texturePath: string | null;
  readonly alphaPath: string | null;
  readonly sprites: Sprite[] = [];
  readonly scripts: Script[] = [];
  readonly warnings: DecodeWarning[] = [];
  readonly jumpMode: JumpMode;
  readonly #spriteById = new Map<number, Sprite>();
  readonly #scriptById = new Map<number, Script>();

  constructor(bytes: Uint8Array | ArrayBuffer, options: SpriteAnimReaderOptions = {}) {
    const input = inputBytes(bytes);
    const cursor = new ByteCursor(input, 'ANIM');
    this.jumpMode = options.jumpMode ?? 'offset';
    cursor.need(HEADER_BYTES, 'ANIM header');
    const magic = cursor.tag();
    if (magic !== 'ANIM') throw cursor.error('unknown-magic', 0, `not an ANIM file: magic ${JSON.stringify(magic)}`);
    this.version = cursor.u16();
    const expected = options.expectedVersion ?? 1;
    if (this.version !== expected)
      throw cursor.error('bad-version', 4, `version ${this.version}; this reader expects engine version ${expected}`);
    const spriteCount = cursor.u32();
    const scriptCount = cursor.u32();
    this.width = cursor.u16();
    this.height = cursor.u16();
    const spriteTable = cursor.u32();
    const scriptTable = cursor.u32();
    const textureAt = cursor.u32();
    const alphaAt = cursor.u32();
    this.texturePath = textureAt === 0 ? null : readString(cursor, textureAt, 'texture path', TEXTURE_FIELD);
    this.alphaPath = alphaAt === 0 ? null : readString(cursor, alphaAt, 'alpha path', ALPHA_FIELD);

    // `fieldAt`: the header field that points at the table, named when the table is not in the data.
    // Returns where the table starts, once it is known to fit.
    const table = (at: number, count: number, entryBytes: number, what: string, fieldAt: number): number => {
      if (at > input.length || count * entryBytes > input.length - at) {
        throw cursor.error(
          'table-overrun',
          at > input.length ? fieldAt : at,
          `${what} of ${count} entries (${count * entryBytes} bytes) at byte ${at} runs past the end (${input.length})`,
        );
      }
      return at;
    };
    const sprites = table(spriteTable, spriteCount, SPRITE_BYTES, 'sprite table', 0x12);
    for (let i = 0; i < spriteCount; i++) {
      const o = sprites + i * SPRITE_BYTES;
      const sprite = {
        id: cursor.i32At(o),
        x: cursor.f32At(o + 4),
        y: cursor.f32At(o + 8),
        width: cursor.f32At(o + 12),
        height: cursor.f32At(o + 16),
      };
      this.#register(this.#spriteById, sprite, o, 'sprite');
      this.sprites.push(sprite);
    }
    const scripts = table(scriptTable, scriptCount, SCRIPT_ENTRY_BYTES, 'script table', 0x16);
    // Entries that share an offset share one decoded script. Distinct offsets may still overlap (one
    // starting inside another), so all of them together may decode at most the file's size (plus a
    // small allowance) in instruction bytes: the work stays linear in the input, whatever the table says.
    const decoded = new Map<number, Instruction[]>();
    const budget = { bytes: input.length + OVERLAP_ALLOWANCE };
    for (let i = 0; i < scriptCount; i++) {
      const entryAt = scriptTable + i * SCRIPT_ENTRY_BYTES;
      const id = cursor.i32At(scripts + i * SCRIPT_ENTRY_BYTES);
      const offset = cursor.u32At(scripts + i * SCRIPT_ENTRY_BYTES + 4);
      let instructions = decoded.get(offset);
      if (!instructions) {
        instructions = decodeScript(cursor, id, offset, this.jumpMode, budget, entryAt);
        decoded.set(offset, instructions);
      }
      const script = { id, offset, instructions };
      this.#register(this.#scriptById, script, entryAt, 'script');
      this.scripts.push(script);
    }
  }

  /** The sprite with this id (the last one, when ids repeat). */
  getSprite(id: number): Sprite | undefined {
    return this.#spriteById.get(id);
  }

  /** The script with this id (the last one, when ids repeat). */
  getScript(id: number): Script | undefined {
    return this.#scriptById.get(id);
  }

  #register<T extends { id: number }>(index: Map<number, T>, item: T, at: number, what: 'sprite' | 'script'): void {
    if (index.has(item.id))
      this.warnings.push(warning('ANIM', `duplicate-${what}-id`, at, `${what} id ${item.id} appears again; the later entry wins`));
    index.set(item.id, item);
  }
}

/**
 * A NUL-terminated Latin-1 string that must end before the data does. An error names the header
 * field that points at it, since the string's own offset may lie outside the file.
 */
function readString(cursor: ByteCursor, at: number, what: string, fieldAt: number): string {
  const input = cursor.bytes;
  const end = at < input.length ? input.indexOf(0, at) : -1;
  if (end < 0)
    throw cursor.error(
      'string-overrun',
      fieldAt,
      `${what} at byte ${at} (the header field at byte ${fieldAt} points there) has no NUL before the end of the data`,
    );
  return readLatin1(input, at, end - at);
}

/** One fixed shape for every decoded instruction: files of millions of them stay compact. */
class DecodedInstruction implements Instruction {
  constructor(
    public offset: number,
    public time: number,
    public opcode: number,
    public name: string,
    public args: readonly number[],
  ) {}
}

/**
 * One shared, frozen array per value of a single-byte argument (SET_ALPHA, SET_VISIBILITY, ...): the commonest small instructions keep no
 * array of their own.
 */
const SINGLE_BYTE_ARGS: readonly (readonly number[])[] = Array.from({ length: 256 }, (_, value) => Object.freeze([value]));

/**
 * An instruction's arguments in an array of exactly their number (an array grown by `push` reserves
 * 17 slots: 51 bytes kept per input byte for a file of SET_ALPHAs, against 13 now).
 */
function argumentsOf(info: (typeof OPCODES)[number], cursor: ByteCursor, at: number): readonly number[] {
  const input = cursor.bytes;
  const types = info.args;
  if (types.length === 0) return NO_ARGS;
  if (types.length === 1 && types[0]![1] === 'u8') return SINGLE_BYTE_ARGS[input[at]!]!;
  const args = new Array<number>(types.length);
  types.forEach(([, type], i) => {
    if (type === 'u8') args[i] = input[at++]!;
    else {
      args[i] = type === 's32' ? cursor.i32At(at) : type === 'u32' ? cursor.u32At(at) : cursor.f32At(at);
      at += 4;
    }
  });
  return args;
}

const where = (id: number, at: number) => `script ${id}, instruction at byte ${at} of the script`;

/**
 * Instructions from `offset` up to and including the first STOP, each checked against the instruction
 * set. Decoding takes instruction bytes from `budget`, shared by all scripts of the file.
 */
function decodeScript(
  cursor: ByteCursor,
  id: number,
  offset: number,
  jumpMode: JumpMode,
  budget: { bytes: number },
  entryAt: number,
): Instruction[] {
  const input = cursor.bytes;
  const instructions: Instruction[] = [];
  let at = offset;
  for (;;) {
    if (budget.bytes < INSTRUCTION_HEADER) {
      throw cursor.error(
        'overlapping-scripts',
        entryAt,
        `script ${id} (table entry at byte ${entryAt}) overlaps other scripts so much that decoding it would read more instruction bytes than the file holds`,
      );
    }
    if (at > input.length || input.length - at < INSTRUCTION_HEADER) {
      throw cursor.error('missing-stop', Math.min(at, input.length), `${where(id, at - offset)}: the data ends before a STOP`);
    }
    const time = cursor.u16At(at);
    const opcode = input[at + 2]!;
    const size = input[at + 3]!;
    const info = OPCODES[opcode];
    if (!info) throw cursor.error('unknown-opcode', at, `${where(id, at - offset)}: unknown opcode ${opcode}`);
    if (size !== info.size)
      throw cursor.error(
        'bad-arg-size',
        at,
        `${where(id, at - offset)}: ${info.name} (opcode ${opcode}) has ${size} argument bytes; it takes ${info.size}`,
      );
    if (input.length - at - INSTRUCTION_HEADER < size)
      throw cursor.error('missing-stop', at, `${where(id, at - offset)}: ${info.name} (opcode ${opcode}) runs past the end of the data`);
    budget.bytes -= INSTRUCTION_HEADER + size;
    const args = argumentsOf(info, cursor, at + INSTRUCTION_HEADER);
    if (EASED.has(opcode) && !(args[args.length - 1]! < EASING_MODES)) {
      throw cursor.error(
        'bad-easing',
        at,
        `${where(id, at - offset)}: ${info.name} (opcode ${opcode}) uses easing mode ${args[args.length - 1]}; modes are 0 to ${EASING_MODES - 1}`,
      );
    }
    instructions.push(new DecodedInstruction(at - offset, time, opcode, info.name, args));
    at += INSTRUCTION_HEADER + size;
    if (opcode === Op['STOP']) break;
  }
  if (jumpMode === 'offset') checkJumps(cursor, instructions, id, offset);
  return instructions;
}

function checkJumps(cursor: ByteCursor, instructions: Instruction[], id: number, scriptAt: number): void {
  for (const instruction of instructions) {
    if (instruction.opcode === Op['JUMP'] && !startsAt(instructions, instruction.args[0]!)) {
      throw cursor.error(
        'bad-jump',
        scriptAt + instruction.offset,
        `script ${id}, instruction at byte ${instruction.offset} of the script: JUMP (opcode ${Op['JUMP']}) to byte ${instruction.args[0]}, which is not the start of an instruction of this script`,
      );
    }
  }
}

/** Whether an instruction starts at `offset`: a binary search, since offsets increase (no set per script). */
function startsAt(instructions: readonly Instruction[], offset: number): boolean {
  let low = 0;
  let high = instructions.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const at = instructions[middle]!.offset;
    if (at === offset) return true;
    if (at < offset) low = middle + 1;
    else high = middle - 1;
  }
  return false;
}
