// Small pieces of the page that need none of its state: list entries built from text, each clip's
// binding to a skeleton, and the nodes clips without a model play on, each made once.
import { bindClip, skeletonFromTracks, type BoundClip, type SkeletalClip, type Skeleton } from 'gameanim';

/**
 * A list entry of a name and a note, built from text: names come from files and archives, and are
 * never markup (the server's Content-Security-Policy forbids inline script besides).
 */
export function listItem(name: string, note: string): HTMLLIElement {
  const item = document.createElement('li');
  const small = document.createElement('small');
  small.textContent = note;
  item.append(document.createTextNode(`${name} `), small);
  return item;
}

/** Each clip is bound to a skeleton once: switching back to it reuses the binding (and the sampler's copy of its keys). */
const bindings = new WeakMap<Skeleton, WeakMap<SkeletalClip, BoundClip>>();
export function boundClip(clip: SkeletalClip, skeleton: Skeleton): BoundClip {
  let forSkeleton = bindings.get(skeleton);
  if (!forSkeleton) bindings.set(skeleton, (forSkeleton = new WeakMap()));
  let bound = forSkeleton.get(clip);
  if (!bound) forSkeleton.set(clip, (bound = bindClip(clip, skeleton)));
  return bound;
}

/**
 * The nodes a file's clips play on without a model (`skeletonFromTracks`), made once per set of clips, so switching clips keeps the view.
 */
const trackSkeletons = new WeakMap<SkeletalClip, { clips: readonly SkeletalClip[]; skeleton: Skeleton }>();
export function skeletonOfTracks(clips: readonly SkeletalClip[]): Skeleton | null {
  const first = clips[0];
  if (!first) return null;
  const made = trackSkeletons.get(first);
  if (made && made.clips.length === clips.length && made.clips.every((clip, i) => clip === clips[i])) return made.skeleton;
  const skeleton = skeletonFromTracks(clips);
  trackSkeletons.set(first, { clips, skeleton });
  return skeleton;
}
