// Public surface of the pure domain core. Everything exported here is free of I/O.
export * from './validation/auth.js';
