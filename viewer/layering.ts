// Layering as the game blends (docs/playback.md): a partial clip (one that drives fewer bones than the
// skeleton has, as a weapon's fire or a gesture) plays over a base clip, by default an idle of the
// same file or skeleton, with its blend amount on a slider. Without a base a partial clip leaves its
// other bones in the skin's bind pose, which is not how the game ever shows it.
import { sampleClip, sampleLayers, type BoundClip, type Pose, type SkeletalClip } from 'gameanim';
import { boundClip } from './page.js';
import { $, fileOf, state } from './state.js';

/** The base choices offered: enough for a file's idles and full clips, few enough to stay a short menu. */
const MAX_BASES = 40;

export const layering = {
  /** The base under the selected clip, bound to its skeleton; null plays the clip alone. */
  base: null as BoundClip | null,
  /** The blend amount of the partial clip over the base. */
  weight: 1,
};

function drivenBones(bound: BoundClip): number {
  let driven = 0;
  for (let bone = 0; bone < bound.trackOfBone.length; bone++) if (bound.trackOfBone[bone]! >= 0) driven++;
  return driven;
}

/**
 * The bones a whole clip drives: all of them, but for a frame-bound model (a GTA III ped), whose
 * first frame is the clump's, which no clip animates.
 */
function animatedBones(bound: BoundClip): number {
  return (
    bound.skeleton.boneCount -
    (bound.skeleton.trackTranslations === 'offset' && !bound.skeleton.inverseBindMatrices && bound.trackOfBone[0]! < 0 ? 1 : 0)
  );
}

/** A partial clip drives fewer bones than its skeleton has. */
export function isPartial(bound: BoundClip): boolean {
  return drivenBones(bound) < animatedBones(bound);
}

/**
 * How fit a clip's name is to carry a partial one, lower first: the game layers a partial clip (a
 * gesture, a hit, a weapon's fire) over the ped's own idle or movement, so the standing idle
 * (`idle_stance`, ANIM_STD_IDLE in re3), then the other stances (`idle_armed`, `woman_idlestance`), then walks and
 * runs; an idle of something else (`CLIMB_idle`, `FIGHT2IDLE`) only after them.
 */
function baseRank(clip: SkeletalClip): number {
  if (/^idle_stance$/i.test(clip.name)) return 0;
  if (/^idle|idlestance/i.test(clip.name)) return 1; // idle_armed, woman_idlestance: a ped's own stance
  if (/^(walk|run)_(player|civi)$/i.test(clip.name)) return 2;
  return /idle/i.test(clip.name) ? 3 : 4;
}

/**
 * The clips that can carry a partial one on this skeleton: whole clips (that drive every bone), the
 * ped's idle first (baseRank), the clip's own file's before others of a rank.
 */
function baseCandidates(selected: BoundClip): BoundClip[] {
  const skeleton = selected.skeleton;
  const file = fileOf(selected.clip);
  const idle = (clip: SkeletalClip) => /idle/i.test(clip.name);
  const rank = (entry: { file: string; clip: SkeletalClip }) => 2 * baseRank(entry.clip) + (entry.file === file ? 0 : 1);
  // Only clips with about as many tracks as bones are bound to check (binding every clip of a large
  // set would cost more than the switch).
  const likely = state.clips.filter(
    (entry) =>
      entry.clip !== selected.clip && entry.clip.tracks.length >= skeleton.boneCount / 2 && (entry.file === file || idle(entry.clip)),
  );
  likely.sort((a, b) => rank(a) - rank(b));
  const found: BoundClip[] = [];
  for (const entry of likely) {
    if (found.length === MAX_BASES) break;
    const bound = boundClip(entry.clip, skeleton);
    if (!isPartial(bound)) found.push(bound);
  }
  return found;
}

/** After a clip is selected: a base and the layering bar for a partial clip, none for a whole one. */
export function chooseBase(selected: BoundClip | null): void {
  const bar = $('layering');
  const choice = $<HTMLSelectElement>('base-clip');
  if (!selected || !isPartial(selected)) {
    layering.base = null;
    bar.hidden = true;
    return;
  }
  const candidates = baseCandidates(selected);
  const options = [
    new Option('none (bind pose)', '-1'),
    ...candidates.map((bound, i) => new Option(`${bound.clip.name} (${fileOf(bound.clip)})`, String(i))),
  ];
  choice.replaceChildren(...options);
  layering.base = candidates[0] ?? null;
  choice.value = layering.base ? '0' : '-1';
  choice.onchange = () => void (layering.base = candidates[Number(choice.value)] ?? null);
  bar.hidden = false;
}

export function setUpLayering(onChange: () => void): void {
  const slider = $<HTMLInputElement>('layer-weight');
  const show = () => ($('layer-weight-value').textContent = layering.weight.toFixed(2));
  slider.oninput = () => {
    layering.weight = Number(slider.value);
    show();
    onChange();
  };
  $('base-clip').addEventListener('change', onChange);
  show();
}

/** The selected clip at `time` into `pose`: over its base when it has one, as the game layers it. */
export function sampleSelected(bound: BoundClip, time: number, pose: Pose): void {
  if (!layering.base) return void sampleClip(bound, time, pose);
  sampleLayers(
    bound.skeleton,
    [
      { clip: layering.base, time, weight: 1, loop: true },
      { clip: bound, time, weight: layering.weight, partial: true },
    ],
    pose,
  );
}
