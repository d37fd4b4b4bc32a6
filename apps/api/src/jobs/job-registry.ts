// Handlers by job kind. A worker claims only the kinds registered here, so during a rolling
// upgrade a process never takes a job it does not know.
import type { FastifyBaseLogger } from 'fastify';
import type { JobType } from './job-type.js';
import { PermanentJobError } from './job-type.js';

export interface JobContext {
  jobId: number;
  /** 1 for the first attempt. */
  attempt: number;
  logger: FastifyBaseLogger;
}

export type JobHandler<P> = (payload: P, context: JobContext) => Promise<void>;

export interface RegisteredJob {
  kind: string;
  maxAttempts: number | undefined;
  /** Checks the stored payload and runs the handler. */
  run(payload: unknown, context: JobContext): Promise<void>;
}

export class JobRegistry {
  private readonly entries = new Map<string, RegisteredJob>();

  register<P>(type: JobType<P>, handler: JobHandler<P>): void {
    if (this.entries.has(type.kind)) throw new Error(`job kind ${type.kind} is registered twice`);
    this.entries.set(type.kind, {
      kind: type.kind,
      maxAttempts: type.maxAttempts,
      async run(payload, context) {
        const parsed = type.payload.safeParse(payload);
        if (!parsed.success) {
          throw new PermanentJobError(`invalid ${type.kind} payload: ${parsed.error.message}`);
        }
        await handler(parsed.data, context);
      },
    });
  }

  get(kind: string): RegisteredJob | undefined {
    return this.entries.get(kind);
  }

  kinds(): string[] {
    return [...this.entries.keys()];
  }
}
