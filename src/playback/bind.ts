import { boneTagName, boneTagTableOf } from '../core/bone-tags.js';
import { boneNameKey, type Skeleton } from '../core/skeleton.js';
import { clipTracks, needsTypeScript, type ClipTracks, type SampledTrack, type SkeletalClip } from './clip.js';

/**
 * A clip matched to a skeleton: sampling it gives one pose entry per skeleton bone. Bones that no
 * track drives keep their rest pose (the partial-animation rule of the games).
 */
export interface BoundClip {
  /** Tells a bound clip from a clip or a skeleton where an API takes any of them. */
  readonly kind: 'bound';
  readonly clip: SkeletalClip;
  readonly skeleton: Skeleton;
  /** Per skeleton bone: the index of the clip track that drives it, or -1 (rest pose). */
  readonly trackOfBone: Int32Array;
  /** Names of the clip's tracks that drive no bone. */
  readonly unmatchedTracks: string[];
  /** Skeleton bones that no track drives: they keep their rest pose. */
  readonly restBones: number[];
  /** Why nothing was bound (a clip of another rig, say an IGI 2 clip on a GTA ped), or null. */
  readonly refused: string | null;
  /** @internal one sampled track per skeleton bone, unit rotations, translations filled from the rest pose. */
  readonly sampled: ClipTracks;
}

/**
 * Matches each skeleton bone to the clip track that drives it. IFP tracks ('id-or-name') match, each
 * on its own, by HAnim id where the track carries one the skeleton has (SA, VC), else by name,
 * case-insensitively with spaces trimmed (GTA III), on skinned and frame-bound models alike
 * (docs/binding.md). ANM2 and IGI 2 tracks ('index') match by index. The first track wins a bone.
 *
 * The bound clip keeps its own copy of the keys it plays: rotations normalised (real int16 keys are
 * up to 16% off unit length), and, for a rotation-only track, translations filled with the bone's rest
 * translation; on a skeleton whose track translations are offsets (a frame-bound model), translations
 * added to the rest position. Rest bones get one key of their rest pose. So sampling yields a whole skeleton pose in
 * one call, with unit rotations.
 */
export function bindClip(clip: SkeletalClip, skeleton: Skeleton): BoundClip {
  const trackOfBone = new Int32Array(skeleton.boneCount).fill(-1);
  const unmatchedTracks: string[] = [];
  const refused =
    clip.rig && skeleton.rig && clip.rig !== skeleton.rig
      ? `a ${RIG_NAMES[clip.rig] ?? clip.rig} clip does not play on a ${RIG_NAMES[skeleton.rig] ?? skeleton.rig} skeleton: nothing bound`
      : null;
  clip.tracks.forEach((track, index) => {
    const bone = refused ? -1 : boneOfTrack(clip, track, index, skeleton);
    if (bone >= 0 && trackOfBone[bone] === -1) trackOfBone[bone] = index;
    else unmatchedTracks.push(track.boneName);
  });
  const restBones: number[] = [];
  trackOfBone.forEach((track, bone) => {
    if (track < 0) restBones.push(bone);
  });
  // Made when first sampled, not here: a report of what binds (gameanim bind, lint) on a model of
  // 100,000 frames would otherwise copy a track for every bone of it, for every clip.
  let sampled: ClipTracks | undefined;
  return {
    kind: 'bound',
    clip,
    skeleton,
    trackOfBone,
    unmatchedTracks,
    restBones,
    refused,
    get sampled() {
      sampled ??= sampledTracks(clip, skeleton, trackOfBone);
      return sampled;
    },
  };
}

/** One sampled track per skeleton bone: the clip's own where a track drives it, else its rest pose. */
function sampledTracks(clip: SkeletalClip, skeleton: Skeleton, trackOfBone: Int32Array): ClipTracks {
  // The clip's sampled tracks carry its wrap keys (IGI 2) already.
  const source = clipTracks(clip).tracks;
  const tracks = Array.from(trackOfBone, (track, bone) => boundTrack(track < 0 ? undefined : source[track]!, skeleton, bone));
  return {
    tracks,
    duration: Math.fround(clip.duration),
    boneIds: Int32Array.from(skeleton.ids),
    boneNames: [...skeleton.names],
    volatile: false,
    needsTypeScript: tracks.some(needsTypeScript),
  };
}

const RIG_NAMES: Record<string, string> = { gta: 'GTA', igi2: 'IGI 2', anm2: 'FORM/ANM2' };

/**
 * The bone a track drives, or -1. By index for 'index' clips; else by HAnim id, then by name: on a
 * skinned ped by the names the game gives its bones' ids, elsewhere by the skeleton's own names.
 */
function boneOfTrack(clip: SkeletalClip, track: SkeletalClip['tracks'][number], index: number, skeleton: Skeleton): number {
  if (clip.bindBy === 'index') return index < skeleton.boneCount ? index : -1;
  const bone = track.boneId >= 0 ? skeleton.indexOf(track.boneId) : -1;
  if (bone >= 0) return bone;
  if (skeleton.bindNames === 'bone-tags') return taggedBones(skeleton).get(boneNameKey(track.boneName)) ?? -1;
  return skeleton.indexOf(track.boneName);
}

const TAGGED = new WeakMap<Skeleton, Map<string, number>>();

/**
 * A skinned ped's bones by the name each answers to, as the game finds a skinned clump's frame (re3
 * `FrameFindByNameCBskin`): the name its bone-tag table gives the bone's HAnim id, in the table the
 * ped's ids follow (GTA III's or San Andreas'); a bone whose id the table does not name answers to its
 * own name. The game keeps the last match of its walk over the bones, so a later bone wins a name.
 */
function taggedBones(skeleton: Skeleton): Map<string, number> {
  let byName = TAGGED.get(skeleton);
  if (byName) return byName;
  byName = new Map();
  const table = boneTagTableOf(skeleton.names, skeleton.ids);
  for (let bone = 0; bone < skeleton.boneCount; bone++) {
    byName.set(boneNameKey(boneTagName(skeleton.ids[bone]!, table) ?? skeleton.names[bone]!), bone);
  }
  TAGGED.set(skeleton, byName);
  return byName;
}

const ZERO_TIME = new Float32Array(1);

function boundTrack(track: SampledTrack | undefined, skeleton: Skeleton, bone: number): SampledTrack {
  const rest = skeleton.restTranslations.subarray(3 * bone, 3 * bone + 3);
  if (!track || track.times.length === 0) {
    return {
      times: ZERO_TIME,
      rotations: unitRotations(skeleton.restRotations.subarray(4 * bone, 4 * bone + 4)),
      translations: Float32Array.from(rest),
    };
  }
  const keys = track.times.length;
  let translations = track.translations;
  let translationTimes = track.translationTimes ?? null;
  if (!hasOwnTranslations(track)) {
    translations = new Float32Array(3 * keys);
    for (let k = 0; k < keys; k++) translations.set(rest, 3 * k);
    translationTimes = null;
  } else if (skeleton.trackTranslations === 'offset') {
    translations = offsetFromRest(translations!, rest);
  }
  return {
    times: track.times,
    rotations: unitRotations(track.rotations),
    translations,
    translationTimes,
    inTangents: track.inTangents ? unitRotations(track.inTangents) : null,
    outTangents: track.outTangents ? unitRotations(track.outTangents) : null,
  };
}

/** Whether a track moves its bone (has translation keys); a rotation-only track leaves it at rest. */
export function hasOwnTranslations(track: SampledTrack): boolean {
  return Boolean(track.translations && !(track.translationTimes && track.translationTimes.length === 0));
}

/** Translation keys as positions: each an offset added to the bone's rest position (GTA III's unskinned frames). */
export function offsetFromRest(translations: Float32Array, rest: ArrayLike<number>): Float32Array {
  const out = new Float32Array(translations.length);
  for (let at = 0; at + 3 <= translations.length; at += 3) for (let c = 0; c < 3; c++) out[at + c] = translations[at + c]! + rest[c]!;
  return out;
}

/** A unit-length copy; a zero quaternion becomes identity, and NaN stays NaN. */
export function unitRotations(rotations: Float32Array): Float32Array {
  const out = new Float32Array(rotations.length);
  for (let at = 0; at + 4 <= rotations.length; at += 4) {
    const x = rotations[at]!,
      y = rotations[at + 1]!,
      z = rotations[at + 2]!,
      w = rotations[at + 3]!;
    const length = Math.sqrt(x * x + y * y + z * z + w * w);
    if (length !== 0) {
      out[at] = x / length;
      out[at + 1] = y / length;
      out[at + 2] = z / length;
      out[at + 3] = w / length;
    } else {
      out[at + 3] = 1;
    }
  }
  return out;
}
