import { fourCC } from '../core/names.js';
import { ByteCursor } from '../core/byte-cursor.js';
import { walkChunks, type ChunkHeader, type ChunkLayout } from '../core/chunks.js';
import { warning, type DecodeWarning } from '../core/errors.js';

/** The ILFF header: magic, total size, alignment, 0, content type. Chunks start after it. */
export const ILFF_HEADER = 20;
export const CHUNK_HEADER = 16;
export const ALIGNMENT = 4;
/** Filler the game's tools write in unused fields. */
export const FILLER = 0xab;

export interface ILFFChunk {
  /** As stored (reversed: `DHNA` is "ANHD"). */
  id: string;
  /** Offset of the chunk header. */
  at: number;
  /** Offset of the payload. */
  data: number;
  size: number;
}

export interface ILFFFile {
  contentType: string;
  chunks: ILFFChunk[];
}

const ILFF_CHUNK: ChunkLayout<ChunkHeader & { id: string }> = {
  headerBytes: CHUNK_HEADER,
  noun: 'chunk',
  read(cursor, at) {
    const size = cursor.u32At(at + 4);
    return { id: cursor.tagAt(at), size, next: cursor.u32At(at + 12), at, data: at + CHUNK_HEADER, end: at + CHUNK_HEADER + size };
  },
  check(cursor, { id, size, next, at }) {
    if (next !== 0 && next < CHUNK_HEADER + size)
      throw cursor.error('bad-chunk-link', at + 12, `chunk ${id} links to ${next} bytes on, inside its own ${CHUNK_HEADER + size} bytes`);
  },
  label: ({ id }) => `chunk ${id}`,
};

/**
 * Walks an ILFF container (IGI 2's little-endian IFF): a 20-byte header, then chunks of a 16-byte
 * header (fourcc, payload length, alignment, offset to the next chunk, 0 for the last) and a payload.
 * A size field that disagrees with the file length is a warning.
 */
export function readILFF(input: Uint8Array, warnings: DecodeWarning[]): ILFFFile {
  const cursor = new ByteCursor(input, 'ILFF');
  if (input.length < ILFF_HEADER)
    throw cursor.error(
      input.length >= 4 && fourCC(input, 0) !== 'ILFF' ? 'unknown-magic' : 'truncated',
      0,
      `an ILFF header needs ${ILFF_HEADER} bytes, the input has ${input.length}`,
    );
  const magic = fourCC(input, 0);
  if (magic !== 'ILFF') throw cursor.error('unknown-magic', 0, `not an ILFF file: magic ${JSON.stringify(magic)}`);
  const declared = cursor.u32At(4);
  if (declared !== input.length)
    warnings.push(warning('ILFF', 'size-mismatch', 4, `the header says the file has ${declared} bytes; it has ${input.length}`));
  const chunks: ILFFChunk[] = walkChunks(cursor, ILFF_HEADER, input.length, ILFF_CHUNK, 'ILFF file');
  return { contentType: fourCC(input, 16), chunks };
}
