// Runs in every e2e test file before its own code (vitest setupFiles).
import { afterEach } from 'vitest';
import { closeAllContexts } from './browser';

afterEach(closeAllContexts);
