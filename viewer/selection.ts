// Choosing what plays: a clip (on the model's skeleton, else its own, else nodes named after its
// tracks) or a sprite script; and the track behind the bone chosen in the bones panel.
import { countText, createPose, type SkeletalClip, type Skeleton, type SpriteScripts } from 'gameanim';
import { chooseBase } from './layering.js';
import { selectionChanged } from './selection-events.js';
import { boundClip, skeletonOfTracks } from './page.js';
import { openingBone } from './opening-clip.js';
import { clipBox, motionBone } from './posing.js';
import { $, fileOf, setPlaying, state } from './state.js';
import { sprites, view } from './views.js';

/** Plays a clip: on the model's skeleton, else on the clip's own (ANM2, IGI 2), else curves only. */
export function select(clip: SkeletalClip): void {
  sprites.stop();
  $('sprite-view').hidden = true;
  $('view').hidden = false;
  $('disassembly-section').hidden = true;
  state.scene = null;
  state.clip = clip;
  state.time = 0;
  state.bone = 0;
  const own = (clip as { skeleton?: Skeleton | null }).skeleton ?? null;
  const file = fileOf(clip);
  // No model: the clips of its file play on nodes named after their tracks (an SA object's clips).
  const alone = !state.model && !own ? skeletonOfTracks(state.clips.filter((e) => e.file === file).map((e) => e.clip)) : null;
  const skeleton = state.model?.skeleton ?? own ?? alone;
  state.bound = skeleton ? boundClip(clip, skeleton) : null;
  if (state.bound) state.bone = openingBone(state.bound.trackOfBone);
  if (!skeleton) state.pose = null;
  else if (state.pose?.count !== skeleton.boneCount || state.poseFor !== skeleton) {
    state.pose = createPose(skeleton);
    state.poseFor = skeleton;
  }
  chooseBase(state.bound);
  view.show(skeleton, state.model && skeleton === state.model.skeleton ? state.model : null, state.textures);
  view.mover = state.bound ? motionBone(state.bound) : 0;
  reframe();
  $('message').textContent = alone
    ? 'No model: each track plays on a node of its name (drop the .dff to see the model).'
    : skeleton
      ? drivesNothing(clip)
      : 'A model is needed for a 3D view: drop its .dff (the curves work without one).';
  $<HTMLButtonElement>('export').disabled = !skeleton;
  $<HTMLInputElement>('scrub').max = String(clip.duration || 1);
  setPlaying(true);
  selectionChanged();
}

/** What to say when the clip moves no bone of the model it plays on (it stands at rest), else ''. */
function drivesNothing(clip: SkeletalClip): string {
  const bound = state.bound;
  if (!bound || !state.model || bound.skeleton !== state.model.skeleton || bound.trackOfBone.some((track) => track >= 0)) return '';
  return bound.refused
    ? `${clip.name} drives nothing on ${state.model.name}: ${bound.refused}.`
    : `${clip.name} drives no bone of ${state.model.name}: none of its ${countText(clip.tracks.length, 'track')} finds a bone by id or name, so the model stands at rest.`;
}

/** The box the camera frames: the posed skeleton over the clip, as it plays now (in place or not, followed or not). */
export function reframe(): void {
  const follow = $<HTMLInputElement>('follow').checked;
  view.follow = follow;
  const bound = state.bound;
  const model = bound && state.model?.skeleton === bound.skeleton ? state.model : null;
  view.setClipBox(bound ? clipBox(bound, $<HTMLInputElement>('in-place').checked, follow, model) : null);
}

export function selectScript(file: SpriteScripts, id: number): void {
  state.clip = null;
  $('view').hidden = true;
  $('sprite-view').hidden = false;
  $('disassembly-section').hidden = false;
  sprites.play(file, id);
  setPlaying(true);
}
