import { ArgumentError } from '../core/errors.js';
import { kernelModule, resolveBackend, type Backend } from '../core/wasm-kernel.js';
import { ArenaDecoder, initialArenaBytes, withLoan } from '../core/arena-loans.js';
import type { IFPArenaLoan } from './decode-plan.js';
import { IFPBufferArena, IFPWasmArena } from './arena.js';
import { IFPReader, type IFPReaderOptions } from './reader.js';

export interface IFPDecoderOptions extends IFPReaderOptions {
  /** Bytes to reserve up front (the buffer grows when a decode needs more). Default 1 MiB. */
  initialBytes?: number;
}

/**
 * Decodes IFP files into memory it owns and reuses: for loaders that stream many files and want each
 * decode to cost the same, not to pay for fresh pages every time (a first touch has measured 2.4 to
 * 19 µs per 4 KiB page on the VMs we use; decoding SA's `ped.ifp` into fresh pages took up to 20 ms
 * instead of 1.2).
 *
 * The ownership rule:
 * - **Who writes.** Only the decoder. The arrays of the readers it returns are views of its memory
 *   (a WebAssembly.Memory on the wasm backends, which decode straight into it); do not write into
 *   them (a later decode would not see it, and after a reset another file does).
 * - **What a reset invalidates.** `reset()` takes back the whole memory at once: every reader and
 *   animation decoded before it, and every `allocateInput` buffer. The next decodes reuse it.
 * - **A reader kept after a reset** throws an Error the moment it, or one of its animations, is used
 *   (`packages`, `animations`, `getAnimation`, `bones`, `duration`, ...): never silent garbage.
 *   Typed arrays you took out of it before the reset are plain views: they then show whatever the
 *   decoder writes there next, or are empty (detached) once the decoder's memory has grown. `.slice()`
 *   what you need to keep.
 *
 * When a decode does not fit while readers are in use, a new, larger memory takes over; the readers
 * already made keep the old one alive until they are dropped (the memory only grows in place right
 * after a reset). `new IFPReader(bytes)` stays the default: it owns its memory.
 */
export class IFPDecoder extends ArenaDecoder<IFPWasmArena | IFPBufferArena> {
  readonly #options: IFPReaderOptions;

  constructor(options: IFPDecoderOptions = {}) {
    const { initialBytes, ...readerOptions } = options;
    super(newArena(resolveBackend(readerOptions.backend), initialArenaBytes('IFPDecoder', initialBytes)), 'IFPDecoder');
    this.#options = readerOptions;
  }

  /** A reader whose arrays live in this decoder's memory, valid until the next `reset()`. */
  decode(bytes: Uint8Array | ArrayBuffer): IFPReader {
    const check = this.guard.check();
    const arena = this.arena;
    return withLoan<IFPArenaLoan, IFPReader>(
      { allocate: (size) => arena.allocate(size), decodeAnp: (input) => arena.decodeAnp(input), check },
      () => new IFPReader(bytes, this.#options),
    );
  }

  /**
   * Room for `byteLength` input bytes in this decoder's memory, for reading a file straight into
   * (`fs.readSync(fd, decoder.allocateInput(size))`); `decode()` then reads it where it is, without
   * copying it first. It is freed by `reset()` like the readers. Only the decoder's reads touch it:
   * fill it before `decode()`, and do not change it after.
   */
  allocateInput(byteLength: number): Uint8Array {
    if (!(Number.isSafeInteger(byteLength) && byteLength >= 0))
      throw new ArgumentError('bad-argument', `IFPDecoder: allocateInput needs a whole number of bytes, got ${byteLength}`);
    return this.arena.allocate(byteLength);
  }
}

/** A wasm memory for the wasm backends (decodes land in it with no copy); plain buffers otherwise. */
function newArena(backend: Backend, initialBytes: number): IFPWasmArena | IFPBufferArena {
  if (backend !== 'js') {
    try {
      return new IFPWasmArena(kernelModule(backend)!, initialBytes);
    } catch (error) {
      if (!(error instanceof RangeError)) throw error; // the host refused the memory: plain buffers
    }
  }
  return new IFPBufferArena(initialBytes);
}
