// The gameanim viewer: drop game files, watch the animation, read its curves. Everything runs here in
// the page; nothing is uploaded.
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { createPose, DecodeError, ImgArchive, sampleClip, type AnyFileFormat, type ArchiveContents, type BoundClip, type ModelGeometry, type Pose, type SkeletalClip, type Skeleton, type SpriteScripts, type TxdTexture, type IFPReader } from '../src/index.js';
import { findPresentation } from '../src/cli/present/index.js';
import { SceneView } from './scene.js';
import { lintFile, setUpEditing, type EditedFile } from './editing.js';
import { frameLabel, setUpStepping } from './stepping.js';
import { readSelection, setUpTheme, writeSelection } from './session.js';
import { boundClip, listItem, skeletonOfTracks } from './page.js';
import type { ShownModel } from './model-objects.js';
import { problem, showLint } from './problems.js';
import { SpriteView } from './sprites.js';
import { setUpGameFolder } from './game-folder.js';
import { setUpCompare } from './compare.js';
import { registerOfflineCache } from './offline.js';
import { isRetargetSource, RetargetView } from './retarget.js';

interface Opened {
  name: string;
  format: AnyFileFormat;
  reader: unknown;
}

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const view = new SceneView($<HTMLCanvasElement>('scene'));
const sprites = new SpriteView($<HTMLCanvasElement>('sprites'), $('sprite-state'), $('disassembly'));
const state = {
  files: [] as Opened[],
  model: null as ({ name: string; skeleton: Skeleton } & ShownModel) | null,
  clips: [] as Array<{ file: string; clip: SkeletalClip }>,
  /** IFP files as edited: their bytes after each edit (undo reads the one before). */
  edited: new Map<string, EditedFile>(),
  clip: null as SkeletalClip | null,
  bound: null as BoundClip | null,
  pose: null as Pose | null,
  poseFor: null as Skeleton | null,
  bone: 0,
  time: 0,
  playing: false,
  spriteFiles: [] as SpriteScripts[],
  /** The textures of every dictionary opened: models are drawn with those their materials name. */
  textures: [] as TxdTexture[],
};
let openedAt = 0;
/** Which file each texture came from, so opening a dictionary again replaces its textures. */
const textureFile = new WeakMap<TxdTexture, string>();
(window as unknown as { viewer: unknown }).viewer = state;

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
    const next = fresh.find((e) => e.clip.name.toLowerCase() === selectName?.toLowerCase())?.clip ?? fresh[0]?.clip;
    if (next) select(next);
    else renderLists();
  },
  problem,
  showLint,
};
setUpEditing(editingHost);
setUpGameFolder({ openFiles, problem });
const compare = setUpCompare({ state, view, problem });
const retargeting = new RetargetView({ scene: view.scene, skeleton: () => state.model?.skeleton ?? null, open, redraw: () => void (view.dirty = true), problem });
(window as unknown as { viewerRetarget: unknown }).viewerRetarget = retargeting;

/** Opens one file by its magic (or extension); a broken file shows its DecodeError and the page carries on. */
function open(name: string, bytes: Uint8Array): void {
  openedAt = performance.now();
  const shown = findPresentation(bytes, name);
  if (!shown) return problem(`${name}: not a format gameanim reads`, true);
  const { format } = shown;
  let reader: unknown;
  try {
    reader = name.toLowerCase().endsWith('.dir') ? ImgArchive.fromDir(bytes, new Uint8Array(0)) : format.open(bytes);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    return problem(`${name}: ${error.code} at byte ${error.offset}: ${error.message}`, true);
  }
  for (const w of format.warnings(reader)) problem(`${name}: warning ${w.code} at byte ${w.offset}: ${w.message}`);
  // Opening a file again replaces it: one entry per file, its clips and textures once.
  state.files = state.files.filter((file) => file.name !== name);
  state.clips = state.clips.filter((entry) => entry.file !== name);
  state.textures = state.textures.filter((texture) => textureFile.get(texture) !== name);
  for (const old of [...$('file-list').children]) if ((old as HTMLElement).dataset['file'] === name) old.remove();
  state.files.push({ name, format, reader });
  const item = listItem(name, shown.summary(reader));
  item.dataset['file'] = name;
  $('file-list').append(item);
  if (format.archive) return showArchive(name, format.archive(reader));
  if (format.sprites) {
    state.spriteFiles.push(format.sprites(reader));
    return renderLists();
  }
  if (format.textures) {
    const textures = format.textures(reader) as TxdTexture[];
    for (const texture of textures) textureFile.set(texture, name);
    state.textures = [...state.textures, ...textures];
    if (state.clip) select(state.clip); // a dictionary after its model: draw it textured now
    return renderLists();
  }
  const skeleton = format.skeleton?.(reader) ?? null;
  if (skeleton && !format.clips) {
    const model = format.model?.(reader);
    // Rigid parts ride their frames on a frame-bound model (a GTA III ped: its tracks offset the frames).
    state.model = { name, skeleton, geometries: model?.geometries ?? [], boneOfFrame: skeleton.trackTranslations === 'offset' ? model?.boneOfFrame : undefined };
  }
  if (format.packages) {
    // Its edits start from what was opened.
    state.edited.set(name, { name, history: [bytes] });
    lintFile(editingHost, name, bytes);
  }
  for (const clip of format.clips?.(reader) ?? []) state.clips.push({ file: name, clip });
  renderLists();
  if (skeleton && !format.clips && state.clip) select(state.clip); // a model after its animations: bind them now
  else if (!state.clip && state.clips.length) select(state.clips[0]!.clip);
}

function openArchivePair(name: string, dir: Uint8Array, img: Uint8Array): void {
  try {
    const archive = ImgArchive.fromDir(dir, img);
    for (const w of archive.warnings) problem(`${name}: warning ${w.code} at byte ${w.offset}: ${w.message}`);
    const item = document.createElement('li');
    item.textContent = `${name} + .img: ${archive.entries.length} entries`;
    $('file-list').append(item);
    showArchive(name, archive);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    problem(`${name}: ${error.code} at byte ${error.offset}: ${error.message}`, true);
  }
}

function showArchive(name: string, archive: ArchiveContents): void {
  $('entries-section').hidden = false;
  for (const entry of archive.entries) {
    const item = document.createElement('li');
    item.textContent = `${entry.name} (${entry.size} bytes)`;
    item.onclick = () => {
      try {
        open(entry.name, archive.read(entry));
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        problem(`${name}/${entry.name}: ${error.code} at byte ${error.offset}: ${error.message}`, true);
      }
    };
    $('entries').append(item);
  }
}

function renderLists(): void {
  const filter = $<HTMLInputElement>('search').value.toLowerCase();
  const list = $('animations');
  list.replaceChildren();
  // Grouped by file (a heading per file when there are several), in the order the files were opened.
  const files = [...new Set(state.clips.map((entry) => entry.file))];
  let group = '';
  for (const { file, clip } of state.clips) {
    if (filter && !clip.name.toLowerCase().includes(filter)) continue;
    if (files.length > 1 && file !== group) {
      group = file;
      const heading = document.createElement('li');
      heading.className = 'group';
      heading.textContent = `${file} (${state.clips.filter((entry) => entry.file === file).length})`;
      list.append(heading);
    }
    const keys = clip.tracks.reduce((n, t) => n + t.times.length, 0);
    const item = listItem(clip.name || file, `${clip.tracks.length} tracks, ${keys} keys, ${clip.duration.toFixed(2)} s`);
    item.className = clip === state.clip ? 'selected' : '';
    item.dataset['clip'] = 'true';
    item.onclick = () => select(clip);
    list.append(item);
  }
  for (const file of state.spriteFiles) {
    for (const script of file.scripts) {
      if (filter && !`script ${script.id}`.includes(filter)) continue;
      const item = listItem(`script ${script.id}`, `${script.instructions.length} instructions`);
      item.dataset['clip'] = 'true';
      item.onclick = () => selectScript(file, script.id);
      list.append(item);
    }
  }
}

/** Plays a clip: on the model's skeleton, else on the clip's own (ANM2, IGI 2), else curves only. */
function select(clip: SkeletalClip): void {
  sprites.stop();
  $('sprite-view').hidden = true;
  $('view').hidden = false;
  $('disassembly-section').hidden = true;
  state.clip = clip;
  state.time = 0;
  state.bone = 0;
  const own = (clip as { skeleton?: Skeleton | null }).skeleton ?? null;
  const file = state.clips.find((e) => e.clip === clip)?.file;
  // No model: the clips of its file play on nodes named after their tracks (an SA object's clips).
  const alone = !state.model && !own ? skeletonOfTracks(state.clips.filter((e) => e.file === file).map((e) => e.clip)) : null;
  const skeleton = state.model?.skeleton ?? own ?? alone;
  state.bound = skeleton ? boundClip(clip, skeleton) : null;
  if (!skeleton) state.pose = null;
  else if (state.pose?.count !== skeleton.boneCount || state.poseFor !== skeleton) {
    state.pose = createPose(skeleton);
    state.poseFor = skeleton;
  }
  view.show(skeleton, state.model && skeleton === state.model.skeleton ? state.model : null, state.textures);
  $('message').textContent = alone ? 'No model: each track plays on a node of its name (drop the .dff to see the model).' : skeleton ? '' : 'A model is needed for a 3D view: drop its .dff (the curves work without one).';
  $<HTMLButtonElement>('export').disabled = !skeleton;
  $<HTMLInputElement>('scrub').max = String(clip.duration || 1);
  state.playing = true;
  $('play').textContent = 'Pause';
  renderLists();
  renderBones();
  renderCurves();
}

function selectScript(file: SpriteScripts, id: number): void {
  state.clip = null;
  $('view').hidden = true;
  $('sprite-view').hidden = false;
  $('disassembly-section').hidden = false;
  sprites.play(file, id);
  state.playing = true;
  $('play').textContent = 'Pause';
}

function renderBones(): void {
  const body = document.querySelector('#bones tbody')!;
  body.replaceChildren();
  const bound = state.bound;
  const rows = bound
    ? bound.skeleton.names.map((name, i) => [i, bound.skeleton.ids[i]!, name, bound.skeleton.parents[i]!, bound.trackOfBone[i]! >= 0 ? 'matched' : 'rest'] as const)
    : (state.clip?.tracks ?? []).map((t, i) => [i, t.boneId, t.boneName, -1, 'track'] as const);
  for (const [index, id, name, parent, status] of rows) {
    const row = document.createElement('tr');
    row.className = `${status === 'rest' ? 'rest' : ''}${index === state.bone ? ' selected' : ''}`;
    for (const cell of [index, id, JSON.stringify(name), parent, status]) row.insertCell().textContent = String(cell);
    row.onclick = () => {
      state.bone = index;
      renderBones();
      renderCurves();
    };
    body.append(row);
  }
}

/** The track behind the selected bone: through the binding, or the clip's own track order. */
function selectedTrack() {
  if (!state.clip) return undefined;
  const index = state.bound ? state.bound.trackOfBone[state.bone]! : state.bone;
  return index >= 0 ? state.clip.tracks[index] : undefined;
}

let plot: uPlot | null = null;
function renderCurves(): void {
  plot?.destroy();
  plot = null;
  const track = selectedTrack();
  const box = $('curves');
  if (!track || track.times.length === 0) return void (box.textContent = 'No keys for this bone (it keeps its rest pose).');
  box.textContent = '';
  const times = Array.from(track.times);
  const q = (c: number) => times.map((_, k) => track.rotations[4 * k + c]!);
  const t = (c: number) => times.map((_, k) => (track.translations && !track.extras?.translationTimes ? track.translations[3 * k + c]! : null));
  const speed = times.map((time, k) => {
    if (k === 0) return 0;
    const dot = Math.abs([0, 1, 2, 3].reduce((sum, c) => sum + track.rotations[4 * k + c]! * track.rotations[4 * (k - 1) + c]!, 0));
    const dt = time - times[k - 1]!;
    return dt > 0 ? ((2 * Math.acos(Math.min(1, dot))) / dt) * (180 / Math.PI) : 0;
  });
  const colors = ['#ff6b6b', '#6bff8a', '#6bb5ff', '#f0f0f0', '#ffb36b', '#b36bff', '#6bfff0', '#ffd36b'];
  plot = new uPlot(
    {
      width: box.clientWidth || 600,
      height: 190,
      scales: { x: { time: false }, deg: {} },
      axes: [{ stroke: '#aaa' }, { stroke: '#aaa' }, { side: 1, scale: 'deg', stroke: '#ffd36b', grid: { show: false } }],
      series: [{}, ...['qx', 'qy', 'qz', 'qw', 'tx', 'ty', 'tz'].map((label, i) => ({ label, stroke: colors[i]!, width: 1.5 })), { label: 'deg/s', scale: 'deg', stroke: colors[7]!, width: 1 }],
    },
    [times, q(0), q(1), q(2), q(3), t(0), t(1), t(2), speed] as uPlot.AlignedData,
    box,
  );
}

function drawKeyMarks(): void {
  const canvas = $<HTMLCanvasElement>('keys');
  canvas.width = canvas.clientWidth;
  const context = canvas.getContext('2d')!;
  context.clearRect(0, 0, canvas.width, canvas.height);
  const track = selectedTrack();
  const duration = state.clip?.duration || 1;
  if (track) {
    context.fillStyle = '#8ab';
    for (const time of track.times) context.fillRect(Math.round((time / duration) * (canvas.width - 1)), 2, 1, 10);
  }
  context.fillStyle = '#ffcc55';
  context.fillRect(Math.round((state.time / duration) * (canvas.width - 1)) - 1, 0, 3, 14);
}

let last = performance.now();
let firstFrameReported = false;
/** Animation frames the loop has run, drawing or not: tests wait for frames to pass instead of sleeping. */
let animationFrames = 0;
/** What the view last showed: a paused clip at the same time is not sampled or drawn again. */
const shown = { time: NaN, clip: null as SkeletalClip | null };
function loop(now: number): void {
  const speed = Number($<HTMLSelectElement>('speed').value);
  const dt = (now - last) / 1000;
  last = now;
  if (state.clip) {
    const duration = state.clip.duration;
    if (state.playing) state.time += dt * speed;
    if (state.time > duration) state.time = $<HTMLInputElement>('loop').checked ? (duration > 0 ? state.time % duration : 0) : duration;
    // Paused and unchanged: no sampling, no drawing (the view draws only when something changed).
    if (state.time !== shown.time || state.clip !== shown.clip) {
      shown.time = state.time;
      shown.clip = state.clip;
      $<HTMLInputElement>('scrub').value = String(state.time);
      $('clock').textContent = `${state.time.toFixed(3)} s`;
      $('frame').textContent = frameLabel(state.time, duration);
      compare.pose(state.time);
      if (state.bound && state.pose) {
        sampleClip(state.bound, state.time, state.pose);
        view.showTrail = $<HTMLInputElement>('trail').checked;
        view.follow = $<HTMLInputElement>('follow').checked;
        view.apply(state.pose);
      }
      retargeting.tick(state.time);
      drawKeyMarks();
      const file = state.clips.find((entry) => entry.clip === state.clip)?.file;
      if (file && !state.playing) writeSelection({ file, animation: state.clip.name, time: state.time });
    }
  }
  if (sprites.active) sprites.tick(now, speed, state.playing);
  else view.render();
  if (state.clip && view.hasSkeleton && !firstFrameReported) {
    firstFrameReported = true;
    (window as unknown as { firstFrameMs: number }).firstFrameMs = performance.now() - openedAt;
  }
  (window as unknown as { decodedTextures: number }).decodedTextures = view.decodedTextures;
  (window as unknown as { animationFrames: number }).animationFrames = ++animationFrames;
  requestAnimationFrame(loop);
}

async function openFiles(files: Iterable<File>): Promise<void> {
  let list = [...files];
  // A GTA III/VC archive is a .dir with its .img: dropped together, they open as one archive.
  for (const dir of list.filter((f) => /\.dir$/i.test(f.name))) {
    const img = list.find((f) => f.name.toLowerCase() === dir.name.toLowerCase().replace(/\.dir$/, '.img'));
    if (!img) continue;
    list = list.filter((f) => f !== dir && f !== img);
    openArchivePair(dir.name, new Uint8Array(await dir.arrayBuffer()), new Uint8Array(await img.arrayBuffer()));
  }
  // Models first, so the animations dropped with them bind at once; PNGs are sprite atlases.
  list.sort((a, b) => Number(/\.(dff|mef)$/i.test(b.name)) - Number(/\.(dff|mef)$/i.test(a.name)));
  for (const file of list) {
    if (/\.png$/i.test(file.name)) {
      const image = new Image();
      image.src = URL.createObjectURL(file);
      await image.decode().catch(() => problem(`${file.name}: not an image the browser can read`, true));
      sprites.atlas = image;
      continue;
    }
    if (isRetargetSource(file.name)) {
      retargeting.keep(file.name, new Uint8Array(await file.arrayBuffer()));
      continue;
    }
    open(file.name, new Uint8Array(await file.arrayBuffer()));
  }
  await retargeting.update();
}

async function exportGlb(): Promise<void> {
  if (!state.clip || !state.bound) return;
  const { exportGltf } = await import('gameanim/gltf');
  const { glb, warnings } = await exportGltf({ model: state.model ?? undefined, skeleton: state.bound.skeleton, clips: [state.clip], textures: state.textures });
  for (const w of warnings) problem(`export: ${w.code}: ${w.message}`);
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([glb!.slice()], { type: 'model/gltf-binary' }));
  link.download = `${state.clip.name || 'clip'}.glb`;
  link.click();
}

/** Files named on the `gameanim view` command line, served beside the page; none when hosted as plain files. */
async function preload(): Promise<void> {
  const response = await fetch('./preload.json').catch(() => null);
  if (!response?.ok) return;
  const { files } = (await response.json()) as { files: Array<{ name: string; url: string }> };
  const fetched = await Promise.all(files.map(async ({ name, url }) => new File([await (await fetch(url)).arrayBuffer()], name)));
  await openFiles(fetched);
  // A link with a selection opens that animation at that time, paused.
  const wanted = readSelection();
  const found = wanted && state.clips.find((entry) => entry.file === wanted.file && entry.clip.name.toLowerCase() === wanted.animation.toLowerCase());
  if (wanted && found) {
    select(found.clip);
    state.playing = false;
    $('play').textContent = 'Play';
    state.time = Math.min(wanted.time, found.clip.duration);
  }
}

$<HTMLInputElement>('files').onchange = (event) => void openFiles((event.target as HTMLInputElement).files ?? []);
setUpStepping({
  clip: () => state.clip,
  keyTimes: () => state.clip?.tracks[state.bound ? state.bound.trackOfBone[state.bone] ?? -1 : state.bone]?.times ?? [],
  time: () => state.time,
  seek: (time) => void (state.time = time),
  playing: () => state.playing,
  setPlaying: (playing) => {
    state.playing = playing;
    $('play').textContent = playing ? 'Pause' : 'Play';
  },
  looping: () => $<HTMLInputElement>('loop').checked,
});
for (const which of ['front', 'side', 'top'] as const) $(`view-${which}`).onclick = () => view.preset(which);
setUpTheme($('theme'), (light) => view.setTheme(light));
(window as unknown as { viewerScene: unknown }).viewerScene = view;
$<HTMLInputElement>('scrub').oninput = (event) => {
  state.time = Number((event.target as HTMLInputElement).value);
  state.playing = false;
  $('play').textContent = 'Play';
};
$<HTMLInputElement>('trail').onchange = () => view.clearTrail();
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
  void openFiles(event.dataTransfer?.files ?? []);
});
requestAnimationFrame(loop);
void preload();
registerOfflineCache();
