// `--like ORIGINAL.ifp`: what a round trip through another tool cannot keep, taken back from the file
// the clips came from. Blender's exporter, at its defaults, keys every bone, turns every track into a
// translation track, drops the extras that hold a track's bone id and stops at its last whole frame;
// the package name is not in a glTF at all; glTF itself cannot hold negative, repeated or backward key
// times. What the glTF does hold as an edit, its keys, a new length and new animations, stays the glTF's.
import { nameKey } from '../core/names.js';
import { pairTracks } from '../edit/ifp-diff.js';
import type { AnimationData, PackageData, TrackData } from '../ifp/types.js';
import { fixTimes, type GltfWarning } from './policies.js';
import { angleBetween } from './reduce-keys.js';

/**
 * How short of the original's end a track may come back and still be taken as cut by an exporter's
 * sampling (Blender stops at its last whole frame: up to one 24 fps frame), in seconds. An edit that
 * shortens a clip by more keeps its own end.
 */
const EXPORTER_CUT = 1 / 24 + 1e-4;

/** How far a time read back may be from the time an export wrote and still be that time: below the export's 0.1 ms nudge. */
const SAME_TIME = 1e-5;
/** A rotation read back within this many radians of the original's key is that key (float noise is about 1e-7). */
const SAME_ROTATION = 1e-5;
/** A position read back within this many metres of the original's key is that key. */
const SAME_POSITION = 1e-6;

type Taken = {
  droppedTracks: number;
  restoredTracks: number;
  droppedTranslations: number;
  heldTranslations: number;
  compression: number;
  times: number;
  held: number;
  shifted: number;
};

/**
 * The imported animations regrouped and reshaped after `original`: each one with a namesake there
 * (ASCII case ignored, as the games compare) takes its package and its tracks, in the original's
 * order, each with its bone id or its lack of one, its name, key type and compression. A track is
 * paired as the game binds it (by id, else by name); one the glTF lacks comes back as the original
 * has it, one the original lacks is dropped. Key times the export had to change (negative, repeated,
 * going back) come back as the original's, and a track an exporter's sampling cut short of the
 * original's end is held to it. Keys, and lengths changed by more than a frame, stay the glTF's. An
 * animation new to the original is kept as imported, in the original's first package. One
 * `like-original` warning counts what was taken.
 */
export function likeOriginal(imported: PackageData[], original: readonly PackageData[], warnings: GltfWarning[]): PackageData[] {
  const byName = new Map<string, { pkg: PackageData; animation: AnimationData }>();
  for (const pkg of original)
    for (const animation of pkg.animations)
      if (!byName.has(nameKey(animation.name))) byName.set(nameKey(animation.name), { pkg, animation });
  const home = original[0]?.name;
  const taken: Taken = {
    droppedTracks: 0,
    restoredTracks: 0,
    droppedTranslations: 0,
    heldTranslations: 0,
    compression: 0,
    times: 0,
    held: 0,
    shifted: 0,
  };
  let matched = 0;
  let renamed = 0;
  const fresh: string[] = [];
  const packages = new Map<string, PackageData>();
  const put = (pkgName: string, animation: AnimationData) => {
    const target = packages.get(pkgName) ?? { name: pkgName, animations: [] };
    target.animations.push(animation);
    packages.set(pkgName, target);
  };
  for (const pkg of imported) {
    for (const animation of pkg.animations) {
      const match = byName.get(nameKey(animation.name));
      if (!match) {
        fresh.push(animation.name);
        put(home ?? pkg.name, animation);
        continue;
      }
      matched++;
      if (match.animation.name !== animation.name) renamed++;
      put(match.pkg.name, { name: match.animation.name, bones: likeAnimation(animation.bones, match.animation.bones, taken) });
    }
  }
  const took = [
    `package ${[...packages.keys()].map((name) => `"${name}"`).join(', ')}`,
    `tracks (${taken.droppedTracks} of bones the original does not drive dropped, ${taken.restoredTracks} the glTF lacks taken as the original has them)`,
    `key types (${taken.droppedTranslations} translations dropped, ${taken.heldTranslations} held from the original's first key)`,
    `compression (${taken.compression} tracks changed)`,
    `key times (${taken.times} tracks whose times glTF could not hold, ${taken.shifted} animations shifted back to negative times, ${taken.held} tracks cut short by an exporter's sampling held to the original's end)`,
    ...(renamed ? [`name case (${renamed} animations)`] : []),
  ];
  warnings.push({
    code: 'like-original',
    message:
      `${matched} animations took from their namesakes in the original: ${took.join('; ')}; keys and lengths are the glTF's` +
      (fresh.length
        ? `. ${fresh.length} animations have no namesake there and were kept as imported, in package "${home ?? imported[0]!.name}" (first: ${fresh[0]})`
        : ''),
  });
  return [...packages.values()];
}

/** One animation's tracks after the original's. */
function likeAnimation(tracks: readonly TrackData[], original: readonly TrackData[], taken: Taken): TrackData[] {
  // A clip with negative times was exported shifted later; a tool that drops the record (Blender
  // drops extras) brings it back starting at 0: shifted back by the original's first time.
  const earliest = firstTime(original);
  const start = firstTime(tracks);
  const shift = earliest < 0 && Math.abs(start) <= SAME_TIME ? earliest : 0;
  if (shift) taken.shifted++;
  const moved = shift ? tracks.map((track) => ({ ...track, times: track.times.map((t) => Math.fround(t + shift)) })) : tracks;
  const pairs = pairTracks(original, moved);
  const bones: TrackData[] = [];
  for (const [source, track] of pairs) {
    if (!source) taken.droppedTracks++;
    else if (!track) {
      taken.restoredTracks++;
      bones.push(source);
    } else bones.push(shaped(track, source, earliest, taken));
  }
  return bones;
}

/** The first finite key time of the tracks (0 when there is none, or it is later). */
function firstTime(tracks: readonly TrackData[]): number {
  let first = 0;
  for (const track of tracks) for (const t of track.times) if (Number.isFinite(t) && t < first) first = t;
  return first;
}

function shaped(track: TrackData, source: TrackData, earliest: number, taken: Taken): TrackData {
  let times = track.times;
  let { rotations } = track;
  let translations = track.translations;
  if (exportedTimes(source.times, earliest, times)) {
    // The same keys, at the times glTF made of the original's: the original's times.
    if (!sameBits(times, source.times)) taken.times++;
    times = source.times;
    // Keys glTF had to normalise (SA's int16 keys are off unit length) where they are still the
    // original's rotation and position: the original's, so an unedited track is written as it was.
    rotations = rotations.slice();
    for (let k = 0; k < times.length; k++) {
      if (angleBetween(rotations, 4 * k, source.rotations, 4 * k) < SAME_ROTATION)
        rotations.set(source.rotations.subarray(4 * k, 4 * k + 4), 4 * k);
    }
    if (translations && source.translations) {
      translations = translations.slice();
      for (let k = 0; k < times.length; k++) {
        const d = Math.hypot(...[0, 1, 2].map((c) => translations![3 * k + c]! - source.translations![3 * k + c]!));
        if (d < SAME_POSITION) translations.set(source.translations.subarray(3 * k, 3 * k + 3), 3 * k);
      }
    }
  } else {
    const end = source.times.at(-1);
    const last = times.length - 1;
    if (end !== undefined && last >= 0 && end > times[last]! && end - times[last]! <= EXPORTER_CUT) {
      // The exporter stopped at its last whole frame: the last key held to the original's end.
      taken.held++;
      times = Float32Array.of(...times, end);
      rotations = Float32Array.of(...rotations, ...rotations.subarray(4 * last, 4 * last + 4));
      if (translations) translations = Float32Array.of(...translations, ...translations.subarray(3 * last, 3 * last + 3));
    }
  }
  const count = times.length;
  let kept: Float32Array | null = null;
  if (source.translations !== null) {
    kept = translations;
    // The original moves this bone and the glTF does not: its first translation, held.
    if (!kept) {
      taken.heldTranslations++;
      kept = new Float32Array(3 * count);
      for (let k = 0; k < count; k++) kept.set(source.translations.subarray(0, 3), 3 * k);
    }
  } else if (translations) {
    taken.droppedTranslations++;
  }
  if (source.compressed !== track.compressed) taken.compression++;
  // glTF carries no IFP scales: a KRTS track keeps the original's where its keys are the original's.
  const scales = kept && source.scales && times === source.times ? source.scales : null;
  const keyframeType = kept ? (source.keyframeType === 'KRTS' && !scales ? 'KRT0' : source.keyframeType) : 'KR00';
  return {
    ...track,
    boneName: source.boneName,
    boneId: source.boneId,
    keyframeType,
    compressed: source.compressed,
    times,
    rotations,
    translations: kept,
    scales,
  };
}

/** Whether `back` are the times an export wrote for `times` (shifted by the clip's earliest, nudged past repeats), read back. */
function exportedTimes(times: Float32Array, earliest: number, back: Float32Array): boolean {
  if (times.length !== back.length) return false;
  const shift = earliest < 0 ? -earliest : 0;
  const written = fixTimes(times, shift, 'nudge', { nudged: 0, dropped: 0, nonFinite: 0 }).times;
  return written.length === back.length && written.every((t, k) => Math.abs(t - shift - back[k]!) <= SAME_TIME);
}

function sameBits(a: Float32Array, b: Float32Array): boolean {
  return a.length === b.length && a.every((t, k) => Object.is(t, b[k]));
}
