import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

/**
 * What a fixture process (`test/fixtures/*.cjs`) writes on stdout: its events
 * (`{"fixture": name, …}`), awaited by name and count (`events('listening')`), and the service's
 * own JSON log lines beside them (`events.logs`).
 */
export function fixtureEvents(child: ChildProcess) {
  const waiting: Array<{ name: string; count: number; resolve: (value: any) => void }> = [];
  const seen: Record<string, any[]> = {};
  const logs: any[] = [];
  createInterface({ input: child.stdout! }).on('line', (line) => {
    let event: { fixture?: string };
    try {
      event = JSON.parse(line);
    } catch {
      return;
    }
    if (!event.fixture) return void logs.push(event);
    (seen[event.fixture] ??= []).push(event);
    for (const w of waiting) if (seen[w.name]?.length === w.count) w.resolve(seen[w.name].at(-1));
  });
  const next = (name: string, count = 1) =>
    new Promise<any>((resolve) => {
      if ((seen[name]?.length ?? 0) >= count) resolve(seen[name].at(-1));
      else waiting.push({ name, count, resolve });
    });
  return Object.assign(next, { logs });
}
