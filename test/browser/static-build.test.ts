// The built viewer on a plain static host: a bare node http server (loopback only) serving the build
// folder under a sub-path, as a file host would. It must start there, open a sample through the file
// input, and start again offline once loaded (its service worker keeps the build).
import { createServer, type Server } from 'node:http';
import { readFileSync, statSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { samplesDir, SAMPLES } from '../helpers/files.js';
import { chromiumPath, haveChromium, launchChromium, root, CHROMIUM } from './viewer-helpers.js';
import { describeWith } from '../helpers/needs.js';

const BUILD = join(root, 'packages/cli/dist/viewer');
/** Not the server's root: relative asset paths are what let the build run from any folder of a host. */
const MOUNT = '/hosted/gameanim/';
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json' };

/** A static file server with no knowledge of the viewer; it counts what it served. */
function serveBuild(): Promise<{ server: Server; url: string; served: string[] }> {
  const served: string[] = [];
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://host').pathname;
    served.push(path);
    // What `gameanim view` serves beside the build: the user's files, which no cache may keep.
    if (path.startsWith(`${MOUNT}files/`)) return void response.writeHead(200, { 'content-type': 'text/plain' }).end('a user file');
    const inside = path.startsWith(MOUNT) ? normalize(path.slice(MOUNT.length) || 'index.html') : null;
    const file = inside && !inside.startsWith('..') ? join(BUILD, inside) : null;
    if (!file || !statSync(file, { throwIfNoEntry: false })?.isFile()) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${MOUNT}`, served }),
    ),
  );
}

describeWith(
  [CHROMIUM, SAMPLES],
  `the static build on a plain host, online and offline (${haveChromium ? chromiumPath : 'no Chromium'})`,
  () => {
    let browser: Browser;
    let host: Awaited<ReturnType<typeof serveBuild>>;
    beforeAll(async () => {
      browser = await launchChromium();
      host = await serveBuild();
    });
    afterAll(async () => {
      await browser?.close();
      host?.server.close();
    });

    it('starts from a sub-path, opens a sample, and starts again offline after a reload', async () => {
      expect(readFileSync(join(BUILD, 'index.html'), 'utf8')).not.toMatch(/(src|href)="\/(?!\/)/); // no root-absolute asset paths
      const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(host.url);
      const files = [join(samplesDir, 'dff/sa_skin_plain.dff'), join(samplesDir, 'rwparserng_ped_anp3.ifp')];
      const opens = async () => {
        await page.locator('#files').setInputFiles(files);
        await page.waitForFunction(
          () => 'firstFrameMs' in window && document.querySelectorAll('#animations li[data-clip]').length > 0,
          null,
          { timeout: 120_000 },
        );
      };
      await opens();
      // The service worker took the page over (clients.claim) once it had cached the build.
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
      const cached = await page.evaluate(async () =>
        (await (await caches.open('gameanim-viewer')).keys()).map((request) => new URL(request.url).pathname),
      );
      console.log(
        `static build: served ${new Set(host.served).size} paths online; the offline cache holds ${cached.length}: ${cached.join(', ')}`,
      );

      await context.setOffline(true);
      const servedOnline = host.served.length;
      await page.reload();
      await page.waitForFunction(() => 'viewerScene' in window && 'viewer' in window, null, { timeout: 120_000 });
      expect(host.served.length).toBe(servedOnline); // nothing reached the host
      await opens(); // the files are local: the viewer works offline as it did online
      expect(await page.locator('#bones tbody tr').count()).toBe(32);
      expect(errors).toEqual([]);
      await context.close();
    }, 240_000);

    it("keeps no user file in the service worker's cache: not fetched, and not opened in the tab", async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(host.url);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
      await page.evaluate(async () => void (await fetch('./files/ped.ifp')));
      // Before: a navigation was kept whatever its path, so a user's file opened in the tab was cached.
      await page.goto(`${host.url}files/secret%0Aname.ifp`);
      await page.goto(host.url);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 120_000 });
      const cached = await page.evaluate(async () =>
        (await (await caches.open('gameanim-viewer')).keys()).map((request) => new URL(request.url).pathname),
      );
      expect(cached.length).toBeGreaterThan(0);
      expect(cached.filter((path) => !path.startsWith(`${new URL(host.url).pathname}assets/`) && !/\/(index\.html)?$/.test(path))).toEqual(
        [],
      );
      await context.close();
    }, 240_000);
  },
);
