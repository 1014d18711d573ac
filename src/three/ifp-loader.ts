// IFP animation files for three.js: every animation as an AnimationClip, bound to a model's skeleton
// (tracks named after its bones, as the game binds them) or by the tracks' own bone names.
import type { AnimationClip } from 'three';
import type { DecodeWarning } from '../core/errors.js';
import { indexByName, nameKey } from '../core/names.js';
import type { Skeleton } from '../core/skeleton.js';
import type { Animation } from '../ifp/track.js';
import { IFPReader } from '../ifp/reader.js';
import { bindClip, type BoundClip } from '../playback/bind.js';
import { GameLoader } from './game-loader.js';
import { toAnimationClip } from './animation-clip.js';

/** What `IFPLoader` gives: the clips for a `THREE.AnimationMixer`, and what they were made of. */
export interface ThreeAnimations {
  /** One per animation, in file order, named as the animation. */
  animations: AnimationClip[];
  /**
   * The clip of this name, compared as the game compares names (ASCII case ignored: SA's `WALK_player` is `walk_player`); the first match
   * wins.
   */
  get(name: string): AnimationClip | undefined;
  /** The file's animations, in the same order. */
  clips: Animation[];
  /** Each animation bound to the model's skeleton (what `sampleClip` plays), in the same order; null without a model. */
  bound: BoundClip[] | null;
  reader: IFPReader;
  /** The file's warnings. */
  warnings: DecodeWarning[];
}

/** A model clips bind to: a `Skeleton`, or anything that has one (`DFFLoader`'s model, a `DFFReader`). */
export type AnimatedModel = Skeleton | { readonly skeleton: Skeleton | null };

/**
 * Loads an `.ifp` (GTA III, VC and SA; every package of the file) as `THREE.AnimationClip`s.
 *
 * With `setModel(model)`, each animation is bound to the model's skeleton as the game binds it
 * (`bindClip`: SA and VC tracks by bone id, GTA III tracks by frame name; bones no track drives keep
 * their rest pose) and its tracks are named after the bones `DFFLoader` and `toSkeleton` make, so a
 * mixer on the model plays it as `sampleClip` does. Without one, tracks are named by the adapter's
 * rule for bare clips: the IFP bone name without its surrounding spaces (`toAnimationClip`), for a
 * hierarchy whose objects carry those names. A bad file is a `DecodeError` of format 'IFP'.
 */
export class IFPLoader extends GameLoader<ThreeAnimations> {
  skeleton: Skeleton | null = null;

  /** Binds the clips to this model's skeleton (null: unbound clips, named by the tracks' bone names). */
  setModel(model: AnimatedModel | null): this {
    this.skeleton = model === null ? null : isSkeleton(model) ? model : model.skeleton;
    return this;
  }

  /** The clips of an IFP file's bytes, bound to the model set with `setModel`; throws the reader's `DecodeError` for a bad file. */
  parse(bytes: Uint8Array | ArrayBuffer): ThreeAnimations {
    const reader = new IFPReader(bytes);
    const clips = reader.animations;
    const skeleton = this.skeleton;
    const bound = skeleton ? clips.map((clip) => bindClip(clip, skeleton)) : null;
    const animations = bound ? bound.map((clip) => toAnimationClip(clip)) : clips.map((clip) => toAnimationClip(clip));
    const byName = indexByName(animations, (clip) => clip.name);
    return { animations, get: (name) => byName.get(nameKey(name)), clips, bound, reader, warnings: reader.warnings };
  }

  protected async loadUrl(url: string, onProgress?: (event: ProgressEvent) => void): Promise<ThreeAnimations> {
    return this.parse(await this.bytes(url, onProgress));
  }
}

function isSkeleton(model: AnimatedModel): model is Skeleton {
  return (model as Partial<Skeleton>).kind === 'skeleton';
}
