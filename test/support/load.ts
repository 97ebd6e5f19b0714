/** Steady traffic for fault tests: a few clients requesting in a loop until stopped. */

export interface Traffic {
  /** The status of every answer so far. */
  statuses: number[];
  /** Every request that got no answer, with why. */
  failures: string[];
  /** Resolves once `count` more requests have been answered (or have failed) than when called. */
  more(count: number): Promise<void>;
  stop(): Promise<void>;
}

export function startTraffic(
  url: string,
  requests: Array<[path: string, init?: RequestInit]>,
  clients = 4,
): Traffic {
  let running = true;
  const statuses: number[] = [];
  const failures: string[] = [];
  const waiting: Array<{ at: number; resolve: () => void }> = [];
  const loops = Array.from({ length: clients }, async (_, client) => {
    for (let i = client; running; i++) {
      const [path, init] = requests[i % requests.length];
      try {
        const response = await fetch(`${url}${path}`, {
          ...init,
          signal: AbortSignal.timeout(5000),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      } catch (error) {
        failures.push(`${path}: ${(error as Error).message}`);
      }
      const done = statuses.length + failures.length;
      for (const w of waiting.filter((w) => done >= w.at)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.resolve();
      }
    }
  });
  return {
    statuses,
    failures,
    more: (count) =>
      new Promise((resolve) =>
        waiting.push({ at: statuses.length + failures.length + count, resolve }),
      ),
    stop: async () => {
      running = false;
      await Promise.all(loops);
    },
  };
}
