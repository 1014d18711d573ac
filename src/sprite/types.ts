/** One sprite of the atlas: its id and rectangle in pixels. */
export interface Sprite {
  id: number;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One decoded instruction: where it is, when it runs, its opcode and arguments. */
export interface Instruction {
  /** Byte offset from the start of its script. */
  offset: number;
  /** Frame (at 60 per second) at which it runs. */
  time: number;
  opcode: number;
  name: string;
  /** Argument values in the spec's order (floats as read, bytes and ints as integers). */
  args: readonly number[];
}

/** One script of an ANIM file: its id, where it starts, and its instructions. */
export interface Script {
  id: number;
  /** File offset of the first instruction. */
  offset: number;
  /** Up to and including the first STOP. */
  instructions: Instruction[];
}

/** What `writeSpriteAnim` takes; a `SpriteAnimReader` is one. */
export interface SpriteAnimDoc {
  version?: number;
  width: number;
  height: number;
  texturePath: string | null;
  alphaPath: string | null;
  sprites: readonly Sprite[];
  scripts: ReadonlyArray<{
    id: number;
    /** `opcode` wins; otherwise `name` picks it. Offsets are laid out by the writer. */
    instructions: ReadonlyArray<{ time: number; opcode?: number; name?: string; args: readonly number[] }>;
  }>;
}

/**
 * How a JUMP's argument is read: a byte offset from the script start (the spec), or an instruction index (the reference engine, clamped).
 */
export type JumpMode = 'offset' | 'index';
