// How the bench prints numbers and the machine's load.
import os from 'node:os';

export const fmtInt = (n: number) => Math.round(n).toLocaleString('en-US');
export const fmtRatio = (r: number) => r.toFixed(3);

export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
}
