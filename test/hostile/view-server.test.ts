// `gameanim view` against hostile requests: every one answered or closed, the server never stops, and
// only this port's loopback names are served. All traffic goes to 127.0.0.1, bounded in count and time.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixture } from '../helpers/files.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cli = join(root, 'packages/cli/dist/src/cli/main.js');

function startViewer(files: string[]): Promise<{ port: number; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli, 'view', ...files, '--port', '0'], { cwd: root });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const match = /http:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
      if (match) resolve({ port: Number(match[1]), child });
    });
    child.on('exit', (code) => reject(new Error(`gameanim view exited with ${code}`)));
  });
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port, path, method, headers: { host: `127.0.0.1:${port}`, ...headers }, timeout: 60_000 },
      (response) => {
        let body = '';
        response.setEncoding('latin1');
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, body }));
      },
    );
    req.on('error', reject);
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.end();
  });
}

/**
 * Sends raw bytes and resolves with whatever comes back before the socket closes, or `idleMs` pass
 * without a byte. The server closes after answering, so the limit only ends a wait that would never
 * end: generous where the answer is checked, since a loaded machine may be slow to give it.
 */
function raw(port: number, bytes: string, idleMs = 60_000): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    const done = () => resolve(reply);
    socket.setEncoding('latin1');
    socket.on('data', (chunk) => (reply += chunk));
    socket.on('error', done);
    socket.on('close', done);
    socket.setTimeout(idleMs, () => socket.destroy());
    socket.write(bytes, 'latin1');
    socket.end();
  });
}

// A test's limit is above any one wait in it (60 s for an answer), and starting the server may take a
// loaded machine longer than vitest's 10 s for a hook.
describe('the view server', { timeout: 240_000 }, () => {
  let server: { port: number; child: ChildProcess };
  const scratch = mkdtempSync(join(tmpdir(), 'gameanim-view-'));
  const outside = join(scratch, 'secret.txt');
  const link = join(root, 'packages/cli/dist/viewer/assets/linked-out.txt');
  beforeAll(async () => {
    writeFileSync(outside, 'secret');
    rmSync(link, { force: true });
    symlinkSync(outside, link);
    server = await startViewer([join(root, 'fixtures/anp2-basic.ifp')]);
  }, 120_000);
  afterAll(() => {
    server?.child.kill();
    rmSync(link, { force: true });
  });
  const alive = async () => expect((await get(server.port, '/')).status).toBe(200);

  it('serves the page and the preloaded files with a Content-Security-Policy that forbids inline script', async () => {
    const page = await get(server.port, '/');
    expect(page.status).toBe(200);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(page.headers['content-security-policy']).not.toMatch(/unsafe-inline|'unsafe-eval'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const file = await get(server.port, '/files/0');
    expect(file.body.length).toBe(fixture('anp2-basic.ifp').length);
  });

  it('survives the requests that killed it: GET /% and GET /assets (a directory)', async () => {
    expect((await get(server.port, '/%')).status).toBe(400);
    expect((await get(server.port, '/assets')).status).toBe(404);
    expect((await get(server.port, '/assets/')).status).toBe(404);
    await alive();
  });

  it('answers only 127.0.0.1, localhost and [::1] on its own port (DNS rebinding)', async () => {
    for (const host of [`localhost:${server.port}`, `[::1]:${server.port}`, `LOCALHOST:${server.port}`])
      expect((await get(server.port, '/files/0', { host })).status, host).toBe(200);
    for (const host of [
      'evil.example',
      `evil.example:${server.port}`,
      '127.0.0.1',
      `127.0.0.1:${server.port + 1}`,
      `127.0.0.1:${server.port}.evil.example`,
    ]) {
      expect((await get(server.port, '/files/0', { host })).status, host).toBe(421);
    }
    // No Host header at all, and an empty one.
    expect((await raw(server.port, 'GET /files/0 HTTP/1.0\r\n\r\n')).split('\r\n')[0]).toMatch(/ 421 /);
    expect((await raw(server.port, 'GET /files/0 HTTP/1.1\r\nHost: \r\n\r\n')).split('\r\n')[0]).toMatch(/ 421 /);
  });

  it('refuses traversal, symlinks out of the folder, other methods, and NUL bytes', async () => {
    for (const path of [
      '/../package.json',
      '/%2e%2e/package.json',
      '/..%2fpackage.json',
      '/assets/..%2f..%2f..%2fpackage.json',
      '//etc/passwd',
      '/assets/linked-out.txt',
      '/index.html%00.js',
    ]) {
      const answer = await get(server.port, path);
      expect([400, 404], path).toContain(answer.status);
      expect(answer.body, path).not.toContain('secret');
    }
    expect((await get(server.port, '/', {}, 'POST')).status).toBe(405);
    expect((await get(server.port, '/', {}, 'HEAD')).status).toBe(200);
    await alive();
  });

  it('no malformed request stops it: a bounded fuzz of request lines, paths and headers, on loopback', async () => {
    const pieces = fc.oneof(
      fc.constantFrom(
        '%',
        '%%',
        '%zz',
        '%c0%ae',
        '..',
        '/',
        '\\',
        '\0',
        '?',
        '#',
        '~',
        ' ',
        '\t',
        'ä',
        '\u2028',
        'assets',
        'files',
        '0',
        '99999999999999999999',
        'index.html',
      ),
      fc.string({ maxLength: 8 }),
    );
    const requests = fc.record({
      method: fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'BREW', ''),
      path: fc.array(pieces, { maxLength: 8 }).map((parts) => `/${parts.join('')}`),
      host: fc.constantFrom('OK', 'evil.example', '', '127.0.0.1:0', 'OK\r\nX: y'),
      version: fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/9', ''),
    });
    await fc.assert(
      fc.asyncProperty(requests, async ({ method, path, host, version }) => {
        const hostLine = host === 'OK' ? `127.0.0.1:${server.port}` : host;
        // The answer is not checked here, only that the server lives on: a request it leaves open is not waited for long.
        await raw(server.port, `${method} ${path} ${version}\r\nHost: ${hostLine}\r\n\r\n`, 2000);
      }),
      { numRuns: 150, seed: 20261201, interruptAfterTimeLimit: 60_000 },
    );
    await alive();
    expect(server.child.exitCode).toBeNull();
  }, 90_000);
});

describe('gameanim view of inputs it cannot serve', () => {
  it('a missing file or a directory: one line on stderr, exit 1, no stack trace', () => {
    for (const path of ['no/such/file.ifp', root]) {
      const result = spawnSync(process.execPath, [cli, 'view', path, '--port', '0'], { cwd: root, encoding: 'utf8', timeout: 20_000 });
      expect(result.status, path).toBe(1);
      expect(result.stderr.trim().split('\n'), path).toHaveLength(1);
      expect(result.stderr, path).not.toMatch(/\n\s+at /);
    }
  });
});
