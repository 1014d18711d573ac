// A small static file server on 127.0.0.1 for tests that load files by URL (three.js loaders in Node,
// example pages in Chromium): each URL prefix maps to a folder, anything else is a 404, and every
// request is counted, so a test can say how often a file was fetched.
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.wasm': 'application/wasm',
};

export interface StaticServer {
  /** `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  /** Requests per path, 404s included. */
  requests: Map<string, number>;
  close(): Promise<void>;
}

/** Serves `folders` (URL prefix such as '/samples/' -> folder) on a free loopback port. */
export function serveFolders(folders: Record<string, string>): Promise<StaticServer> {
  const requests = new Map<string, number>();
  const server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    requests.set(path, (requests.get(path) ?? 0) + 1);
    const prefix = Object.keys(folders).find((p) => path.startsWith(p));
    const folder = prefix === undefined ? undefined : normalize(folders[prefix]!);
    const file = folder === undefined ? undefined : normalize(join(folder, path.slice(prefix!.length)));
    if (
      !file ||
      !(file === folder || file.startsWith(folder!.endsWith(sep) ? folder! : folder + sep)) ||
      !existsSync(file) ||
      !statSync(file).isFile()
    )
      return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        requests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      }),
    ),
  );
}
