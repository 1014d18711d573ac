// What the games do badly with, found in an IFP file before a player meets it. Each finding names
// its rule (a code), how bad it is, the animation, the bone and the byte offset. docs/lint.md lists
// the rules and, where they come from the games' loaders, says so.
import { PED_BONE_TAGS } from '../core/bone-tags.js';
import { DecodeError } from '../core/errors.js';
import { inputBytes } from '../core/input.js';
import { nameKey } from '../core/names.js';
import type { Skeleton } from '../core/skeleton.js';
import { bindClip } from '../playback/bind.js';
import { IFPReader } from '../ifp/reader.js';
import { scanIFP } from '../ifp/scan.js';
import { Field } from '../ifp/track-table.js';
import { KIND_INFO, type TrackKind } from '../ifp/track-kinds.js';
import { firstKeyThatDoesNotCompress } from '../ifp/writer.js';

export type LintSeverity = 'error' | 'warning' | 'note';

export interface LintFinding {
  code: LintCode;
  severity: LintSeverity;
  /** The animation, or null for the file or a package. */
  animation: string | null;
  bone: string | null;
  offset: number;
  message: string;
}

/** The rules, with their severity: one table (docs/lint.md explains each). */
export const LINT_RULES = {
  'decode-error': 'error',
  'reader-warning': 'note',
  'unknown-bone-id': 'warning',
  'no-bone-matches': 'error',
  'unbound-track': 'warning',
  'name-too-long': 'error',
  'duplicate-name': 'error',
  'time-goes-back': 'error',
  'time-repeats': 'warning',
  'off-grid-time': 'note',
  'does-not-compress': 'warning',
  'hemisphere-flip': 'warning',
  'not-unit-length': 'warning',
  'translation-off-root': 'note',
  'shorter-than-a-frame': 'warning',
  'empty-track': 'warning',
  'anpk-chunk-size': 'warning',
  'non-finite-value': 'error',
} as const satisfies Record<string, LintSeverity>;
export type LintCode = keyof typeof LINT_RULES;

export interface LintOptions {
  /** The model the animations are for (skinned, or frame-bound as a GTA III ped): a clip whose tracks drive none of its bones is an error, a track that drives none a warning. */
  skeleton?: Skeleton;
}

/**
 * The games' name fields hold 24 bytes with the NUL: 23 of text. Names are Latin-1, one byte a
 * character (the reader decodes and the writer encodes them so): a name's length is its byte count.
 */
const NAME_BYTES = 23;
/** Far from unit length: beyond what int16 quantisation explains (real keys are up to 16% off). */
const UNIT_TOLERANCE = 0.25;

export function lintIFP(bytes: Uint8Array | ArrayBuffer, options: LintOptions = {}): LintFinding[] {
  const input = inputBytes(bytes);
  const findings: LintFinding[] = [];
  const add = (code: LintCode, animation: string | null, bone: string | null, offset: number, message: string) => findings.push({ code, severity: LINT_RULES[code], animation, bone, offset, message });
  let reader: IFPReader;
  let scan: ReturnType<typeof scanIFP>;
  try {
    reader = new IFPReader(input);
    scan = scanIFP(input, false);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    add('decode-error', null, null, error.offset, error.message);
    return findings;
  }
  for (const w of reader.warnings) add('reader-warning', null, null, w.offset, `${w.code}: ${w.message}`);
  reader.packages.forEach((pkg, p) => {
    const scanned = scan.packages[p]!;
    if (pkg.name.length > NAME_BYTES) add('name-too-long', null, null, scanned.byteOffset + 8, `package name "${pkg.name}" has more than ${NAME_BYTES} bytes: the game looks the block up by it`);
    const seen = new Map<string, string>();
    pkg.animations.forEach((animation, a) => {
      const at = scanned.animations[a]!;
      const where = at.byteOffset ?? scanned.byteOffset;
      if (animation.name.length > NAME_BYTES) add('name-too-long', animation.name, null, where, `animation name has more than ${NAME_BYTES} bytes`);
      const key = nameKey(animation.name);
      if (seen.has(key)) add('duplicate-name', animation.name, null, where, `"${animation.name}" is also "${seen.get(key)}" as the game compares names (case ignored): the game finds the first`);
      else seen.set(key, animation.name);
      if (animation.duration < 1 / 60) add('shorter-than-a-frame', animation.name, null, where, `the clip lasts ${animation.duration} s, less than one 60 Hz frame`);
      if (options.skeleton) {
        const bound = bindClip(animation, options.skeleton);
        if (bound.restBones.length === options.skeleton.boneCount) add('no-bone-matches', animation.name, null, where, `no track drives a bone of the skeleton (${bound.refused ?? `unmatched tracks ${bound.unmatchedTracks.join(', ')}`})`);
        // The clip plays, but these tracks move nothing: a frame or bone the model lacks, or one an earlier track of the clip drives.
        else {
          const part = options.skeleton.ids.some((id) => id >= 0) ? 'bone' : 'frame';
          for (const name of bound.unmatchedTracks) add('unbound-track', animation.name, name, where, `the track drives no ${part} of the skeleton: it has no ${part} of that ${part === 'bone' ? 'id or ' : ''}name, or an earlier track of the clip drives it`);
        }
      }
      if (pkg.format === 'ANPK' && at.byteOffset !== undefined) lintAnimChunks(input.subarray(at.byteOffset, at.byteOffset + at.byteLength!), at.byteOffset, animation.name, add);
      animation.bones.forEach((bone, b) => {
        const row = at.firstRow + b;
        const source = scan.table.get(row, Field.Source);
        const frameBytes = KIND_INFO[scan.table.get(row, Field.Kind) as TrackKind].frameBytes;
        const keyAt = (k: number) => source + k * frameBytes;
        const name = bone.boneName;
        if (bone.boneId >= 0 && !(bone.boneId in PED_BONE_TAGS)) add('unknown-bone-id', animation.name, name, source, `bone id ${bone.boneId} is not a bone of the SA ped skeleton`);
        if (name.length > NAME_BYTES) add('name-too-long', animation.name, name, source, `bone name has more than ${NAME_BYTES} bytes`);
        if (bone.frameCount === 0) {
          add('empty-track', animation.name, name, source, 'the track has no keys');
          return;
        }
        const { times, rotations, translations } = bone;
        const broken = firstNonFinite(bone);
        if (broken) add('non-finite-value', animation.name, name, keyAt(broken.key), `key ${broken.key} has a ${broken.what} of ${broken.value}: the game carries it into the bone's matrix and the ped vanishes or explodes`);
        for (let k = 1; k < times.length; k++) {
          if (times[k]! < times[k - 1]!) add('time-goes-back', animation.name, name, keyAt(k), `key ${k} at ${times[k]} s comes before key ${k - 1} at ${times[k - 1]} s`);
          else if (times[k] === times[k - 1]) add('time-repeats', animation.name, name, keyAt(k), `keys ${k - 1} and ${k} share the time ${times[k]} s`);
        }
        if (!bone.compressed && pkg.format !== 'ANPK') {
          const off = Array.from(times).findIndex((t) => Math.abs(t * 60 - Math.round(t * 60)) > 1e-3);
          if (off >= 0) add('off-grid-time', animation.name, name, keyAt(off), `key ${off} at ${times[off]} s is off the 1/60 s grid: written compressed it moves to ${Math.round(times[off]! * 60) / 60} s`);
          const bad = firstKeyThatDoesNotCompress(bone);
          if (bad) add('does-not-compress', animation.name, name, keyAt(bad.key), `key ${bad.key} (at ${bad.time} s) holds a value int16 frames cannot (time up to 546 s, translation up to 32 m)`);
        }
        for (let k = 0; k < times.length; k++) {
          const q = rotations.subarray(4 * k, 4 * k + 4);
          const length = Math.hypot(q[0]!, q[1]!, q[2]!, q[3]!);
          if (Math.abs(length - 1) > UNIT_TOLERANCE) {
            add('not-unit-length', animation.name, name, keyAt(k), `key ${k} has length ${length.toFixed(3)}: the game uses it as it is, and the bone scales`);
            break;
          }
        }
        for (let k = 1; k < times.length; k++) {
          let dot = 0;
          for (let c = 0; c < 4; c++) dot += rotations[4 * (k - 1) + c]! * rotations[4 * k + c]!;
          if (dot < 0) {
            add('hemisphere-flip', animation.name, name, keyAt(k), `keys ${k - 1} and ${k} lie in opposite hemispheres: a player that does not take the short way turns the bone nearly 360 degrees between them`);
            break;
          }
        }
        if (translations && b > 0 && bone.boneId !== 0) {
          let spread = 0;
          for (let c = 0; c < 3; c++) {
            let min = Infinity;
            let max = -Infinity;
            for (let k = 0; k < times.length; k++) (min = Math.min(min, translations[3 * k + c]!)), (max = Math.max(max, translations[3 * k + c]!));
            spread = Math.max(spread, max - min);
          }
          if (spread > 1e-3) add('translation-off-root', animation.name, name, source, `a bone other than the root moves by ${spread.toFixed(3)} m: the game plays translation of the root only on peds`);
        }
      });
    });
  });
  return findings;
}

/**
 * The first key holding NaN or an infinity. No other rule sees one (every comparison with NaN is
 * false), and the game checks nothing: it multiplies it into the bone's matrix.
 */
function firstNonFinite(bone: { times: Float32Array; rotations: Float32Array; translations: Float32Array | null; scales: Float32Array | null }): { key: number; what: string; value: number } | undefined {
  const arrays = [['time', bone.times, 1], ['rotation', bone.rotations, 4], ['translation', bone.translations, 3], ['scale', bone.scales, 3]] as const;
  let found: { key: number; what: string; value: number } | undefined;
  for (const [what, values, width] of arrays) {
    if (!values) continue;
    const at = values.findIndex((value) => !Number.isFinite(value));
    if (at >= 0 && (!found || Math.floor(at / width) < found.key)) found = { key: Math.floor(at / width), what, value: values[at]! };
  }
  return found;
}

/**
 * ANPK: the games read one ANIM chunk size (44 bytes in Vice City and SA, 48 in GTA III): an animation
 * that mixes them plays on neither as written.
 */
function lintAnimChunks(bytes: Uint8Array, base: number, animation: string, add: (code: LintCode, animation: string | null, bone: string | null, offset: number, message: string) => void): void {
  // A raw DataView over bytes the reader has already walked and bounded: a search for the ANIM tags.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const sizes = new Map<number, number>();
  for (let at = 0; at + 8 <= bytes.length; at++) {
    if (bytes[at] === 0x41 && bytes[at + 1] === 0x4e && bytes[at + 2] === 0x49 && bytes[at + 3] === 0x4d) {
      const size = view.getUint32(at + 4, true);
      if ((size === 44 || size === 48) && !sizes.has(size)) sizes.set(size, at);
    }
  }
  if (sizes.size > 1) add('anpk-chunk-size', animation, null, base + sizes.get(48)!, 'the animation mixes 44- and 48-byte ANIM chunks: Vice City and SA read 44, GTA III 48');
}
