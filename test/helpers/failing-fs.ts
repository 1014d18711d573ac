// A stand-in for node:fs behind the write path's seam (src/cli/atomic-write.ts): tests run as root,
// where permissions are not checked and a full disk cannot be made, so one call fails as the kernel would.
import * as fs from 'node:fs';
import type { FileSystem } from '../../src/cli/atomic-write.js';

/** node:fs, with each call for which `fail(call, args)` is true throwing an error of that errno `code`. */
export function failingFs(code: string, fail: (call: string, args: unknown[]) => boolean): FileSystem {
  return new Proxy(fs, {
    get:
      (target, name: string) =>
      (...args: unknown[]) => {
        if (fail(name, args)) throw Object.assign(new Error(`${code}: simulated`), { code });
        return (target as unknown as Record<string, (...a: unknown[]) => unknown>)[name]!(...args);
      },
  }) as FileSystem;
}
