// The 3D view: the skinned model (textured from the dictionaries opened with it) or the bare
// hierarchy, a skeleton overlay, an orbit camera (Z up, as the games are), and a trail of the root's path.
import * as THREE from 'three';
import { OrbitControls } from 'three/examples/jsm/controls/OrbitControls.js';
import type { ModelGeometry, Pose, Skeleton, TxdTexture } from 'gameanim';
import { toSkeleton, toThreeTexture } from 'gameanim/three';

const TRAIL_POINTS = 600;

export class SceneView {
  readonly renderer: THREE.WebGLRenderer;
  readonly scene = new THREE.Scene();
  readonly camera = new THREE.PerspectiveCamera(40, 1, 0.01, 10_000);
  readonly controls: OrbitControls;
  #bones: THREE.Bone[] = [];
  #content = new THREE.Group();
  #trail: THREE.Line;
  #trailPositions = new Float32Array(3 * TRAIL_POINTS);
  #trailCount = 0;
  /** Each dictionary texture becomes a three.js texture once, however often the model is shown. */
  #textures = new Map<TxdTexture, THREE.Texture>();
  #grid: THREE.GridHelper;
  /** The skeleton the camera was last framed for: clips of the same model keep the view. */
  #framedFor: Skeleton | null = null;
  /** What `show` built last: the same model again is not rebuilt. */
  #shown: { skeleton: Skeleton; geometries: readonly ModelGeometry[]; textures: number } | null = null;
  /** Frames drawn: the viewer test checks nothing is drawn while paused and still. */
  renders = 0;
  /** Set by anything that changes the picture; a paused, still view is not drawn again. */
  dirty = true;
  showTrail = false;

  constructor(readonly canvas: HTMLCanvasElement) {
    this.renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
    this.renderer.setClearColor(0x2a2d33);
    this.camera.up.set(0, 0, 1);
    this.controls = new OrbitControls(this.camera, canvas);
    this.scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2.5));
    const light = new THREE.DirectionalLight(0xffffff, 1.5);
    light.position.set(2, -3, 4);
    this.scene.add(light);
    const grid = new THREE.GridHelper(10, 20, 0x555555, 0x3a3a3a);
    grid.rotation.x = Math.PI / 2;
    this.#grid = grid;
    this.scene.add(grid, this.#content);
    this.controls.addEventListener('change', () => (this.dirty = true));
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

  /** The three.js texture of the dictionary texture a material names, decoded on first use. */
  #texture(name: string | null, textures: readonly TxdTexture[]): { map: THREE.Texture; source: TxdTexture } | null {
    const source = name === null ? undefined : textures.find((t) => t.name.toLowerCase() === name.toLowerCase());
    if (!source) return null;
    let map = this.#textures.get(source);
    if (!map) this.#textures.set(source, (map = toThreeTexture(source)));
    return { map, source };
  }

  /** A material as the game draws it: its colour times its texture; one-bit alpha cut out, other alpha blended. */
  #material(material: ModelGeometry['materials'][number], textures: readonly TxdTexture[]): THREE.Material {
    const color = new THREE.Color(material.color[0] / 255, material.color[1] / 255, material.color[2] / 255);
    const found = this.#texture(material.texture, textures);
    if (!found) return new THREE.MeshStandardMaterial({ color, roughness: 0.8 });
    const cutOut = found.source.format === 'DXT1' || found.source.format === '1555';
    return new THREE.MeshStandardMaterial({
      color, roughness: 0.8, map: found.map,
      transparent: found.source.hasAlpha && !cutOut, alphaTest: found.source.hasAlpha && cutOut ? 0.5 : 0, side: found.source.hasAlpha ? THREE.DoubleSide : THREE.FrontSide,
    });
  }

  /** Shows a skeleton in rest pose, skinned with the model's geometries when there are any, textured from `textures`. */
  show(skeleton: Skeleton | null, geometries: readonly ModelGeometry[], textures: readonly TxdTexture[] = []): void {
    // Another clip of the model already shown: keep its mesh (nothing is built or freed per clip switch).
    const shown = this.#shown;
    if (shown && skeleton && shown.skeleton === skeleton && shown.geometries === geometries && shown.textures === textures.length) {
      this.clearTrail();
      this.dirty = true;
      return;
    }
    this.#shown = skeleton ? { skeleton, geometries, textures: textures.length } : null;
    this.#dispose();
    this.#content.clear();
    this.#bones = [];
    this.clearTrail();
    if (!skeleton) return;
    const parts = toSkeleton(skeleton);
    this.#bones = parts.bones;
    this.#content.add(...parts.roots);
    for (const geometry of geometries) {
      if (!geometry.vertexCount || !geometry.indices.length || !geometry.skinIndices || !geometry.skinWeights) continue;
      const buffer = new THREE.BufferGeometry();
      buffer.setAttribute('position', new THREE.BufferAttribute(geometry.positions, 3));
      if (geometry.normals) buffer.setAttribute('normal', new THREE.BufferAttribute(geometry.normals, 3));
      if (geometry.uvs) buffer.setAttribute('uv', new THREE.BufferAttribute(geometry.uvs, 2));
      buffer.setAttribute('skinIndex', new THREE.Uint16BufferAttribute(Uint16Array.from(geometry.skinIndices), 4));
      buffer.setAttribute('skinWeight', new THREE.BufferAttribute(geometry.skinWeights, 4));
      buffer.setIndex(new THREE.BufferAttribute(geometry.indices, 1));
      const materials = geometry.materials.map((m) => this.#material(m, textures));
      geometry.groups.forEach((group) => buffer.addGroup(group.start, group.count, group.material));
      if (!geometry.normals) buffer.computeVertexNormals();
      const mesh = new THREE.SkinnedMesh(buffer, materials.length ? materials : new THREE.MeshStandardMaterial({ color: 0x999999 }));
      mesh.bind(parts.skeleton, new THREE.Matrix4());
      mesh.frustumCulled = false;
      this.#content.add(mesh);
    }
    const helper = new THREE.SkeletonHelper(this.#content);
    (helper.material as THREE.LineBasicMaterial).depthTest = false;
    this.#content.add(helper);
    this.#grid.position.z = this.#feet();
    // A new model is framed; another clip of the same model keeps the view the user chose.
    if (skeleton !== this.#framedFor) {
      this.#framedFor = skeleton;
      this.frame();
    }
    this.dirty = true;
  }

  /** The height of the lowest point of the mesh (or the bones) at rest: where the ground is. */
  #feet(): number {
    this.#content.updateMatrixWorld(true);
    const box = this.#box();
    return box.isEmpty() ? 0 : box.min.z;
  }

  /** The root bone's world position and the orbit target, for the viewer test. */
  get rootAndTarget(): { root: number[]; target: number[] } {
    const root = this.#bones[0] ? new THREE.Vector3().setFromMatrixPosition(this.#bones[0].matrixWorld) : new THREE.Vector3();
    return { root: root.toArray(), target: this.controls.target.toArray() };
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

  /** Camera presets around what is shown: the peds face +Y, so the front looks from +Y. */
  preset(which: 'front' | 'side' | 'top'): void {
    const box = this.#box();
    const center = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
    const size = box.isEmpty() ? 2 : Math.max(box.getSize(new THREE.Vector3()).length(), 0.5);
    const offset = which === 'front' ? new THREE.Vector3(0, size * 2, 0) : which === 'side' ? new THREE.Vector3(size * 2, 0, 0) : new THREE.Vector3(0, 0.001, size * 2);
    this.controls.target.copy(center);
    this.camera.position.copy(center).add(offset);
    this.dirty = true;
  }

  get hasSkeleton(): boolean {
    return this.#bones.length > 0;
  }

  /** Follow the root: the camera moves with it (the game moves the entity, not only the bone). */
  follow = false;
  #followed: THREE.Vector3 | null = null;

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
    if (this.showTrail && this.#bones[0]) this.#addTrailPoint(new THREE.Vector3().setFromMatrixPosition(this.#bones[0].matrixWorld));
    this.#trail.visible = this.showTrail;
    const root = this.#bones[0];
    if (this.follow && root) {
      const at = new THREE.Vector3().setFromMatrixPosition(root.matrixWorld);
      if (this.#followed) {
        const delta = at.clone().sub(this.#followed);
        this.camera.position.add(delta);
        this.controls.target.add(delta);
      }
      this.#followed = at;
    } else this.#followed = null;
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

  /** Points the camera at what is shown, from the front and a little to the side (the peds face +Y). */
  frame(): void {
    this.#content.updateMatrixWorld(true);
    const box = this.#box();
    const center = box.isEmpty() ? new THREE.Vector3() : box.getCenter(new THREE.Vector3());
    const size = box.isEmpty() ? 2 : Math.max(box.getSize(new THREE.Vector3()).length(), 0.5);
    this.controls.target.copy(center);
    this.camera.position.copy(center).add(new THREE.Vector3(size * 1.2, size * 1.6, size * 0.6));
    this.camera.near = size / 100;
    this.camera.far = size * 100;
    this.camera.updateProjectionMatrix();
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
