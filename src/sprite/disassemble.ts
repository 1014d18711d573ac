import { EASING_NAMES } from './easing.js';
import { EASED, Op, OPCODES } from './opcodes.js';
import { JumpTable } from './jumps.js';
import type { Instruction, JumpMode } from './types.js';

/**
 * A readable listing of a script, one line per instruction: byte offset, time, name, named arguments,
 * and for each JUMP the instruction it lands on.
 *
 *   0000  t=0     SET_SPRITE id=1
 *   0008  t=20    JUMP target=0 -> 0000 (#0, t=0)
 */
export function disassemble(script: { instructions: readonly Instruction[] }, options: { jumpMode?: JumpMode } = {}): string {
  const { instructions } = script;
  const jumps = new JumpTable(instructions, options.jumpMode ?? 'offset');
  const hex = (n: number) => n.toString(16).padStart(4, '0');
  return instructions
    .map((instruction) => {
      const info = OPCODES[instruction.opcode]!;
      const args = info.args.map(([name], i) => {
        const value = instruction.args[i]!;
        const isMode = EASED.has(instruction.opcode) && i === info.args.length - 1;
        return `${name}=${isMode ? `${EASING_NAMES[value] ?? '?'}(${value})` : formatNumber(value)}`;
      });
      let line = `${hex(instruction.offset)}  t=${String(instruction.time).padEnd(5)} ${info.name}${args.length ? ` ${args.join(' ')}` : ''}`;
      if (instruction.opcode === Op['JUMP']) {
        const target = jumps.target(instruction.args[0]!);
        const landing = instructions[target];
        line += landing ? ` -> ${hex(landing.offset)} (#${target}, t=${landing.time})` : ' -> (no such instruction)';
      }
      return line;
    })
    .join('\n');
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Math.fround(value) === value ? Number(value.toPrecision(9)) : value);
}
