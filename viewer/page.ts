// Small pieces of the page that need none of its state: list entries built from text, and each
// clip's binding to a skeleton, made once.
import { bindClip, type BoundClip, type SkeletalClip, type Skeleton } from 'gameanim';

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
