// `--like ORIGINAL.ifp`: what a round trip through another tool cannot keep, taken back from the file
// the clips came from. Blender's exporter, at its defaults, samples every bone at the scene's 24 fps,
// drops the last fractional frame, keys all bones and turns every track into a translation track: the
// poses survive, the clip's shape does not.
import { nameKey } from '../core/names.js';
import type { PackageData, TrackData } from '../ifp/types.js';
import type { GltfWarning } from './policies.js';

/**
 * The imported packages reshaped after `original`: each animation that has a namesake there (ASCII
 * case ignored, as the games compare) takes its package name, its duration (keys past it dropped, the
 * pose at the end held to it), its driven-bone set (tracks of other bones dropped) and each track's
 * key type (translations dropped where the original had none, compression as the original's).
 */
export function likeOriginal(imported: PackageData[], original: readonly PackageData[], warnings: GltfWarning[]): PackageData[] {
  const byName = new Map<string, { pkg: PackageData; animation: PackageData['animations'][number] }>();
  for (const pkg of original) for (const animation of pkg.animations) if (!byName.has(nameKey(animation.name))) byName.set(nameKey(animation.name), { pkg, animation });
  let reshaped = 0;
  const unknown: string[] = [];
  const packages = new Map<string, PackageData>();
  for (const pkg of imported) {
    for (const animation of pkg.animations) {
      const match = byName.get(nameKey(animation.name));
      if (!match) {
        unknown.push(animation.name);
        continue;
      }
      reshaped++;
      // A reduce, not Math.max(...): an animation may have more bones than the stack has room for arguments.
      const duration = match.animation.bones.reduce((last, b) => Math.max(last, b.times.length ? b.times[b.times.length - 1]! : 0), -Infinity);
      const driven = new Map(match.animation.bones.map((b) => [b.boneId >= 0 ? `id:${b.boneId}` : nameKey(b.boneName.trim()), b]));
      const bones = animation.bones.flatMap((track) => {
        const source = driven.get(track.boneId >= 0 ? `id:${track.boneId}` : nameKey(track.boneName.trim())) ?? driven.get(nameKey(track.boneName.trim()));
        return source ? [shaped(track, source, duration)] : [];
      });
      const target = packages.get(match.pkg.name) ?? { name: match.pkg.name, animations: [] };
      target.animations.push({ name: match.animation.name, bones });
      packages.set(match.pkg.name, target);
    }
  }
  warnings.push({ code: 'like-original', message: `${reshaped} animations took their package, duration, driven bones and key types from the original${unknown.length ? `; ${unknown.length} have no namesake there and were left out (first: ${unknown[0]})` : ''}` });
  return [...packages.values()];
}

function shaped(track: TrackData, source: TrackData, duration: number): TrackData {
  const keep: number[] = [];
  for (let k = 0; k < track.times.length; k++) if (track.times[k]! <= duration + 1e-6) keep.push(k);
  // The exporter dropped the last fractional frame: hold the last pose to the original's end.
  const end = keep.length && track.times[keep[keep.length - 1]!]! < duration - 1e-6;
  const count = keep.length + (end ? 1 : 0);
  const times = new Float32Array(count);
  const rotations = new Float32Array(4 * count);
  const hasTranslations = source.translations !== null;
  const translations = hasTranslations ? new Float32Array(3 * count) : null;
  keep.forEach((k, i) => {
    times[i] = track.times[k]!;
    rotations.set(track.rotations.subarray(4 * k, 4 * k + 4), 4 * i);
    if (translations) translations.set(track.translations ? track.translations.subarray(3 * k, 3 * k + 3) : source.translations!.subarray(0, 3), 3 * i);
  });
  if (end) {
    const last = count - 1;
    times[last] = duration;
    rotations.copyWithin(4 * last, 4 * (last - 1), 4 * last);
    if (translations) translations.copyWithin(3 * last, 3 * (last - 1), 3 * last);
  }
  return { ...track, boneName: source.boneName, keyframeType: hasTranslations ? (source.keyframeType === 'KRTS' ? 'KRT0' : source.keyframeType) : 'KR00', compressed: source.compressed, times, rotations, translations, scales: null };
}
