// What the page holds: the files opened, the model, the clips and the selection. One object, so each
// part of the page reads the same selection. It imports no view: the views (viewer/views.ts, the
// panels) read it and subscribe to its changes (viewer/selection-events.ts).
import type { AnyFileFormat, BoundClip, Pose, SkeletalClip, Skeleton, SpriteScripts, TXDTexture } from 'gameanim';
import type { EditedFile } from './editing.js';
import type { ShownModel } from './model-objects.js';

export interface Opened {
  name: string;
  format: AnyFileFormat;
  reader: unknown;
}

/** One object of the scene: its model, and the clip of its name (null: it stands at rest). */
export interface SceneActor {
  name: string;
  /** The model's file, as opened. */
  modelFile: string;
  skeleton: Skeleton;
  model: ShownModel;
  clip: SkeletalClip | null;
  bound: BoundClip | null;
  pose: Pose;
}

export interface PlayedScene {
  /** The IFP file whose clips the objects play. */
  file: string;
  actors: SceneActor[];
  /** The longest clip: the scene's clock runs to it. */
  duration: number;
}

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export const state = {
  files: [] as Opened[],
  model: null as ({ name: string; skeleton: Skeleton } & ShownModel) | null,
  /** Every model opened, the last of a name kept: a cutscene's objects play together (viewer/cutscene.ts). */
  models: [] as Array<{ name: string; skeleton: Skeleton } & ShownModel>,
  /** The scene playing, or null: a clip (or nothing) plays. */
  scene: null as PlayedScene | null,
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
  textures: [] as TXDTexture[],
  /** When the last file was opened: the first animated frame is timed from it. */
  openedAt: 0,
};
(window as unknown as { viewer: unknown }).viewer = state;

/** The file a clip came from. */
export function fileOf(clip: SkeletalClip | null): string | undefined {
  return clip ? state.clips.find((entry) => entry.clip === clip)?.file : undefined;
}

export function setPlaying(playing: boolean): void {
  state.playing = playing;
  $('play').textContent = playing ? 'Pause' : 'Play';
}

/** The track behind the selected bone: through the binding, or the clip's own track order. */
export function selectedTrack() {
  if (!state.clip) return undefined;
  const index = state.bound ? state.bound.trackOfBone[state.bone]! : state.bone;
  return index >= 0 ? state.clip.tracks[index] : undefined;
}
