/** Argument encodings in ANIM bytecode (little-endian, packed). */
export type ArgType = 's32' | 'u32' | 'f32' | 'u8';

/** One instruction of the script language: its name, its arguments with their encodings, and their size in bytes. */
export interface OpcodeInfo<Name extends string = string> {
  name: Name;
  /** Argument names and encodings, in file order. */
  args: ReadonlyArray<readonly [name: string, type: ArgType]>;
  /** Argument bytes: what an instruction's `size` must equal. */
  size: number;
}

const ARG_BYTES: Record<ArgType, number> = { s32: 4, u32: 4, f32: 4, u8: 1 };

function op<const Name extends string>(name: Name, ...args: Array<readonly [string, ArgType]>): OpcodeInfo<Name> {
  return { name, args, size: args.reduce((n, [, type]) => n + ARG_BYTES[type], 0) };
}

const xyz = [
  ['x', 'f32'],
  ['y', 'f32'],
  ['z', 'f32'],
] as const;
const xy = [
  ['x', 'f32'],
  ['y', 'f32'],
] as const;
const timed = [
  ['duration', 'u32'],
  ['mode', 'u8'],
] as const;

/** The instruction set of engine version 1, indexed by opcode (docs/formats/anim.md). */
const TABLE = [
  op('NOP'),
  op('SET_SPRITE', ['id', 's32']),
  op('SET_RANDOM_SPRITE', ['min', 's32'], ['amp', 's32']),
  op('SET_OFFSET', ...xyz),
  op('SET_SCALE', ...xy),
  op('SET_ROTATION', ...xyz),
  op('SET_COLOR', ['r', 'u8'], ['g', 'u8'], ['b', 'u8']),
  op('SET_ALPHA', ['a', 'u8']),
  op('SET_VISIBILITY', ['visible', 'u8']),
  op('SET_BLEND_MODE', ['mode', 'u8']),
  op('SCROLL_TEXTURE_X', ['dx', 'f32']),
  op('SCROLL_TEXTURE_Y', ['dy', 'f32']),
  op('FLIP_X'),
  op('FLIP_Y'),
  op('ANCHOR_TOP_LEFT'),
  op('SET_OFFSET_SPEED', ...xyz),
  op('SET_SCALE_SPEED', ...xy),
  op('SET_ROTATION_SPEED', ...xyz),
  op('Z_WRITE_DISABLE', ['flag', 'u8']),
  op('STOP'),
  op('PAUSE'),
  op('JUMP', ['target', 'u32']),
  op('FADE', ['alpha', 'u32'], ...timed),
  op('MOVE_TO', ...xyz, ...timed),
  op('ROTATE_TO', ...xyz, ...timed),
  op('SCALE_TO', ...xy, ...timed),
  op('INTERRUPT_LABEL', ['label', 's32']),
] as const;

/** Every instruction of the ANIM script language, by opcode: its name, arguments and size. */
export const OPCODES: readonly OpcodeInfo[] = TABLE;

/** Opcode names as the table spells them. */
export type OpName = (typeof TABLE)[number]['name'];

/** Opcode numbers by name, typed from the table: `Op.STOP` is 19, and a misspelt name does not compile. */
export const Op = Object.freeze(Object.fromEntries(TABLE.map((info, code) => [info.name, code]))) as { readonly [Name in OpName]: number };

/** Opcodes whose last argument is an easing mode. */
export const EASED = new Set([Op['FADE'], Op['MOVE_TO'], Op['ROTATE_TO'], Op['SCALE_TO']]);
