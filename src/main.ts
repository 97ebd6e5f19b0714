import { startApp } from './bootstrap';

startApp().catch((error: Error) => {
  // Configuration and data errors name what is wrong; print them whole, without a stack.
  console.error(error.name === 'Error' || error.name === 'DataError' ? error.message : error);
  process.exit(1);
});
