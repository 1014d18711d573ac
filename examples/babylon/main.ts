// A ped, its textures and PED.IFP in Babylon.js: the gameanim scene-loader plugins load the .dff (with
// the .txd beside it) and the .ifp, and Babylon's own AnimationGroup plays walk_player.
import { ArcRotateCamera } from '@babylonjs/core/Cameras/arcRotateCamera.js';
import { Engine } from '@babylonjs/core/Engines/engine.js';
import { HemisphericLight } from '@babylonjs/core/Lights/hemisphericLight.js';
import { ImportMeshAsync } from '@babylonjs/core/Loading/sceneLoader.js';
import type { StandardMaterial } from '@babylonjs/core/Materials/standardMaterial.js';
import type { MultiMaterial } from '@babylonjs/core/Materials/multiMaterial.js';
import { Color4 } from '@babylonjs/core/Maths/math.color.js';
import { Vector3 } from '@babylonjs/core/Maths/math.vector.js';
import { Scene } from '@babylonjs/core/scene.js';
import '@babylonjs/core/Animations/animatable.js';
import { FRAME_RATE, gameModelOf, registerGameanimLoaders } from 'gameanim/babylon';

registerGameanimLoaders(); // .dff and .ifp, by extension

const params = new URLSearchParams(location.search);
const modelUrl = params.get('model') ?? 'ped.dff'; // its textures: ped.txd, beside it
const animationsUrl = params.get('anims') ?? 'ped.ifp';
const clipName = params.get('clip') ?? 'walk_player';

const canvas = document.querySelector<HTMLCanvasElement>('#scene')!;
const message = document.querySelector<HTMLDivElement>('#message')!;
const engine = new Engine(canvas, true, { preserveDrawingBuffer: true });
const scene = new Scene(engine);
scene.clearColor = new Color4(0x20 / 255, 0x24 / 255, 0x28 / 255, 1);
// The plugin turns the game's Z up into Babylon's Y up.
const camera = new ArcRotateCamera('camera', -2.2, 1.45, 3.9, new Vector3(0, -0.1, 0), scene);
camera.attachControl(canvas, true);
new HemisphericLight('light', new Vector3(0.3, 1, -0.6), scene);

try {
  const loaded = await ImportMeshAsync(modelUrl, scene);
  const model = gameModelOf(loaded.transformNodes[0])!;
  const { animationGroups } = await ImportMeshAsync(animationsUrl, scene, {
    pluginOptions: { gameanimIfp: { model, animations: [clipName] } },
  });
  const walk = animationGroups[0];
  if (!walk) throw new Error(`${animationsUrl} has no animation ${clipName}`);
  walk.start(true);
  message.textContent = `${walk.name} on ${modelUrl}`;
  engine.runRenderLoop(() => scene.render());

  // For the test suite: pause at a time and read back what Babylon.js computed.
  const materials = model.meshes.flatMap(
    (mesh) => ((mesh.material as MultiMaterial | null)?.subMaterials ?? [mesh.material]) as StandardMaterial[],
  );
  const maps = materials.map((material) => material.diffuseTexture);
  Object.assign(window, {
    example: {
      warnings: model.warnings.map((warning) => warning.code),
      /**
       * Stops the render loop, poses the model at `time` seconds, draws it once its shaders are ready, and returns every bone's matrix
       * relative to the model's root (the game's space).
       */
      async poseAt(time: number): Promise<number[][]> {
        engine.stopRenderLoop();
        walk.pause();
        walk.goToFrame(time * FRAME_RATE);
        await scene.whenReadyAsync();
        scene.render();
        const fromRoot = model.root.getWorldMatrix().clone().invert();
        return model.nodes.map((node) => node.getWorldMatrix().multiply(fromRoot).asArray().slice());
      },
      /** Draws the model with or without its textures. */
      async showTextures(on: boolean): Promise<void> {
        materials.forEach((material, i) => (material.diffuseTexture = on ? (maps[i] ?? null) : null));
        await scene.whenReadyAsync();
        scene.render();
      },
    },
  });
} catch (error) {
  message.textContent = String(error);
  console.error(error);
}
