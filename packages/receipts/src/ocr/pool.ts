/**
 * Runs OCR off the request thread: a small pool of engine child processes (models loaded once in
 * each), one FIFO queue with a bounded length, a queue-wait limit and a per-file timeout. A crash,
 * out-of-memory or hang in an engine fails only the file it was working on, as an
 * UnreadableReceiptError; the engine is restarted for the next file.
 */
import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { ScannerBusyError, UnreadableReceiptError } from './errors.js';
import { scriptEntry } from './script-entry.js';
import type {
  EngineConfig,
  EngineMessage,
  EngineTimings,
  InputKind,
  OcrTextLine,
  ScanRequest,
} from './protocol.js';

export interface OcrPoolOptions {
  /** Engine processes, i.e. files recognised at the same time. */
  concurrency: number;
  /** Files allowed to wait beyond the running ones; more → BUSY at once. */
  maxQueue: number;
  /** Longest a file may take in an engine before it is abandoned (the engine is restarted). */
  timeoutMs: number;
  /** Longest a file may wait for a free engine → BUSY. */
  queueTimeoutMs: number;
  /** V8 heap limit of each engine process, MB. */
  maxOldSpaceMb: number;
  engine: EngineConfig;
}

export interface OcrOutput {
  lines: OcrTextLine[];
  source: 'ocr' | 'pdf-text';
  /** CPU time the engine spent on the file, ms. */
  cpuMs: number;
  /** Wall time per stage in the engine, ms. */
  timings: EngineTimings;
}

interface Job {
  id: number;
  data: Uint8Array;
  kind: InputKind;
  resolve: (out: OcrOutput) => void;
  reject: (err: Error) => void;
  queueTimer?: NodeJS.Timeout;
}

interface Slot {
  child: ChildProcess | null;
  ready: Promise<void> | null;
  job: Job | null;
  timer?: NodeJS.Timeout;
}

export class OcrPool {
  readonly #options: OcrPoolOptions;
  readonly #slots: Slot[];
  readonly #queue: Job[] = [];
  #nextId = 1;
  #closed = false;
  #peakEngineRssMb = 0;

  constructor(options: OcrPoolOptions) {
    this.#options = options;
    this.#slots = Array.from({ length: Math.max(1, options.concurrency) }, () => ({
      child: null,
      ready: null,
      job: null,
    }));
  }

  /** Highest peak RSS reported by any engine process, MB. */
  get peakEngineRssMb(): number {
    return this.#peakEngineRssMb;
  }

  /** Process ids of the running engines (for memory sampling). */
  get enginePids(): number[] {
    return this.#slots.flatMap((s) => (s.child?.pid === undefined ? [] : [s.child.pid]));
  }

  /** Files waiting for a free engine. */
  get queued(): number {
    return this.#queue.length;
  }

  /** Files an engine is working on (or starting up for). */
  get running(): number {
    return this.#slots.reduce((n, s) => n + (s.job === null ? 0 : 1), 0);
  }

  /** Starts every engine and waits until the models are loaded. */
  async warmUp(): Promise<void> {
    await Promise.all(this.#slots.map((slot) => this.#ensureStarted(slot)));
  }

  /** Recognises one file. Rejects with ScannerBusyError or UnreadableReceiptError. */
  run(data: Uint8Array, kind: InputKind): Promise<OcrOutput> {
    if (this.#closed) return Promise.reject(new ScannerBusyError());
    const idle = this.#slots.some((s) => s.job === null);
    if (!idle && this.#queue.length >= this.#options.maxQueue)
      return Promise.reject(new ScannerBusyError());
    return new Promise<OcrOutput>((resolve, reject) => {
      const job: Job = { id: this.#nextId++, data, kind, resolve, reject };
      job.queueTimer = setTimeout(() => {
        const i = this.#queue.indexOf(job);
        if (i >= 0) {
          this.#queue.splice(i, 1);
          reject(new ScannerBusyError());
        }
      }, this.#options.queueTimeoutMs);
      this.#queue.push(job);
      this.#dispatch();
    });
  }

  async close(): Promise<void> {
    this.#closed = true;
    for (const job of this.#queue.splice(0)) {
      clearTimeout(job.queueTimer);
      job.reject(new ScannerBusyError());
    }
    await Promise.all(
      this.#slots.map(async (slot) => {
        const child = slot.child;
        if (slot.job) this.#finish(slot, new ScannerBusyError());
        slot.child = null;
        slot.ready = null;
        if (child && child.exitCode === null && child.signalCode === null) {
          const exited = new Promise<void>((r) => child.once('exit', () => r()));
          child.kill('SIGTERM');
          const timer = setTimeout(() => child.kill('SIGKILL'), 2000);
          await exited;
          clearTimeout(timer);
        }
      }),
    );
  }

  #dispatch(): void {
    for (const slot of this.#slots) {
      if (slot.job || this.#queue.length === 0) continue;
      const job = this.#queue.shift() as Job;
      clearTimeout(job.queueTimer);
      slot.job = job;
      void this.#start(slot, job);
    }
  }

  async #start(slot: Slot, job: Job): Promise<void> {
    try {
      await this.#ensureStarted(slot);
    } catch (err) {
      this.#finish(slot, new UnreadableReceiptError('engine failed to start', { cause: err }));
      return;
    }
    if (slot.job !== job || !slot.child) return;
    slot.timer = setTimeout(() => {
      this.#kill(slot);
      this.#finish(slot, new UnreadableReceiptError('timeout'));
    }, this.#options.timeoutMs);
    const req: ScanRequest = { type: 'scan', id: job.id, data: job.data, kind: job.kind };
    slot.child.send(req, (err) => {
      if (err && slot.job === job) {
        this.#kill(slot);
        this.#finish(slot, new UnreadableReceiptError('engine unreachable', { cause: err }));
      }
    });
  }

  #finish(slot: Slot, outcome: OcrOutput | Error): void {
    const job = slot.job;
    clearTimeout(slot.timer);
    slot.job = null;
    if (job) {
      if (outcome instanceof Error) job.reject(outcome);
      else job.resolve(outcome);
    }
    if (!this.#closed) this.#dispatch();
  }

  #kill(slot: Slot): void {
    const child = slot.child;
    slot.child = null;
    slot.ready = null;
    if (child && child.exitCode === null) child.kill('SIGKILL');
  }

  #ensureStarted(slot: Slot): Promise<void> {
    if (slot.ready) return slot.ready;
    const { file, execArgv } = scriptEntry(import.meta.url, 'engine-process');
    const child = fork(file, [], {
      execArgv: [...execArgv, `--max-old-space-size=${this.#options.maxOldSpaceMb}`, '--expose-gc'],
      // Fewer malloc arenas: ONNX Runtime's many short-lived buffers otherwise fragment into
      // hundreds of MB of resident memory. A fixed mmap threshold of 8 MB: glibc otherwise
      // raises it after the first large free, so the detector's big tensors come from the heap
      // and stay resident; mapped, they go back to the system when freed. Measured over 25 dev
      // receipts on an idle machine: engine high-water mark 471 → 308 MB for 6% more CPU (4 MB:
      // 292 MB for 18% more; 128 KB: half the memory again for 4.5× the CPU in page faults).
      env: {
        MALLOC_ARENA_MAX: '2',
        MALLOC_MMAP_THRESHOLD_: String(8 * 1024 * 1024),
        ...process.env,
        EVENLY_OCR_CONFIG: JSON.stringify(this.#options.engine),
      },
      serialization: 'advanced',
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    slot.child = child;
    slot.ready = new Promise<void>((resolve, reject) => {
      child.on('message', (msg: EngineMessage) => {
        if (msg.type === 'ready') resolve();
        else if (msg.type === 'fatal') reject(new Error(msg.reason));
        else if (msg.type === 'result' || msg.type === 'error') {
          this.#peakEngineRssMb = Math.max(this.#peakEngineRssMb, msg.peakRssMb);
          if (slot.child !== child || slot.job?.id !== msg.id) return;
          if (msg.type === 'result')
            this.#finish(slot, {
              lines: msg.lines,
              source: msg.source,
              cpuMs: msg.cpuMs,
              timings: msg.timings,
            });
          else
            this.#finish(
              slot,
              new UnreadableReceiptError(
                msg.unreadable ? msg.reason : `engine error: ${msg.reason}`,
              ),
            );
        }
      });
      child.on('error', (err) => reject(err));
      child.on('exit', (code, signal) => {
        reject(new Error(`engine exited (${code ?? signal})`));
        if (slot.child === child) {
          slot.child = null;
          slot.ready = null;
          if (slot.job)
            this.#finish(slot, new UnreadableReceiptError(`engine exited (${code ?? signal})`));
        }
      });
    });
    // A start failure is reported to whoever awaits it; don't leave it unhandled.
    slot.ready.catch(() => undefined);
    return slot.ready;
  }
}
