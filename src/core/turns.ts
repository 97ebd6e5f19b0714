/**
 * Maps items a slice at a time, giving the event loop a turn between slices: for work on the main
 * thread that grows with the data but must not hold the loop (a reload, docs/architecture.md#work-off-the-event-loop).
 */
export async function mapInTurns<T, U>(
  items: readonly T[],
  map: (item: T) => U,
  slice = 250,
): Promise<U[]> {
  const mapped: U[] = [];
  for (let start = 0; start < items.length; start += slice) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    for (let i = start; i < Math.min(start + slice, items.length); i++) mapped.push(map(items[i]));
  }
  return mapped;
}
