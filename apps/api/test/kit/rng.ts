/**
 * The seeded generator of the tests, the demo seed and the benchmarks (decision 043) lives with the app's code
 * since the draw uses it too (decision 049): `new Prng(number)` gives the same sequences as before.
 */
export { Prng } from '../../src/lib/random';
