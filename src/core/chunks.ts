// One walker for the chunked containers the formats share a shape with: EA IFF-85 (FORM/ANM2),
// IGI 2's ILFF and RenderWare sections. Each is a run of [header | payload] records; a layout says
// how big a header is, what it holds and where the next record starts. The walker checks that every
// header and payload fits its container before it yields the chunk.
import type { ByteCursor } from './byte-cursor.js';

export interface ChunkHeader {
  /** Payload bytes, as stored. */
  readonly size: number;
  /** Bytes from this chunk's header to the next one's; 0 when this chunk is the last. */
  readonly next: number;
  /** Offset of the header. */
  readonly at: number;
  /** Offset of the payload. */
  readonly data: number;
  /** One past the payload. */
  readonly end: number;
}

export interface ChunkLayout<Chunk extends ChunkHeader> {
  readonly headerBytes: number;
  /** What a header is called in messages ('chunk', 'section'). */
  readonly noun: string;
  /** The chunk whose header is at `at` (the header is known to fit; its payload is checked after). */
  read(cursor: ByteCursor, at: number): Chunk;
  /** Throws the format's own errors for a chunk that fits but is wrong (a link back into itself). */
  check?(cursor: ByteCursor, chunk: Chunk): void;
  /** The chunk, named for a message. */
  label(chunk: Chunk): string;
}

/**
 * The chunks from `start` to `end` of `cursor`, in order; `what` names the container for messages.
 * An array, not a generator: walks run per file on hot paths (IGI 2 clips are read by the thousand),
 * and a plain loop with one object per chunk is several times cheaper.
 */
export function walkChunks<Chunk extends ChunkHeader>(
  cursor: ByteCursor,
  start: number,
  end: number,
  layout: ChunkLayout<Chunk>,
  what: string,
): Chunk[] {
  const chunks: Chunk[] = [];
  for (let at = start; at < end; ) {
    if (end - at < layout.headerBytes) {
      throw cursor.error('truncated', at, `${what}: a ${layout.noun} header needs ${layout.headerBytes} bytes, ${end - at} remain`);
    }
    const chunk = layout.read(cursor, at);
    if (chunk.size > end - chunk.data) {
      throw cursor.error(
        'truncated',
        at,
        `${what}: ${layout.label(chunk)} claims ${chunk.size} bytes, ${end - chunk.data} remain in its container`,
      );
    }
    layout.check?.(cursor, chunk);
    chunks.push(chunk);
    if (chunk.next === 0) break;
    at += chunk.next;
  }
  return chunks;
}
