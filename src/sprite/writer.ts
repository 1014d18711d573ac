import { EncodeError } from '../core/errors.js';
import { ByteWriter } from '../core/byte-writer.js';
import { Op, OPCODES } from './opcodes.js';
import type { SpriteAnimDoc } from './types.js';

const HEADER_BYTES = 34;

/**
 * Builds an ANIM file: header, the two path strings, the sprite table, the script table, then each
 * script's bytecode in order. Instruction offsets are laid out here, so JUMP targets in 'offset' mode
 * must already be the byte offsets this layout gives (4 bytes plus the argument size per instruction).
 */
export function writeSpriteAnim(doc: SpriteAnimDoc): Uint8Array {
  const out = new ByteWriter();
  out.zeros(HEADER_BYTES);
  const string = (text: string | null): number => {
    if (text === null) return 0;
    if (text.includes('\0')) throw new EncodeError('ANIM', 'bad-name', `path ${JSON.stringify(text)} contains a NUL`);
    const at = out.length;
    out.fixedName(text, text.length + 1);
    return at;
  };
  const textureAt = string(doc.texturePath);
  const alphaAt = string(doc.alphaPath);

  const spriteTable = out.length;
  for (const sprite of doc.sprites) {
    out.i32(sprite.id);
    out.f32(sprite.x);
    out.f32(sprite.y);
    out.f32(sprite.width);
    out.f32(sprite.height);
  }
  const scriptTable = out.length;
  out.zeros(8 * doc.scripts.length); // entries patched as the scripts are laid out
  doc.scripts.forEach((script, index) => {
    const entry = scriptTable + 8 * index;
    const bytecodeAt = out.length;
    out.patchU32(entry, script.id >>> 0);
    out.patchU32(entry + 4, bytecodeAt);
    if (!script.instructions.some((i) => opcodeOf(i) === Op['STOP']))
      throw new EncodeError('ANIM', 'missing-stop', `script ${script.id} has no STOP`);
    for (const instruction of script.instructions) writeInstruction(out, instruction, script.id);
  });

  const header = new ByteWriter();
  header.tag('ANIM');
  header.u16(doc.version ?? 1);
  header.u32(doc.sprites.length);
  header.u32(doc.scripts.length);
  header.u16(doc.width);
  header.u16(doc.height);
  header.u32(spriteTable);
  header.u32(scriptTable);
  header.u32(textureAt);
  header.u32(alphaAt);
  const bytes = out.finish();
  bytes.set(header.finish(), 0);
  return bytes;
}

function opcodeOf(instruction: { opcode?: number; name?: string }): number {
  // Names come from callers at run time: look them up as strings, unknown ones are a RangeError below.
  const byName: Readonly<Record<string, number | undefined>> = Op;
  const opcode = instruction.opcode ?? (instruction.name === undefined ? undefined : byName[instruction.name]);
  if (opcode === undefined || !OPCODES[opcode])
    throw new EncodeError('ANIM', 'unknown-opcode', `unknown instruction ${JSON.stringify(instruction.name ?? instruction.opcode)}`);
  return opcode;
}

function writeInstruction(
  out: ByteWriter,
  instruction: { time: number; opcode?: number; name?: string; args: readonly number[] },
  scriptId: number,
): void {
  const opcode = opcodeOf(instruction);
  const info = OPCODES[opcode]!;
  if (instruction.args.length !== info.args.length) {
    throw new EncodeError(
      'ANIM',
      'bad-arg-size',
      `script ${scriptId}: ${info.name} takes ${info.args.length} arguments, got ${instruction.args.length}`,
    );
  }
  out.u16(instruction.time);
  out.u8(opcode);
  out.u8(info.size);
  info.args.forEach(([, type], i) => {
    const value = instruction.args[i]!;
    if (type === 'u8') out.u8(value);
    else if (type === 's32') out.i32(value);
    else if (type === 'u32') out.u32(value);
    else out.f32(value);
  });
}
