// The bones panel: each bone of the skeleton the clip plays on, whether a track drives it, and the
// choice of the bone whose curves and keys are shown.
import { boneChanged, onBoneChange, onSelectionChange } from './selection-events.js';
import { state } from './state.js';

/** The panel draws itself on each change of the selection or the bone. */
export function setUpBonesPanel(): void {
  onSelectionChange(renderBones);
  onBoneChange(renderBones);
}

export function renderBones(): void {
  const body = document.querySelector('#bones tbody')!;
  body.replaceChildren();
  const bound = state.bound;
  const rows = bound
    ? bound.skeleton.names.map(
        (name, i) =>
          [i, bound.skeleton.ids[i]!, name, bound.skeleton.parents[i]!, bound.trackOfBone[i]! >= 0 ? 'matched' : 'rest'] as const,
      )
    : (state.clip?.tracks ?? []).map((t, i) => [i, t.boneId, t.boneName, -1, 'track'] as const);
  for (const [index, id, name, parent, status] of rows) {
    const row = document.createElement('tr');
    row.className = `${status === 'rest' ? 'rest' : ''}${index === state.bone ? ' selected' : ''}`;
    for (const cell of [index, id, JSON.stringify(name), parent, status]) row.insertCell().textContent = String(cell);
    row.onclick = () => {
      state.bone = index;
      boneChanged();
    };
    body.append(row);
  }
}
