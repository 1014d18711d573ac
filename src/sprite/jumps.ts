import type { Instruction, JumpMode } from './types.js';

/**
 * Where each JUMP lands, resolved once per script. 'offset': the argument is a byte offset from the
 * script start (the reader has checked it lands on an instruction). 'index': an instruction index,
 * clamped to the last instruction, as the reference engine reads it.
 */
export class JumpTable {
  readonly #indexByOffset: Map<number, number>;

  constructor(
    private readonly instructions: readonly Instruction[],
    private readonly mode: JumpMode,
  ) {
    this.#indexByOffset = new Map(instructions.map((instruction, index) => [instruction.offset, index]));
  }

  /** The index of the instruction a JUMP with this argument lands on, or -1. */
  target(argument: number): number {
    if (this.mode === 'index') return Math.min(argument, this.instructions.length - 1);
    return this.#indexByOffset.get(argument) ?? -1;
  }
}
