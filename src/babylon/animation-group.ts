// Bound clips as Babylon.js animation groups: each skeleton bone a track drives gets a rotation
// animation (and a position one where the track moves it) on the model's node of that bone, keyed at
// the clip's own times, which Babylon plays as the library's sampler does.
import { Animation } from '@babylonjs/core/Animations/animation.js';
import { AnimationGroup } from '@babylonjs/core/Animations/animationGroup.js';
import { Quaternion, Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import type { TransformNode } from '@babylonjs/core/Meshes/transformNode.js';
import type { Scene } from '@babylonjs/core/scene.js';
import type { BoundClip } from '../playback/bind.js';
import { gameKeyTimes } from '../playback/game-key-times.js';

/** Babylon keys animations by frame: this many frames a second, so a time t is frame `t * FRAME_RATE`. */
export const FRAME_RATE = 60;

/**
 * An AnimationGroup of a bound clip on the model's nodes (one per skeleton bone, in its order). Bones
 * no track drives get no animation: they keep the pose they have (the rest pose, as the game keeps
 * it). Keys that share a time play as the games seek (`gameKeyTimes`). The group runs from frame 0
 * to the clip's duration in frames (`FRAME_RATE` a second).
 */
export function toAnimationGroup(bound: BoundClip, nodes: readonly TransformNode[], scene: Scene, name = bound.clip.name): AnimationGroup {
  const group = new AnimationGroup(name, scene);
  bound.trackOfBone.forEach((trackIndex, bone) => {
    if (trackIndex < 0) return;
    const source = bound.clip.tracks[trackIndex]!;
    const track = bound.sampled.tracks[bone]!;
    const node = nodes[bone];
    if (!node || source.times.length === 0) return;
    const times = gameKeyTimes(track.times);
    const rotation = new Animation(
      `${name} ${node.name} rotation`,
      'rotationQuaternion',
      FRAME_RATE,
      Animation.ANIMATIONTYPE_QUATERNION,
      Animation.ANIMATIONLOOPMODE_CYCLE,
    );
    rotation.setKeys(Array.from(times, (time, k) => ({ frame: time * FRAME_RATE, value: Quaternion.FromArray(track.rotations, 4 * k) })));
    group.addTargetedAnimation(rotation, node);
    const positionTimes = track.translationTimes ?? track.times;
    if (source.translations && track.translations && positionTimes.length) {
      const position = new Animation(
        `${name} ${node.name} position`,
        'position',
        FRAME_RATE,
        Animation.ANIMATIONTYPE_VECTOR3,
        Animation.ANIMATIONLOOPMODE_CYCLE,
      );
      position.setKeys(
        Array.from(gameKeyTimes(positionTimes), (time, k) => ({
          frame: time * FRAME_RATE,
          value: Vector3.FromArray(track.translations!, 3 * k),
        })),
      );
      group.addTargetedAnimation(position, node);
    }
  });
  group.normalize(0, bound.sampled.duration * FRAME_RATE);
  return group;
}
