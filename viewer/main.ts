// The gameanim viewer: drop game files, watch the animation, read its curves. Everything runs here in
// the page; nothing is uploaded. This file wires the page's parts together.
import type { IFPReader, SkeletalClip } from 'gameanim';
import { renderLists } from './animation-list.js';
import { setUpBonesPanel } from './bones-panel.js';
import { setUpCompare } from './compare.js';
import { setUpCurvesPanel } from './curves-panel.js';
import { setUpEditing, type EditedFile } from './editing.js';
import { setUpGameFolder } from './game-folder.js';
import { setUpLayering } from './layering.js';
import { setUpPanelsToggle } from './layout.js';
import { registerOfflineCache } from './offline.js';
import { addFileTaker, open, openFiles, preload } from './opening.js';
import { followTime, invalidatePose, startLoop } from './playback-loop.js';
import { problem, showLint } from './problems.js';
import { reframe, select } from './selection.js';
import { setUpTheme } from './session.js';
import { $, setPlaying, state } from './state.js';
import { view } from './views.js';
import { setUpStepping } from './stepping.js';
import { isRetargetSource, RetargetView } from './retarget.js';
import { showRetargetQuality } from './retarget-panel.js';

/** What the editing panel needs from the page (viewer/editing.ts). */
const editingHost = {
  selected() {
    const entry = state.clips.find((e) => e.clip === state.clip);
    const file = entry && state.edited.get(entry.file);
    return file && state.clip ? { file, clip: state.clip } : undefined;
  },
  replace(file: EditedFile, reader: IFPReader, selectName?: string) {
    const at = state.clips.findIndex((e) => e.file === file.name);
    const kept = state.clips.filter((e) => e.file !== file.name);
    const fresh = reader.animations.map((clip) => ({ file: file.name, clip: clip as SkeletalClip }));
    kept.splice(at < 0 ? kept.length : at, 0, ...fresh);
    state.clips = kept;
    renderLists();
    const next = fresh.find((e) => e.clip.name.toLowerCase() === selectName?.toLowerCase())?.clip ?? fresh[0]?.clip;
    if (next) select(next);
  },
  problem,
  showLint,
};
setUpBonesPanel();
setUpCurvesPanel();
setUpEditing(editingHost);
setUpGameFolder({ openFiles: (files, options) => openFiles(files, editingHost, options), problem });
const compare = setUpCompare({ state, view, problem });
followTime((time) => compare.pose(time));
const retargeting = new RetargetView({
  scene: view.scene,
  skeleton: () => state.model?.skeleton ?? null,
  open: (name, bytes) => open(name, bytes, editingHost),
  redraw: () => void (view.dirty = true),
  problem,
  quality: showRetargetQuality,
});
(window as unknown as { viewerRetarget: unknown }).viewerRetarget = retargeting;
followTime((time) => retargeting.tick(time));
addFileTaker({ takes: isRetargetSource, keep: (name, bytes) => retargeting.keep(name, bytes), update: () => retargeting.update() });

async function exportGlb(): Promise<void> {
  if (!state.clip || !state.bound) return;
  const { exportGltf } = await import('gameanim/gltf');
  const { glb, warnings } = await exportGltf({
    model: state.model ?? undefined,
    skeleton: state.bound.skeleton,
    clips: [state.clip],
    textures: state.textures,
  });
  for (const w of warnings) problem(`export: ${w.code}: ${w.message}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([glb!.slice()], { type: 'model/gltf-binary' }));
  link.download = `${state.clip.name || 'clip'}.glb`;
  link.click();
}

$<HTMLInputElement>('files').onchange = (event) => void openFiles((event.target as HTMLInputElement).files ?? [], editingHost);
setUpStepping({
  clip: () => state.clip,
  keyTimes: () => state.clip?.tracks[state.bound ? (state.bound.trackOfBone[state.bone] ?? -1) : state.bone]?.times ?? [],
  time: () => state.time,
  seek: (time) => void (state.time = time),
  playing: () => state.playing,
  setPlaying,
  looping: () => $<HTMLInputElement>('loop').checked,
});
for (const which of ['front', 'side', 'top'] as const) $(`view-${which}`).onclick = () => view.preset(which);
setUpTheme($('theme'), (light) => view.setTheme(light));
setUpPanelsToggle($('panels-toggle'));
(window as unknown as { viewerScene: unknown }).viewerScene = view;
$<HTMLInputElement>('scrub').oninput = (event) => {
  state.time = Number((event.target as HTMLInputElement).value);
  setPlaying(false);
};
$<HTMLInputElement>('trail').onchange = () => view.clearTrail();
// What changes the pose or its box: sampled again, and the camera's box made again.
const posingChanged = () => {
  reframe();
  invalidatePose();
};
for (const id of ['follow', 'in-place']) $(id).addEventListener('change', posingChanged);
setUpLayering(posingChanged);
$<HTMLInputElement>('search').oninput = renderLists;
$('export').onclick = () => void exportGlb();
document.addEventListener('dragover', (event) => {
  event.preventDefault();
  document.body.classList.add('dragging');
});
document.addEventListener('dragleave', () => document.body.classList.remove('dragging'));
document.addEventListener('drop', (event) => {
  event.preventDefault();
  document.body.classList.remove('dragging');
  void openFiles(event.dataTransfer?.files ?? [], editingHost);
});
// The frame loop starts once the preloaded files are open: the first frame compiles the view's shaders
// (a few hundred milliseconds in software WebGL), which would hold up the files' requests.
void preload(editingHost).finally(startLoop);
registerOfflineCache();
