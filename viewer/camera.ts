// The camera that keeps the action in view: an orbit camera (Z up, as the games are) framed on the
// box the posed skeleton takes over the clip (viewer/posing.ts), and by default following the bone
// that carries the clip's motion across the ground, so a run or a sprint never leaves the view.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { PoseBox } from './pose-box.js';

export type Preset = 'front' | 'side' | 'top';

/** The peds face +Y: the front looks from +Y, the side from +X; the first view from front and side. */
const DIRECTIONS: Record<Preset | 'first', THREE.Vector3> = {
  front: new THREE.Vector3(0, 1, 0),
  side: new THREE.Vector3(1, 0, 0),
  top: new THREE.Vector3(0, 0.0005, 1),
  first: new THREE.Vector3(1.2, 1.6, 0.6),
};
/** Room around the box, so the mesh (wider than its bones) does not touch the edges. */
const MARGIN = 1.15;

export class CameraRig {
  readonly camera = new THREE.PerspectiveCamera(40, 1, 0.01, 10_000);
  readonly controls: OrbitControls;
  /** Follow the moving bone across the ground (the game moves the entity, not only the bone). */
  follow = true;
  /** The box over the clip, set on each clip switch; without one the rest pose's box is used. */
  box: PoseBox | null = null;
  /** Where the moving bone was when the camera last followed it. */
  #followed: THREE.Vector2 | null = null;

  constructor(canvas: HTMLCanvasElement, onChange: () => void) {
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, canvas);
    this.controls.addEventListener('change', onChange);
  }

  /** Moves the camera and its target with the moving bone's ground position (not its height: a run's bounce would shake the view). */
  track(mover: THREE.Vector3): void {
    if (!this.follow) return void (this.#followed = null);
    if (this.#followed) {
      const delta = new THREE.Vector3(mover.x - this.#followed.x, mover.y - this.#followed.y, 0);
      this.camera.position.add(delta);
      this.controls.target.add(delta);
    }
    this.#followed = new THREE.Vector2(mover.x, mover.y);
  }

  /** Points the camera at the clip's box (or `rest` without one) from a preset direction, near enough that the box fills the view. */
  aim(which: Preset | 'first', rest: THREE.Box3, mover: THREE.Vector3): void {
    const box = this.box ? new THREE.Box3(new THREE.Vector3(...this.box.min), new THREE.Vector3(...this.box.max)) : rest.clone();
    if (box.isEmpty()) box.set(new THREE.Vector3(-1, -1, -1), new THREE.Vector3(1, 1, 1));
    if (this.box?.relative) box.translate(new THREE.Vector3(mover.x, mover.y, 0));
    const center = box.getCenter(new THREE.Vector3());
    const radius = Math.max(box.getSize(new THREE.Vector3()).length() / 2, 0.25);
    // Distance at which a sphere round the box fits the narrower of the two fields of view.
    const vertical = THREE.MathUtils.degToRad(this.camera.fov);
    const horizontal = 2 * Math.atan(Math.tan(vertical / 2) * this.camera.aspect);
    const distance = (MARGIN * radius) / Math.sin(Math.min(vertical, horizontal) / 2);
    this.controls.target.copy(center);
    this.camera.position.copy(center).add(DIRECTIONS[which].clone().normalize().multiplyScalar(distance));
    this.camera.near = distance / 100;
    this.camera.far = distance * 100;
    this.camera.updateProjectionMatrix();
    this.#followed = this.follow ? new THREE.Vector2(mover.x, mover.y) : null;
  }

  /** A point's position on the canvas, in CSS pixels from its top left. */
  project(point: THREE.Vector3, width: number, height: number): { x: number; y: number } {
    const ndc = point.clone().project(this.camera);
    return { x: ((ndc.x + 1) / 2) * width, y: ((1 - ndc.y) / 2) * height };
  }
}
