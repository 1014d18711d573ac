// ANIM sprite files: the script runner at 60 frames a second, each sprite's atlas rectangle drawn over
// a checkerboard (or cut from the real texture when the user drops the PNG), and the state read out.
import { disassemble, SpriteScriptRunner, type SpriteScripts } from '../src/index.js';

export class SpriteView {
  #runner: SpriteScriptRunner | null = null;
  #file: SpriteScripts | null = null;
  #atlas: HTMLImageElement | null = null;
  #last = 0;

  constructor(
    readonly canvas: HTMLCanvasElement,
    readonly stateOut: HTMLElement,
    readonly listing: HTMLElement,
  ) {}

  set atlas(image: HTMLImageElement | null) {
    this.#atlas = image;
  }

  /** Starts script `id` of the file; shows its disassembly. */
  play(file: SpriteScripts, id: number): void {
    this.#file = file;
    this.#runner = new SpriteScriptRunner(file, id, { seed: 1 });
    this.listing.textContent = disassemble(file.getScript(id)!, { jumpMode: file.jumpMode });
    this.#last = performance.now();
    this.draw();
  }

  get active(): boolean {
    return this.#runner !== null;
  }

  stop(): void {
    this.#runner = null;
    this.#file = null;
  }

  /** Advances the runner by whole 60 Hz frames since the last call (scaled by `speed`), then draws. */
  tick(now: number, speed: number, playing: boolean): void {
    if (!this.#runner) return;
    if (playing) {
      const frames = Math.min(10, Math.floor(((now - this.#last) * speed * 60) / 1000));
      if (frames > 0) this.#last = now;
      for (let i = 0; i < frames && this.#runner.step(); i++);
    } else {
      this.#last = now;
    }
    this.draw();
  }

  draw(): void {
    const context = this.canvas.getContext('2d')!;
    const { width, height } = this.canvas;
    for (let y = 0; y < height; y += 16)
      for (let x = 0; x < width; x += 16) {
        context.fillStyle = (x + y) % 32 ? '#3a3a3a' : '#2a2a2a';
        context.fillRect(x, y, 16, 16);
      }
    const runner = this.#runner;
    const file = this.#file;
    if (!runner || !file) return;
    const s = runner.state;
    const sprite = file.getSprite(s.sprite);
    this.stateOut.textContent = [
      `frame ${runner.frame}${runner.finished ? ' (stopped)' : runner.paused ? ' (paused)' : ''}`,
      `sprite ${s.sprite}`,
      `position ${s.offset.map((v) => v.toFixed(2)).join(' ')}`,
      `alpha ${s.alpha.toFixed(1)}`,
      `scale ${s.scale.map((v) => v.toFixed(3)).join(' ')}`,
      `rotation ${s.rotation.map((v) => v.toFixed(3)).join(' ')}`,
      `visible ${s.visible}`,
    ].join('\n');
    if (!sprite || !s.visible) return;
    context.save();
    context.globalAlpha = Math.max(0, Math.min(1, s.alpha / 255));
    context.translate(width / 2 + s.offset[0], height / 2 + s.offset[1]);
    context.rotate(s.rotation[2]);
    context.scale(s.scale[0] * (s.flipX ? -1 : 1), s.scale[1] * (s.flipY ? -1 : 1));
    const [w, h] = [sprite.width, sprite.height];
    const [x0, y0] = s.anchorTopLeft ? [0, 0] : [-w / 2, -h / 2];
    if (this.#atlas) context.drawImage(this.#atlas, sprite.x, sprite.y, w, h, x0, y0, w, h);
    else {
      context.fillStyle = `rgb(${s.color.join(',')})`;
      context.fillRect(x0, y0, w, h);
      context.strokeStyle = '#fff';
      context.strokeRect(x0, y0, w, h);
    }
    context.restore();
  }
}
