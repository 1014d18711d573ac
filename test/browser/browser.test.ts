import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPose, IFPReader, sampleClip } from '../../src/index.js';
import { bits, fixture } from '../helpers/files.js';
import { describeWith } from '../helpers/needs.js';
import { CHROMIUM } from './viewer-helpers.js';

// Debian's chromium; .ci/run installs it. Without it the test skips, except on CI, where it must run.
const chromiumPath = process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium';
const haveChromium = existsSync(chromiumPath);
if (!haveChromium && process.env['CI']) throw new Error(`CI needs a browser at ${chromiumPath}; .ci/run installs Debian's chromium`);

const root = fileURLToPath(new URL('../../', import.meta.url));
/** The limit of any one wait in the page: far above what a busy 2-core machine needs (the test polls, never sleeps). */
const WAIT = 120_000;
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.ifp': 'application/octet-stream' };

/** Serves the built library, the fixtures and the test page on loopback. */
function serve(): Promise<Server> {
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const file = path === '/' ? join(root, 'test/browser/page.html') : normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describeWith([CHROMIUM], `headless Chromium (${chromiumPath})`, { timeout: 2 * WAIT }, () => {
  let server: Server;
  let browser: Browser;
  beforeAll(async () => {
    if (!existsSync(join(root, 'packages/gameanim/dist/index.js')))
      throw new Error('dist/ is missing: run npm run build (npm test does it first)');
    server = await serve();
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  }, WAIT);
  afterAll(async () => {
    await browser?.close();
    server?.close();
  }, WAIT);

  it('decodes a fixture and samples a pose on the main thread with the wasm SIMD kernels, matching Node', async () => {
    const file = 'multi-package-trailing.ifp';
    const page = await browser.newPage();
    page.setDefaultTimeout(WAIT);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/?file=${file}`);
    await page.waitForFunction(() => 'result' in window || document.title === 'failed', null, { timeout: WAIT });
    expect(errors).toEqual([]);
    const result = (await page.evaluate(() => (window as unknown as { result: unknown }).result)) as Record<string, unknown>;

    const node = new IFPReader(fixture(file), { backend: 'js' });
    expect(result['backend']).toBe('simd');
    expect(result['autoBackend']).toBe('simd');
    expect(result['packages']).toEqual(node.packages.map((p) => [p.format, p.name, p.animations.length]));
    expect(result['warnings']).toEqual(['trailing-bytes']);
    const poses = result['poses'] as Array<{ backend: string; rotations: number[]; translations: number[] }>;
    [0.05, 0.2, 0.5].forEach((time, i) => {
      const animation = node.animations[0]!;
      const pose = createPose(animation);
      sampleClip(animation, time, pose, { backend: 'js' });
      expect(poses[i]!.backend).toBe('simd');
      poses[i]!.rotations.forEach((v, k) => expect(Math.abs(v - pose.rotations[k]!)).toBeLessThan(1e-6));
      poses[i]!.translations.forEach((v, k) => expect(Math.abs(v - pose.translations[k]!)).toBeLessThan(1e-6));
    });
    expect(result['tracks']).toEqual(
      node.animations.flatMap((a) =>
        a.bones.map((b) => [a.name, b.boneName, bits(b.times), bits(b.rotations), bits(b.translations), bits(b.scales)]),
      ),
    );
  });
});

if (!haveChromium)
  describe.skip(`no browser at ${chromiumPath}: the browser test is skipped (set CHROMIUM_PATH or install chromium)`, () =>
    it('skipped', () => {}));
