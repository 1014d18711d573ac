import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readInput } from '../inputs.js';
import { UsageError } from '../usage.js';
import type { CommandResult } from './result.js';

const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.svg': 'image/svg+xml' };

/**
 * `gameanim view [FILES...] [--port N]`: serves the viewer page (dist/viewer) on 127.0.0.1 with node's
 * http, and the named files beside it for the page to preload. Runs until stopped.
 */
export async function view(paths: string[], port: number, print: (line: string) => void): Promise<CommandResult> {
  const root = fileURLToPath(new URL('../../viewer/', import.meta.url));
  if (!existsSync(join(root, 'index.html'))) throw new UsageError('the viewer is not built: run npm run build in a checkout (the published package ships it)');
  // Read every file first: a missing one is reported now, not as a broken page.
  const files = paths.map((path) => ({ name: basename(path), bytes: readInput(path) }));
  const preload = JSON.stringify({ files: files.map((file, i) => ({ name: file.name, url: `./files/${i}` })) });
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    if (path === '/preload.json') return void response.writeHead(200, { 'content-type': TYPES['.json']! }).end(preload);
    const fileMatch = /^\/files\/(\d+)$/.exec(path);
    if (fileMatch) {
      const file = files[Number(fileMatch[1])];
      return void (file ? response.writeHead(200, { 'content-type': 'application/octet-stream' }).end(file.bytes) : response.writeHead(404).end());
    }
    const target = normalize(join(root, path === '/' ? 'index.html' : path));
    if (!target.startsWith(root) || !existsSync(target)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(target)] ?? 'application/octet-stream' }).end(readFileSync(target));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => reject(error.code === 'EADDRINUSE' ? new UsageError(`port ${port} is in use: choose another with --port`) : error));
    server.listen(port, '127.0.0.1', resolve);
  });
  print(`gameanim viewer: http://127.0.0.1:${(server.address() as AddressInfo).port}/${files.length ? ` (${files.length} files preloaded)` : ''}`);
  await new Promise(() => {}); // serve until the process is stopped
  return { inputErrors: [] };
}
