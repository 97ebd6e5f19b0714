/**
 * SIGTERM and SIGINT from the first instant (docs/operations.md#signals). `main.ts` creates this
 * before it loads anything else: as PID 1 (a container without an init) a signal with no handler is
 * dropped, and a SIGTERM during the start would leave the pod to wait out its whole grace period.
 *
 * Until the app serves, a signal ends the start at once: nothing listens yet, so nothing is in
 * flight and nothing needs draining; the process exits 0, as for any requested stop. Once
 * `serving(stop)` is called, a signal runs `stop` (the graceful drain of `shutdown.ts`) and exits 0,
 * or 1 when the drain fails. A second signal meets the default action: Ctrl-C twice still stops.
 *
 * Node built-ins only, so that it is in place before the app's modules are read.
 */
export class StopSignals {
  private stop?: () => Promise<void>;

  constructor(
    private readonly exit: (code: number) => void = (code) => process.exit(code),
    private log: (message: string, level?: 'info' | 'error') => void = jsonLine,
  ) {
    process.on('SIGTERM', this.onSignal);
    process.on('SIGINT', this.onSignal);
  }

  /** From now on a signal stops the app with `stop`, saying so through `log` (the app's logger). */
  serving(stop: () => Promise<void>, log = this.log): void {
    this.stop = stop;
    this.log = log;
  }

  private readonly onSignal = (signal: NodeJS.Signals): void => {
    process.off('SIGTERM', this.onSignal);
    process.off('SIGINT', this.onSignal);
    const stop = this.stop;
    if (!stop) {
      this.log(`${signal} during start: stopping before serving`);
      return this.exit(0);
    }
    this.log(`${signal}: draining`);
    stop().then(
      () => this.exit(0),
      (error: Error) => {
        this.log(`Shutdown failed: ${error.stack ?? error}`, 'error');
        this.exit(1);
      },
    );
  };
}

/**
 * A line in the shape of the app's pino lines: the app's logger may not exist yet. Written at once
 * (stdout is synchronous on Linux for files, terminals and pipes), so it is out before the exit.
 */
function jsonLine(message: string, level: 'info' | 'error' = 'info'): void {
  const line = {
    level: level === 'info' ? 30 : 50,
    time: new Date().toISOString(),
    context: 'Shutdown',
    msg: message,
  };
  process.stdout.write(`${JSON.stringify(line)}\n`);
}
