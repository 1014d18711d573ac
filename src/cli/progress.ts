import { printable } from './text.js';
import cliProgress from 'cli-progress';

/** Where a bar is drawn: stderr, or (in tests) any stream that says whether it is a terminal. */
export type ProgressStream = NodeJS.WritableStream & { isTTY?: boolean; columns?: number };

/** Starts a progress display of `total` steps; `print` writes a result line. */
export type StartProgress = (total: number, title: string, print: (line: string) => void) => Progress;

export interface Progress {
  tick(label: string): void;
  /** Prints a result line above the bar, so results and bar never overwrite each other. */
  print(line: string): void;
  stop(): void;
}

/**
 * A progress bar on stderr when it is a terminal and there is enough work; silent otherwise. The bar
 * saves the cursor when it starts and returns there when it stops, so a result line printed under a
 * running bar would be erased by it. Each line is therefore printed with the bar stopped (it clears
 * its own line and leaves the cursor there), and the bar restarts on the next line. Stopping leaves
 * no bar behind.
 */
let active = false;

export function startProgress(
  total: number,
  title: string,
  print: (line: string) => void,
  stream: ProgressStream = process.stderr,
): Progress {
  // One bar at a time: work nested in a bar's work (an archive among several files) shows none.
  if (!stream.isTTY || total < 2 || active) return { tick() {}, print, stop() {} };
  active = true;
  const bar = new cliProgress.SingleBar(
    { stream: stream as NodeJS.WriteStream, format: `${title} [{bar}] {value}/{total} {label}`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  let value = 0;
  let label = '';
  bar.start(total, value, { label });
  return {
    tick(next) {
      value++;
      label = printable(next);
      bar.update(value, { label });
    },
    print(line) {
      bar.stop();
      print(line);
      bar.start(total, value, { label });
    },
    stop() {
      bar.stop();
      active = false;
    },
  };
}
