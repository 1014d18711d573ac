// What the page holds: the files opened, the model, the clips and the selection, and the views that
// draw them. One object, so each part of the page reads the same selection.
import type { AnyFileFormat, BoundClip, Pose, SkeletalClip, Skeleton, SpriteScripts, TxdTexture } from 'gameanim';
import type { EditedFile } from './editing.js';
import type { ShownModel } from './model-objects.js';
import { SceneView } from './scene.js';
import { SpriteView } from './sprites.js';

export interface Opened {
  name: string;
  format: AnyFileFormat;
  reader: unknown;
}

export const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

export const view = new SceneView($<HTMLCanvasElement>('scene'));
export const sprites = new SpriteView($<HTMLCanvasElement>('sprites'), $('sprite-state'), $('disassembly'));

export const state = {
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
