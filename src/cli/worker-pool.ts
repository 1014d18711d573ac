// Units of work run on worker threads that may fail: a worker that dies (at start, out of memory, a
// crash) is not the batch's end. Its unit goes back to the queue for another worker (twice at most, then
// it is reported as failed), and when no worker is left the main thread runs what remains itself.
import type { Worker } from 'node:worker_threads';

/** Unit results as the workers post them; `stop` ends the feeding (a full disk fails every unit after it). */
export interface PoolResult {
  out: string;
  done: boolean;
  stop?: boolean;
}

/** What a worker posts: that it is ready, once, then one result per unit it is sent. */
export type WorkerMessage<R> = { kind: 'ready' } | { kind: 'result'; result: R };

export interface PoolOptions<U, R extends PoolResult> {
  jobs: number;
  /** A new worker: it posts WorkerMessages. */
  spawn: () => Worker;
  /** Runs a unit on the main thread, when no worker is left. */
  inProcess: () => Promise<(unit: U) => Promise<R>>;
  /** Called once per unit with its result, in the order they finish. */
  onResult: (unit: U, result: R) => void;
  /** The result of a unit whose workers died under it. */
  lost: (unit: U, why: string) => R;
}

/** How many times a unit may take a worker down with it before it is reported as failed. */
const ATTEMPTS = 2;

/** Runs every unit; resolves with the units never run because a result said stop. */
export function runPool<U, R extends PoolResult>(units: readonly U[], options: PoolOptions<U, R>): Promise<U[]> {
  const queue = [...units];
  const attempts = new Map<U, number>();
  const live = new Set<Worker>();
  const ready = new Set<Worker>();
  const busy = new Map<Worker, U>();
  let stopped = false;
  let finished = false;
  let pending = units.length;
  let local = false;

  return new Promise<U[]>((resolve, reject) => {
    const finish = () => {
      if (finished) return;
      finished = true;
      for (const worker of live) void worker.terminate();
      live.clear();
      resolve(stopped ? queue.splice(0) : []);
    };
    const settle = (unit: U, result: R) => {
      options.onResult(unit, result);
      if (result.stop) stopped = true;
      if (--pending === 0 || (stopped && busy.size === 0)) finish();
    };
    const feed = (worker: Worker) => {
      const unit = stopped ? undefined : queue.shift();
      if (unit === undefined) {
        if (stopped && busy.size === 0) finish();
        return;
      }
      busy.set(worker, unit);
      worker.postMessage(unit);
    };
    // No worker left: the main thread runs the rest, one at a time.
    const runHere = async () => {
      if (local) return;
      local = true;
      const exportUnit = await options.inProcess();
      for (let unit = queue.shift(); unit !== undefined && !stopped; unit = queue.shift()) settle(unit, await exportUnit(unit));
    };
    const died = (worker: Worker, why: string) => {
      if (!live.delete(worker)) return; // 'error' and 'exit' both come; count the death once
      const unit = busy.get(worker);
      busy.delete(worker);
      if (unit !== undefined) {
        const tries = (attempts.get(unit) ?? 0) + 1;
        attempts.set(unit, tries);
        if (tries < ATTEMPTS) queue.unshift(unit);
        else settle(unit, options.lost(unit, why));
      }
      if (live.size === 0 && pending > 0 && !stopped) runHere().catch(reject);
      else for (const idle of ready) if (live.has(idle) && !busy.has(idle)) feed(idle);
    };
    if (units.length === 0) return finish();
    for (let i = 0; i < options.jobs; i++) {
      let worker: Worker;
      try {
        worker = options.spawn();
      } catch {
        continue; // one that cannot even start is one worker fewer
      }
      live.add(worker);
      worker.on('error', (error: Error) => died(worker, error.message));
      worker.on('exit', (code) => died(worker, `its worker thread ended (exit code ${code})`));
      worker.on('message', (message: WorkerMessage<R>) => {
        if (message.kind === 'ready') {
          ready.add(worker);
          return feed(worker);
        }
        const unit = busy.get(worker)!;
        busy.delete(worker);
        settle(unit, message.result);
        if (live.has(worker)) feed(worker);
      });
    }
    if (live.size === 0) runHere().catch(reject);
  });
}
