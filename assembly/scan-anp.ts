// Walks the headers of a file made only of well-formed ANP3/ANP2 packages and writes the track table
// that decodeTracks consumes, plus each bone name's 24 bytes and the package/animation records.
//
// This is the fast path only. Anything out of the ordinary (ANPK, a bad count or frame type, a
// truncated header, a frameDataSize that disagrees) returns FALLBACK, and the TypeScript scan
// (src/ifp/scan.ts) handles the whole file with its exact errors and warnings. The rows written here
// must equal that scan's rows field for field; a test compares them on every fixture and sample.

const MAGIC_ANP3: u32 = 0x33504e41; // "ANP3" little-endian
const MAGIC_ANP2: u32 = 0x32504e41;
const FALLBACK: i32 = -1;

const ROW_BYTES: usize = 32; // as in decode-tracks.ts
const NAME_BYTES: usize = 24;
const ANIMATION_RECORD_BYTES: usize = 12; // header offset, first row, track count
const PACKAGE_RECORD_BYTES: usize = 16; // offset, byte length, first animation, animation count

// Results, as u32 at `results`: 0 tracks, 4 animations, 8 packages, 12 output floats, 16 stop offset
// (where the data stopped looking like a package).
export function scanAnp(
  input: usize, length: u32, rows: usize, names: usize, rowCapacity: u32,
  animations: usize, animationCapacity: u32, packages: usize, packageCapacity: u32, results: usize,
): i32 {
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
        if (frameType < 1 || frameType > 4) return FALLBACK;
        const bytesPerFrame: u32 = frameType == 1 ? 20 : frameType == 2 ? 32 : frameType == 3 ? 10 : 16;
        const hasTranslation = frameType == 2 || frameType == 4;
        pos += 36;
        if (<u64>frameCount * bytesPerFrame > <u64>(length - pos)) return FALLBACK;

        const out = rows + <usize>row * ROW_BYTES;
        const rotations = floats + frameCount;
        store<u32>(out, frameType);
        store<u32>(out, frameCount, 4);
        store<u32>(out, pos, 8);
        store<u32>(out, floats, 12);
        store<u32>(out, rotations, 16);
        store<i32>(out, hasTranslation ? <i32>(rotations + 4 * frameCount) : -1, 20);
        store<i32>(out, -1, 24);
        store<i32>(out, load<i32>(header, 32), 28);
        memory.copy(names + <usize>row * NAME_BYTES, header, NAME_BYTES);
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
  store<u32>(results, row);
  store<u32>(results, animation, 4);
  store<u32>(results, pkg, 8);
  store<u32>(results, floats, 12);
  store<u32>(results, pos, 16);
  return 0;
}
