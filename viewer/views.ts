// The page's two drawing surfaces, made once: the 3D view and the sprite view. They read what
// viewer/state.ts holds; the state never imports them.
import { SceneView } from './scene.js';
import { SpriteView } from './sprites.js';
import { $ } from './state.js';

export const view = new SceneView($<HTMLCanvasElement>('scene'));
export const sprites = new SpriteView($<HTMLCanvasElement>('sprites'), $('sprite-state'), $('disassembly'));
