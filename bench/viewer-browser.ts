// The viewer in a real browser, shared by the browser tests (test/browser/viewer-helpers.ts) and the
// viewer bench (bench/viewer.ts): `gameanim view` serving files, and Debian's Chromium with software
// WebGL to open it.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { writeIFP, type TrackData } from 'gameanim';
import { chromium, type Browser } from 'playwright-core';
import { REPOSITORY_DIR } from './package-dir.js';

export const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
export const haveChromium = existsSync(chromiumPath);

/** Starts `gameanim view` with these files and resolves with its URL. */
export function startViewer(files: string[]): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [join(REPOSITORY_DIR, 'packages/cli/dist/src/cli/main.js'), 'view', ...files, '--port', '0'], {
    cwd: REPOSITORY_DIR,
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:\d+\//.exec(out);
      if (match) resolve({ url: match[0], child });
    });
    child.on('exit', (code) => reject(new Error(`gameanim view exited with ${code}`)));
  });
}

/**
 * Headless Chromium with software WebGL (SwiftShader); the built viewer must be there. Compositing
 * is in software too: composited through SwiftShader, every frame ends in a readback of the whole
 * window (measured: 60 of a frame's 75 ms at 1920x1080), which is the headless setup's cost, not the
 * page's.
 */
export function launchChromium(): Promise<Browser> {
  if (!existsSync(join(REPOSITORY_DIR, 'packages/cli/dist/viewer/index.html')))
    throw new Error('packages/cli/dist/viewer is missing: run npm run build');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--no-sandbox',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
      '--disable-gpu-compositing',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** One IFP package of `count` small animations (two two-key tracks each): the viewer's long-list case. */
export function largePackage(count = 2000): Uint8Array {
  const track = (boneId: number): TrackData => ({
    boneName: `bone${boneId}`,
    boneId,
    keyframeType: 'KR00',
    compressed: true,
    times: Float32Array.of(0, 1 / 3),
    rotations: Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1),
    translations: null,
    scales: null,
  });
  const animations = Array.from({ length: count }, (_, i) => ({ name: `anim_${i}`, bones: [track(1), track(2)] }));
  return writeIFP([{ name: 'large', animations }], { format: 'ANP3' });
}
