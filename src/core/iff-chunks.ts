import { ByteCursor } from './byte-cursor.js';
import { walkChunks, type ChunkHeader, type ChunkLayout } from './chunks.js';
import { DecodeError, type FormatName } from './errors.js';
import { readLatin1 } from './names.js';

/** One chunk of an EA IFF-85 container. */
export interface IFFChunk {
  id: string;
  /** Offset of the chunk header (its 4-byte id). */
  offset: number;
  /** Payload size, as stored (without the pad byte). */
  size: number;
  /** Offset of the payload. */
  dataOffset: number;
}

/** Container ids whose payload starts with a 4-byte type and holds more chunks. */
const GROUP_IDS = new Set(['FORM', 'LIST', 'CAT ', 'PROP']);

/** Whether the chunk is a container (`FORM`, `LIST`, `CAT `, `PROP`) whose payload holds more chunks. */
export function isGroup(chunk: IFFChunk): boolean {
  return GROUP_IDS.has(chunk.id);
}

const IFF_CHUNK: ChunkLayout<ChunkHeader & { id: string }> = {
  headerBytes: 8,
  noun: 'chunk',
  read(cursor, at) {
    const size = cursor.u32beAt(at + 4);
    return { id: cursor.latin1At(at, 4).padEnd(4, '\0'), size, next: 8 + size + (size & 1), at, data: at + 8, end: at + 8 + size };
  },
  label: ({ id }) => `${JSON.stringify(id)} chunk`,
};

/**
 * The chunks between `start` and `end`, in order: `id`, big-endian `u32 size`, payload, and one zero
 * pad byte after an odd payload. Every chunk is checked to fit before it is yielded; a chunk that
 * runs past `end` is a `DecodeError` at its header. A pad byte missing at the very end is tolerated.
 */
export function* iffChunks(bytes: Uint8Array, start: number, end: number, format: FormatName): Generator<IFFChunk> {
  for (const chunk of walkChunks(new ByteCursor(bytes, format), start, end, IFF_CHUNK, 'IFF container')) {
    yield { id: chunk.id, offset: chunk.at, size: chunk.size, dataOffset: chunk.data };
  }
}

/** The children of a FORM/LIST/CAT/PROP chunk: its type, and the chunks after it. */
export function groupContents(bytes: Uint8Array, group: IFFChunk, format: FormatName): { type: string; chunks: Generator<IFFChunk> } {
  if (group.size < 4) throw new DecodeError(format, 'truncated', group.offset, `${group.id} needs a 4-byte type, has ${group.size} bytes`);
  return {
    type: readLatin1(bytes, group.dataOffset, 4).padEnd(4, '\0'),
    chunks: iffChunks(bytes, group.dataOffset + 4, group.dataOffset + group.size, format),
  };
}

// The names before the one acronym rule (format names in capitals), kept for existing callers.
/** @deprecated Use `IFFChunk` (format names are written in capitals). */
export type IffChunk = IFFChunk;
