// Retargeting in the page: a source rig (glTF/GLB, FBX, BVH) dropped with a skin is carried onto the
// skin by gameanim/retarget; the result opens as an IFP file (it plays on the ped, and Save .ifp saves
// it), and the source's skeleton is drawn as lines beside the ped, moving with it.
import * as THREE from 'three';
import { writeIFP, type Skeleton } from 'gameanim';
import type { RetargetResult, RigSampler, SourceRig } from 'gameanim/retarget';

/** What the page gives the retargeting: its scene, the skin shown, and how files open. */
export interface RetargetHost {
  scene: THREE.Scene;
  skeleton(): Skeleton | null;
  /** Opens the retargeted package as if it had been dropped. */
  open(name: string, bytes: Uint8Array): void;
  redraw(): void;
  problem(text: string, error?: boolean): void;
}

/** Sources by their name: the page tells them from game files before reading them. */
export const isRetargetSource = (name: string) => /\.(glb|fbx|bvh)$/i.test(name);

/** The source is drawn this far to the ped's right (the peds face +Y, so their right is +X), in metres. */
const BESIDE = 1;

export class RetargetView {
  #source: { name: string; bytes: Uint8Array } | null = null;
  /** The source and skin last retargeted: opening other files does not redo it. */
  #done: { source: object; skeleton: Skeleton } | null = null;
  #shown: { rig: SourceRig; sampler: RigSampler; placement: RetargetResult['placement']; hipsRest: THREE.Vector3; animated: Set<number> } | null = null;
  #lines = new THREE.LineSegments(new THREE.BufferGeometry(), new THREE.LineBasicMaterial({ color: 0x66ddff, depthTest: false }));
  /** For the browser test: the source's joints, the lines drawn of them, the animations made, their quality lines, or the last failure. */
  state: { joints: number; segments: number; animations: string[]; quality: string[]; error: string | null } = { joints: 0, segments: 0, animations: [], quality: [], error: null };

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
      const hips = rig.names.findIndex((n) => /hips|pelvis/i.test(n));
      const rest = new lib.RigSampler(rig, null).worlds(0);
      const hipsRest = hips >= 0 ? new THREE.Vector3().setFromMatrixPosition(new THREE.Matrix4().fromArray(rest[hips]!)) : new THREE.Vector3();
      this.#shown = { rig, sampler, placement: result.placement, hipsRest, animated: new Set(clip.channels.map((c) => c.joint)) };
      // How right it came out, the numbers the command prints: in the problems panel, an error past the limits.
      const quality = result.quality.map((q) => `${lib.describeQuality(q)}; reference: ${q.reference}${q.warnings.length ? `; ${q.warnings.join(', ')}` : ''}`);
      for (const [i, line] of quality.entries()) this.host.problem(`${name}: ${line}`, result.quality[i]!.warnings.length > 0);
      this.state = { joints: rig.names.length, segments: 0, animations: result.packages.flatMap((p) => p.animations.map((a) => a.name)), quality, error: null };
      this.host.open(`${base}.ifp`, writeIFP(result.packages, { format: 'ANP3' }));
    } catch (error) {
      this.state = { ...this.state, error: (error as Error).message };
      this.host.problem(`${name}: ${(error as Error).message}`, true);
    }
  }

  /** Poses the source's lines at a time of its clip: turned and scaled into the game's space, beside the ped. */
  tick(time: number): void {
    const shown = this.#shown;
    if (!shown) return;
    // The animation keeps the source's key times: its time is the source's.
    const worlds = shown.sampler.worlds(time);
    const turn = new THREE.Matrix4().fromArray(shown.placement.turn);
    const place = (world: Float64Array) => new THREE.Vector3().setFromMatrixPosition(new THREE.Matrix4().fromArray(world)).sub(shown.hipsRest).applyMatrix4(turn).multiplyScalar(shown.placement.scale);
    const points = worlds.map(place);
    // The hips at rest stand where the ped's pelvis does (about a metre up), one metre to its right.
    const lift = new THREE.Vector3(BESIDE, 0, 1);
    const segments: number[] = [];
    shown.rig.parents.forEach((parent, joint) => {
      // A still root (an armature or scene node) is no bone: no line from the ground to the hips.
      if (parent < 0 || (shown.rig.parents[parent]! < 0 && !shown.animated.has(parent))) return;
      segments.push(...points[parent]!.clone().add(lift).toArray(), ...points[joint]!.clone().add(lift).toArray());
    });
    this.state.segments = segments.length / 6;
    this.#lines.geometry.setAttribute('position', new THREE.Float32BufferAttribute(segments, 3));
    this.host.redraw();
  }
}
