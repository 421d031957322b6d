import { type Said, say } from '../../../shared/server-messages.js';
import type { FastifyBaseLogger } from 'fastify';

/** Node's timers hold at most 2^31-1 ms (about 24.8 days); longer delays fire at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

interface Job {
  everyMs: number | null;
  run: () => Promise<unknown>;
  timer?: NodeJS.Timeout;
  first?: NodeJS.Timeout;
  running?: Promise<void>;
  lastRunAt?: string;
  lastError?: string;
}

/**
 * Runs the server's background jobs (backups, settings sync) on their intervals, one run of a job at
 * a time, and remembers how each last went: the "message queue" of System Status.
 */
export class JobRunner {
  private readonly jobs = new Map<string, Job>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  /**
   * Runs `run` every `everyMs` (null: never on its own), and first after `firstInMs` if that is
   * sooner (a backup overdue since before a restart). Same interval: the timers keep running.
   */
  schedule(name: string, everyMs: number | null, run: () => Promise<unknown>, firstInMs?: number) {
    const job = this.jobs.get(name);
    if (job && job.everyMs === everyMs) {
      job.run = run;
      return;
    }
    // The same object stays in the map, so a run under way keeps reporting to it.
    const next: Job = job ?? { everyMs, run };
    clearInterval(next.timer);
    clearTimeout(next.first);
    Object.assign(next, { everyMs, run, timer: undefined, first: undefined });
    if (everyMs !== null) {
      // An interval beyond Node's limit is counted in equal ticks that the limit can hold.
      const ticks = Math.ceil(everyMs / MAX_TIMER_MS);
      let count = 0;
      next.timer = setInterval(() => {
        count = (count + 1) % ticks;
        if (count === 0) void this.runNow(name);
      }, everyMs / ticks);
      next.timer.unref();
      if (firstInMs !== undefined && firstInMs < everyMs) {
        next.first = setTimeout(() => void this.runNow(name), Math.max(0, firstInMs));
        next.first.unref();
      }
    }
    this.jobs.set(name, next);
  }

  /** Runs a job now (or waits for the run under way); failures are logged and remembered. */
  runNow(name: string): Promise<void> {
    const job = this.jobs.get(name);
    if (!job) return Promise.reject(new Error(`No job named ${name}`));
    job.running ??= job
      .run()
      .then(
        () => {
          job.lastError = undefined;
        },
        (error: unknown) => {
          job.lastError = error instanceof Error ? error.message : String(error);
          this.logger.error({ context: 'jobs', job: name, err: error }, `${name} job failed`);
        },
      )
      .finally(() => {
        job.lastRunAt = new Date().toISOString();
        job.running = undefined;
      });
    return job.running;
  }

  health(): { status: 'healthy' | 'warning' } & Said {
    const failed = [...this.jobs].filter(([, job]) => job.lastError);
    if (failed.length) {
      const [name, job] = failed[0];
      const error = job.lastError ?? '';
      return { status: 'warning', ...say('job_failed', { job: name, at: job.lastRunAt ?? '', error }) };
    }
    const scheduled = [...this.jobs].filter(([, job]) => job.everyMs !== null).map(([name]) => name);
    return {
      status: 'healthy',
      ...(scheduled.length ? say('jobs_running', { jobs: scheduled.join(', ') }) : say('jobs_none')),
    };
  }

  stop() {
    for (const job of this.jobs.values()) {
      clearInterval(job.timer);
      clearTimeout(job.first);
    }
  }
}
