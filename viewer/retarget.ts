// Retargeting in the page: a source rig (glTF/GLB, FBX, BVH) dropped with a skin is carried onto the
// skin by gameanim/retarget; the result opens as an IFP file (it plays on the ped, and Save .ifp saves
// it), the source's skeleton is drawn as lines beside the ped, moving with it on the same clock (placed
// by the library's placeJoints), and the quality report goes to the retarget panel (host.quality).
import * as THREE from 'three';
import { writeIFP, type Skeleton } from 'gameanim';
import type { ClipQuality, RigSampler, SourcePlacement, SourceRig } from 'gameanim/retarget';

/** What the page gives the retargeting: its scene, the skin shown, and how files open. */
export interface RetargetHost {
  scene: THREE.Scene;
  skeleton(): Skeleton | null;
  /** Opens the retargeted package as if it had been dropped. */
  open(name: string, bytes: Uint8Array): void;
  redraw(): void;
  problem(text: string, error?: boolean): void;
  /** The quality of each animation made, for the retarget panel (empty: none). */
  quality(source: string, quality: readonly ClipQuality[]): void;
}

/** Sources by their name: the page tells them from game files before reading them. */
export const isRetargetSource = (name: string) => /\.(glb|fbx|bvh)$/i.test(name);

/** The source is drawn this far to the ped's right (the peds face +Y, so their right is +X), in metres. */
const BESIDE = 1;

export class RetargetView {
  #source: { name: string; bytes: Uint8Array } | null = null;
  /** The source and skin last retargeted: opening other files does not redo it. */
  #done: { source: object; skeleton: Skeleton } | null = null;
  #shown: {
    rig: SourceRig;
    sampler: RigSampler;
    placement: SourcePlacement;
    place: typeof import('gameanim/retarget').placeJoints;
    animated: Set<number>;
  } | null = null;
  #lines = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0x66ddff, depthTest: false }));
  /**
   * For the browser test: the source's joints, the lines drawn of them, the animations made, their
   * quality lines, or the last failure; the time the lines were last posed at and where each joint was
   * drawn then (x y z per joint, the game's model space, beside the ped).
   */
  state: {
    joints: number;
    segments: number;
    animations: string[];
    quality: string[];
    error: string | null;
    posedAt: number | null;
    drawn: number[];
  } = {
    joints: 0,
    segments: 0,
    animations: [],
    quality: [],
    error: null,
    posedAt: null,
    drawn: [],
  };

  constructor(readonly host: RetargetHost) {
    this.#lines.frustumCulled = false;
    this.#lines.renderOrder = 1;
    host.scene.add(this.#lines);
  }

  /** A source dropped: kept until `update`, which retargets it onto the skin shown. */
  keep(name: string, bytes: Uint8Array): void {
    this.#source = { name, bytes };
  }

  /** Retargets the kept source onto the skin shown, once per pair: nothing without both. */
  async update(): Promise<void> {
    const skeleton = this.host.skeleton();
    if (!this.#source || !skeleton || (this.#done?.source === this.#source && this.#done.skeleton === skeleton)) return;
    this.#done = { source: this.#source, skeleton };
    const { name, bytes } = this.#source;
    const base = name.replace(/\.[^.]*$/, '');
    try {
      const lib = await import('gameanim/retarget');
      const rig = await lib.readSourceRig(bytes, base);
      const result = lib.retargetRig(rig, { skeleton, packageName: base });
      // The clip drawn: the first that became an animation (takes at one instant are skipped).
      const clip = rig.clips.find((c) => lib.clipTiming(c).end > lib.clipTiming(c).start) ?? rig.clips[0]!;
      const sampler = new lib.RigSampler(rig, clip);
      this.#shown = {
        rig,
        sampler,
        placement: result.placement,
        place: lib.placeJoints,
        animated: new Set(clip.channels.map((c) => c.joint)),
      };
      // How right it came out, the numbers the command prints: in the problems panel, an error past the limits.
      const quality = result.quality.map(
        (q) => `${lib.describeQuality(q)}; reference: ${q.reference}${q.warnings.length ? `; ${q.warnings.join(', ')}` : ''}`,
      );
      for (const [i, line] of quality.entries()) this.host.problem(`${name}: ${line}`, result.quality[i]!.warnings.length > 0);
      this.host.quality(name, result.quality);
      this.state = {
        ...this.state,
        joints: rig.names.length,
        segments: 0,
        animations: result.packages.flatMap((p) => p.animations.map((a) => a.name)),
        quality,
        error: null,
      };
      this.host.open(`${base}.ifp`, writeIFP(result.packages, { format: 'ANP3' }));
    } catch (error) {
      this.state = { ...this.state, error: (error as Error).message };
      this.host.quality(name, []);
      this.host.problem(`${name}: ${(error as Error).message}`, true);
    }
  }

  /** Poses the source's lines at a time of its clip: placed in the game's space as the library places it, beside the ped. */
  tick(time: number): void {
    const shown = this.#shown;
    if (!shown) return;
    // The animation keeps the source's key times: its time is the source's.
    const placed = shown.place(shown.sampler.worlds(time), shown.placement);
    for (let j = 0; j < placed.length; j += 3) placed[j] = placed[j]! + BESIDE;
    const point = (joint: number) => [placed[3 * joint]!, placed[3 * joint + 1]!, placed[3 * joint + 2]!];
    const segments: number[] = [];
    shown.rig.parents.forEach((parent, joint) => {
      // A still root (an armature or scene node) is no bone: no line from the ground to the hips.
      if (parent < 0 || (shown.rig.parents[parent]! < 0 && !shown.animated.has(parent))) return;
      segments.push(...point(parent), ...point(joint));
    });
    this.state.segments = segments.length / 6;
    this.state.posedAt = time;
    this.state.drawn = Array.from(placed);
    this.#lines.geometry.setAttribute('position', new THREE.Float32BufferAttribute(segments, 3));
    this.host.redraw();
  }
}
