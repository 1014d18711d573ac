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
}

/** A chunk as the walker yields it: the layout's header fields, and where it lies. */
export type Chunk<Header extends ChunkHeader> = Header & {
  /** Offset of the header. */
  readonly at: number;
  /** Offset of the payload. */
  readonly data: number;
  /** One past the payload. */
  readonly end: number;
};

export interface ChunkLayout<Header extends ChunkHeader> {
  readonly headerBytes: number;
  /** What a header is called in messages ('chunk', 'section'). */
  readonly noun: string;
  /** The header at `at` (it is known to fit). */
  read(cursor: ByteCursor, at: number): Header;
  /** Throws the format's own errors for a chunk that fits but is wrong (a link back into itself). */
  check?(cursor: ByteCursor, header: Header, at: number): void;
  /** The chunk, named for a message. */
  label(header: Header): string;
}

/** The chunks from `start` to `end` of `cursor`, in order; `what` names the container for messages. */
export function* walkChunks<Header extends ChunkHeader>(cursor: ByteCursor, start: number, end: number, layout: ChunkLayout<Header>, what: string): Generator<Chunk<Header>> {
  for (let at = start; at < end; ) {
    if (end - at < layout.headerBytes) {
      throw cursor.error('truncated', at, `${what}: a ${layout.noun} header needs ${layout.headerBytes} bytes, ${end - at} remain`);
    }
    const header = layout.read(cursor, at);
    const data = at + layout.headerBytes;
    if (header.size > end - data) {
      throw cursor.error('truncated', at, `${what}: ${layout.label(header)} claims ${header.size} bytes, ${end - data} remain in its container`);
    }
    layout.check?.(cursor, header, at);
    yield { ...header, at, data, end: data + header.size };
    if (header.next === 0) return;
    at += header.next;
  }
}
