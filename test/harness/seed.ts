// The seed of a property test. CI and `npm test` use a fixed seed, so a run is deterministic and a failure is
// reproducible as is; BARRIERLINT_FC_SEED=<n> replays another seed and BARRIERLINT_FC_SEED=random explores a fresh
// one. The seed is printed before the property runs (and fast-check repeats it in a failure report).
export const DEFAULT_PROPERTY_SEED = 20261201;

export function propertySeed(name: string): number {
  const asked = process.env.BARRIERLINT_FC_SEED;
  const seed = asked === 'random' ? Date.now() % 2 ** 31 : Number(asked ?? DEFAULT_PROPERTY_SEED);
  console.log(`${name}: property seed ${seed} (replay with BARRIERLINT_FC_SEED=${seed})`);
  return seed;
}
