/**
 * A Map that forgets its oldest entries once full: an in-process cache store that cannot grow
 * without bound. Full means `capacity` entries, or entries whose weights add up to `maxWeight`.
 */
export class BoundedMap<K, V> extends Map<K, V> {
  private weights = new Map<K, number>();
  private total = 0;

  constructor(
    private readonly capacity: number,
    private readonly maxWeight = Infinity,
    private readonly weigh: (key: K, value: V) => number = () => 0,
  ) {
    super();
  }

  override set(key: K, value: V): this {
    this.delete(key);
    const weight = this.weigh(key, value);
    if (weight > this.maxWeight) return this;
    while (this.size > 0 && (this.size >= this.capacity || this.total + weight > this.maxWeight)) {
      this.delete(this.keys().next().value as K);
    }
    this.weights.set(key, weight);
    this.total += weight;
    return super.set(key, value);
  }

  override delete(key: K): boolean {
    this.total -= this.weights.get(key) ?? 0;
    this.weights.delete(key);
    return super.delete(key);
  }

  override clear(): void {
    this.weights.clear();
    this.total = 0;
    super.clear();
  }

  /** The sum of the weights of the entries held. */
  get weight(): number {
    return this.total;
  }
}
