// Walks the headers of a file made only of well-formed ANP3/ANP2 packages and writes the track table
// that decodeTracks consumes, plus each bone name's 24 bytes and the package/animation records.
// Given an output address, it also decodes each track as soon as its header is read: the frames
// follow the header, so they are read while still in cache (a second pass over the table would
// come back to every header cold).
//
// This is the fast path only. Anything out of the ordinary (ANPK, a bad count or frame type, a
// truncated header, a frameDataSize that disagrees) returns FALLBACK, and the TypeScript scan
// (src/ifp/scan.ts) handles the whole file with its exact errors and warnings. The rows written here
// must equal that scan's rows field for field; a test compares them on every fixture and sample.

const MAGIC_ANP3: u32 = 0x33504e41; // "ANP3" little-endian
const MAGIC_ANP2: u32 = 0x32504e41;
const FALLBACK: i32 = -1;

// The rows, records and results are laid out by src/core/wasm-layout.ts, which the shell reads with.
import {
  ROW_BYTES, ROW_KIND, ROW_FRAME_COUNT, ROW_SOURCE, ROW_TIMES, ROW_ROTATIONS, ROW_TRANSLATIONS, ROW_SCALES, ROW_BONE_ID,
  KIND_ANP_FLOAT_ROT, KIND_ANP_FLOAT_ROT_TRANS, KIND_ANP_INT16_ROT, KIND_ANP_INT16_ROT_TRANS,
  FRAME_BYTES_ANP_FLOAT_ROT, FRAME_BYTES_ANP_FLOAT_ROT_TRANS, FRAME_BYTES_ANP_INT16_ROT, FRAME_BYTES_ANP_INT16_ROT_TRANS,
  PACKED_NAME_BYTES, ANIMATION_RECORD_FIELDS, PACKAGE_RECORD_FIELDS,
} from '../src/core/wasm-layout';
import { decodeTrack } from './decode-track';

const ANIMATION_RECORD_BYTES: usize = ANIMATION_RECORD_FIELDS << 2;
const PACKAGE_RECORD_BYTES: usize = PACKAGE_RECORD_FIELDS << 2;

// Results, as u32 at `results`: tracks, animations, packages, output floats, stop offset (where the
// data stopped looking like a package), non-finite key times decoded. `output` 0: scan only. Else the
// floats go there (the shell leaves room for twice the input's bytes, the most they can take); after
// a FALLBACK they are garbage, and the shell discards them.
export function scanAnp(
  input: usize, length: u32, rows: usize, names: usize, rowCapacity: u32,
  animations: usize, animationCapacity: u32, packages: usize, packageCapacity: u32, results: usize, output: usize,
): i32 {
  let nonFiniteTimes = 0;
  let pos: u32 = 0;
  let row: u32 = 0;
  let animation: u32 = 0;
  let pkg: u32 = 0;
  let floats: u32 = 0;
  while (length - pos >= 4) {
    const magic = load<u32>(input + pos);
    if (magic != MAGIC_ANP3 && magic != MAGIC_ANP2) break;
    if (length - pos < 36 || pkg >= packageCapacity) return FALLBACK;
    const anp3 = magic == MAGIC_ANP3;
    const animationHeader: u32 = anp3 ? 36 : 28;
    const animationCount = load<u32>(input + pos, 32);
    const packageAt = pos;
    const firstAnimation = animation;
    pos += 36;
    if (<u64>animationCount * animationHeader > <u64>(length - pos)) return FALLBACK;

    for (let a: u32 = 0; a < animationCount; a++) {
      if (length - pos < animationHeader || animation >= animationCapacity) return FALLBACK;
      const animationAt = pos;
      const sequenceCount = load<u32>(input + pos, 24);
      const declaredFrameBytes = anp3 ? load<u32>(input + pos, 28) : 0;
      pos += animationHeader;
      if (<u64>sequenceCount * 36 > <u64>(length - pos)) return FALLBACK;
      const firstRow = row;
      let frameBytes: u32 = 0;
      for (let s: u32 = 0; s < sequenceCount; s++) {
        if (length - pos < 36 || row >= rowCapacity) return FALLBACK;
        const header = input + pos;
        const frameType = load<u32>(header, 24);
        const frameCount = load<u32>(header, 28);
        // ANP frame types 1..4 are the first four track kinds, number for number.
        const kind = frameType;
        let bytesPerFrame: u32;
        if (kind == KIND_ANP_FLOAT_ROT) bytesPerFrame = FRAME_BYTES_ANP_FLOAT_ROT;
        else if (kind == KIND_ANP_FLOAT_ROT_TRANS) bytesPerFrame = FRAME_BYTES_ANP_FLOAT_ROT_TRANS;
        else if (kind == KIND_ANP_INT16_ROT) bytesPerFrame = FRAME_BYTES_ANP_INT16_ROT;
        else if (kind == KIND_ANP_INT16_ROT_TRANS) bytesPerFrame = FRAME_BYTES_ANP_INT16_ROT_TRANS;
        else return FALLBACK;
        const hasTranslation = kind == KIND_ANP_FLOAT_ROT_TRANS || kind == KIND_ANP_INT16_ROT_TRANS;
        pos += 36;
        if (<u64>frameCount * bytesPerFrame > <u64>(length - pos)) return FALLBACK;

        const out = rows + <usize>row * ROW_BYTES;
        const rotations = floats + frameCount;
        store<u32>(out + (ROW_KIND << 2), kind);
        store<u32>(out + (ROW_FRAME_COUNT << 2), frameCount);
        store<u32>(out + (ROW_SOURCE << 2), pos);
        store<u32>(out + (ROW_TIMES << 2), floats);
        store<u32>(out + (ROW_ROTATIONS << 2), rotations);
        store<i32>(out + (ROW_TRANSLATIONS << 2), hasTranslation ? <i32>(rotations + 4 * frameCount) : -1);
        store<i32>(out + (ROW_SCALES << 2), -1);
        store<i32>(out + (ROW_BONE_ID << 2), load<i32>(header, 32));
        memory.copy(names + <usize>row * PACKED_NAME_BYTES, header, PACKED_NAME_BYTES);
        if (output) {
          const at = output + (<usize>floats << 2);
          const rotationsAt = at + (<usize>frameCount << 2);
          nonFiniteTimes += decodeTrack(kind, frameCount, input + pos, at, rotationsAt, hasTranslation ? rotationsAt + (<usize>frameCount << 4) : 0, 0);
        }
        floats += frameCount * (hasTranslation ? 8 : 5);
        pos += frameCount * bytesPerFrame;
        frameBytes += frameCount * bytesPerFrame;
        row++;
      }
      // A disagreeing frameDataSize is worth a warning, which only the TypeScript scan writes.
      if (anp3 && declaredFrameBytes != frameBytes) return FALLBACK;
      const record = animations + <usize>animation * ANIMATION_RECORD_BYTES;
      store<u32>(record, animationAt);
      store<u32>(record, firstRow, 4);
      store<u32>(record, sequenceCount, 8);
      animation++;
    }
    const record = packages + <usize>pkg * PACKAGE_RECORD_BYTES;
    store<u32>(record, packageAt);
    store<u32>(record, pos - packageAt, 4);
    store<u32>(record, firstAnimation, 8);
    store<u32>(record, animationCount, 12);
    pkg++;
  }
  assert(pos <= length && row <= rowCapacity && animation <= animationCapacity && pkg <= packageCapacity, 'the scan ran past its bounds');
  store<u32>(results, row);
  store<u32>(results, animation, 4);
  store<u32>(results, pkg, 8);
  store<u32>(results, floats, 12);
  store<u32>(results, pos, 16);
  store<u32>(results, nonFiniteTimes, 20);
  return 0;
}
