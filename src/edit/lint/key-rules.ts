// Rules on one track: its bone, its key count, its key times and values.
import { float32Text } from '../../core/float32.js';
import { PED_BONE_TAGS } from '../../core/bone-tags.js';
import type { IFPFormat, TrackData } from '../../ifp/types.js';
import { firstKeyThatDoesNotCompress } from '../../ifp/writer.js';
import type { AddFinding } from './findings.js';

/** The games' name fields hold 24 bytes with the NUL: 23 of text (Latin-1, one byte a character). */
export const NAME_BYTES = 23;
/** SA keeps key and track counts in 16 bits (m_FramesNum, m_nSeqCount); INU Tools takes the signed limit. */
export const MAX_COUNT = 32767;
/** Far from unit length: beyond what int16 quantisation explains (real keys are up to 16% off). */
const UNIT_TOLERANCE = 0.25;
/** A first key this close to 0 s is at 0 (one int16 tick is 1/60 s). */
const TIME_EPSILON = 1e-6;

export interface TrackPlace {
  format: IFPFormat;
  animation: string;
  /** The track's index in its animation: the first is the root on every retail ped clip. */
  index: number;
  /** Byte offset of the track's first key, and bytes per key. */
  source: number;
  frameBytes: number;
}

export function lintTrack(bone: TrackData, place: TrackPlace, add: AddFinding): void {
  const { animation, source } = place;
  const name = bone.boneName;
  const keyAt = (k: number) => source + k * place.frameBytes;
  const keys = bone.times.length;
  if (bone.boneId >= 0 && !(bone.boneId in PED_BONE_TAGS))
    add(
      'unknown-bone-id',
      animation,
      name,
      source,
      `bone id ${bone.boneId} is not a bone of the SA ped skeleton: right for an object with its own bones, nothing on a ped`,
    );
  if (bone.boneId < -32768 || bone.boneId > 32767)
    add(
      'bone-id-out-of-range',
      animation,
      name,
      source,
      `bone id ${bone.boneId} does not fit the 16 bits the game keeps: the track binds to nothing`,
    );
  if (name.length > NAME_BYTES) add('name-too-long', animation, name, source, `bone name has more than ${NAME_BYTES} bytes`);
  if (bone.keyframeType === 'KRTS') add('scale-ignored', animation, name, source, 'KRTS keys: the games read the scale and drop it');
  if (keys > MAX_COUNT)
    add('count-overflow', animation, name, source, `${keys} keys: the game counts them in 16 bits (at most ${MAX_COUNT})`);
  if (keys === 0) {
    if (place.format === 'ANPK')
      add('empty-track-anpk', animation, name, source, 'the track has no keys: GTA III skips it; ANPK cannot store its key type');
    else add('empty-track', animation, name, source, "the track has no keys: SA reads key -1 when it sums the clip's length");
    return;
  }
  lintTimes(bone.times, place, name, keyAt, add);
  const broken = firstNonFinite(bone);
  if (broken)
    add(
      'non-finite-value',
      animation,
      name,
      keyAt(broken.key),
      `key ${broken.key} has a ${broken.what} of ${broken.value}: the game carries it into the bone's matrix and the ped vanishes or explodes`,
    );
  if (!bone.compressed && place.format !== 'ANPK') {
    const off = bone.times.findIndex((t) => Math.abs(t * 60 - Math.round(t * 60)) > 1e-3);
    if (off >= 0)
      add(
        'off-grid-time',
        animation,
        name,
        keyAt(off),
        `key ${off} at ${float32Text(bone.times[off]!)} s is off the 1/60 s grid: written compressed it moves to ${Math.round(bone.times[off]! * 60) / 60} s`,
      );
    const bad = firstKeyThatDoesNotCompress(bone);
    if (bad)
      add(
        'does-not-compress',
        animation,
        name,
        keyAt(bad.key),
        `key ${bad.key} (at ${float32Text(bad.time)} s) holds a value int16 frames cannot (time up to 546 s, translation up to 32 m)`,
      );
  }
  lintRotations(bone.rotations, keys, animation, name, keyAt, add);
  if (bone.translations && place.index > 0 && bone.boneId !== 0) {
    const spread = translationSpread(bone.translations, keys);
    if (spread > 1e-3)
      add(
        'translation-off-root',
        animation,
        name,
        source,
        `a bone other than the root moves by ${spread.toFixed(3)} m: its translation keys replace its bind position`,
      );
  }
}

function lintTimes(times: Float32Array, place: TrackPlace, name: string, keyAt: (k: number) => number, add: AddFinding): void {
  const { animation } = place;
  if (Math.abs(times[0]!) > TIME_EPSILON)
    add(
      'first-key-not-zero',
      animation,
      name,
      keyAt(0),
      `the first key is at ${float32Text(times[0]!)} s, not 0: its time is added on every loop`,
    );
  let wentBack = false;
  for (let k = 1; k < times.length; k++) {
    if (times[k]! < times[k - 1]!) {
      add(
        'time-goes-back',
        animation,
        name,
        keyAt(k),
        `key ${k} at ${float32Text(times[k]!)} s comes before key ${k - 1} at ${float32Text(times[k - 1]!)} s`,
      );
      wentBack = true;
    } else if (times[k] === times[k - 1])
      add('time-repeats', animation, name, keyAt(k), `keys ${k - 1} and ${k} share the time ${float32Text(times[k]!)} s`);
  }
  // All keys at one time: every delta is 0 and a looped clip's key search never advances.
  if (!wentBack && times.length >= 2 && times[times.length - 1] === times[0])
    add(
      'zero-length-track',
      animation,
      name,
      keyAt(0),
      `all ${times.length} keys are at ${float32Text(times[0]!)} s: a looped clip hangs the game`,
    );
}

function lintRotations(
  rotations: Float32Array,
  keys: number,
  animation: string,
  name: string,
  keyAt: (k: number) => number,
  add: AddFinding,
): void {
  for (let k = 0; k < keys; k++) {
    const length = Math.hypot(rotations[4 * k]!, rotations[4 * k + 1]!, rotations[4 * k + 2]!, rotations[4 * k + 3]!);
    if (Math.abs(length - 1) > UNIT_TOLERANCE) {
      add(
        'not-unit-length',
        animation,
        name,
        keyAt(k),
        `key ${k} has length ${length.toFixed(3)}: the game uses it as it is, and the bone scales`,
      );
      break;
    }
  }
  for (let k = 1; k < keys; k++) {
    let dot = 0;
    for (let c = 0; c < 4; c++) dot += rotations[4 * (k - 1) + c]! * rotations[4 * k + c]!;
    if (dot < 0) {
      add(
        'hemisphere-flip',
        animation,
        name,
        keyAt(k),
        `keys ${k - 1} and ${k} lie in opposite hemispheres: the games negate such keys on load, a player that does not turns the bone nearly 360 degrees`,
      );
      break;
    }
  }
}

/** The largest range, over x, y and z, of a track's translation keys. */
function translationSpread(translations: Float32Array, keys: number): number {
  let spread = 0;
  for (let c = 0; c < 3; c++) {
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < keys; k++) (min = Math.min(min, translations[3 * k + c]!)), (max = Math.max(max, translations[3 * k + c]!));
    spread = Math.max(spread, max - min);
  }
  return spread;
}

/**
 * The first key holding NaN or an infinity. No other rule sees one (every comparison with NaN is
 * false), and the game checks nothing: it multiplies it into the bone's matrix.
 */
function firstNonFinite(bone: TrackData): { key: number; what: string; value: number } | undefined {
  const arrays = [
    ['time', bone.times, 1],
    ['rotation', bone.rotations, 4],
    ['translation', bone.translations, 3],
    ['scale', bone.scales, 3],
  ] as const;
  let found: { key: number; what: string; value: number } | undefined;
  for (const [what, values, width] of arrays) {
    if (!values) continue;
    const at = values.findIndex((value) => !Number.isFinite(value));
    if (at >= 0 && (!found || Math.floor(at / width) < found.key)) found = { key: Math.floor(at / width), what, value: values[at]! };
  }
  return found;
}
