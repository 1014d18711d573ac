// The clip the viewer plays when files open and none is chosen yet. A package's first clip is an
// accident of its order (SA's PED.IFP starts with `abseil`, 0.03 s of an odd pose): a ped is best met
// standing or walking. Pure, so the rule is tested without a page (test/viewer/opening-clip.test.ts).

/** Names tried first, in this order, ignoring case: both games' ped.ifp have them. */
export const OPENING_CLIP_NAMES = ['idle_stance', 'idle', 'walk_civi', 'walk_player', 'walk'] as const;

/**
 * The index of the clip to open on: the first of `OPENING_CLIP_NAMES` present (ignoring case); else
 * the first clip whose name contains `idle`, then `walk`; else the longest (the first of equals); -1
 * for no clips. `durations` are in seconds, one per name.
 */
export function chooseOpeningClip(names: readonly string[], durations: readonly number[]): number {
  const lower = names.map((name) => name.trim().toLowerCase());
  for (const wanted of OPENING_CLIP_NAMES) {
    const found = lower.indexOf(wanted);
    if (found >= 0) return found;
  }
  for (const part of ['idle', 'walk']) {
    const found = lower.findIndex((name) => name.includes(part));
    if (found >= 0) return found;
  }
  let longest = -1;
  for (let i = 0; i < names.length; i++) if (longest < 0 || (durations[i] ?? 0) > (durations[longest] ?? 0)) longest = i;
  return longest;
}

/**
 * The bone the bones and curves panels open on: the first the clip keys (`trackOfBone`, -1 for an
 * unkeyed bone, from bindClip). A GTA III ped's first frame is its clump, which no clip keys: opening
 * there showed "No keys for this bone". 0 when the clip keys none.
 */
export function openingBone(trackOfBone: ArrayLike<number>): number {
  for (let bone = 0; bone < trackOfBone.length; bone++) if (trackOfBone[bone]! >= 0) return bone;
  return 0;
}
