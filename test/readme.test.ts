// The TypeScript examples of the README and the guides (docs/guides/), as a user meets them: each is
// type-checked in strict mode against the built package's published types (one module per example;
// an example that says it continues the one above is checked with it). The ANIM example also runs,
// from the package, and prints what its comments say it prints.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../', import.meta.url));
const work = join(root, '.readme-check');

const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs/guides'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/guides/${name}`),
];
const blocks: string[] = [];
for (const document of documents) {
  for (const [, code] of readFileSync(join(root, document), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)) {
    blocks.push(code!.startsWith('// continues the example above') ? `${blocks.at(-1)}\n${code}` : code!);
  }
}

describe('the TypeScript examples of the README and the guides', () => {
  it('compile in strict mode against the published types, every one', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(12);
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work);
    blocks.forEach((code, i) => writeFileSync(join(work, `example-${i + 1}.ts`), code));
    writeFileSync(
      join(work, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'esnext.float16', 'dom'], // as the README tells users of glTF-Transform >= 4.4
          types: ['node'],
          skipLibCheck: false,
          outDir: 'out',
        },
        include: ['*.ts'],
      }),
    );
    const tsc = spawnSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', work], { encoding: 'utf8' });
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.status).toBe(0);
  });

  it('the ANIM example runs from the package and prints what its comments show', () => {
    const index = blocks.findIndex((code) => code.includes('SpriteScriptRunner'));
    const output = execFileSync(process.execPath, [join(work, 'out', `example-${index + 1}.js`)], { cwd: work, encoding: 'utf8' });
    const shown = [...blocks[index]!.matchAll(/^\/\/ (.*)$/gm)].map((m) => m[1]!).filter((line) => /^(\d{4} {2}|\d [\d-]+ \[)/.test(line));
    expect(shown.length).toBeGreaterThan(6);
    expect(output.trimEnd().split('\n')).toEqual(shown);
  });
});
