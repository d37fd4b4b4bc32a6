// Where log lines go and how they look: JSON lines for log collectors, or one readable line per
// entry (pino-pretty) when a person watches the terminal.
import pinoPretty from 'pino-pretty';
import type { FastifyServerOptions } from 'fastify';
import type { LogFormat, LogLevel } from '../config/config.js';

/** `LOG_FORMAT` when set; otherwise pretty on a terminal and JSON when stdout is a pipe or file. */
export function resolveLogFormat(configured: LogFormat | null, stdoutIsTTY: boolean): LogFormat {
  return configured ?? (stdoutIsTTY ? 'pretty' : 'json');
}

/**
 * Fields a terminal leaves out: the process, and the request objects that the one-line request
 * summary (request-log.ts) replaces; `to`, `subject` and `link` of a mail are in its message.
 */
const PRETTY_IGNORE = 'pid,hostname,reqId,req,res,responseTime,to,subject,link';

const REDACT = ['req.headers.authorization', 'req.headers.cookie'];

export function loggerOptions(
  level: LogLevel,
  format: LogFormat,
): NonNullable<FastifyServerOptions['logger']> {
  if (format === 'json') return { level, redact: REDACT };
  return {
    level,
    redact: REDACT,
    // Synchronous: lines written just before process.exit (shutdown, fatal errors) are not lost.
    stream: pinoPretty({ sync: true, translateTime: 'SYS:HH:MM:ss', ignore: PRETTY_IGNORE }),
  };
}
