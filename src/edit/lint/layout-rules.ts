// Rules on header fields the reader does not need but the games' loaders trust: ANP3's compressed
// flag and frame-data size, ANPK's chunk sizes. They read the file's bytes at the places the scan
// found (the TypeScript scan records every animation's offset and length).
import { ByteCursor } from '../../core/byte-cursor.js';
import type { ScannedAnimation, ScannedPackage } from '../../ifp/scan.js';
import { KIND_INFO, type TrackKind } from '../../ifp/track-kinds.js';
import type { AddFinding } from './findings.js';

/** GTA III and VC read an ANPK INFO or NAME chunk whole into `char buf[256]` on the stack. */
const ANPK_BUFFER = 256;
const round4 = (size: number) => size + ((4 - (size % 4)) % 4);

/** One animation's tracks as the scan found them: kind and key count per track. */
export interface ScannedTracks {
  kinds: TrackKind[];
  frameCounts: number[];
}

/**
 * ANP3: with the animation's flag (bit 0) clear, SA treats the animation as float keys; and it allocates the declared frame-data size, then
 * reads every key into it.
 */
export function lintAnp3Header(input: Uint8Array, at: ScannedAnimation, tracks: ScannedTracks, add: AddFinding): void {
  if (at.byteOffset === undefined) return;
  const cursor = new ByteCursor(input, 'IFP');
  const declared = cursor.u32At(at.byteOffset + 28);
  const flag = cursor.u32At(at.byteOffset + 32) & 1;
  let needed = 0;
  let int16Tracks = 0;
  tracks.kinds.forEach((kind, t) => {
    needed += tracks.frameCounts[t]! * KIND_INFO[kind].frameBytes;
    if (KIND_INFO[kind].compressed) int16Tracks++;
  });
  // Flag set: each track is read by its own frame type (retail levelxre.ifp holds float tracks so).
  // Flag clear: SA takes every key for a float and sums int16 keys as float times.
  if (flag === 0 && int16Tracks)
    add(
      'compression-flag',
      at.name,
      null,
      at.byteOffset + 32,
      `the flag says float keys, ${int16Tracks} of the tracks hold int16 keys (types 3, 4): SA reads them as floats`,
    );
  if (declared < needed)
    add(
      'frame-data-too-small',
      at.name,
      null,
      at.byteOffset + 28,
      `declares ${declared} frame bytes, the keys take ${needed}: SA allocates the declared size and writes past it`,
    );
}

/** ANPK: the package INFO, and each animation's NAME and DGAN INFO, must fit III's 256-byte buffer. */
export function lintAnpkPackageInfo(input: Uint8Array, pkg: ScannedPackage, add: AddFinding): void {
  lintAnpkChunk(new ByteCursor(input, 'IFP'), pkg.byteOffset + 8, null, add);
}

export function lintAnpkAnimationChunks(input: Uint8Array, at: ScannedAnimation, add: AddFinding): void {
  if (at.byteOffset === undefined) return;
  const cursor = new ByteCursor(input, 'IFP');
  const nameSize = lintAnpkChunk(cursor, at.byteOffset, at.name, add);
  // DGAN's header, then its INFO chunk.
  lintAnpkChunk(cursor, at.byteOffset + 8 + round4(nameSize) + 8, at.name, add);
  lintAnimChunkSizes(input.subarray(at.byteOffset, at.byteOffset + at.byteLength!), at.byteOffset, at.name, add);
}

/** Checks the chunk whose header is at `at`; returns its size. */
function lintAnpkChunk(cursor: ByteCursor, at: number, animation: string | null, add: AddFinding): number {
  const tag = String.fromCharCode(...cursor.bytes.subarray(at, at + 4));
  const size = cursor.u32At(at + 4);
  if (round4(size) > ANPK_BUFFER)
    add(
      'anpk-chunk-too-long',
      animation,
      null,
      at,
      `the ${tag} chunk holds ${size} bytes: GTA III and VC read it into a 256-byte buffer on the stack`,
    );
  return size;
}

/**
 * The games read one ANIM chunk size (44 bytes in Vice City and SA, 48 in GTA III): an animation that
 * mixes them plays on neither as written.
 */
function lintAnimChunkSizes(bytes: Uint8Array, base: number, animation: string, add: AddFinding): void {
  const cursor = new ByteCursor(bytes, 'IFP');
  const sizes = new Map<number, number>();
  for (let at = 0; at + 8 <= bytes.length; at++) {
    if (bytes[at] === 0x41 && bytes[at + 1] === 0x4e && bytes[at + 2] === 0x49 && bytes[at + 3] === 0x4d) {
      const size = cursor.u32At(at + 4);
      if ((size === 44 || size === 48) && !sizes.has(size)) sizes.set(size, at);
    }
  }
  if (sizes.size > 1)
    add(
      'anpk-chunk-size',
      animation,
      null,
      base + sizes.get(48)!,
      'the animation mixes 44- and 48-byte ANIM chunks: Vice City and SA read 44, GTA III 48',
    );
}
