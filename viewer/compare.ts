// The compare panel: more models in the 3D view, each playing its own clip in step with the main one.
// "Pin as ghost" keeps the shown model and clip as a translucent ghost at the same place, so the next
// clip chosen plays against it; "Original as ghost" does the same with the selected clip as opened,
// before its edits; "All models" puts every other model opened beside the main one, each with a clip
// that fits it (the library binds SA skins by bone id, III's frames by name).
import * as THREE from 'three';
import { IFPReader, type AnyFileFormat, type SkeletalClip, type Skeleton, type TXDTexture } from 'gameanim';
import { CompareActor, type ActorPlace } from './compare-actor.js';
import type { ShownModel } from './model-objects.js';
import { boundClip, listItem } from './page.js';

/** The parts of the page's state the panel reads (viewer/main.ts). */
export interface CompareState {
  files: ReadonlyArray<{ name: string; format: AnyFileFormat; reader: unknown }>;
  model: ({ name: string; skeleton: Skeleton } & ShownModel) | null;
  clips: ReadonlyArray<{ file: string; clip: SkeletalClip }>;
  clip: SkeletalClip | null;
  edited: ReadonlyMap<string, { history: readonly Uint8Array[] }>;
  textures: readonly TXDTexture[];
}

export interface CompareHost {
  state: CompareState;
  /** The main view's scene and its redraw flag. */
  view: { scene: THREE.Scene; dirty: boolean };
  problem(text: string, error?: boolean): void;
}

/** Metres between models side by side: a ped's arm span, and some air. */
const SPACING = 1.2;
/** A clip fits a model when the library binds at least this share of its tracks to the model's bones. */
const FITS = 0.5;

/** A model the page opened: every file with a skeleton and no clips of its own. */
interface OpenedModel {
  name: string;
  skeleton: Skeleton;
  model: ShownModel;
}

function openedModels(state: CompareState): OpenedModel[] {
  return state.files.flatMap(({ name, format, reader }) => {
    const skeleton = !format.clips ? format.skeleton?.(reader) : null;
    if (!skeleton) return [];
    const model = format.model?.(reader);
    // As the main view does: rigid parts ride their frames on a frame-bound model (a GTA III ped).
    return [
      {
        name,
        skeleton,
        model: {
          geometries: model?.geometries ?? [],
          boneOfFrame: skeleton.trackTranslations === 'offset' && !skeleton.inverseBindMatrices ? model?.boneOfFrame : undefined,
        },
      },
    ];
  });
}

/** The share of a clip's tracks bound to the skeleton's bones: 0 for a clip of another game's rig. */
export function fitShare(clip: SkeletalClip, skeleton: Skeleton): number {
  const bound = boundClip(clip, skeleton);
  return clip.tracks.length ? (clip.tracks.length - bound.unmatchedTracks.length) / clip.tracks.length : 0;
}

/** The clip to play on a model: the wanted one if it fits, else the best fitting one of the same name, else of all. */
function clipFor(skeleton: Skeleton, wanted: SkeletalClip | null, clips: readonly SkeletalClip[]): SkeletalClip | undefined {
  if (wanted && fitShare(wanted, skeleton) >= FITS) return wanted;
  const fitting = clips.filter((clip) => fitShare(clip, skeleton) >= FITS);
  return fitting.find((clip) => clip.name.toLowerCase() === wanted?.name.toLowerCase()) ?? fitting[0];
}

export interface Compare {
  /** Poses every compared model at `time` (called by the page's loop with the main clip's time). */
  pose(time: number): void;
}

export function setUpCompare(host: CompareHost): Compare {
  const root = new THREE.Group();
  root.name = 'compare';
  host.view.scene.add(root);
  const textureCache = new Map<TXDTexture, THREE.Texture>();
  let actors: CompareActor[] = [];
  let lastTime = 0;

  const list = document.createElement('ul');
  list.id = 'compare-list';
  const render = () => {
    list.replaceChildren(...actors.map((actor) => listItem(actor.label, `${actor.place}, ${actor.matchedBones} bones driven`)));
    host.view.dirty = true;
  };
  const add = (actor: CompareActor) => {
    if (actor.place === 'beside') actor.group.position.x = SPACING * (1 + actors.filter((a) => a.place === 'beside').length);
    actors.push(actor);
    root.add(actor.group);
    actor.pose(lastTime);
    render();
  };
  const actor = (label: string, model: OpenedModel | null, skeleton: Skeleton, clip: SkeletalClip, place: ActorPlace) =>
    new CompareActor(label, skeleton, model?.model ?? null, clip, place, host.state.textures, textureCache);
  /** The main view's model, or the clip's own skeleton (ANM2, IGI 2). */
  const mainSkeleton = () => host.state.model?.skeleton ?? (host.state.clip as { skeleton?: Skeleton | null } | null)?.skeleton ?? null;
  const mainModel = () => openedModels(host.state).find((m) => m.name === host.state.model?.name) ?? null;

  const pin = (place: ActorPlace) => {
    const { clip } = host.state;
    const skeleton = mainSkeleton();
    if (!clip || !skeleton) return host.problem('compare: choose a model and a clip first', true);
    add(actor(`${host.state.model?.name ?? 'clip'}: ${clip.name}`, mainModel(), skeleton, clip, place));
  };

  const original = () => {
    const { clip } = host.state;
    const file = host.state.clips.find((entry) => entry.clip === clip)?.file;
    const history = file ? host.state.edited.get(file)?.history : undefined;
    const skeleton = mainSkeleton();
    if (!clip || !skeleton || !history || history.length < 2)
      return host.problem('compare: the selected clip has no edits to compare with', true);
    // The clip as opened: same name, or (renamed since) the same place in the package.
    const now = host.state.clips.filter((entry) => entry.file === file).findIndex((entry) => entry.clip === clip);
    const opened = new IFPReader(history[0]!).animations as SkeletalClip[];
    const before = opened.find((c) => c.name.toLowerCase() === clip.name.toLowerCase()) ?? opened[now];
    if (!before) return host.problem(`compare: ${clip.name} is not in ${file} as opened`, true);
    add(actor(`${file} as opened: ${before.name}`, mainModel(), skeleton, before, 'ghost'));
  };

  const allModels = () => {
    const clips = host.state.clips.map((entry) => entry.clip);
    for (const model of openedModels(host.state)) {
      if (model.name === host.state.model?.name || actors.some((a) => a.skeleton === model.skeleton)) continue;
      const clip = clipFor(model.skeleton, host.state.clip, clips);
      if (clip) add(actor(`${model.name}: ${clip.name}`, model, model.skeleton, clip, 'beside'));
      else host.problem(`compare: no clip opened fits ${model.name}: open its game's ped.ifp`);
    }
  };

  const clear = () => {
    for (const a of actors) a.dispose();
    root.clear();
    actors = [];
    render();
  };

  const section = document.createElement('section');
  section.id = 'compare';
  const heading = document.createElement('h2');
  heading.textContent = 'Compare';
  const buttons = (
    [
      ['compare-ghost', 'Pin as ghost', () => pin('ghost')],
      ['compare-beside', 'Pin beside', () => pin('beside')],
      ['compare-original', 'Original as ghost', original],
      ['compare-models', 'All models', allModels],
      ['compare-clear', 'Clear', clear],
    ] as const
  ).map(([id, text, onclick]) => Object.assign(document.createElement('button'), { id, textContent: text, onclick }));
  section.append(heading, ...buttons, list);
  (document.querySelector('#right') ?? document.body).prepend(section);

  const hooks = {
    actors: () =>
      actors.map((a) => ({
        label: a.label,
        place: a.place,
        clip: a.clip.name,
        matched: a.matchedBones,
        positions: a.bonePositions,
        x: a.group.position.x,
      })),
    /** The main view's bone world positions: every bone in the scene outside the compared models. */
    mainPositions: () => {
      const positions: number[][] = [];
      host.view.scene.traverse((object) => {
        let inCompare = false;
        for (let at: THREE.Object3D | null = object; at; at = at.parent) inCompare ||= at === root;
        if ((object as THREE.Bone).isBone && !inCompare)
          positions.push(new THREE.Vector3().setFromMatrixPosition(object.matrixWorld).toArray());
      });
      return positions;
    },
  };
  (window as unknown as { compare: typeof hooks }).compare = hooks;

  return {
    pose(time) {
      lastTime = time;
      for (const a of actors) a.pose(time);
      if (actors.length) host.view.dirty = true;
    },
  };
}
