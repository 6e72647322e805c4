// Builds apps/web/dist only when it is missing or older than its sources.
import { buildWebIfNeeded } from './lib.mjs';

await buildWebIfNeeded();
