import type { Code } from './codes.js';

/** The file formats this library reads; every error and warning names one. */
export type FormatName = 'IFP' | 'IMG' | 'IFF' | 'ANIM' | 'DFF' | 'ILFF' | 'CAM' | 'TXD' | 'GLTF';

/** Something the reader noticed and tolerated. Readers collect these; nothing goes to the console. */
export interface DecodeWarning {
  /** From the one table of codes, `CODES`. */
  code: Code;
  /** Byte offset in the input where the problem is. */
  offset: number;
  message: string;
}

/**
 * The only error type a reader throws for bad input. `code` is stable and machine-readable;
 * `offset` is the byte offset in the input where decoding failed.
 */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';
  constructor(
    readonly format: FormatName,
    readonly code: Code,
    readonly offset: number,
    readonly detail: string,
  ) {
    super(`${format}: ${detail} (at byte ${offset})`);
  }

  toWarning(): DecodeWarning {
    return { code: this.code, offset: this.offset, message: this.message };
  }
}

/**
 * An edit the library refuses because its result would not be a file the game loads as meant (two
 * animations the game cannot tell apart, a name the format cannot store, a trim outside the clip).
 * Nothing is changed when it is thrown.
 */
export class EditError extends Error {
  override readonly name = 'EditError';
  constructor(
    readonly format: FormatName,
    readonly code: Code,
    readonly detail: string,
  ) {
    super(`${format}: ${detail}`);
  }
}

/** The one way warnings are built: the message names the format and ends with the offset, as errors do. */
export function warning(format: FormatName, code: Code, offset: number, detail: string): DecodeWarning {
  return { code, offset, message: `${format}: ${detail} (at byte ${offset})` };
}
