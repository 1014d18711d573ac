import { plural } from '../text.js';
import { existsSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { basename, extname, join, sep } from 'node:path';
import { InputError, readInput } from '../inputs.js';
import { CLI_PACKAGE_DIR } from '../package-dir.js';
import { UsageError } from '../usage-error.js';
import type { CommandResult } from './result.js';
import { defineCommand } from '../command-spec.js';
import { flagError } from '../flag-parser.js';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * The page runs only the viewer's own scripts: no inline script, no script from elsewhere, so a file
 * or entry name that reaches the page as markup still cannot run. Images and workers may come from the
 * page's own blobs (PNG atlases, textures).
 */
export const CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' blob: data:; connect-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-resource-policy': 'same-origin',
};

/**
 * `gameanim view [FILES...] [--port N]`: serves the viewer page (dist/viewer) on 127.0.0.1 with node's
 * http, and the named files beside it for the page to preload. Runs until stopped. The rules
 * (docs/robustness.md): only the loopback names of this port are answered (a DNS-rebinding page
 * cannot read the files), only GET and HEAD, only regular files inside the viewer folder with no
 * symlink leading out of it, and no request, however malformed, stops the server.
 */
export async function view(paths: string[], port: number, print: (line: string) => void): Promise<CommandResult> {
  const folder = join(CLI_PACKAGE_DIR, 'dist', 'viewer');
  if (!existsSync(join(folder, 'index.html')))
    throw new UsageError('the viewer is not built: run npm run build in a checkout (the published package ships it)');
  const root = realpathSync(folder);
  // Read every file first: a missing one is reported now, not as a broken page.
  const files: { name: string; bytes: Uint8Array }[] = [];
  const inputErrors: string[] = [];
  // A model's dictionary of the same name (ped.dff, ped.txd) comes with it, so the page draws it textured.
  const withTextures = paths.flatMap((path) => {
    const txd = path.replace(/\.dff$/i, (ext) => (ext === '.DFF' ? '.TXD' : '.txd'));
    return txd !== path && existsSync(txd) && !paths.includes(txd) ? [path, txd] : [path];
  });
  for (const path of withTextures) {
    try {
      files.push({ name: basename(path), bytes: readInput(path) });
    } catch (error) {
      if (!(error instanceof InputError)) throw error;
      inputErrors.push(error.message);
    }
  }
  if (inputErrors.length) return { inputErrors };
  const preload = JSON.stringify({ files: files.map((file, i) => ({ name: file.name, url: `./files/${i}` })) });
  let allowedHosts = new Set<string>();
  const server = createServer((request, response) => {
    try {
      answer(request, response);
    } catch {
      if (!response.headersSent) response.writeHead(500, SECURITY_HEADERS);
      response.end();
    }
  });

  // Each refusal ends the answer by returning what refuse() returns (nothing).
  function answer(request: IncomingMessage, response: ServerResponse) {
    const refuse = (status: number) => void response.writeHead(status, SECURITY_HEADERS).end();
    if (!allowedHosts.has((request.headers.host ?? '').toLowerCase())) return refuse(421);
    if (request.method !== 'GET' && request.method !== 'HEAD') return refuse(405);
    let path: string;
    try {
      path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      return refuse(400);
    }
    if (path.includes('\0')) return refuse(400);
    const send = (type: string, body: Uint8Array | string) =>
      void response.writeHead(200, { ...SECURITY_HEADERS, 'content-type': type }).end(request.method === 'HEAD' ? undefined : body);
    if (path === '/preload.json') return send(TYPES['.json']!, preload);
    const fileMatch = /^\/files\/(\d+)$/.exec(path);
    if (fileMatch) {
      const file = files[Number(fileMatch[1])];
      return file ? send('application/octet-stream', file.bytes) : refuse(404);
    }
    const target = servedFile(root, path === '/' ? 'index.html' : path);
    if (!target) return refuse(404);
    send(TYPES[extname(target)] ?? 'application/octet-stream', readFileSync(target));
  }

  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new UsageError(`port ${port} is in use: choose another with --port`) : error),
    );
    server.listen(port, '127.0.0.1', resolve);
  });
  const bound = (server.address() as AddressInfo).port;
  allowedHosts = new Set([`127.0.0.1:${bound}`, `localhost:${bound}`, `[::1]:${bound}`]);
  print(`gameanim viewer: http://127.0.0.1:${bound}/${files.length ? ` (${plural(files.length, 'file')} preloaded)` : ''}`);
  await new Promise(() => {}); // serve until the process is stopped
  return { inputErrors: [] };
}

/** The regular file at `path` under `root`, after resolving every symlink; undefined when it is anything else or leads out. */
function servedFile(root: string, path: string): string | undefined {
  let real: string;
  try {
    real = realpathSync(join(root, path));
    if (!statSync(real).isFile()) return undefined;
  } catch {
    return undefined;
  }
  return real.startsWith(root + sep) ? real : undefined;
}

/** A port number, digits only: Number('') and Number(' ') are 0, which would mean "any port". */
function portNumber(text: string, command: string): number {
  const port = /^[0-9]{1,5}$/.test(text) ? Number(text) : Number.NaN;
  if (!(port >= 0 && port <= 65535)) throw flagError(command, `--port takes a port number from 0 to 65535, not "${text}"`);
  return port;
}

/** `gameanim view [FILES...] [--port N]`. */
export const viewSpec = defineCommand({
  name: 'view',
  help: `usage: gameanim view [FILES...] [--port N]

Serves the viewer (a static page: drop game files, watch the animation, read its curves) on
127.0.0.1 and prints its URL. FILES are preloaded into the page. --port picks the port (default: any
free one). Everything runs in the page; nothing is uploaded anywhere. Stop it with Ctrl-C.`,
  overview: [{ usage: 'view [FILES...] [--port N]', summary: 'the viewer page on 127.0.0.1, with FILES preloaded' }],
  flags: { port: { type: 'string', value: portNumber } },
  parse: (values, positionals) => ({ paths: [...positionals], port: values.port ?? 0 }),
  run: ({ paths, port }, print) => view(paths, port, print),
});
