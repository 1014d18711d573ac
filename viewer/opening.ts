// Opening files: by their magic (or extension), an IMG archive's entries, a .dir with its .img, PNG
// sprite atlases, and the files `gameanim view` preloads. A broken file shows its DecodeError and the
// page carries on.
import { DecodeError, IMGArchive, type ArchiveContents, type TXDTexture } from 'gameanim';
import { findPresentation } from '../src/cli/present/index.js';
import { renderLists } from './animation-list.js';
import { lintFile, type EditingHost } from './editing.js';
import { listItem } from './page.js';
import { chooseOpeningClip } from './opening-clip.js';
import { modelsFirst } from './opening-order.js';
import { objectName, playScene, sceneOf } from './cutscene.js';
import { problem } from './problems.js';
import { select } from './selection.js';
import { readSelection } from './session.js';
import { $, setPlaying, state } from './state.js';
import { sprites } from './views.js';

/** Which file each texture came from, so opening a dictionary again replaces its textures. */
const textureFile = new WeakMap<TXDTexture, string>();

/**
 * The selection is shown again once after a batch of files (a model, its dictionaries, its clips),
 * not once per file: each showing rebuilds the model and decodes its textures.
 */
let reselectScheduled = false;
/** The files opened since the selection was last shown: a scene starts only when one of its files is among them. */
const openedBatch = new Set<string>();
function reselect(): void {
  if (reselectScheduled) return;
  reselectScheduled = true;
  queueMicrotask(() => {
    reselectScheduled = false;
    // A cutscene's clips and the models they name, opened together, play as one scene (a clip the
    // user chose is left playing when a file of no scene, say a dictionary, comes later).
    const scene = openedScene(new Set(openedBatch));
    openedBatch.clear();
    if (scene) return playScene(scene);
    // A file the user asked to see (an animation file picked in a game folder) shows its own clips.
    const shown = shownFile === null ? undefined : openingClip(shownFile);
    shownFile = null;
    const clip = shown ?? state.clip ?? openingClip();
    if (clip) select(clip);
  });
}
/** The file whose opening clip the next reselect chooses over the clip playing; see `openFiles`. */
let shownFile: string | null = null;

/**
 * The scene of the clip file opened last whose clips name two or more of the models opened, when the
 * batch holds that file or one of its models, or it is the scene playing (a dictionary came); else null.
 */
function openedScene(batch: ReadonlySet<string>) {
  for (const file of [...state.files].reverse()) {
    if (!file.format.packages) continue;
    const scene = sceneOf(file.name);
    if (scene && (batch.has(file.name) || state.scene?.file === file.name || scene.actors.some((actor) => batch.has(actor.modelFile))))
      return scene;
  }
  return null;
}

/**
 * With nothing chosen yet, an idle or a walk plays (viewer/opening-clip.ts), not the first clip of the first file; of `file`'s clips when
 * given.
 */
function openingClip(file?: string) {
  const clips = state.clips.filter((entry) => file === undefined || entry.file === file).map((entry) => entry.clip);
  return clips[
    chooseOpeningClip(
      clips.map((clip) => clip.name),
      clips.map((clip) => clip.duration),
    )
  ];
}

/**
 * Lint runs after the files are listed, one file a task, so a game's folder lists at once and the
 * page answers while its findings come in.
 */
const lintQueue: Array<{ name: string; bytes: Uint8Array; editing: EditingHost }> = [];
function queueLint(name: string, bytes: Uint8Array, editing: EditingHost): void {
  if (lintQueue.push({ name, bytes, editing }) === 1) setTimeout(lintNext, 0);
}
function lintNext(): void {
  const job = lintQueue.shift();
  if (!job) return;
  // A file edited (or opened again) since is linted by its edit, with its new bytes.
  if (state.edited.get(job.name)?.history.length === 1 && state.edited.get(job.name)!.history[0] === job.bytes)
    lintFile(job.editing, job.name, job.bytes);
  if (lintQueue.length) setTimeout(lintNext, 0);
}

// Each refusal ends the opening by returning what problem() or a handler returns (nothing).
export function open(name: string, bytes: Uint8Array, editing: EditingHost) {
  state.openedAt = performance.now();
  openedBatch.add(name);
  const shown = findPresentation(bytes, name);
  if (!shown) return problem(`${name}: not a format gameanim reads`, true);
  const { format } = shown;
  let reader: unknown;
  try {
    reader = name.toLowerCase().endsWith('.dir') ? IMGArchive.fromDir(bytes, new Uint8Array(0)) : format.open(bytes);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    return problem(`${name}: ${error.code} at byte ${error.offset}: ${error.message}`, true);
  }
  // An IFP's reader warnings are among its lint findings (reader-warning, with their severity).
  if (!format.packages) for (const w of format.warnings(reader)) problem(`${name}: warning ${w.code} at byte ${w.offset}: ${w.message}`);
  // Opening a file again replaces it: one entry per file, its clips and textures once.
  state.files = state.files.filter((file) => file.name !== name);
  state.clips = state.clips.filter((entry) => entry.file !== name);
  state.textures = state.textures.filter((texture) => textureFile.get(texture) !== name);
  for (const old of [...$('file-list').children]) if ((old as HTMLElement).dataset['file'] === name) old.remove();
  state.files.push({ name, format, reader });
  const item = listItem(name, shown.summary(reader, bytes.length));
  item.dataset['file'] = name;
  $('file-list').append(item);
  if (format.archive) return showArchive(name, format.archive(reader), editing);
  if (format.sprites) {
    state.spriteFiles.push(format.sprites(reader));
    return renderLists();
  }
  if (format.textures) {
    const textures = format.textures(reader) as TXDTexture[];
    for (const texture of textures) textureFile.set(texture, name);
    state.textures = [...state.textures, ...textures];
    if (state.clip || state.scene) reselect(); // a dictionary after its model: draw it textured now
    return renderLists();
  }
  const skeleton = format.skeleton?.(reader) ?? null;
  if (skeleton && !format.clips) {
    const model = format.model?.(reader);
    // Rigid parts ride their frames on a frame-bound model (a GTA III ped: its tracks offset the frames).
    state.model = {
      name,
      skeleton,
      geometries: model?.geometries ?? [],
      boneOfFrame: skeleton.trackTranslations === 'offset' && !skeleton.inverseBindMatrices ? model?.boneOfFrame : undefined,
    };
    state.models = [...state.models.filter((other) => objectName(other.name) !== objectName(name)), state.model];
  }
  if (format.packages) {
    // Its edits start from what was opened.
    state.edited.set(name, { name, history: [bytes] });
    queueLint(name, bytes, editing);
  }
  for (const clip of format.clips?.(reader) ?? []) state.clips.push({ file: name, clip });
  renderLists();
  // A model after its animations binds them now; with none chosen, an idle or a walk plays; a file
  // asked to be shown shows its clips.
  if (
    (skeleton && !format.clips && (state.clip || state.clips.length)) ||
    (!state.clip && state.clips.length) ||
    (name === shownFile && format.clips)
  )
    reselect();
}

function openArchivePair(name: string, dir: Uint8Array, img: Uint8Array, editing: EditingHost): void {
  try {
    const archive = IMGArchive.fromDir(dir, img);
    for (const w of archive.warnings) problem(`${name}: warning ${w.code} at byte ${w.offset}: ${w.message}`);
    const item = document.createElement('li');
    item.textContent = `${name} + .img: ${archive.entries.length} entries`;
    $('file-list').append(item);
    showArchive(name, archive, editing);
  } catch (error) {
    if (!(error instanceof DecodeError)) throw error;
    problem(`${name}: ${error.code} at byte ${error.offset}: ${error.message}`, true);
  }
}

function showArchive(name: string, archive: ArchiveContents, editing: EditingHost): void {
  $('entries-section').hidden = false;
  for (const entry of archive.entries) {
    const item = document.createElement('li');
    item.textContent = `${entry.name} (${entry.size} bytes)`;
    item.onclick = () => {
      try {
        open(entry.name, archive.read(entry), editing);
      } catch (error) {
        if (!(error instanceof DecodeError)) throw error;
        problem(`${name}/${entry.name}: ${error.code} at byte ${error.offset}: ${error.message}`, true);
      }
    };
    $('entries').append(item);
  }
}

/** A part of the page that takes some files instead of their being opened (a rig to retarget), and acts once all are read. */
export interface FileTaker {
  takes(name: string): boolean;
  keep(name: string, bytes: Uint8Array): void;
  update(): Promise<void>;
}
const takers: FileTaker[] = [];
export function addFileTaker(taker: FileTaker): void {
  takers.push(taker);
}

export async function openFiles(files: Iterable<File>, editing: EditingHost, options: { show?: string } = {}): Promise<void> {
  let list = [...files];
  shownFile = options.show ?? null;
  const taken = list.filter((f) => takers.some((taker) => taker.takes(f.name)));
  list = list.filter((f) => !taken.includes(f));
  for (const file of taken) takers.find((taker) => taker.takes(file.name))!.keep(file.name, new Uint8Array(await file.arrayBuffer()));
  // A GTA III/VC archive is a .dir with its .img: dropped together, they open as one archive.
  for (const dir of list.filter((f) => /\.dir$/i.test(f.name))) {
    const img = list.find((f) => f.name.toLowerCase() === dir.name.toLowerCase().replace(/\.dir$/, '.img'));
    if (!img) continue;
    list = list.filter((f) => f !== dir && f !== img);
    openArchivePair(dir.name, new Uint8Array(await dir.arrayBuffer()), new Uint8Array(await img.arrayBuffer()), editing);
  }
  // PNGs are sprite atlases.
  for (const file of list.filter((f) => /\.png$/i.test(f.name))) {
    const image = new Image();
    image.src = URL.createObjectURL(file);
    await image.decode().catch(() => problem(`${file.name}: not an image the browser can read`, true));
    sprites.atlas = image;
  }
  // Models first (./opening-order.ts), so the animations dropped with them bind at once. Every file is
  // read before any is opened, and all are opened in one task: no frame is drawn between two files.
  list = list.filter((f) => !/\.png$/i.test(f.name));
  const contents = await Promise.all(list.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })));
  for (const { name, bytes } of modelsFirst(contents)) open(name, bytes, editing);
  for (const taker of takers) await taker.update();
}

/** Files named on the `gameanim view` command line, served beside the page; none when hosted as plain files. */
export async function preload(editing: EditingHost): Promise<void> {
  const response = await fetch('./preload.json').catch(() => null);
  if (!response?.ok) return;
  const { files } = (await response.json()) as { files: Array<{ name: string; url: string }> };
  const fetched = await Promise.all(files.map(async ({ name, url }) => new File([await (await fetch(url)).arrayBuffer()], name)));
  await openFiles(fetched, editing);
  showLinkedSelection();
}

/**
 * A link with a selection opens that animation at that time, paused: on loading, and whenever the
 * hash changes on the open page (a link followed, the address edited). The page's own hash writes
 * (history.replaceState) fire no hashchange.
 */
function showLinkedSelection(): void {
  const wanted = readSelection();
  const found =
    wanted && state.clips.find((entry) => entry.file === wanted.file && entry.clip.name.toLowerCase() === wanted.animation.toLowerCase());
  if (wanted && found) {
    select(found.clip);
    setPlaying(false);
    state.time = Math.min(wanted.time, found.clip.duration);
  }
}
addEventListener('hashchange', showLinkedSelection);
