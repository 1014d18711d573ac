// The page's frame loop: advances the clip's time, samples the pose and draws it when something
// changed (a paused, still clip is neither sampled nor drawn), and keeps the timeline and the URL's
// selection up to date.
import type { SkeletalClip } from 'gameanim';
import { drawKeyMarks } from './curves-panel.js';
import { poseAt } from './posing.js';
import { writeSelection } from './session.js';
import { $, fileOf, state, type PlayedScene } from './state.js';
import { poseScene } from './cutscene.js';
import { sprites, view } from './views.js';
import { frameLabel } from './stepping.js';

let last = performance.now();
let firstFrameReported = false;
/** Animation frames the loop has run, drawing or not: tests wait for frames to pass instead of sleeping. */
let animationFrames = 0;
/** What else follows the clip's time (the compare panel's ghosts, the retargeted source): called when the time changes. */
const timeFollowers: Array<(time: number) => void> = [];
export function followTime(follower: (time: number) => void): void {
  timeFollowers.push(follower);
}
/** What the view last showed: a paused clip at the same time is not sampled or drawn again. */
const shown = { time: NaN, clip: null as SkeletalClip | null, scene: null as PlayedScene | null };

/** Something besides the time changed what the pose is (the base, its weight, in place): sample again. */
export function invalidatePose(): void {
  shown.time = NaN;
}

export function startLoop(): void {
  requestAnimationFrame(loop);
}

/** A scene's clock: every object's pose at the time, drawn; the same still time is not drawn again. */
function playScene(elapsed: number): void {
  const scene = state.scene!;
  if (state.playing) state.time += elapsed;
  if (state.time > scene.duration)
    state.time = $<HTMLInputElement>('loop').checked ? (scene.duration > 0 ? state.time % scene.duration : 0) : scene.duration;
  if (state.time === shown.time && shown.scene === scene) return;
  shown.time = state.time;
  shown.scene = scene;
  shown.clip = null;
  $<HTMLInputElement>('scrub').value = String(state.time);
  $('clock').textContent = `${state.time.toFixed(3)} s`;
  $('frame').textContent = frameLabel(state.time, scene.duration);
  poseScene(scene, state.time);
}

function loop(now: number): void {
  const speed = Number($<HTMLSelectElement>('speed').value);
  const dt = (now - last) / 1000;
  last = now;
  if (state.scene) playScene(dt * speed);
  else if (state.clip) {
    const duration = state.clip.duration;
    if (state.playing) state.time += dt * speed;
    if (state.time > duration) state.time = $<HTMLInputElement>('loop').checked ? (duration > 0 ? state.time % duration : 0) : duration;
    // Paused and unchanged: no sampling, no drawing (the view draws only when something changed).
    if (state.time !== shown.time || state.clip !== shown.clip) {
      shown.time = state.time;
      shown.clip = state.clip;
      shown.scene = null;
      $<HTMLInputElement>('scrub').value = String(state.time);
      $('clock').textContent = `${state.time.toFixed(3)} s`;
      $('frame').textContent = frameLabel(state.time, duration);
      for (const follower of timeFollowers) follower(state.time);
      if (state.bound && state.pose) {
        poseAt(state.bound, state.time, state.pose, $<HTMLInputElement>('in-place').checked);
        view.showTrail = $<HTMLInputElement>('trail').checked;
        view.apply(state.pose);
      }
      drawKeyMarks();
      const file = fileOf(state.clip);
      if (file && !state.playing) writeSelection({ file, animation: state.clip.name, time: state.time });
    }
  }
  if (sprites.active) sprites.tick(now, speed, state.playing);
  else view.render();
  if ((state.clip || state.scene) && view.hasSkeleton && !firstFrameReported) {
    firstFrameReported = true;
    (window as unknown as { firstFrameMs: number }).firstFrameMs = performance.now() - state.openedAt;
  }
  (window as unknown as { decodedTextures: number }).decodedTextures = view.decodedTextures;
  (window as unknown as { animationFrames: number }).animationFrames = ++animationFrames;
  requestAnimationFrame(loop);
}
