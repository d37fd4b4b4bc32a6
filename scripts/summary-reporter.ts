// Prints, after the whole run, the 15 slowest test files with their times (where CI's minutes
// go) and one plain closing line, "N passed, N failed, N skipped", so CI logs state the count of
// executed tests in a form any reader understands. Also the last files to end, with when they
// started (a long file that starts late is CI's idle tail), and, with TEST_DURATIONS_FILE set,
// every file's seconds as JSON for scripts/test-sequencer.ts.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 15;
const LAST_TO_END = 6;

/** Seconds a file held its worker: importing it, its hooks and its tests. */
function fileSeconds(mod: TestModule): number {
  const d = mod.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.duration) / 1000;
}

export default class SummaryReporter implements Reporter {
  private started = Date.now();
  private readonly startedAt = new Map<string, number>();
  private readonly endedAt = new Map<string, number>();

  onTestRunStart(): void {
    this.started = Date.now();
  }

  onTestModuleStart(mod: TestModule): void {
    this.startedAt.set(mod.moduleId + mod.project.name, Date.now());
  }

  onTestModuleEnd(mod: TestModule): void {
    this.endedAt.set(mod.moduleId + mod.project.name, Date.now());
  }

  /** The files that ended last: "started at s → ended at s", seconds from the run's start. */
  private tail(testModules: ReadonlyArray<TestModule>): string[] {
    const at = (m: Map<string, number>, mod: TestModule) =>
      ((m.get(mod.moduleId + mod.project.name) ?? this.started) - this.started) / 1000;
    return [...testModules]
      .sort((a, b) => at(this.endedAt, b) - at(this.endedAt, a))
      .slice(0, LAST_TO_END)
      .map(
        (mod) =>
          `${at(this.startedAt, mod).toFixed(0).padStart(6)} s → ${at(this.endedAt, mod).toFixed(0).padStart(5)} s  ${mod.project.name.padEnd(13)} ${path.relative(process.cwd(), mod.moduleId)}`,
      );
  }

  onTestRunEnd(testModules: ReadonlyArray<TestModule>): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const mod of testModules) {
      for (const test of mod.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      if (mod.state() === 'failed' && [...mod.children.allTests()].length === 0) failed++;
    }
    const slowest = [...testModules]
      .map((mod) => ({ mod, seconds: fileSeconds(mod) }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SLOWEST);
    const total = testModules.reduce((sum, mod) => sum + fileSeconds(mod), 0);
    const lines = [
      '',
      `The ${slowest.length} slowest test files (of ${testModules.length}; ${total.toFixed(0)} s of files in ${((Date.now() - this.started) / 1000).toFixed(0)} s of wall time):`,
      ...slowest.map(
        ({ mod, seconds }) =>
          `${seconds.toFixed(1).padStart(8)} s  ${mod.project.name.padEnd(13)} ${path.relative(process.cwd(), mod.moduleId)}`,
      ),
    ];
    lines.push(
      '',
      `The last ${LAST_TO_END} files to end (started → ended):`,
      ...this.tail(testModules),
    );
    const out = process.env['TEST_DURATIONS_FILE'];
    if (out !== undefined && out !== '') {
      const durations = Object.fromEntries(
        [...testModules]
          .map(
            (mod) =>
              [
                `${mod.project.name}:${path.relative(process.cwd(), mod.moduleId)}`,
                Math.round(fileSeconds(mod) * 10) / 10,
              ] as const,
          )
          .sort((a, b) => (a[0] < b[0] ? -1 : 1)),
      );
      writeFileSync(out, `${JSON.stringify(durations, null, 2)}\n`);
    }
    process.stdout.write(
      `${lines.join('\n')}\n\n${passed} passed, ${failed} failed, ${skipped} skipped\n`,
    );
  }
}
