// A binary FBX's arrays, walked before three.js's FBXLoader sees the bytes. The loader inflates every
// compressed array whole (fflate's unzlibSync), whatever length the array declares: 780 KB of deflate
// inflated to 768 MiB. Here every record is walked (a stack of the open records' ends, no recursion),
// the arrays' declared sizes are added up against a bound of the file's size, and every compressed
// array is inflated in small steps and refused as soon as it passes its declared size. What passes
// inflates, in the loader, to at most the bound.
import { Unzlib } from 'three/examples/jsm/libs/fflate.module.js';
import { ByteCursor } from '../../core/byte-cursor.js';
import { DecodeError } from '../../core/errors.js';
import './source-codes.js';

/** Arrays may inflate to this many times the file's size, plus 1 MiB (as `img extract` bounds an archive's entries). */
export const FBX_INFLATE_RATIO = 64;
const MAGIC = 'Kaydara FBX Binary  \0';
const ELEMENT_BYTES: Record<string, number> = { f: 4, d: 8, l: 8, i: 4, b: 1 };
const SCALAR_BYTES: Record<string, number> = { Y: 2, C: 1, I: 4, F: 4, D: 8, L: 8 };
/** Compressed bytes handed to the inflater at a time: one step inflates to at most about 1 MB (deflate's ratio is at most 1032). */
const STEP = 1024;

export interface FbxArrays {
  /** The bytes the arrays declare, inflated. */
  inflatedBytes: number;
  arrays: number;
}

/** Checks a binary FBX's arrays (a text FBX has none to inflate: `null`). */
export function checkFbxArrays(bytes: Uint8Array): FbxArrays | null {
  if (bytes.length < 27 || new TextDecoder('latin1').decode(bytes.subarray(0, 21)) !== MAGIC) return null;
  const cursor = new ByteCursor(bytes, 'FBX');
  const version = cursor.u32At(23, 'FBX version');
  const wide = version >= 7500;
  const headerBytes = wide ? 25 : 13;
  const limit = FBX_INFLATE_RATIO * bytes.length + (1 << 20);
  const u = (at: number) => (wide ? Number(cursor.u32At(at)) + 2 ** 32 * cursor.u32At(at + 4) : cursor.u32At(at));
  let inflatedBytes = 0;
  let arrays = 0;
  const ends: number[] = [];
  let at = 27;
  for (;;) {
    while (ends.length && at >= ends[ends.length - 1]!) ends.pop();
    if (at + headerBytes > bytes.length) {
      if (ends.length) throw new DecodeError('FBX', 'truncated', at, 'the file ends inside a node record');
      break; // a file without its closing null record: nothing more to walk
    }
    const end = u(at);
    const properties = u(at + (wide ? 8 : 4));
    const propertyBytes = u(at + (wide ? 16 : 8));
    const nameLength = cursor.u8At(at + (wide ? 24 : 12));
    if (end === 0) {
      if (!ends.length) break; // the top level's closing null record; the footer follows
      at += headerBytes;
      continue;
    }
    const start = at + headerBytes + nameLength;
    if (!(end > at && end <= (ends.length ? ends[ends.length - 1]! : bytes.length) && start + propertyBytes <= end))
      throw new DecodeError('FBX', 'truncated', at, `a node record ends at ${end}, outside the record or file that holds it`);
    let p = start;
    for (let n = 0; n < properties; n++) {
      if (p >= start + propertyBytes)
        throw new DecodeError('FBX', 'truncated', p, `a node record claims ${properties} properties; its ${propertyBytes} bytes hold ${n}`);
      const type = String.fromCharCode(cursor.u8At(p));
      p += 1;
      if (SCALAR_BYTES[type] !== undefined) p += SCALAR_BYTES[type]!;
      else if (type === 'S' || type === 'R') p += 4 + cursor.u32At(p, 'FBX string length');
      else if (ELEMENT_BYTES[type] !== undefined) {
        const length = cursor.u32At(p, 'FBX array length');
        const encoding = cursor.u32At(p + 4, 'FBX array encoding');
        const stored = cursor.u32At(p + 8, 'FBX array stored length');
        const declared = length * ELEMENT_BYTES[type]!;
        if (p + 12 + stored > start + propertyBytes)
          throw new DecodeError('FBX', 'truncated', p, `an array stores ${stored} bytes past its record's properties`);
        inflatedBytes += declared;
        arrays++;
        if (inflatedBytes > limit)
          throw new DecodeError(
            'FBX',
            'count-exceeds-data',
            p,
            `the arrays declare ${inflatedBytes} bytes inflated, more than ${FBX_INFLATE_RATIO} times the file's ${bytes.length} bytes (refused)`,
          );
        if (encoding === 1) checkInflated(bytes.subarray(p + 12, p + 12 + stored), declared, p);
        else if (stored < declared)
          throw new DecodeError('FBX', 'truncated', p, `an array of ${length} elements stores ${stored} bytes; it needs ${declared}`);
        p += 12 + stored;
      } else throw new DecodeError('FBX', 'unknown-section', p - 1, `a property of unknown type ${JSON.stringify(type)}`);
    }
    at = start + propertyBytes;
    // Nested records follow the properties, up to the record's end.
    if (at < end) ends.push(end);
    else at = end;
  }
  return { inflatedBytes, arrays };
}

/** Inflates `deflated` a step at a time, refusing it as soon as it passes `declared` bytes: memory stays a step's output. */
function checkInflated(deflated: Uint8Array, declared: number, at: number): void {
  let inflated = 0;
  const inflater = new Unzlib((chunk) => {
    inflated += chunk.length;
  });
  try {
    for (let i = 0; i < deflated.length; i += STEP) {
      inflater.push(deflated.subarray(i, i + STEP), i + STEP >= deflated.length);
      if (inflated > declared) break;
    }
  } catch (error) {
    throw new DecodeError('FBX', 'truncated', at, `an array's deflate data does not inflate: ${(error as Error).message}`);
  }
  if (inflated > declared)
    throw new DecodeError('FBX', 'count-exceeds-data', at, `an array declared as ${declared} bytes inflates past that (refused)`);
}
