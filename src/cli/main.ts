#!/usr/bin/env node
// The `gameanim` command line: exit 0 ok, 1 a problem with an input (after every other input), 2 a usage error,
// 3 a missing optional peer; an error that reaches the top exits by its code (exit-codes.ts). What each
// command takes and does is its spec's (commands/index.ts lists them); this file prints and exits.
import { CODES } from 'gameanim';
import { COMMANDS } from './commands/index.js';
import { dispatch } from './dispatch.js';
import { CLI_VERSION } from './package-dir.js';
import { exactJson, printable } from './text.js';
import { CLI_CODES, exitCodeOf } from './exit-codes.js';
import { HELP, UsageError } from './usage.js';

// Names from files are printed with their control characters escaped, so no file can drive the terminal.
let stdoutClosed = false;
const print = (line: string) => void (stdoutClosed || process.stdout.write(`${printable(line)}\n`));
const printError = (line: string) => void process.stderr.write(`gameanim: ${printable(line)}\n`);
// A reader that stops early (| head) is not an error: the command finishes without printing, and
// exits as it would have (1 after an input error).
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code !== 'EPIPE') throw error;
  stdoutClosed = true;
});

try {
  const result = await dispatch(process.argv.slice(2), { commands: COMMANDS, overview: HELP['main']!, version: CLI_VERSION, print });
  // The JSON document goes out whole, after the work, with what could be read; errors still go to stderr.
  if (result !== 'help' && result.json !== undefined) print(exactJson(result.json));
  if (result !== 'help' && result.exitCode) process.exitCode = result.exitCode;
  if (result !== 'help' && result.inputErrors.length) {
    for (const message of result.inputErrors) printError(message);
    process.exitCode = 1;
  }
} catch (error) {
  const exitCode = exitCodeOf(error, new Set([...Object.keys(CODES), ...Object.keys(CLI_CODES)]));
  // An error without a code of ours is a bug: Node prints it with its stack.
  if (exitCode === undefined) throw error;
  const { message } = error as Error;
  if (error instanceof UsageError && error.command) process.stderr.write(`gameanim ${error.command}: ${printable(message)}\n`);
  else printError(message);
  if (error instanceof UsageError && error.help) process.stderr.write(`\n${error.help}\n`);
  process.exitCode = exitCode;
}
