// `--like ORIGINAL.ifp`: what a round trip through another tool cannot keep, taken back from the file
// the clips came from. Blender's exporter, at its defaults, keys every bone and turns every track
// into a translation track; the package name is not in a glTF at all. What the glTF does hold, its
// durations and its animations, stays the glTF's: the edit is the point of the round trip.
import { nameKey } from '../core/names.js';
import type { PackageData, TrackData } from '../ifp/types.js';
import type { GltfWarning } from './policies.js';

/**
 * The imported animations regrouped and reshaped after `original`: each one with a namesake there
 * (ASCII case ignored, as the games compare) takes its package, its driven-bone set (tracks of bones
 * the original lacks dropped) and each track's key type (translations dropped where the original had
 * none, its first translation held where it had one and the glTF none) and compression. Durations and
 * keys stay the glTF's. An animation new to the original is kept as imported, in the original's first
 * package. One `like-original` warning counts what was taken.
 */
export function likeOriginal(imported: PackageData[], original: readonly PackageData[], warnings: GltfWarning[]): PackageData[] {
  const byName = new Map<string, { pkg: PackageData; animation: PackageData['animations'][number] }>();
  for (const pkg of original) for (const animation of pkg.animations) if (!byName.has(nameKey(animation.name))) byName.set(nameKey(animation.name), { pkg, animation });
  const home = original[0]?.name;
  const taken = { animations: 0, droppedTracks: 0, droppedTranslations: 0, heldTranslations: 0, compression: 0, renamed: 0 };
  const fresh: string[] = [];
  const packages = new Map<string, PackageData>();
  const put = (pkgName: string, animation: PackageData['animations'][number]) => {
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
      taken.animations++;
      if (match.animation.name !== animation.name) taken.renamed++;
      const driven = new Map(match.animation.bones.map((b) => [b.boneId >= 0 ? `id:${b.boneId}` : nameKey(b.boneName.trim()), b]));
      const bones = animation.bones.flatMap((track) => {
        const source = driven.get(track.boneId >= 0 ? `id:${track.boneId}` : nameKey(track.boneName.trim())) ?? driven.get(nameKey(track.boneName.trim()));
        if (!source) taken.droppedTracks++;
        return source ? [shaped(track, source, taken)] : [];
      });
      put(match.pkg.name, { name: match.animation.name, bones });
    }
  }
  const took = [
    `package ${[...new Set([...packages.keys()])].map((name) => `"${name}"`).join(', ')}`,
    `driven bones (${taken.droppedTracks} tracks of bones the original does not drive dropped)`,
    `key types (${taken.droppedTranslations} translations dropped, ${taken.heldTranslations} held from the original's first key)`,
    `compression (${taken.compression} tracks changed)`,
    ...(taken.renamed ? [`name case (${taken.renamed} animations)`] : []),
  ];
  warnings.push({
    code: 'like-original',
    message:
      `${taken.animations} animations took from their namesakes in the original: ${took.join('; ')}; durations and keys are the glTF's` +
      (fresh.length ? `. ${fresh.length} animations have no namesake there and were kept as imported, in package "${home ?? imported[0]!.name}" (first: ${fresh[0]})` : ''),
  });
  return [...packages.values()];
}

function shaped(track: TrackData, source: TrackData, taken: { droppedTranslations: number; heldTranslations: number; compression: number }): TrackData {
  const count = track.times.length;
  let translations: Float32Array | null = null;
  if (source.translations !== null) {
    translations = track.translations;
    // The original moves this bone and the glTF does not: its first translation, held.
    if (!translations) {
      taken.heldTranslations++;
      translations = new Float32Array(3 * count);
      for (let k = 0; k < count; k++) translations.set(source.translations.subarray(0, 3), 3 * k);
    }
  } else if (track.translations) {
    taken.droppedTranslations++;
  }
  if (source.compressed !== track.compressed) taken.compression++;
  const keyframeType = translations ? (source.keyframeType === 'KRTS' ? 'KRT0' : source.keyframeType) : 'KR00';
  return { ...track, boneName: source.boneName, keyframeType, compressed: source.compressed, translations, scales: null };
}
