import { startApp } from './bootstrap';
import { stopGracefullyOnSignals } from './ops/shutdown';

startApp()
  .then(({ app }) => stopGracefullyOnSignals(app))
  .catch((error: Error) => {
    // Configuration and data errors name what is wrong; print them whole, without a stack.
    console.error(error.name === 'Error' || error.name === 'DataError' ? error.message : error);
    process.exit(1);
  });
