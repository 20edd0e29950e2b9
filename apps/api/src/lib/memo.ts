/**
 * `compute` remembered for up to `max` keys, oldest dropped first: for pure functions of a string that cost
 * more than a map lookup (a keyed hash per request), where the same keys come back (a client's address).
 */
export function memo<V>(max: number, compute: (key: string) => V): (key: string) => V {
  const known = new Map<string, V>();
  return (key) => {
    const hit = known.get(key);
    if (hit !== undefined) return hit;
    const value = compute(key);
    if (known.size >= max) known.delete(known.keys().next().value!);
    known.set(key, value);
    return value;
  };
}
