// Prints, after the whole run, the 15 slowest test files with their times (where CI's minutes
// go) and one plain closing line, "N passed, N failed, N skipped", so CI logs state the count of
// executed tests in a form any reader understands.
import path from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

const SLOWEST = 15;

/** Seconds a file held its worker: importing it, its hooks and its tests. */
function fileSeconds(mod: TestModule): number {
  const d = mod.diagnostic();
  return (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.duration) / 1000;
}

export default class SummaryReporter implements Reporter {
  private started = Date.now();

  onTestRunStart(): void {
    this.started = Date.now();
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
    process.stdout.write(
      `${lines.join('\n')}\n\n${passed} passed, ${failed} failed, ${skipped} skipped\n`,
    );
  }
}
