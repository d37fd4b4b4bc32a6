// The error every configuration reader throws for an invalid variable. In a file of its own so
// that the readers of parts of the configuration (push-config.ts, recurring-config.ts) and
// config.ts, which imports them, do not import each other.
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID' as const;
  constructor(
    readonly variable: string,
    detail: string,
  ) {
    super(`Invalid configuration: ${variable} ${detail}`);
  }
}
