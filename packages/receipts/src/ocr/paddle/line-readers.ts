/**
 * The text recogniser on `count` threads: with one, the engine's own thread reads every line;
 * with more, as many worker threads, each with its own copy of the recogniser on one ONNX Runtime
 * thread, each line batch on one of them.
 *
 * Why: on this engine's inputs (one line, 48 px high, a few hundred wide) ONNX Runtime's own
 * threads do not help: 46 typical lines took 1.95–2.05 s with one intra-op thread and with two
 * (with or without spinning), and 1.12–1.30 s on two worker threads with one intra-op thread each
 * (2026-11-30, 2 cores). Workers only: the engine's own thread as a second reader measured slower
 * (its `run` blocks the thread, so a worker's finished batch waits for it to be collected). A
 * worker that dies fails only the read it had; it is started again for the next one.
 */
import type { Worker } from 'node:worker_threads';
import { startWorker } from '../script-entry.js';
import type { LineBatch, ReadLine, Recogniser } from './read-batch.js';
import { loadRecogniser } from './read-batch.js';

export interface ReaderWorkerData {
  memArena: boolean;
}

export type ReaderReply =
  | { type: 'ready' }
  | { type: 'fatal'; reason: string }
  | { type: 'read'; lines: ReadLine[] }
  | { type: 'error'; reason: string };

interface Reader {
  worker: Worker;
  ready: Promise<void>;
  /** Settles the batch in flight (one at a time per thread). */
  pending: { resolve: (lines: ReadLine[]) => void; reject: (err: Error) => void } | null;
  alive: boolean;
}

export class LineReaders {
  readonly #workers: number;
  readonly #localThreads: number;
  readonly #memArena: boolean;
  #local: Recogniser | null = null;
  #readers: Reader[] = [];

  /**
   * `count` reading threads; with one it is this thread, whose copy of the recogniser runs on
   * `intraOpThreads` ONNX Runtime threads (as the engine ran before there were reader threads).
   */
  constructor(count: number, intraOpThreads: number, memArena: boolean) {
    this.#workers = count > 1 ? count : 0;
    this.#localThreads = Math.max(1, intraOpThreads);
    this.#memArena = memArena;
  }

  /** Loads the recognisers and starts the threads (otherwise done on the first read). */
  async start(): Promise<void> {
    if (this.#workers === 0)
      this.#local ??= await loadRecogniser(this.#localThreads, this.#memArena);
    this.#readers = this.#readers.filter((r) => r.alive);
    while (this.#readers.length < this.#workers) this.#readers.push(this.#spawn());
    await Promise.all(this.#readers.map((r) => r.ready));
  }

  /**
   * Reads `jobs` and passes each job's lines to `done`. A job is prepared into a batch only when
   * a thread is free for it, so preparing overlaps the worker threads' model runs.
   */
  async readAll<T>(
    jobs: readonly T[],
    prepare: (job: T) => LineBatch,
    done: (job: T, lines: ReadLine[]) => void,
  ): Promise<void> {
    await this.start();
    const local = this.#local;
    let next = 0;
    const drain = async (read: (batch: LineBatch) => Promise<ReadLine[]>): Promise<void> => {
      while (next < jobs.length) {
        const job = jobs[next++] as T;
        done(job, await read(prepare(job)));
      }
    };
    await Promise.all([
      ...this.#readers.map((reader) => drain((batch) => this.#send(reader, batch))),
      ...(local ? [drain((batch) => local.read(batch))] : []),
    ]);
  }

  /** The worker threads now running (for diagnostics and tests). */
  get workers(): readonly Worker[] {
    return this.#readers.filter((r) => r.alive).map((r) => r.worker);
  }

  async close(): Promise<void> {
    const readers = this.#readers;
    this.#readers = [];
    await Promise.all(readers.map((r) => r.worker.terminate()));
    await this.#local?.release();
    this.#local = null;
  }

  #send(reader: Reader, batch: LineBatch): Promise<ReadLine[]> {
    return new Promise((resolve, reject) => {
      if (!reader.alive) return reject(new Error('text recogniser thread stopped'));
      reader.pending = { resolve, reject };
      // The pixels move to the thread instead of being copied.
      reader.worker.postMessage(batch, [batch.data.buffer]);
    });
  }

  #spawn(): Reader {
    const workerData: ReaderWorkerData = { memArena: this.#memArena };
    const worker = startWorker(import.meta.url, 'line-reader-worker', { workerData });
    let ready!: { resolve: () => void; reject: (err: Error) => void };
    const reader: Reader = {
      worker,
      ready: new Promise((resolve, reject) => (ready = { resolve, reject })),
      pending: null,
      alive: true,
    };
    const fail = (err: Error) => {
      reader.alive = false;
      ready.reject(err);
      reader.pending?.reject(err);
      reader.pending = null;
    };
    worker.on('message', (reply: ReaderReply) => {
      if (reply.type === 'ready') return ready.resolve();
      if (reply.type === 'fatal') return fail(new Error(reply.reason));
      const pending = reader.pending;
      reader.pending = null;
      if (reply.type === 'read') pending?.resolve(reply.lines);
      else pending?.reject(new Error(reply.reason));
    });
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`text recogniser thread exited (${code})`)));
    // An unhandled rejection of `ready` before anyone awaits it would end the process.
    reader.ready.catch(() => undefined);
    return reader;
  }
}
