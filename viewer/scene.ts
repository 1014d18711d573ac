// The 3D view: the model (textured from the dictionaries opened with it, built in model-objects.ts)
// or the bare hierarchy, a skeleton overlay, the camera (viewer/camera.ts), and a trail of the root's path.
import * as THREE from 'three';
import type { Pose, Skeleton, TXDTexture } from 'gameanim';
import { CameraRig, type Preset } from './camera.js';
import { buildModelObjects, type ShownModel } from './model-objects.js';
import type { PoseBox } from './pose-box.js';

const TRAIL_POINTS = 600;

/**
 * Whether WebGL runs on the CPU (SwiftShader, llvmpipe: no GPU, or one the browser refuses). There
 * multisampling costs about 15 ms a frame at 1360x734 (measured in headless Chromium), a third of
 * the frame: the view is drawn without it.
 */
function softwareGL(): boolean {
  const gl = document.createElement('canvas').getContext('webgl2');
  const info = gl?.getExtension('WEBGL_debug_renderer_info');
  const renderer = info ? String(gl!.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl?.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|software/i.test(renderer);
}

export class SceneView {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly rig: CameraRig;
  #bones: THREE.Bone[] = [];
  #content = new THREE.Group();
  #trail: THREE.Line;
  #trailPositions = new Float32Array(3 * TRAIL_POINTS);
  #trailCount = 0;
  /** Each dictionary texture becomes a three.js texture once, however often the model is shown. */
  #textures = new Map<TXDTexture, THREE.Texture>();
  #grid: THREE.GridHelper;
  /** The skeleton the camera was last framed for: clips of the same model keep the view. */
  #framedFor: Skeleton | null = null;
  /** What `show` built last: the same model again is not rebuilt. */
  #shown: { skeleton: Skeleton; model: ShownModel | null; textures: number } | null = null;
  /** Frames drawn: the viewer test checks nothing is drawn while paused and still. */
  renders = 0;
  /** Set by anything that changes the picture; a paused, still view is not drawn again. */
  dirty = true;
  showTrail = false;
  /** The bone that carries the clip's motion (viewer/posing.ts): the trail, the follow camera and the test hooks use it. */
  mover = 0;

  constructor(readonly canvas: HTMLCanvasElement) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: !softwareGL(), preserveDrawingBuffer: true });
    this.renderer.setClearColor(0x2a2d33);
    this.rig = new CameraRig(canvas, () => (this.dirty = true));
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2.5));
    const light = new THREE.DirectionalLight(0xffffff, 1.5);
    light.position.set(2, -3, 4);
    this.scene.add(light);
    const grid = new THREE.GridHelper(10, 20, 0x555555, 0x3a3a3a);
    grid.rotation.x = Math.PI / 2;
    this.#grid = grid;
    this.scene.add(grid, this.#content);
    const trailGeometry = new THREE.BufferGeometry();
    trailGeometry.setAttribute('position', new THREE.BufferAttribute(this.#trailPositions, 3));
    this.#trail = new THREE.Line(trailGeometry, new THREE.LineBasicMaterial({ color: 0xffcc55 }));
    this.#trail.frustumCulled = false;
    this.scene.add(this.#trail);
  }

  /** Frees the GPU buffers of what a new show replaces (the decoded textures are kept: they are reused). */
  #dispose(): void {
    this.#content.traverse((object) => {
      const drawn = object as THREE.Mesh | THREE.LineSegments;
      if (!drawn.geometry) return;
      drawn.geometry.dispose();
      for (const material of Array.isArray(drawn.material) ? drawn.material : [drawn.material]) material?.dispose();
    });
  }

  /** How many textures were decoded (each once): the viewer test reads it. */
  get decodedTextures(): number {
    return this.#textures.size;
  }

  /**
   * Shows a skeleton in rest pose with the model on it, textured from `textures`: skinned, or its
   * rigid parts on their frames (a frame-bound model); without a model, a marker on each node.
   */
  show(skeleton: Skeleton | null, model: ShownModel | null, textures: readonly TXDTexture[] = []): void {
    // Another clip of the model already shown: keep its mesh (nothing is built or freed per clip switch).
    const shown = this.#shown;
    if (shown && skeleton && shown.skeleton === skeleton && shown.model === model && shown.textures === textures.length) {
      this.clearTrail();
      this.dirty = true;
      return;
    }
    this.#shown = skeleton ? { skeleton, model, textures: textures.length } : null;
    this.#actors = [];
    this.#dispose();
    this.#content.clear();
    this.#bones = [];
    this.clearTrail();
    if (!skeleton) return;
    const built = buildModelObjects(skeleton, model, textures, this.#textures);
    this.#bones = built.bones;
    this.#content.add(...built.objects);
    const helper = new THREE.SkeletonHelper(this.#content);
    (helper.material as THREE.LineBasicMaterial).depthTest = false;
    this.#content.add(helper);
    this.#grid.position.z = this.#feet();
    // A new model is framed; another clip of the same model keeps the view the user chose.
    if (skeleton !== this.#framedFor) {
      this.#framedFor = skeleton;
      this.#framePending = true;
    }
    this.dirty = true;
  }

  /** A scene's objects: the bones of each, in its skeleton's order (`applyScene` poses them). */
  #actors: THREE.Bone[][] = [];

  /**
   * Shows several models together, each on its skeleton in rest pose (a cutscene's objects,
   * viewer/cutscene.ts), framed as one once the first poses are applied.
   */
  showScene(actors: ReadonlyArray<{ skeleton: Skeleton; model: ShownModel | null }>, textures: readonly TXDTexture[] = []): void {
    this.#shown = null;
    this.#framedFor = null;
    this.#dispose();
    this.#content.clear();
    this.clearTrail();
    this.#actors = actors.map(({ skeleton, model }) => {
      const built = buildModelObjects(skeleton, model, textures, this.#textures);
      this.#content.add(...built.objects);
      return built.bones;
    });
    this.#bones = this.#actors.flat();
    this.mover = 0;
    const helper = new THREE.SkeletonHelper(this.#content);
    (helper.material as THREE.LineBasicMaterial).depthTest = false;
    this.#content.add(helper);
    this.#framePending = true;
    this.dirty = true;
  }

  /** Applies each object's pose (in `showScene`'s order) to its bones. */
  applyScene(poses: readonly Pose[]): void {
    this.#actors.forEach((bones, actor) => {
      const pose = poses[actor]!;
      bones.forEach((bone, i) => {
        bone.quaternion.fromArray(pose.rotations, 4 * i);
        bone.position.fromArray(pose.translations, 3 * i);
      });
    });
    this.#content.updateMatrixWorld(true);
    this.#trail.visible = false;
    if (this.#framePending) {
      this.#framePending = false;
      this.rig.aim('first', this.#box(), new THREE.Vector3());
    }
    this.dirty = true;
  }

  /** For the viewer tests: each object of a scene, its bones' names and world positions as drawn. */
  get actorBonePositions(): Array<Array<{ name: string; position: number[] }>> {
    return this.#actors.map((bones) =>
      bones.map((bone) => ({ name: bone.name, position: new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld).toArray() })),
    );
  }

  /** For the viewer tests: where a world point is on the canvas (CSS pixels) and the canvas's size. */
  projectPoint(point: number[]): { x: number; y: number; width: number; height: number } {
    const { clientWidth: width, clientHeight: height } = this.canvas;
    return { ...this.rig.project(new THREE.Vector3(point[0], point[1], point[2]), width, height), width, height };
  }

  /** A new model is framed once its first pose is applied, on the clip's box. */
  #framePending = false;

  get camera(): THREE.PerspectiveCamera {
    return this.rig.camera;
  }

  get controls() {
    return this.rig.controls;
  }

  /**
   * The box the posed skeleton takes over the clip: the presets (and a new model's first view) frame it.
   * The ground goes under the lowest point the posed body reaches (the rest pose's is kept without a clip).
   */
  setClipBox(box: PoseBox | null): void {
    this.rig.box = box;
    if (box && Number.isFinite(box.floor) && box.floor !== this.#grid.position.z) {
      this.#grid.position.z = box.floor;
      this.dirty = true;
    }
  }

  set follow(follow: boolean) {
    this.rig.follow = follow;
  }

  get follow(): boolean {
    return this.rig.follow;
  }

  #moverPosition(): THREE.Vector3 {
    const bone = this.#bones[this.mover] ?? this.#bones[0];
    return bone ? new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld) : new THREE.Vector3();
  }

  /** For the viewer tests: each bone's name and world position as drawn. */
  get boneWorldPositions(): Array<{ name: string; position: number[] }> {
    return this.#bones.map((bone) => ({
      name: bone.name,
      position: new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld).toArray(),
    }));
  }

  /** For the viewer tests: where the moving bone is on the canvas (CSS pixels) and the canvas's size. */
  get projectedMover(): { x: number; y: number; width: number; height: number } {
    const { clientWidth: width, clientHeight: height } = this.canvas;
    return { ...this.rig.project(this.#moverPosition(), width, height), width, height };
  }

  /** The height of the lowest point of the mesh (or the bones) at rest: where the ground is until a clip's poses say (setClipBox). */
  #feet(): number {
    this.#content.updateMatrixWorld(true);
    const box = this.#box();
    return box.isEmpty() ? 0 : box.min.z;
  }

  /** The moving bone's world position and the orbit target, for the viewer test. */
  get rootAndTarget(): { root: number[]; target: number[] } {
    return { root: this.#moverPosition().toArray(), target: this.controls.target.toArray() };
  }

  /**
   * Each drawn mesh's world position (rigid parts, node markers; a skinned mesh sits at the origin): the rigid viewer test compares poses
   * with it.
   */
  get meshPositions(): number[][] {
    const positions: number[][] = [];
    this.#content.traverse((object) => {
      if ((object as THREE.Mesh).isMesh) positions.push(new THREE.Vector3().setFromMatrixPosition(object.matrixWorld).toArray());
    });
    return positions;
  }

  /** For the viewer tests: the length of each skeleton line as last drawn, in metres. */
  get skeletonLineLengths(): number[] {
    const lengths: number[] = [];
    this.#content.traverse((object) => {
      const helper = object as THREE.SkeletonHelper;
      if (!helper.isSkeletonHelper) return;
      const at = helper.geometry.getAttribute('position');
      for (let i = 0; i + 1 < at.count; i += 2)
        lengths.push(Math.hypot(at.getX(i + 1) - at.getX(i), at.getY(i + 1) - at.getY(i), at.getZ(i + 1) - at.getZ(i)));
    });
    return lengths;
  }

  /** The grid's height, for the viewer test. */
  get groundZ(): number {
    return this.#grid.position.z;
  }

  /** The bones and the meshes' rest positions (unskinned: before the first draw a skinned mesh's bone matrices are not set). */
  #box(): THREE.Box3 {
    const box = new THREE.Box3();
    for (const bone of this.#bones) box.expandByPoint(new THREE.Vector3().setFromMatrixPosition(bone.matrixWorld));
    this.#content.traverse((object) => {
      const mesh = object as THREE.Mesh;
      if (!mesh.isMesh) return;
      mesh.geometry.computeBoundingBox();
      box.union(mesh.geometry.boundingBox!.clone().applyMatrix4(mesh.matrixWorld));
    });
    return box;
  }

  /** Camera presets around the clip's box: the peds face +Y, so the front looks from +Y. */
  preset(which: Preset): void {
    this.rig.aim(which, this.#box(), this.#moverPosition());
    this.dirty = true;
  }

  get hasSkeleton(): boolean {
    return this.#bones.length > 0;
  }

  setTheme(light: boolean): void {
    this.renderer.setClearColor(light ? 0xe9ecf0 : 0x2a2d33);
    this.dirty = true;
  }

  /** Applies a skeleton pose (from sampleClip of a bound clip) to the bones. */
  apply(pose: Pose): void {
    this.#bones.forEach((bone, i) => {
      bone.quaternion.fromArray(pose.rotations, 4 * i);
      bone.position.fromArray(pose.translations, 3 * i);
    });
    this.#content.updateMatrixWorld(true);
    const mover = this.#moverPosition();
    if (this.showTrail && this.#bones.length) this.#addTrailPoint(mover);
    this.#trail.visible = this.showTrail;
    if (this.#framePending) {
      this.#framePending = false;
      this.rig.aim('first', this.#box(), mover);
    } else this.rig.track(mover);
    this.dirty = true;
  }

  clearTrail(): void {
    this.#trailCount = 0;
    this.#trail.geometry.setDrawRange(0, 0);
  }

  #addTrailPoint(point: THREE.Vector3): void {
    if (this.#trailCount === TRAIL_POINTS) {
      this.#trailPositions.copyWithin(0, 3);
      this.#trailCount--;
    }
    point.toArray(this.#trailPositions, 3 * this.#trailCount++);
    this.#trail.geometry.attributes['position']!.needsUpdate = true;
    this.#trail.geometry.setDrawRange(0, this.#trailCount);
  }

  /** Draws the frame when something changed (a pose, the camera, the size); a still view is not drawn again. */
  render(): void {
    const { clientWidth: width, clientHeight: height } = this.canvas;
    if (this.canvas.width !== width || this.canvas.height !== height) {
      this.renderer.setSize(width, height, false);
      this.camera.aspect = width / Math.max(1, height);
      this.camera.updateProjectionMatrix();
      this.dirty = true;
    }
    this.controls.update();
    if (!this.dirty) return;
    this.dirty = false;
    this.renders++;
    this.renderer.render(this.scene, this.camera);
  }
}
