// Builds apps/web/dist and apps/api/dist, each only when it is missing or older than its sources.
import { buildApiIfNeeded, buildWebIfNeeded } from './lib.mjs';

await buildWebIfNeeded();
await buildApiIfNeeded();
