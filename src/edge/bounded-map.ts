/** A Map that forgets its oldest entry once full: an in-process cache store that cannot grow without bound. */
export class BoundedMap<K, V> extends Map<K, V> {
  constructor(private readonly capacity: number) {
    super();
  }

  override set(key: K, value: V): this {
    if (!this.has(key) && this.size >= this.capacity) {
      this.delete(this.keys().next().value as K);
    }
    return super.set(key, value);
  }
}
