import { StopSignals } from './ops/signals';

// First of all, before the app's modules are read: a SIGTERM during the start is never lost.
const signals = new StopSignals();

/* eslint-disable @typescript-eslint/no-require-imports -- modules read only now, tracing only when on */
async function main(): Promise<void> {
  // Tracing, when OTEL_EXPORTER_OTLP_ENDPOINT is set, before the modules it instruments.
  const tracing = process.env.OTEL_EXPORTER_OTLP_ENDPOINT
    ? (require('./ops/tracing') as typeof import('./ops/tracing')).startTracing()
    : undefined;
  const { startApp } = require('./bootstrap') as typeof import('./bootstrap');
  const { drainOnSignal } = require('./ops/shutdown') as typeof import('./ops/shutdown');
  const { app, server } = await startApp();
  drainOnSignal(signals, app, server, async () => tracing?.shutdown());
}
/* eslint-enable @typescript-eslint/no-require-imports */

main().catch((error: Error) => {
  // Configuration and data errors name what is wrong; print them whole, without a stack.
  console.error(error.name === 'Error' || error.name === 'DataError' ? error.message : error);
  process.exit(1);
});
