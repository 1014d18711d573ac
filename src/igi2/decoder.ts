import { ArenaDecoder, initialArenaBytes, withLoan } from '../core/arena-loans.js';
import { BufferArena } from '../core/wasm-memory.js';
import { IGI2ClipReader } from './clip-reader.js';
import type { IGI2ClipReaderOptions } from './types.js';

/** How an `IGI2Decoder` reads, and how much memory it reserves up front. */
export interface IGI2DecoderOptions extends IGI2ClipReaderOptions {
  /** Bytes to reserve up front (a larger buffer takes over when a decode needs more). Default 1 MiB. */
  initialBytes?: number;
}

/**
 * Decodes IGI 2 clips into one buffer it owns and reuses, as IFPDecoder does for IFP files, with the
 * same ownership rule: only the decoder writes; `reset()` takes back every clip decoded before it; a
 * clip kept after a reset throws when its `tracks` or `wrapKeys` are used. Key arrays taken out
 * before a reset are plain views that show what the decoder writes there next: `.slice()` them to
 * keep them. (A clip's parents, rest translations and attachments are its own, and stay valid.)
 *
 * It pays because a clip's keys are a few kilobytes in a fresh buffer each: on the seeded 254-clip
 * corpus, decoding into warm memory is about a quarter faster (bench/ANALYSIS.md).
 */
export class IGI2Decoder extends ArenaDecoder<BufferArena> {
  readonly #options: IGI2ClipReaderOptions;

  constructor(options: IGI2DecoderOptions = {}) {
    const { initialBytes, ...readerOptions } = options;
    super(new BufferArena(initialArenaBytes('IGI2Decoder', initialBytes)), 'IGI2Decoder');
    this.#options = readerOptions;
  }

  /** A clip whose key arrays live in this decoder's buffer, valid until the next `reset()`. */
  decode(bytes: Uint8Array | ArrayBuffer): IGI2ClipReader {
    const arena = this.arena;
    return withLoan(
      { allocate: (size) => arena.allocate(size), check: this.guard.check() },
      () => new IGI2ClipReader(bytes, this.#options),
    );
  }
}
