import { IFPReader, type IFPReaderOptions } from './reader.js';

export interface IFPDecoderOptions extends IFPReaderOptions {
  /** Bytes to reserve up front (the buffer grows when a decode needs more). Default 1 MiB. */
  initialBytes?: number;
}

const ALIGN = 16;

/**
 * Decodes IFP files into memory it owns and reuses: for loaders that stream many files and want each
 * decode to cost the same, not to pay for fresh pages every time (a first touch has measured 2.4 to
 * 19 µs per 4 KiB page on the VMs we use; decoding SA's `ped.ifp` into fresh pages took up to 20 ms
 * instead of 1.2).
 *
 * The ownership rule:
 * - **Who writes.** Only the decoder. The arrays of the readers it returns are views of its buffer;
 *   do not write into them (a later decode would not see it, and after a reset another file does).
 * - **What a reset invalidates.** `reset()` takes back the whole buffer at once: every reader and
 *   animation decoded before it. Their memory is reused by the next decodes.
 * - **A reader kept after a reset** throws an Error the moment it, or one of its animations, is used
 *   (`packages`, `animations`, `getAnimation`, `bones`, `duration`, ...): never silent garbage.
 *   Typed arrays you took out of it before the reset are plain views: they then show whatever the
 *   decoder writes there next. `.slice()` what you need to keep.
 *
 * When a decode does not fit, a larger buffer replaces the current one; readers already made keep the
 * old one alive until the next reset. `new IFPReader(bytes)` stays the default: it owns its memory.
 */
export class IFPDecoder {
  readonly #options: IFPReaderOptions;
  #buffer: ArrayBuffer;
  #used = 0;
  #generation = 0;

  constructor(options: IFPDecoderOptions = {}) {
    const { initialBytes = 1 << 20, ...readerOptions } = options;
    if (!(Number.isSafeInteger(initialBytes) && initialBytes >= 0)) throw new RangeError(`IFPDecoder: initialBytes must be a whole number of bytes, got ${initialBytes}`);
    this.#options = readerOptions;
    this.#buffer = new ArrayBuffer(initialBytes);
  }

  /** A reader whose arrays live in this decoder's buffer, valid until the next `reset()`. */
  decode(bytes: Uint8Array | ArrayBuffer): IFPReader {
    const generation = this.#generation;
    const check = () => {
      if (generation !== this.#generation) throw new Error('IFPDecoder: this reader was decoded before decoder.reset(), which took its memory back; decode the file again');
    };
    return new IFPReader(bytes, this.#options, { allocate: (size) => this.#allocate(size), check });
  }

  /** Frees every reader decoded so far, at once; the buffer (its largest size) is kept for the next decodes. */
  reset(): void {
    this.#generation++;
    this.#used = 0;
  }

  /** Bytes in use since the last reset, and the buffer's size. */
  get usedBytes(): number {
    return this.#used;
  }

  get capacityBytes(): number {
    return this.#buffer.byteLength;
  }

  #allocate(size: number): Uint8Array {
    const start = this.#used;
    if (start + size > this.#buffer.byteLength) {
      // Readers decoded into the old buffer keep it alive; new ones go into a larger one.
      this.#buffer = new ArrayBuffer(Math.max(2 * this.#buffer.byteLength, size + ALIGN));
      this.#used = 0;
      return this.#allocate(size);
    }
    this.#used = start + Math.ceil(size / ALIGN) * ALIGN;
    return new Uint8Array(this.#buffer, start, size);
  }
}
