import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env';
import { createJobRunner, type Job } from './job-runner';

const log = { error: vi.fn() } as unknown as FastifyBaseLogger;
const now = () => new Date('2026-11-23T17:00:00Z');

afterEach(() => {
  vi.useRealTimers();
});

describe('the job runner', () => {
  it('runs every job on a tick with its clock, and one failure does not stop the others', async () => {
    const seen: string[] = [];
    const jobs: Job[] = [
      {
        name: 'broken',
        run: async () => {
          throw new Error('boom');
        },
      },
      { name: 'fine', run: async (at) => seen.push(at.toISOString()) },
    ];
    const runner = createJobRunner({ jobs, intervalMs: 0, now, log });
    await runner.tick();
    expect(seen).toEqual(['2026-11-23T17:00:00.000Z']);
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: 'broken' }),
      'background job failed',
    );
  });

  it('ticks on its interval without overlapping itself, and stops waiting for the pass under way', async () => {
    vi.useFakeTimers();
    let passes = 0;
    let release: () => void = () => {};
    const job: Job = {
      name: 'slow',
      run: () => {
        passes += 1;
        return new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    };
    const runner = createJobRunner({ jobs: [job], intervalMs: 1000, now, log });
    runner.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(passes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(passes).toBe(1);
    // Still running: the next ticks are skipped.
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(1);

    let stopped = false;
    const stopping = runner.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(passes).toBe(1);
  });

  it('never ticks by itself with an interval of 0', async () => {
    vi.useFakeTimers();
    const run = vi.fn(async () => {});
    const runner = createJobRunner({ jobs: [{ name: 'job', run }], intervalMs: 0, now, log });
    runner.start();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(run).not.toHaveBeenCalled();
    await runner.stop();
  });
});

describe('JOBS_INTERVAL_MS', () => {
  it('defaults to five minutes, takes 0 for off, and refuses a busy loop', () => {
    expect(loadConfig({}).jobsIntervalMs).toBe(300_000);
    expect(loadConfig({ JOBS_INTERVAL_MS: '0' }).jobsIntervalMs).toBe(0);
    expect(loadConfig({ JOBS_INTERVAL_MS: '60000' }).jobsIntervalMs).toBe(60_000);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: '50' })).toThrow(ConfigError);
    expect(() => loadConfig({ JOBS_INTERVAL_MS: 'often' })).toThrow(ConfigError);
  });
});
