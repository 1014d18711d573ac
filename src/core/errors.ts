import type { Code, FormatName } from './codes.js';

export type { FormatName } from './codes.js';

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

  /** The same problem as a warning, for readers that go on past it in their lenient mode. */
  toWarning(): DecodeWarning {
    return { code: this.code, offset: this.offset, message: this.message };
  }
}

/**
 * The error a writer throws for data its format cannot store, before anything is written: a value
 * wider than its field on disk, a name the format cannot hold (a path in an entry name, a character
 * outside Latin-1), or data the format's own reader would refuse (then with that reader's code). The
 * message is one line naming the item and the field. A `RangeError` too, which the writers threw
 * before, so callers that catch API misuse catch it; `code` comes from the same table as `DecodeError`'s.
 */
export class EncodeError extends RangeError {
  override readonly name: string = 'EncodeError';
  constructor(
    readonly format: FormatName,
    readonly code: Code,
    readonly detail: string,
  ) {
    super(`${format}: ${detail}`);
  }
}

/**
 * An edit the library refuses because its result would not be a file the game loads as meant: two
 * animations the game cannot tell apart, a trim outside the clip, a speed of 0. Nothing is changed
 * when it is thrown. An `EncodeError`, so one catch takes every refusal to write.
 */
export class EditError extends EncodeError {
  override readonly name: string = 'EditError';
}

/**
 * API misuse: a call the library refuses before doing any work (a weight that is not finite, an
 * output buffer too small, a pose made for another skeleton, a reader used after its decoder was
 * reset). A `RangeError`, as the library's misuse errors have always been, with a `code` from the one
 * table (`bad-argument`, `size-mismatch`, `missing-data`, `released`, `out-of-memory`, ...). Not bad
 * input: a file the library cannot read is a `DecodeError`.
 */
export class ArgumentError extends RangeError {
  override readonly name = 'ArgumentError';
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

/**
 * An optional peer dependency (`@gltf-transform/core`, `three`, `fast-png`) that the call needs is not
 * installed. `peer` names the package to install; `code` is always `missing-peer`.
 */
export class MissingPeerError extends Error {
  override readonly name = 'MissingPeerError';
  readonly code = 'missing-peer' satisfies Code;
  constructor(
    readonly peer: string,
    /** What needed it, as the start of a sentence: "exporting textures". */
    readonly need: string,
    options?: { cause?: unknown },
  ) {
    super(`${need} needs ${peer}, an optional peer dependency: npm install ${peer}`, options);
  }
}

/**
 * A call the object's state does not allow: a reader or memory used after the decoder that lent it was
 * reset or released (`released`), a wasm backend asked for that this host lacks or before `ready`
 * (`backend-unavailable`). Not a `RangeError`: the library reads a `RangeError` from wasm memory as
 * the host refusing memory, and this is no such thing.
 */
export class StateError extends Error {
  override readonly name = 'StateError';
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

/** A bug in gameanim, never bad input: a debug kernel's assertion failed (`kernel-assertion`). */
export class InternalError extends Error {
  override readonly name = 'InternalError';
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
  }
}

/** The one way warnings are built: the message names the format and ends with the offset, as errors do. */
export function warning(format: FormatName, code: Code, offset: number, detail: string): DecodeWarning {
  return { code, offset, message: `${format}: ${detail} (at byte ${offset})` };
}
