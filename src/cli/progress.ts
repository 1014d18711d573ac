import cliProgress from 'cli-progress';

export interface Progress {
  tick(label: string): void;
  stop(): void;
}

/** A progress bar on stderr when it is a terminal and there is enough work; silent otherwise. */
export function startProgress(total: number, title: string): Progress {
  if (!process.stderr.isTTY || total < 2) return { tick() {}, stop() {} };
  const bar = new cliProgress.SingleBar(
    { stream: process.stderr, format: `${title} [{bar}] {value}/{total} {label}`, hideCursor: true, clearOnComplete: true },
    cliProgress.Presets.shades_classic,
  );
  bar.start(total, 0, { label: '' });
  return {
    tick: (label) => bar.increment(1, { label }),
    stop: () => bar.stop(),
  };
}
