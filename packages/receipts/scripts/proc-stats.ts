// Readers of a process's memory and CPU from Linux /proc, for the eval scripts. Each returns 0
// (or nothing) for a process that is gone, since the ones sampled may exit at any time.
import { readFileSync } from 'node:fs';

/** Resident memory of a process, now (VmRSS) or at its highest (VmHWM), MB. */
export function rssMb(pid: number | 'self', field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/**
 * Proportional set size of a process now, MB (0 if it is gone): its resident pages, each page
 * shared with other processes counted as its share. Summed over a process tree, the node binary
 * and libraries every process of the tree maps (about 34 MB each) count once, not once per
 * process as in a sum of RSS: the tree's real use of memory.
 */
export function pssMb(pid: number): number {
  try {
    const kb = /^Pss:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/smaps_rollup`, 'utf8'))?.[1];
    return kb ? Number(kb) / 1024 : 0;
  } catch {
    return 0;
  }
}

/** CPU seconds (user + system) a process has used so far (Linux /proc, 100 ticks a second). */
export function cpuSecondsOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/** Children of a process, recursively (Linux /proc). */
export function descendants(pid: number): number[] {
  const out: number[] = [];
  let tasks: string[];
  try {
    tasks = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/);
  } catch {
    return out;
  }
  for (const t of tasks) {
    if (!t) continue;
    const child = Number(t);
    out.push(child, ...descendants(child));
  }
  return out;
}
