import type { FastifyBaseLogger } from 'fastify';

/**
 * A background job: runs on every tick with the runner's clock. Jobs keep their state in the
 * database (claims with unique rows), so a tick may run on any instance, or on several at once.
 * They check `signal` between units of work so a shutdown does not wait for a whole pass.
 */
export type Job = {
  name: string;
  run: (now: Date, signal: AbortSignal) => Promise<unknown>;
};

export type JobRunner = {
  /** One pass of every job, now (the timer calls it; tests call it with their clock). */
  tick: () => Promise<void>;
  /** Ticks every `intervalMs` (0: never); the timer does not keep the process alive. */
  start: () => void;
  /** Stops the timer and waits for the passes under way to finish their current unit. */
  stop: () => Promise<void>;
};

/** The in-process runner of the background jobs, on the application's database. */
export function createJobRunner(deps: {
  jobs: Job[];
  intervalMs: number;
  now: () => Date;
  log: FastifyBaseLogger;
}): JobRunner {
  let timer: NodeJS.Timeout | undefined;
  let timerPass: Promise<void> | undefined;
  const passes = new Set<Promise<void>>();
  const stopping = new AbortController();

  async function pass() {
    const at = deps.now();
    for (const job of deps.jobs) {
      if (stopping.signal.aborted) return;
      try {
        await job.run(at, stopping.signal);
      } catch (error) {
        deps.log.error({ err: error, job: job.name }, 'background job failed');
      }
    }
  }

  function tick() {
    const running = pass().finally(() => passes.delete(running));
    passes.add(running);
    return running;
  }

  return {
    tick,
    start() {
      if (deps.intervalMs <= 0 || timer) return;
      timer = setInterval(() => {
        // A pass still running (a slow provider) is not overtaken by the next one.
        if (timerPass) return;
        timerPass = tick().finally(() => {
          timerPass = undefined;
        });
      }, deps.intervalMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      stopping.abort();
      await Promise.allSettled([...passes]);
    },
  };
}
