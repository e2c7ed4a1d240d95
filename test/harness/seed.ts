// The seed of a property test: BARRIERLINT_FC_SEED replays a run; otherwise a fresh one. It is printed before the
// property runs (and fast-check repeats it in a failure report), so a failure seen in CI can be replayed exactly.
export function propertySeed(name: string): number {
  const seed = Number(process.env.BARRIERLINT_FC_SEED ?? Date.now() % 2 ** 31);
  console.log(`${name}: property seed ${seed} (replay with BARRIERLINT_FC_SEED=${seed})`);
  return seed;
}
