import { fourCC } from '../core/names.js';
import { DecodeError, warning, type DecodeWarning } from '../core/errors.js';

/** The ILFF header: magic, total size, alignment, 0, content type. Chunks start after it. */
export const ILFF_HEADER = 20;
export const CHUNK_HEADER = 16;
export const ALIGNMENT = 4;
/** Filler the game's tools write in unused fields. */
export const FILLER = 0xab;

export interface IlffChunk {
  /** As stored (reversed: `DHNA` is "ANHD"). */
  id: string;
  /** Offset of the chunk header. */
  at: number;
  /** Offset of the payload. */
  data: number;
  size: number;
}

export interface IlffFile {
  contentType: string;
  chunks: IlffChunk[];
}

const fail = (code: 'truncated' | 'unknown-magic' | 'bad-chunk-link', offset: number, detail: string) => new DecodeError('ILFF', code, offset, detail);

/**
 * Walks an ILFF container (IGI 2's little-endian IFF): a 20-byte header, then chunks of a 16-byte
 * header (fourcc, payload length, alignment, offset to the next chunk, 0 for the last) and a payload.
 * A size field that disagrees with the file length is a warning.
 */
export function readIlff(input: Uint8Array, warnings: DecodeWarning[]): IlffFile {
  const view = new DataView(input.buffer, input.byteOffset, input.byteLength);
  if (input.length < ILFF_HEADER) throw fail(input.length >= 4 && fourCC(input, 0) !== 'ILFF' ? 'unknown-magic' : 'truncated', 0, `an ILFF header needs ${ILFF_HEADER} bytes, the input has ${input.length}`);
  const magic = fourCC(input, 0);
  if (magic !== 'ILFF') throw fail('unknown-magic', 0, `not an ILFF file: magic ${JSON.stringify(magic)}`);
  const declared = view.getUint32(4, true);
  if (declared !== input.length) warnings.push(warning('ILFF', 'size-mismatch', 4, `the header says the file has ${declared} bytes; it has ${input.length}`));
  const chunks: IlffChunk[] = [];
  let at = ILFF_HEADER;
  while (at < input.length) {
    if (input.length - at < CHUNK_HEADER) throw fail('truncated', at, `a chunk header needs ${CHUNK_HEADER} bytes, ${input.length - at} remain`);
    const size = view.getUint32(at + 4, true);
    const next = view.getUint32(at + 12, true);
    if (size > input.length - at - CHUNK_HEADER) throw fail('truncated', at, `chunk ${fourCC(input, at)} claims ${size} bytes, ${input.length - at - CHUNK_HEADER} remain`);
    chunks.push({ id: fourCC(input, at), at, data: at + CHUNK_HEADER, size });
    if (next === 0) break;
    if (next < CHUNK_HEADER + size) throw fail('bad-chunk-link', at + 12, `chunk ${fourCC(input, at)} links to ${next} bytes on, inside its own ${CHUNK_HEADER + size} bytes`);
    at += next;
  }
  return { contentType: fourCC(input, 16), chunks };
}
