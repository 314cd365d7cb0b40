import { afterAll, afterEach } from 'vitest';
import { restoreConfig } from './config';
import { applyTestEnv } from './env';

applyTestEnv();
// what a test (or a file) set with setConfig is put back after it
afterEach(() => restoreConfig('test'));
afterAll(() => restoreConfig('file'));
