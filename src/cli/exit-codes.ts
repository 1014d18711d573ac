// The command line's exit codes, decided by an error's code alone (never its message or class). The
// table in docs/guides/cli.md is generated from this and the library's code tables
// (`node scripts/exit-codes.mjs` writes it; test/cli/exit-codes.test.ts checks it is current).

/** The command line's own codes, beside the library's: a mistake in the call, and an input it refused. */
export const CLI_CODES = {
  usage: 'an unknown command or flag, a missing argument, a flag value out of its range',
  input:
    'an input missing, unreadable, a directory or special file, too large, of no format gameanim reads, or an output that cannot be written',
} as const;

/** What each exit code means. */
export const EXIT_MEANINGS: Readonly<Record<number, string>> = {
  0: 'success',
  1: 'a problem with an input: missing, unreadable, a directory, not a format gameanim reads, undecodable (stderr names the file and the byte offset), no such animation or archive entry, or (`bind`) no animation that drives any bone of the model. Every other input is still processed first',
  2: 'a usage error only (an unknown command or flag, a missing argument, `--anim` on a file that has no named animations). A bare `gameanim` is one: it prints the overview to stderr',
  3: 'an optional peer dependency the command needs is not installed (`export` and `import` without `@gltf-transform/core`, `retarget` of an FBX or BVH without `three`)',
};

/** The codes whose exit code is not 1. */
const NOT_ONE: Readonly<Record<string, number>> = { usage: 2, 'missing-peer': 3 };

/** The exit code for an error with this code. */
export function exitCodeFor(code: string): number {
  return NOT_ONE[code] ?? 1;
}

/**
 * The exit code for an error that reached the top of the command line, by its `code` when that is one
 * of `known` (the library's and the command line's codes); undefined for any other error (a bug,
 * which goes on to Node with its stack).
 */
export function exitCodeOf(error: unknown, known: ReadonlySet<string>): number | undefined {
  const code = error instanceof Error ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' && known.has(code) ? exitCodeFor(code) : undefined;
}

/** The markdown table of exit codes and the codes that give each, from the code tables given. */
export function exitCodeTable(tables: readonly Readonly<Record<string, string>>[]): string {
  const codes = [...new Set(tables.flatMap((table) => Object.keys(table)))].sort();
  const rows = Object.entries(EXIT_MEANINGS).map(([exit, meaning]) => {
    const given = codes.filter((code) => exitCodeFor(code) === Number(exit) && exit !== '0');
    return `| ${exit} | ${meaning} | ${given.map((code) => `\`${code}\``).join(', ')} |`;
  });
  return ['| exit | when | error codes |', '|---|---|---|', ...rows].join('\n');
}
