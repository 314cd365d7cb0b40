import { applyTestEnv } from './env';

applyTestEnv();
