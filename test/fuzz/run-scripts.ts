import { SpriteScriptRunner, type SpriteAnimReader } from '../../src/index.js';

/**
 * Runs every script for `frames` frames with interrupts thrown in. Fails if a script ends with a
 * non-finite state that no warning reports.
 */
export function runAllScripts(reader: SpriteAnimReader, frames: number, seed: number): void {
  for (const script of reader.scripts) {
    const runner = new SpriteScriptRunner(reader, script.id, { seed, maxStepsPerFrame: 256 });
    for (let f = 0; f < frames; f++) {
      runner.step();
      if (f % 7 === 3) runner.interrupt((f % 3) - 1);
    }
    const s = runner.state;
    const finite = [...s.offset, ...s.scale, ...s.rotation, s.alpha, ...s.scroll].every(Number.isFinite);
    if (!finite && !runner.warnings.some((w) => w.code === 'non-finite-state'))
      throw new Error(`script ${script.id}: non-finite state without a warning`);
  }
}
