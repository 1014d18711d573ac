// What the panels listen to: the selection changed (another clip, script or model), or the bone whose
// curves are shown. State flows one way: selection.ts and the bones panel change the page's state
// and say so here; the animation list, the bones panel and the curves panel subscribe and draw it.
// Nothing here imports a view, so no view imports another through it.

type Listener = () => void;
const onSelection: Listener[] = [];
const onBone: Listener[] = [];

/** Calls `listener` after each change of the selected clip (and of what it plays on). */
export function onSelectionChange(listener: Listener): void {
  onSelection.push(listener);
}

/** Calls `listener` after each change of the bone chosen in the bones panel. */
export function onBoneChange(listener: Listener): void {
  onBone.push(listener);
}

export function selectionChanged(): void {
  for (const listener of onSelection) listener();
}

export function boneChanged(): void {
  for (const listener of onBone) listener();
}
