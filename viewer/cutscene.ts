// Scene mode: a cutscene's IFP names each animation after the object it moves (San Andreas'
// csbmyap, csbfori...). When the clips of one file name two or more of the models opened (by the
// model's file name), the page plays them together: every model on its own clip, on one clock, the
// camera framing the whole scene. Choosing a clip in the list leaves scene mode.
import { createPose, poseToMatrices, sampleClip } from 'gameanim';
import { boundClip } from './page.js';
import type { PoseBox } from './pose-box.js';
import { selectionChanged } from './selection-events.js';
import { $, setPlaying, state, type PlayedScene, type SceneActor } from './state.js';
import { sprites, view } from './views.js';

/** A model's object name: its file name without folder or extension, compared as the game compares names. */
export const objectName = (file: string) =>
  file
    .replace(/^.*[/\\]/, '')
    .replace(/\.[^.]*$/, '')
    .toLowerCase();

/** The scene a file's clips make with the models opened: null unless they name two or more of them. */
export function sceneOf(file: string): PlayedScene | null {
  const clips = state.clips.filter((entry) => entry.file === file).map((entry) => entry.clip);
  const named = new Map(clips.map((clip) => [clip.name.toLowerCase(), clip]));
  const playing = state.models.filter((model) => named.has(objectName(model.name)));
  if (playing.length < 2) return null;
  const actors = playing.map((model): SceneActor => {
    const clip = named.get(objectName(model.name)) ?? null;
    const bound = clip ? boundClip(clip, model.skeleton) : null;
    return {
      name: objectName(model.name),
      modelFile: model.name,
      skeleton: model.skeleton,
      model,
      clip,
      bound,
      pose: createPose(model.skeleton),
    };
  });
  return { file, actors, duration: Math.max(...actors.map((actor) => actor.clip?.duration ?? 0)) };
}

/** Plays the scene: every object drawn, the clock at 0, the camera framing the box all of them take over the scene. */
export function playScene(scene: PlayedScene): void {
  sprites.stop();
  $('sprite-view').hidden = true;
  $('view').hidden = false;
  state.scene = scene;
  state.clip = null;
  state.bound = null;
  state.time = 0;
  view.showScene(
    scene.actors.map((actor) => ({ skeleton: actor.skeleton, model: actor.model })),
    state.textures,
  );
  view.follow = false;
  view.setClipBox(sceneBox(scene));
  const still = scene.actors
    .filter((actor) => !actor.bound || actor.bound.trackOfBone.every((track) => track < 0))
    .map((actor) => actor.name);
  $('message').textContent =
    `Scene ${scene.file}: ${scene.actors.length} objects on one clock${still.length ? `; at rest (no clip of its name drives it): ${still.join(', ')}` : ''}. Choose an animation to leave the scene.`;
  $<HTMLInputElement>('scrub').max = String(scene.duration || 1);
  $<HTMLButtonElement>('export').disabled = true;
  setPlaying(true);
  selectionChanged();
  poseScene(scene, 0);
}

/** Every object's pose at `time` (a clip shorter than the scene holds its last pose), drawn. */
export function poseScene(scene: PlayedScene, time: number): void {
  for (const actor of scene.actors) if (actor.bound) sampleClip(actor.bound, Math.min(time, actor.bound.clip.duration), actor.pose);
  view.applyScene(scene.actors.map((actor) => actor.pose));
}

/** Poses over the scene for its box: enough to catch where each object goes. */
const BOX_SAMPLES = 24;

/** The box every object's bones take over the scene, in world space (the camera stays put). */
function sceneBox(scene: PlayedScene): PoseBox {
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  let floor = Infinity;
  for (const actor of scene.actors) {
    const pose = createPose(actor.skeleton);
    const matrices = new Float32Array(16 * actor.skeleton.boneCount);
    for (let step = 0; step <= (actor.bound ? BOX_SAMPLES : 0); step++) {
      if (actor.bound) sampleClip(actor.bound, (actor.bound.clip.duration * step) / BOX_SAMPLES, pose);
      poseToMatrices(pose, actor.skeleton, matrices);
      for (let bone = 0; bone < actor.skeleton.boneCount; bone++) {
        for (let axis = 0; axis < 3; axis++) {
          const value = matrices[16 * bone + 12 + axis]!;
          min[axis] = Math.min(min[axis]!, value);
          max[axis] = Math.max(max[axis]!, value);
        }
        floor = Math.min(floor, matrices[16 * bone + 14]!);
      }
    }
  }
  return { min, max, relative: false, floor };
}
