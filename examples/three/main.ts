// A ped, its textures and PED.IFP in three.js: DFFLoader finds the .txd beside the model, IFPLoader
// binds every animation to it, and three's own AnimationMixer plays walk_player.
import * as THREE from 'three';
import { DFFLoader, IFPLoader } from 'gameanim/three';

const params = new URLSearchParams(location.search);
const modelUrl = params.get('model') ?? 'ped.dff'; // its textures: ped.txd, beside it
const animationsUrl = params.get('anims') ?? 'ped.ifp';
const clipName = params.get('clip') ?? 'walk_player';

const canvas = document.querySelector<HTMLCanvasElement>('#scene')!;
const message = document.querySelector<HTMLDivElement>('#message')!;
const renderer = new THREE.WebGLRenderer({ canvas, antialias: true, preserveDrawingBuffer: true });
renderer.setPixelRatio(devicePixelRatio);
renderer.setSize(canvas.clientWidth, canvas.clientHeight, false);
const scene = new THREE.Scene();
scene.background = new THREE.Color(0x202428);
// The games are Z up.
const camera = new THREE.PerspectiveCamera(40, canvas.clientWidth / canvas.clientHeight, 0.1, 100);
camera.up.set(0, 0, 1);
camera.position.set(2.2, 3.2, 0.4);
camera.lookAt(0, 0, -0.1);
scene.add(new THREE.HemisphereLight(0xffffff, 0x444444, 2.5), new THREE.DirectionalLight(0xffffff, 1.5));

const manager = new THREE.LoadingManager();
manager.onProgress = (url, loaded, total) => (message.textContent = `Loaded ${url} (${loaded} of ${total})`);

try {
  const model = await new DFFLoader(manager).loadAsync(modelUrl);
  scene.add(model.scene);
  const animations = await new IFPLoader(manager).setModel(model).loadAsync(animationsUrl);
  const clip = animations.get(clipName);
  if (!clip) throw new Error(`${animationsUrl} has no animation ${clipName}`);
  const mixer = new THREE.AnimationMixer(model.scene);
  mixer.clipAction(clip).play();
  message.textContent = `${clip.name} on ${modelUrl}`;
  const clock = new THREE.Clock();
  renderer.setAnimationLoop(() => {
    mixer.update(clock.getDelta());
    renderer.render(scene, camera);
  });

  // For the test suite: pause at a time and read back what three.js computed.
  const textures = model.meshes.flatMap((mesh) =>
    Array.isArray(mesh.material) ? mesh.material : [mesh.material],
  ) as THREE.MeshStandardMaterial[];
  const maps = textures.map((material) => material.map);
  Object.assign(window, {
    example: {
      warnings: model.warnings.map((warning) => warning.code),
      /** Stops the clock, poses the model at `time` seconds, draws it, and returns every bone's world matrix. */
      poseAt(time: number): number[][] {
        renderer.setAnimationLoop(null);
        mixer.setTime(time);
        model.scene.updateMatrixWorld(true);
        renderer.render(scene, camera);
        return model.bones.map((bone) => bone.matrixWorld.toArray());
      },
      /** Draws the model with or without its textures. */
      showTextures(on: boolean): void {
        textures.forEach((material, i) => {
          material.map = on ? (maps[i] ?? null) : null;
          material.needsUpdate = true;
        });
        renderer.render(scene, camera);
      },
    },
  });
} catch (error) {
  message.textContent = String(error);
  console.error(error);
}
