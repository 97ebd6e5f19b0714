/* global jest */
// The browser suites' time limit per test (jest.config.js): Chromium and axe, beside the other
// suites on the same cores, may take two minutes where the others take seconds.
jest.setTimeout(120_000);
